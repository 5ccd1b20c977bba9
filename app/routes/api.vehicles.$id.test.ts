import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrReplace } from '#app/lake/lake.server.ts'
import { CACHE_CONTROL } from '#app/utils/http.server.ts'
import { type ApiVehicleDetail } from '#app/vehicles/api-shape.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { loader } from './api.vehicles.$id'

describe.each(BACKENDS)('GET /api/vehicles/{id} on the %s lake', (backend) => {
  let test: TestLake
  const get = (id: string) =>
    loader({
      request: new Request(`http://localhost/api/vehicles/${encodeURIComponent(id)}`),
      params: { id },
      context: { lake: test.lake, env: test.env },
    }) as Promise<Response>

  beforeAll(async () => {
    test = await openTestLake(backend)
    await createOrReplace(test.lake, {
      _id: 'vehicle-sold-2',
      _type: 'vehicle',
      id: 'sold-2',
      make: 'Opel',
      model: 'Corsa',
      mileage: 120_000,
      fuelType: 'PETROL',
      transmission: 'MANUAL',
      status: 'sold',
      soldAt: '2025-02-03T09:00:00Z',
      source: 'manual',
      listedAt: '2024-11-01T10:00:00Z',
      consumption: { combinedLitersPer100Km: 5.6, co2GramsPerKm: 128, co2Class: 'D' },
    })
  })
  afterAll(() => test.close())

  it('answers one vehicle with every detail field in snake_case and absolute image URLs', async () => {
    const response = await get('1')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe(CACHE_CONTROL.apiRead)
    const body = (await response.json()) as ApiVehicleDetail
    expect(body).toMatchObject({
      id: '1',
      make: 'BMW',
      model: '320d Touring',
      year: 2020,
      mileage: 68_500,
      fuel_type: 'DIESEL',
      transmission: 'AUTOMATIC',
      price: 28_900,
      body_type: 'Kombi',
      color: 'Mineralgrau Metallic',
      power_hp: 190,
      power_kw: 140,
      doors: 5,
      seats: 5,
      first_registration: '03/2020',
      previous_owners: 1,
      status: 'available',
      sold_at: null,
      consumption: { combined_l_per_100km: 5.2, combined_kwh_per_100km: null, co2_g_per_km: 137, co2_class: 'E', emission_class: 'Euro 6d-TEMP' },
      source: 'manual',
      // The buyer facts of the seed (issue 29).
      vat: 'margin',
      general_inspection_due: '03/2027',
      warranty: true,
      warranty_months: 12,
      accident_free: true,
    })
    expect(body.description).toContain('BMW 320d Touring')
    expect(body.features).toContain('Apple CarPlay')
    expect(body.images).toHaveLength(3)
    for (const url of body.images) expect(url).toMatch(/^(http:\/\/localhost:3000\/media\/|https:\/\/cdn\.sanity\.io\/)/)
    // No lake internals leak out.
    expect(Object.keys(body).filter((key) => key.startsWith('_') || /[A-Z]/.test(key))).toEqual([])
  })

  it('a car whose VAT can be shown says so (vat: deductible); one without statements answers null', async () => {
    expect(await (await get('3')).json()).toMatchObject({ vat: 'deductible' })
    expect(await (await get('23')).json()).toMatchObject({
      vat: null,
      general_inspection_due: null,
      warranty: null,
      warranty_months: null,
      accident_free: null,
    })
  })

  it('answers a sold vehicle as sold, with its consumption figures', async () => {
    const response = await get('sold-2')
    expect(response.status).toBe(200)
    const body = (await response.json()) as ApiVehicleDetail
    expect(body).toMatchObject({
      id: 'sold-2',
      status: 'sold',
      sold_at: '2025-02-03T09:00:00Z',
      price: null,
      images: [],
      features: [],
      consumption: { combined_l_per_100km: 5.6, combined_kwh_per_100km: null, co2_g_per_km: 128, co2_class: 'D', emission_class: null },
    })
  })

  it('answers 404 JSON for an unknown or malformed id, never cached', async () => {
    for (const id of ['999', 'a b', '../siteSettings', '']) {
      const response = await get(id)
      expect(response.status, id).toBe(404)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(await response.json()).toEqual({ error: 'Fahrzeug nicht gefunden', id })
    }
  })
})
