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

test('a cropped image keeps its crop in every candidate, and the hotspot is where a cutting layout keeps it', () => {
  const url = '/media/abc-1200x800.jpg?rect=120,0,720,600'
  const html = renderToString(
    <SanityImage
      image={{ alt: 'Golf', focus: { x: 54, y: 140 }, asset: { url, metadata: { dimensions: { width: 720, height: 600 } } } }}
      sizes="100vw"
      className="object-cover"
    />,
  )
  const candidates = /srcSet="([^"]+)"/.exec(html)![1]!.split(', ')
  expect(candidates.every((candidate) => candidate.startsWith('/media/abc-1200x800.jpg?rect=120,0,720,600&amp;w='))).toBe(true)
  // No candidate wider than the crop; width and height are the crop's.
  expect(candidates.at(-1)).toMatch(/ 720w$/)
  expect(html).toContain('width="720"')
  expect(html).toContain('height="600"')
  // A hotspot outside the crop is held at its edge.
  expect(html).toContain('style="object-position:54% 100%"')
  expect(renderToString(<SanityImage image={{ alt: 'Golf', asset: { url: '/media/abc-1200x800.jpg' } }} sizes="100vw" />)).not.toContain('object-position')
})
