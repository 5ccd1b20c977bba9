import { type AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrReplace, patchDocument } from '#app/lake/lake.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { action, loader } from './route'
import { comparisonRows, loader as compareLoader } from '../merkliste_.vergleich'
import { type SavedVehicle } from '#app/vehicles/saved-vehicles.server.ts'

/*
 * The Merkliste's loader, action and comparison on both lakes (issue 38 item 1). The seed's
 * Mercedes-Benz V 250 d (id 10) is reserved; a sold car is added here.
 */

const SOLD = {
  _id: 'vehicle-md-9001',
  _type: 'vehicle',
  id: 'md-9001',
  make: 'Opel',
  model: 'Astra K Sports Tourer',
  mileage: 120_000,
  fuelType: 'PETROL',
  transmission: 'MANUAL',
  price: 9_900,
  firstRegistration: '04/2017',
  powerKw: 92,
  inspectionDue: '03/2025',
  warranty: false,
  accidentFree: false,
  vat: 'margin',
  status: 'sold',
  listedAt: '2025-01-02T10:00:00Z',
  soldAt: '2025-02-01T10:00:00Z',
}

type Loaded<T extends (...args: never[]) => unknown> = { data: Awaited<ReturnType<T>> extends { data: infer D } ? D : never; init: ResponseInit | null }

