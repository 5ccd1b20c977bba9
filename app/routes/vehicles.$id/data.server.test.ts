import { isDataWithResponseInit } from '@remix-run/router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrReplace, patchDocument } from '#app/lake/lake.server.ts'
import { CACHE_CONTROL } from '#app/utils/http.server.ts'
import { readVehiclePage } from '#app/vehicles/inventory.server.ts'
import { matchesSearch } from '#app/alerts/watcher.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { loadVehicleDetail, type VehicleNotFoundData } from './data.server'

type Loaded = Awaited<ReturnType<typeof loadVehicleDetail>>

/** A 404 thrown as data (decision 101): its status and body. */
interface NotFound {
  status: number | undefined
  body: VehicleNotFoundData
}

/** A vehicle as the marketplace sync writes it: marketplace photos only, consumption figures. */
const SYNCED = {
  _id: 'vehicle-md-4711',
  _type: 'vehicle',
  id: 'md-4711',
  make: 'Skoda',
  model: 'Superb Combi 2.0 TDI',
  mileage: 81_000,
  fuelType: 'DIESEL',
  transmission: 'AUTOMATIC',
  price: 24_900,
  bodyType: 'Kombi',
  powerKw: 110,
  firstRegistration: '06/2019',
  consumption: { combinedLitersPer100Km: 4.9, co2GramsPerKm: 129, co2Class: 'D', emissionClass: 'Euro 6d-TEMP' },
  externalImages: [
    { _key: 'e1', _type: 'externalImage', url: 'https://img.classistatic.de/api/v1/mo-prod/images/aa/1?rule=mo-1600.jpg', alt: 'Skoda Superb – Bild 1' },
    { _key: 'e2', _type: 'externalImage', url: 'https://img.classistatic.de/api/v1/mo-prod/images/aa/2?rule=mo-1600.jpg', alt: 'Skoda Superb – Bild 2' },
  ],
  status: 'available',
  source: 'mobile.de',
  marketplaceId: '4711',
  listedAt: '2025-01-02T10:00:00Z',
}

/** A synced vehicle where staff added a photo of their own and hid the ad's first photo. */
const MIXED = {
  ...SYNCED,
  _id: 'vehicle-md-4713',
  id: 'md-4713',
  marketplaceId: '4713',
  images: [{ _key: 'own1', _type: 'imageWithAlt', alt: 'Eigenes Foto', asset: { _type: 'reference', _ref: 'image-missing-10x10-jpg' } }],
  hiddenExternalImages: [SYNCED.externalImages[0]!.url],
}

const SOLD = { ...SYNCED, _id: 'vehicle-md-4712', id: 'md-4712', marketplaceId: '4712', status: 'sold', soldAt: '2025-02-01T10:00:00Z' }

