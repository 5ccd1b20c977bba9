import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { SanityImage } from '#app/components/sanity-image.tsx'

test('our image CDNs get srcset and sizes; a synced marketplace photo is shown as it is (docs/decisions/010)', () => {
  const own = renderToString(
    <SanityImage image={{ alt: 'Golf', asset: { url: '/media/abc-1200x800.jpg', metadata: { dimensions: { width: 1200, height: 800 } } } }} sizes="100vw" />,
  )
  expect(own).toMatch(/srcSet="\/media\/abc-1200x800\.jpg\?w=160/)
  expect(own).toContain('sizes="100vw"')
  const photo = 'https://img.classistatic.de/api/v1/mo-prod/images/3c/3caae5b2?rule=mo-1600.jpg'
  const synced = renderToString(<SanityImage image={{ alt: 'Volkswagen Golf – Bild 1', asset: { url: photo } }} sizes="100vw" />)
  expect(synced).toContain(`src="${photo.replace('&', '&amp;')}"`)
  expect(synced).not.toContain('srcSet')
  expect(synced).not.toContain('sizes=')
  expect(synced).toContain('alt="Volkswagen Golf – Bild 1"')
})
