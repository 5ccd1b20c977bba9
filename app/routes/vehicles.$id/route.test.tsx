// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createOrReplace } from '#app/lake/lake.server.ts'
import { SITE_SETTINGS_QUERY } from '#app/sanity/queries/site.ts'
import { type SITE_SETTINGS_QUERYResult } from '#app/sanity/types.ts'
import { siteSettingsForPages } from '#app/utils/site-settings.server.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { soldVehicle } from '#tests/vehicle-fixtures.ts'
import { loadVehicleDetail } from './data.server'
import VehicleDetailPage, { ErrorBoundary } from './route'

/** The reserved car's form by its heading, read as screen readers and Chromium read it: without its soft hyphens (jsdom keeps them). */
const AVAILABILITY_HEADING = (name: string) => name.replaceAll('\u00AD', '') === 'Benachrichtigen, falls wieder frei'

/*
 * The page as the browser renders it from the real loader over the embedded seed lake: the
 * sold state (no seed vehicle is sold, so one is written here), the gallery variants and the
 * 404 page. The loader itself is tested on both lake backends in data.server.test.ts.
 */

let test: TestLake

beforeAll(async () => {
  test = await openTestLake('embedded')
  await createOrReplace(test.lake, soldVehicle('sold-1'))
})
afterAll(() => test.close())
afterEach(cleanup)