describe.each(BACKENDS)('the /vehicles/{id} loader on the %s lake', (backend) => {
  let test: TestLake
  const load = async (path: string): Promise<Loaded | Response | NotFound> => {
    const url = new URL(path, 'http://localhost')
    const id = decodeURIComponent(url.pathname.split('/')[2] ?? '')
    try {
      return await loadVehicleDetail({ request: new Request(url), params: { id }, context: { lake: test.lake, env: test.env } })
    } catch (thrown) {
      if (thrown instanceof Response) return thrown
      if (isDataWithResponseInit(thrown)) return { status: thrown.init?.status, body: thrown.data as VehicleNotFoundData }
      throw thrown
    }
  }
  const notFound = async (path: string) => {
    const result = await load(path)
    if (result instanceof Response || !('status' in result)) throw new Error(`${path} was found`)
    return result
  }
  const found = async (path: string) => {
    const result = await load(path)
    if (result instanceof Response || 'status' in result) throw new Error(`${path} answered ${result.status}`)
    return result
  }

  beforeAll(async () => {
    test = await openTestLake(backend)
    await createOrReplace(test.lake, SYNCED)
    await createOrReplace(test.lake, SOLD)
    await createOrReplace(test.lake, MIXED)
  })
  afterAll(() => test.close())

  it('a photo staff cropped in the Studio: the crop in its URL (rect, pixels of the original), its size, the hotspot as focus', async () => {
    const [before] = (await found('/vehicles/1')).data.vehicle.images!
    const [, width, height] = /-(\d+)x(\d+)\.jpg$/.exec(before!.asset!.url!)!.map(Number) as [number, number, number]
    await patchDocument(test.lake, 'vehicle-1', {
      set: {
        'images[_key=="image-1"].crop': { _type: 'sanity.imageCrop', left: 0.1, right: 0.3, top: 0, bottom: 0.25 },
        'images[_key=="image-1"].hotspot': { _type: 'sanity.imageHotspot', x: 0.5, y: 0.5, width: 0.2, height: 0.2 },
      },
    })
    try {
      const [image] = (await found('/vehicles/1')).data.vehicle.images!
      const left = Math.round(0.1 * width)
      const cropped = { width: Math.round(0.7 * width) - left, height: Math.round(0.75 * height) }
      expect(image).toMatchObject({
        asset: { url: `${before!.asset!.url}?rect=${left},0,${cropped.width},${cropped.height}`, metadata: { dimensions: cropped } },
        focus: { x: Math.round((100 * 0.4) / 0.6), y: Math.round((100 * 0.5) / 0.75) },
      })
    } finally {
      await patchDocument(test.lake, 'vehicle-1', { unset: ['images[_key=="image-1"].crop', 'images[_key=="image-1"].hotspot'] })
    }
    expect((await found('/vehicles/1')).data.vehicle.images![0]!.asset!.url).toBe(before!.asset!.url)
  })

  it('a seeded vehicle: every detail field, its photos, similar vehicles, the page cache policy', async () => {
    const result = await found('/vehicles/1')
    expect(result.init?.headers).toEqual({ 'Cache-Control': CACHE_CONTROL.page })
    const { vehicle, similar, financing } = result.data
    expect(vehicle).toMatchObject({
      id: '1',
      make: 'BMW',
      model: '320d Touring',
      firstRegistration: '03/2020',
      mileage: 68_500,
      fuelType: 'DIESEL',
      transmission: 'AUTOMATIC',
      price: 28_900,
      bodyType: 'Kombi',
      powerKw: 140,
      powerHp: 190,
      doors: 5,
      seats: 5,
      previousOwners: 1,
      status: 'available',
    })
    expect(vehicle.description).toContain('\n\n')
    expect(vehicle.features).toContain('LED-Scheinwerfer')
    expect(vehicle.images).toHaveLength(3)
    expect(vehicle.images?.[0]?.asset?.url).toMatch(/^\/media\/|^https:\/\/cdn\.sanity\.io\//)
    // Similar: available, not itself, same make or body type, at most three.
    expect(similar.length).toBeGreaterThan(0)
    expect(similar.length).toBeLessThanOrEqual(3)
    expect(similar.map((item) => item.id)).not.toContain('1')
    // The cards' badges are worked out here; status and listing date stay on the server (docs/decisions/052).
    for (const item of similar) expect(item).not.toHaveProperty('status')
    for (const item of similar) expect(item).not.toHaveProperty('listedAt')
    // The default financing inputs: a fifth of the price (rounded down to 100 €), 48 months.
    expect(financing).toEqual({ downPayment: 5_700, termMonths: 48 })
  })

  it('similar vehicles stay available ones: the reserved seed Mercedes (10) is no alternative on another Mercedes’ page', async () => {
    const { similar } = (await found('/vehicles/2')).data
    expect(similar.length).toBeGreaterThan(0)
    expect(similar.map((item) => item.id)).not.toContain('10')
    for (const item of similar) expect(item.badges ?? []).not.toContain('reserved')
  })

  it('the financing inputs come from the query string', async () => {
    const { financing } = (await found('/vehicles/1?anzahlung=10000&laufzeit=84')).data
    expect(financing).toEqual({ downPayment: 10_000, termMonths: 84 })
  })

  it('a synced vehicle: the marketplace photos and the consumption figures', async () => {
    const { vehicle } = (await found('/vehicles/md-4711')).data
    expect(vehicle.source).toBe('mobile.de')
    expect(vehicle.images).toEqual([
      { _key: 'e1', alt: 'Skoda Superb – Bild 1', asset: { url: SYNCED.externalImages[0]!.url } },
      { _key: 'e2', alt: 'Skoda Superb – Bild 2', asset: { url: SYNCED.externalImages[1]!.url } },
    ])
    expect(vehicle.consumption).toEqual({
      combinedLitersPer100Km: 4.9,
      combinedKwhPer100Km: null,
      co2GramsPerKm: 129,
      co2Class: 'D',
      emissionClass: 'Euro 6d-TEMP',
    })
  })

  it('own photos come first, then the ad’s photos without the ones staff hid (docs/decisions/026)', async () => {
    const { vehicle } = (await found('/vehicles/md-4713')).data
    expect(vehicle.images.map((image) => image.alt)).toEqual(['Eigenes Foto', 'Skoda Superb – Bild 2'])
    expect(vehicle.images[1]).toEqual({ _key: 'e2', alt: 'Skoda Superb – Bild 2', asset: { url: SYNCED.externalImages[1]!.url } })
  })

  it('a sold vehicle is found, and its similar vehicles are available ones of the same make or body', async () => {
    const { vehicle, similar } = (await found('/vehicles/md-4712')).data
    expect(vehicle).toMatchObject({ status: 'sold', soldAt: '2025-02-01T10:00:00Z' })
    expect(similar.length).toBe(3)
    // The synced Skoda (24.900 €, Kombi) is the nearest in price.
    expect(similar[0]?.id).toBe('md-4711')
    expect(similar.map((item) => item.id)).not.toContain('md-4712')
  })

  it('„Preis gesenkt“ (issue 38): the former price is the lowest of the 30 days before the reduction, from the car’s price history', async () => {
    const day = 24 * 60 * 60 * 1000
    const ago = (days: number) => new Date(Date.now() - days * day).toISOString()
    const write = (entries: Array<[number, string]>) =>
      createOrReplace(test.lake, {
        _id: 'priceHistory.vehicle-md-4711',
        _type: 'priceHistory',
        complete: false,
        entries: entries.map(([price, at], index) => ({ _key: `e${index}`, price, at })),
      })
    expect((await found('/vehicles/md-4711')).data.priceReduced).toBeUndefined()
    await write([
      [26_900, ago(90)],
      [25_900, ago(20)],
      [24_900, ago(1)],
    ])
    expect((await found('/vehicles/md-4711')).data.priceReduced).toMatchObject({ price: 24_900, formerPrice: 25_900 })
    // A history too short to prove the 30-day lowest price (the car was listed before recording began): no badge.
    await write([
      [25_900, ago(20)],
      [24_900, ago(1)],
    ])
    expect((await found('/vehicles/md-4711')).data.priceReduced).toBeUndefined()
    // The history's last price is not the one shown (a change not yet recorded): no badge.
    await write([
      [26_900, ago(90)],
      [23_900, ago(1)],
    ])
    expect((await found('/vehicles/md-4711')).data.priceReduced).toBeUndefined()
  })

  it('a car whose number staff changed is found by its old one: a 301 with the query kept (decision 099)', async () => {
    await patchDocument(test.lake, 'vehicle-md-4711', { set: { previousIds: ['alt-4711'] } })
    const moved = await load('/vehicles/alt-4711?anzahlung=5000')
    expect(moved instanceof Response && moved.status).toBe(301)
    expect((moved as Response).headers.get('location')).toBe('/vehicles/md-4711?anzahlung=5000')
    // Another spelling of the old address goes there in the same one step, not first to `/vehicles/alt-4711` (crawler review 2026-11-30).
    for (const spelling of ['/vehicles/alt-4711/?anzahlung=5000', '/Vehicles/alt-4711?anzahlung=5000']) {
      const once = await load(spelling)
      expect(once instanceof Response && once.headers.get('location'), spelling).toBe('/vehicles/md-4711?anzahlung=5000')
    }
    await patchDocument(test.lake, 'vehicle-md-4711', { unset: ['previousIds'] })
    expect((await notFound('/vehicles/alt-4711')).status).toBe(404)
  })

  it('an unknown or malformed id is a 404 offering the three newest cars on sale, as the list starts, and a Suchauftrag to type (decision 101)', async () => {
    const newest = (await readVehiclePage(test.lake, { sort: 'newest', page: 1 })).vehicles.slice(0, 3).map((vehicle) => vehicle.id)
    expect(newest).toHaveLength(3)
    for (const path of ['/vehicles/999', '/vehicles/%20drop', '/vehicles/a.b']) {
      const { status, body } = await notFound(path)
      expect(status, path).toBe(404)
      expect(body.alternatives, path).toBe('newest')
      expect(
        body.vehicles.map((vehicle) => vehicle.id),
        path,
      ).toEqual(newest)
      // Cards as every card shows them: a rate at the advertised rate, badges worked out here.
      expect(body.vehicles.every((vehicle) => typeof vehicle.monthlyRate === 'number' && !('status' in vehicle))).toBe(true)
      expect(body.query, path).toBe('')
    }
  })

  it('an unknown id reached from a narrowed list: cars like that list and its search for the Suchauftrag, which the watcher reads back', async () => {
    const { body } = await notFound(`/vehicles/999?from=${encodeURIComponent('make=Skoda&priceTo=30000&page=2')}`)
    expect(body.alternatives).toBe('similar')
    expect(body.vehicles.length).toBeGreaterThan(0)
    expect(body.vehicles.every((vehicle) => vehicle.make === 'Skoda')).toBe(true)
    expect(body.query).toBe('Skoda bis 30.000 €')
    // The Suchauftrag watches for what the list showed: a Skoda up to 30,000 €.
    // The synced Skoda as the watcher reads an arriving car (its fields are a superset of what it reads).
    const SEED_RATE = 2.9 // the advertised rate; this search names no monthly budget
    const arriving = (changes: object) => ({ ...SYNCED, ...changes }) as unknown as Parameters<typeof matchesSearch>[1]
    expect(matchesSearch(body.query, arriving({ price: 29_000 }), SEED_RATE)).toBe(true)
    expect(matchesSearch(body.query, arriving({ price: 31_000 }), SEED_RATE)).toBe(false)
    expect(matchesSearch(body.query, arriving({ make: 'Opel' }), SEED_RATE)).toBe(false)
    // A make nobody sells: the newest cars, and still its Suchauftrag.
    const nothingLike = await notFound(`/vehicles/999?from=${encodeURIComponent('make=Lada')}`)
    expect(nothingLike.body).toMatchObject({ alternatives: 'newest', query: 'Lada' })
    expect(nothingLike.body.vehicles).toHaveLength(3)
  })

  it('a sold car nothing is like offers the newest cars instead (decision 101)', async () => {
    await createOrReplace(test.lake, { ...SOLD, _id: 'vehicle-sold-lada', id: 'sold-lada', make: 'Lada', model: 'Niva', bodyType: null, marketplaceId: '4799' })
    const { similar, alternatives } = (await found('/vehicles/sold-lada')).data
    expect(alternatives).toBe('newest')
    expect(similar).toHaveLength(3)
    expect((await found('/vehicles/md-4712')).data.alternatives).toBe('similar')
  })
})

describe('drafts', () => {
  it('the published vehicle is shown, never its draft', async () => {
    const test = await openTestLake('sanity', 'tests/fixtures/mini-dataset')
    try {
      const result = await loadVehicleDetail({
        request: new Request('http://localhost/vehicles/1'),
        params: { id: '1' },
        context: { lake: test.lake, env: test.env },
      })
      expect(result.data.vehicle).toMatchObject({ model: 'Golf', price: 18_900 })
    } finally {
      await test.close()
    }
  })
})
