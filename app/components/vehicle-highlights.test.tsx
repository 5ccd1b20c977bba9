// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test } from 'vitest'
import { type VehicleSummary } from '#app/components/vehicle-card.tsx'
import { VehicleHighlights } from '#app/components/vehicle-highlights.tsx'

const content = {
  heading: 'AKTUELLE FAHRZEUGE',
  detailsLabel: 'DETAILS ANSEHEN',
  allLabel: 'ALLE FAHRZEUGE ANSEHEN',
  loadingText: 'Lade Fahrzeuge...',
  emptyText: 'Zurzeit sind keine Fahrzeuge online.',
}

const vehicles: VehicleSummary[] = [
  {
    id: '1',
    make: 'BMW',
    model: '320d Touring',
    year: 2019,
    mileage: 45000,
    fuelType: 'DIESEL',
    transmission: 'AUTOMATIC',
    price: 28500,
    features: ['Navigation', 'Sitzheizung', 'LED', 'Anhängerkupplung'],
    image: { alt: 'BMW 320d Touring in Schwarz', asset: { url: '/media/bmw-1200x800.jpg', metadata: { dimensions: { width: 1200, height: 800 } } } },
  },
  { id: '2', make: 'VW', model: 'Golf', year: null, mileage: null, fuelType: 'PETROL', transmission: 'MANUAL', price: null, features: [], image: null },
  {
    id: '3',
    make: 'Tesla',
    model: 'Model 3',
    year: 2021,
    mileage: 30000,
    fuelType: 'ELECTRIC',
    transmission: 'AUTOMATIC',
    price: '38.000',
    features: null,
    image: null,
  },
  { id: '4', make: 'Zu', model: 'Viel', price: 1 },
]

afterEach(cleanup)

function renderHighlights(promise: Promise<readonly VehicleSummary[]>) {
  const router = createMemoryRouter([{ path: '/', element: <VehicleHighlights content={content} vehicles={promise} /> }])
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
}

describe('VehicleHighlights', () => {
  test('shows the loading text, then the first three vehicles with formatted data', async () => {
    let resolve: (list: VehicleSummary[]) => void = () => {}
    renderHighlights(new Promise((done) => (resolve = done)))
    expect(screen.getByRole('status').textContent).toBe('Lade Fahrzeuge...')
    expect(screen.getByRole('link', { name: 'ALLE FAHRZEUGE ANSEHEN' }).getAttribute('href')).toBe('/vehicles')

    await act(async () => resolve(vehicles))
    const cards = screen.getAllByRole('article')
    expect(cards).toHaveLength(3)
    expect(screen.queryByText('Lade Fahrzeuge...')).toBeNull()

    const [bmw, golf, tesla] = cards.map((card) => within(card))
    expect(bmw!.getByRole('heading', { level: 3 }).textContent).toBe('BMW 320d Touring')
    // Testing Library collapses the no-break space Intl writes before € into a plain space.
    expect(bmw!.getByText('28.500 €')).toBeTruthy()
    expect(bmw!.getByText('45.000 km')).toBeTruthy()
    expect(bmw!.getByText('2019')).toBeTruthy()
    expect(bmw!.getByText('Diesel')).toBeTruthy()
    expect(bmw!.getByText('Automatik')).toBeTruthy()
    expect(bmw!.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Navigation', 'Sitzheizung', 'LED'])
    expect(bmw!.getByRole('img').getAttribute('alt')).toBe('BMW 320d Touring in Schwarz')
    expect(bmw!.getByRole('link', { name: /DETAILS ANSEHEN/ }).getAttribute('href')).toBe('/vehicles/1')

    // Missing year → 2020, missing price → 'Preis auf Anfrage', no photo → the placeholder.
    expect(golf!.getByText('2020')).toBeTruthy()
    expect(golf!.getByText('Preis auf Anfrage')).toBeTruthy()
    expect(golf!.getByText('Schaltgetriebe')).toBeTruthy()
    expect(golf!.getByText('Benzin')).toBeTruthy()
    const placeholder = golf!.getByRole('img')
    expect(placeholder.getAttribute('src')).toBe('/images/placeholder-vehicle.jpg')
    expect(placeholder.getAttribute('width')).toBe('1200')
    expect(placeholder.getAttribute('height')).toBe('800')
    expect(placeholder.getAttribute('alt')).toContain('VW Golf')

    expect(tesla!.getByText('38.000 €')).toBeTruthy()
    expect(tesla!.getByText('Elektro')).toBeTruthy()
  })

  test('badges from the loader are text on the card, after its name: "Reserviert", "Neu im Bestand"', async () => {
    renderHighlights(Promise.resolve([{ ...vehicles[0]!, badges: ['reserved', 'new'] }, vehicles[1]!]))
    const [reserved, plain] = (await screen.findAllByRole('article')).map((card) => within(card))
    const status = reserved!.getByRole('list', { name: 'Status' })
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Reserviert', 'Neu im Bestand'])
    expect(reserved!.getByRole('heading', { level: 3 }).nextElementSibling).toBe(status)
    expect(plain!.queryByRole('list', { name: 'Status' })).toBeNull()
  })

  test('an empty inventory shows the empty text', async () => {
    renderHighlights(Promise.resolve([]))
    expect(await screen.findByText('Zurzeit sind keine Fahrzeuge online.')).toBeTruthy()
    expect(screen.queryAllByRole('article')).toHaveLength(0)
  })

  test('a failed query shows a German note, not a broken page', async () => {
    const failed = Promise.reject(new Error('lake down'))
    renderHighlights(failed)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Die Fahrzeuge können gerade nicht angezeigt werden.')
    expect(within(alert).getByRole('link', { name: 'Fahrzeugbestand' }).getAttribute('href')).toBe('/vehicles')
  })
})