describe.each(BACKENDS)('the Merkliste on the %s lake', (backend) => {
  let test: TestLake
  const context = () => ({ lake: test.lake, env: test.env }) as unknown as AppLoadContext

  const load = async (path: string, cookie?: string) => {
    const request = new Request(new URL(path, 'http://localhost'), { headers: cookie ? { cookie } : {} })
    return (await loader({ request, params: {}, context: context() })) as unknown as Loaded<typeof loader>
  }
  const compare = async (path: string) => {
    const request = new Request(new URL(path, 'http://localhost'))
    return (await compareLoader({ request, params: {}, context: context() })) as unknown as Loaded<typeof compareLoader>
  }
  const post = async (fields: Array<[string, string]>, cookie?: string) => {
    const body = new URLSearchParams(fields)
    const request = new Request('http://localhost/merkliste', { method: 'POST', body, headers: cookie ? { cookie } : {} })
    return (await action({ request, params: {}, context: context() })) as Response
  }
  const cookieOf = (response: Response) => response.headers.get('set-cookie') ?? ''

  beforeAll(async () => {
    test = await openTestLake(backend)
    await createOrReplace(test.lake, SOLD)
  })
  afterAll(() => test.close())

  it('shows the cookie’s cars in the saved order, each as the lake holds it now; sold and reserved say so, a vanished id stays as an entry without a car', async () => {
    const { data, init } = await load('/merkliste', 'other=1; merkliste=10.md-9001.1.gone-1')
    expect(data.shared).toBe(false)
    expect(data.entries.map((entry) => entry.id)).toEqual(['10', 'md-9001', '1', 'gone-1'])
    expect(data.entries.map((entry) => entry.vehicle?.status ?? null)).toEqual(['reserved', 'sold', 'available', null])
    expect(data.entries[1]!.vehicle).toMatchObject({ make: 'Opel', price: 9_900, firstRegistration: '04/2017' })
    // Personal: never kept by any cache.
    expect(new Headers(init?.headers).get('Cache-Control')).toBe('private, no-store')
  })

  it('the current price: a price changed in the lake shows on the next visit', async () => {
    const before = (await load('/merkliste', 'merkliste=md-9001')).data.entries[0]!.vehicle!.price
    await patchDocument(test.lake, SOLD._id, { set: { price: 8_500 } })
    const after = (await load('/merkliste', 'merkliste=md-9001')).data.entries[0]!.vehicle!.price
    expect([before, after]).toEqual([9_900, 8_500])
  })

  it('a shared link shows its own ids (junk dropped), not the visitor’s, and says it is shared', async () => {
    const { data } = await load('/merkliste?ids=4,<x>,1', 'merkliste=10')
    expect(data.shared).toBe(true)
    expect(data.entries.map((entry) => entry.id)).toEqual(['4', '1'])
    expect(data.own).toEqual(['10'])
  })

  it('after a „Merken“ without JavaScript: the car just saved by name and the page to go back to (same site only)', async () => {
    const { data } = await load('/merkliste?gemerkt=1&zurueck=%2Fvehicles%3Fpage%3D2', 'merkliste=1')
    expect(data.saved).toMatch(/^BMW /)
    // Back at the card of the car just saved.
    expect(data.back).toBe('/vehicles?page=2#fahrzeug-1')
    expect((await load('/merkliste?gemerkt=1&zurueck=%2F%2Fevil.example%2Fx', 'merkliste=1')).data.back).toBe('/x#fahrzeug-1')
    expect((await load('/merkliste?zurueck=https%3A%2F%2Fevil.example', 'merkliste=1')).data.back).toBeNull()
  })

  it('after an „Entfernen“ without JavaScript: the car just removed by name; none for a car still on the list or an id the Studio cannot make', async () => {
    expect((await load('/merkliste?entfernt=1', 'merkliste=3')).data.removed).toMatch(/^BMW /)
    expect((await load('/merkliste?entfernt=1', 'merkliste=1.3')).data.removed).toBeNull()
    expect((await load('/merkliste?entfernt=..%2Fx', 'merkliste=3')).data.removed).toBeNull()
  })

  it('„Merken“ posted: the id joins the cookie, 303 to /merkliste with the car and the way back', async () => {
    const response = await post(
      [
        ['intent', 'add'],
        ['id', '4'],
        ['back', '/vehicles?page=2'],
      ],
      'merkliste=1',
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/merkliste?gemerkt=4&zurueck=%2Fvehicles%3Fpage%3D2')
    expect(cookieOf(response)).toBe('merkliste=1.4; Path=/; Max-Age=7776000; SameSite=Lax')
  })

  it('the 31st car is refused („voll“), the cookie keeps the 30; remove, clear and adopting a shared list', async () => {
    const thirty = Array.from({ length: 30 }, (_, index) => String(index + 1)).join('.')
    const full = await post(
      [
        ['intent', 'add'],
        ['id', '99'],
      ],
      `merkliste=${thirty}`,
    )
    expect(full.headers.get('Location')).toBe('/merkliste?voll=1')
    expect(cookieOf(full)).toContain(`merkliste=${thirty};`)

    const removed = await post(
      [
        ['intent', 'remove'],
        ['id', '4'],
      ],
      'merkliste=1.4.9',
    )
    // The new page names what went.
    expect(removed.headers.get('Location')).toBe('/merkliste?entfernt=4')
    expect(cookieOf(removed)).toMatch(/^merkliste=1\.9;/)

    expect(cookieOf(await post([['intent', 'clear']], 'merkliste=1.4'))).toBe('merkliste=; Path=/; Max-Age=0; SameSite=Lax')

    const adopted = await post(
      [
        ['intent', 'adopt'],
        ['ids', '4'],
        ['ids', '1'],
        ['ids', '../x'],
      ],
      'merkliste=1.9',
    )
    expect(cookieOf(adopted)).toMatch(/^merkliste=1\.9\.4;/)
  })

  it('junk changes nothing: an unknown intent or an id the Studio cannot make', async () => {
    for (const fields of [
      [
        ['intent', 'add'],
        ['id', '1;x=2'],
      ],
      [
        ['intent', 'drop'],
        ['id', '1'],
      ],
    ] as Array<Array<[string, string]>>) {
      const response = await post(fields, 'merkliste=1')
      expect(response.headers.get('Location')).toBe('/merkliste')
      expect(cookieOf(response)).toMatch(/^merkliste=1;/)
    }
  })

  it('the comparison: the first three cars of the address, as the lake holds them; gone ones counted, not shown', async () => {
    const { data, init } = await compare('/merkliste/vergleich?ids=1&ids=10&ids=md-9001&ids=4')
    expect(data.vehicles.map((vehicle) => vehicle.id)).toEqual(['1', '10', 'md-9001'])
    expect(data.cut).toBe(true)
    expect(new Headers(init?.headers).get('Cache-Control')).toMatch(/^public/)
    // The rate of the vehicle page's default example, rounded up as on every card (decision 083), for a car on sale only:
    // the BMW at 28.900 € → 5.700 € down, 48 × 512,11 € → „ab 513 €“.
    const rates = comparisonRows(data.vehicles, '2026-11', 2.9).find((row) => row.label === 'Monatliche Rate*')!.values
    expect(rates[0]).toBe('ab 513\u00a0€')
    expect(rates[2]).toBe('–')
    const gone = await compare('/merkliste/vergleich?ids=1,gone-1')
    expect(gone.data.vehicles.map((vehicle) => vehicle.id)).toEqual(['1'])
    expect(gone.data.gone).toBe(1)
  })

  it('the comparison’s rows in German, in the order of issue 38, from the lake’s values', async () => {
    const { data } = await compare('/merkliste/vergleich?ids=md-9001')
    const rows = comparisonRows(data.vehicles, '2026-11', 2.9)
    expect(rows.map((row) => row.label)).toEqual([
      'Preis',
      'Monatliche Rate*',
      'Stand',
      'Erstzulassung',
      'Kilometerstand',
      'Kraftstoff',
      'Getriebe',
      'Leistung',
      'HU bis',
      'Garantie',
      'MwSt.',
      'Unfallfrei',
    ])
    expect(rows.map((row) => row.values[0])).toEqual([
      'verkauft',
      '–',
      'Verkauft',
      '04/2017',
      '120.000 km',
      'Benzin',
      'Schaltgetriebe',
      '92 kW (125 PS)',
      'abgelaufen (03/2025)',
      'Nein',
      expect.stringMatching(/Differenzbesteuert|§ 25a/),
      'Nein',
    ])
  })

  it('Erstzulassung: the month, else the year; a car without either says „–“, not spec §3’s stand-in 2020 (visitor review 12-01)', () => {
    const registered = (vehicle: Partial<SavedVehicle>) =>
      comparisonRows([vehicle as SavedVehicle], '2026-11', 2.9).find((row) => row.label === 'Erstzulassung')!.values[0]
    expect(registered({ firstRegistration: '02/2019', year: 2019 })).toBe('02/2019')
    expect(registered({ firstRegistration: null, year: 2018 })).toBe('2018')
    expect(registered({ firstRegistration: null, year: null })).toBe('–')
  })
})
