import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { VehiclePhoto } from '#app/components/vehicle-card.tsx'

test('a car without a photo shows the placeholder, named „Foto folgt“; with one, its photo in the given sizes', () => {
  const placeholder = renderToString(<VehiclePhoto image={null} name="VW Golf 1.5 TSI" sizes="100vw" />)
  expect(placeholder).toContain('src="/images/placeholder-vehicle.jpg"')
  expect(placeholder).toContain('alt="VW Golf 1.5 TSI – Foto folgt"')
  expect(placeholder).toContain('loading="lazy"')
  const photo = renderToString(
    <VehiclePhoto
      image={{ alt: 'Golf von vorn', asset: { url: '/media/abc-1200x800.jpg', metadata: { dimensions: { width: 1200, height: 800 } } } }}
      name="VW Golf 1.5 TSI"
      sizes="(min-width: 640px) 12rem, 100vw"
    />,
  )
  expect(photo).toContain('alt="Golf von vorn"')
  expect(photo).toContain('sizes="(min-width: 640px) 12rem, 100vw"')
  expect(photo).not.toContain('Foto folgt')
})