async function renderPage(path: string) {
  const context = { lake: test.lake, env: test.env }
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: async () => ({ settings: siteSettingsForPages((await test.lake.fetch<SITE_SETTINGS_QUERYResult>(SITE_SETTINGS_QUERY))!, new Date()) }),
        children: [
          {
            path: 'vehicles/:id',
            loader: async ({ request, params }) => (await loadVehicleDetail({ request, params, context })).data,
            element: <VehicleDetailPage />,
            errorElement: <ErrorBoundary />,
          },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  await screen.findByRole('heading', { level: 1 })
}

describe('/vehicles/{id}', () => {
  it('a sold vehicle: the notice, no enquiry form, no financing, similar available vehicles', async () => {
    await renderPage('/vehicles/sold-1')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('BMW 118i')
    expect(screen.getByRole('status').textContent).toContain('Dieses Fahrzeug ist bereits verkauft.')
    expect(screen.queryByRole('button', { name: 'ANFRAGE SENDEN' })).toBeNull()
    expect(screen.queryByText('Unverbindliches Finanzierungsbeispiel')).toBeNull()
    const similar = screen.getByRole('region', { name: 'Ähnliche Fahrzeuge' })
    expect(within(similar).getAllByRole('article').length).toBeGreaterThan(0)
    // The way on (decision 101), its own chunk in the browser: the phone and a Suchauftrag for this make and model.
    const call = await screen.findByRole('region', { name: 'Lieber persönlich?' })
    expect(within(call).getByRole('link', { name: /0201/ }).getAttribute('href')).toMatch(/^tel:\+49/)
    const request = screen.getByRole('region', { name: 'Benachrichtigen, wenn ein passendes Auto kommt' })
    expect(request.textContent).toContain('Ihr Suchauftrag für „BMW 118i“')
    expect(within(request).getByRole('button', { name: 'SUCHAUFTRAG SPEICHERN' })).toBeTruthy()
  })

  it('a price reduced (issue 38): „Preis gesenkt“ with the 30-day lowest price struck through, and „Preis beobachten“ with its consent text', async () => {
    const ago = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString()
    // Vehicle 1 (BMW 320d Touring) costs 28,900 €: 30,900 € for months, 29,500 € three weeks ago, lowered yesterday.
    await createOrReplace(test.lake, {
      _id: 'priceHistory.vehicle-1',
      _type: 'priceHistory',
      complete: false,
      entries: [
        { _key: 'a', price: 30_900, at: ago(120) },
        { _key: 'b', price: 29_500, at: ago(21) },
        { _key: 'c', price: 28_900, at: ago(1) },
      ],
    })
    await renderPage('/vehicles/1')
    const badge = screen.getByTestId('price-reduced')
    expect(badge.textContent).toBe('Preis gesenktstatt 29.500\u00a0€Niedrigster Preis der letzten 30 Tage vor der Senkung')
    expect(badge.querySelector('s')?.textContent).toBe('29.500\u00a0€')
    const watch = screen.getByRole('region', { name: 'Preis beobachten' })
    expect(within(watch).getByText(/Sie kommt erst, nachdem ich meine Adresse über den Link in der Bestätigungs-E-Mail bestätigt habe/)).toBeDefined()
    expect(within(watch).getByRole('button', { name: 'PREIS BEOBACHTEN' })).toBeDefined()
  })

  it('a car without a price („Preis auf Anfrage“) offers no „Preis beobachten“, neither the link nor the form (copy review 2026-11-29, M19)', async () => {
    await renderPage('/vehicles/23')
    expect(screen.getByText('Preis auf Anfrage')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Preis beobachten' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Preis beobachten' })).toBeNull()
    // Its enquiry and test drive remain.
    expect(screen.getByRole('region', { name: 'Fahrzeug anfragen' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Probefahrt vereinbaren' })).toBeTruthy()
    cleanup()
    // A car with a price has both.
    await renderPage('/vehicles/1')
    expect(screen.getByRole('link', { name: 'Preis beobachten' }).getAttribute('href')).toBe('#preis-beobachten')
    expect(screen.getByRole('region', { name: 'Preis beobachten' })).toBeTruthy()
  })

  it('a reserved vehicle (issue 36): says so and what it means, offers „Benachrichtigen, falls wieder frei“, and the test drive says it too', async () => {
    await renderPage('/vehicles/10')
    // The page's first status line (the financing example keeps one of its own for its results).
    const status = screen.getAllByRole('status')[0]!
    expect(status.textContent).toContain('Dieses Fahrzeug ist reserviert.')
    expect(status.textContent).toContain('Fällt die Reservierung weg, ist es wieder frei.')
    const alert = screen.getByRole('region', { name: AVAILABILITY_HEADING })
    expect(within(alert).getByRole('button', { name: 'BENACHRICHTIGEN, FALLS WIEDER FREI' })).toBeTruthy()
    expect(within(alert).getByRole('textbox', { name: /^Name/ })).toBeTruthy()
    const testDrive = screen.getByRole('region', { name: 'Probefahrt vereinbaren' })
    expect(testDrive.textContent).toContain('ist derzeit reserviert. Eine Probefahrt ist nur möglich, falls die Reservierung wegfällt')
    expect(testDrive.textContent).not.toContain('steht dann für Sie bereit')
    cleanup()
    // An available car keeps its promise and has no such form.
    await renderPage('/vehicles/1')
    expect(screen.getByRole('region', { name: 'Probefahrt vereinbaren' }).textContent).toContain('steht dann für Sie bereit')
    // The trade-in hint says what it brings, not the checkbox's question again (copy review 2026-11-29, L10).
    const tradeIn = within(screen.getByRole('region', { name: 'Probefahrt vereinbaren' })).getByRole('link', { name: 'Jetzt Ihr Fahrzeug bewerten lassen' })
    expect(tradeIn.parentElement?.textContent).toBe('Ihr jetziges Auto rechnen wir gern auf den Kaufpreis an: Jetzt Ihr Fahrzeug bewerten lassen')
    expect(screen.queryByRole('region', { name: AVAILABILITY_HEADING })).toBeNull()
  })

  it('an available vehicle with three photos: thumbnails, financing, the enquiry form', async () => {
    await renderPage('/vehicles/1?anzahlung=5780&laufzeit=48')
    expect(screen.getByRole('list', { name: 'Alle Fotos' }).querySelectorAll('li')).toHaveLength(3)
    expect(screen.getByText('Unverbindliches Finanzierungsbeispiel')).toBeTruthy()
    expect(screen.getByTestId('financing-result').textContent).toContain('510,34')
    expect(screen.getByRole('button', { name: 'ANFRAGE SENDEN' })).toBeTruthy()
  })

  it('the calculator’s button and the request form’s are named for what each does: „Mit diesen Werten anfragen“ takes the figures to the form, „FINANZIERUNG ANFRAGEN“ sends (accessibility review 2026-11-29, L10)', async () => {
    await renderPage('/vehicles/1')
    const calculator = screen.getByRole('button', { name: 'Mit diesen Werten anfragen' })
    expect(calculator.closest('#finanzierung')).toBeTruthy()
    const send = screen.getByRole('button', { name: 'FINANZIERUNG ANFRAGEN' })
    expect(send.closest('#finanzierung-anfragen')).toBeTruthy()
    expect(send.getAttribute('type')).toBe('submit')
    // No other button of the page shares either name, in any case.
    expect(screen.getAllByRole('button', { name: /^(finanzierung anfragen|mit diesen werten anfragen)$/i })).toEqual([calculator, send])
  })

  it('the buyer facts by the price end with the free delivery radius of the site settings; a sold car has none', async () => {
    await renderPage('/vehicles/1')
    const facts = within(screen.getByRole('list', { name: 'Kaufinformationen' })).getAllByRole('listitem')
    expect(facts.at(-1)!.textContent).toBe('Kostenlose Lieferung bis 50\u00a0km')
    cleanup()
    await renderPage('/vehicles/sold-1')
    expect(screen.queryByText(/Kostenlose Lieferung/)).toBeNull()
  })

  it('a car whose VAT can be shown gives the net price under the gross one; a margin-scheme car does not (issue 36)', async () => {
    await renderPage('/vehicles/18')
    expect(screen.getByText('64.900 €')).toBeTruthy()
    expect(screen.getByTestId('net-price').textContent).toBe('54.537,82 € netto (zzgl. 19 % MwSt.)')
    cleanup()
    await renderPage('/vehicles/1')
    expect(screen.getByText('28.900 €')).toBeTruthy()
    expect(screen.queryByTestId('net-price')).toBeNull()
  })

  it('"Zurück zur Übersicht" returns to the list it came from; a hostile "from" only ever leads to /vehicles', async () => {
    await renderPage('/vehicles/1?from=fuel%3Ddiesel%26sort%3Dprice-asc%26page%3D2')
    expect(screen.getByRole('link', { name: 'Zurück zur Übersicht' }).getAttribute('href')).toBe('/vehicles?fuel=diesel&sort=price-asc&page=2#ergebnisse')
    cleanup()
    await renderPage('/vehicles/1?from=%2F%2Fevil.example')
    expect(screen.getByRole('link', { name: 'Zurück zur Übersicht' }).getAttribute('href')).toBe('/vehicles')
    cleanup()
    await renderPage('/vehicles/1')
    expect(screen.getByRole('link', { name: 'Zurück zur Übersicht' }).getAttribute('href')).toBe('/vehicles')
  })

  it('a vehicle with one photo has no thumbnails', async () => {
    await renderPage('/vehicles/15')
    expect(screen.queryByRole('list', { name: 'Alle Fotos' })).toBeNull()
  })

  it('an unknown id: the not-found texts and the way back, then the way on: three cars, the phone, a Suchauftrag to type', async () => {
    await renderPage('/vehicles/999')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Fahrzeug nicht gefunden')
    expect(screen.getByText('Das angeforderte Fahrzeug existiert nicht oder ist nicht mehr verfügbar.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Zurück zur Übersicht' }).getAttribute('href')).toBe('/vehicles')
    const cars = screen.getByRole('region', { name: 'Unsere neuesten Fahrzeuge' })
    expect(within(cars).getAllByRole('article')).toHaveLength(3)
    const call = await screen.findByRole('region', { name: 'Lieber persönlich?' })
    expect(within(call).getByRole('link', { name: /0201/ }).getAttribute('href')).toMatch(/^tel:\+49/)
    const request = screen.getByRole('region', { name: 'Benachrichtigen, wenn ein passendes Auto kommt' })
    expect(within(request).getByRole('textbox', { name: /^Gesucht/ })).toBeTruthy()
    expect(within(request).getByRole('textbox', { name: /^E-Mail oder Telefon/ })).toBeTruthy()
  })
})
