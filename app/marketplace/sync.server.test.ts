import { HttpResponse } from 'msw'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type SanityDocument } from '#app/lake/lake.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { createMobileDeApi, fixtureAd, generateAds, generatedAdId, MOCK_BASE_URL, MOCK_CREDENTIALS } from '#tests/mocks/mobile-de.ts'
import { MobileDeAdapter } from './mobile-de.server'
import { runSync, SYNC_STATE_ID, SyncError, SyncInProgressError, type SyncProgress } from './sync.server'

const FIXTURE = 'tests/fixtures/mini-dataset'

function adapter(overrides: Partial<ConstructorParameters<typeof MobileDeAdapter>[0]> = {}) {
  return new MobileDeAdapter({
    ...MOCK_CREDENTIALS,
    baseUrl: MOCK_BASE_URL,
    maxRetries: 1,
    retryBaseMs: 1,
    sleep: async () => {},
    timeoutMs: 2000,
    ...overrides,
  })
}

/** Vehicles without revision bookkeeping, sorted by id: to compare the inventory before and after. */
async function inventory(test: TestLake) {
  const strip = ({ _rev: _r, _updatedAt: _u, _createdAt: _c, ...rest }: SanityDocument) => rest
  return (await test.storedOfType('vehicle')).map(strip).sort((a, b) => a._id.localeCompare(b._id))
}

/** The two fixture ads plus generated ones: `count` ads in all. */
function stock(count: number) {
  return [fixtureAd('ad-detail'), fixtureAd('ad-detail-ev'), ...generateAds(count - 2)]
}

async function syncFailure(promise: Promise<unknown>): Promise<SyncError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(SyncError)
  return error as SyncError
}

describe.each(BACKENDS)('runSync on the %s lake', (backend) => {
  const api = createMobileDeApi()
  let test: TestLake
  const sync = (options: Partial<Parameters<typeof runSync>[1]> = {}) => runSync({ lake: test.lake }, { adapter: adapter(), ...options })

  beforeAll(async () => {
    test = await openTestLake(backend, FIXTURE, { handlers: api.handlers })
  })
  afterAll(() => test.close())
  beforeEach(() => api.resetCalls())

  it('happy path: every ad becomes an available vehicle; the outcome is recorded', async () => {
    api.ads = [fixtureAd('ad-detail'), fixtureAd('ad-detail-ev')]
    const progress: SyncProgress[] = []
    const result = await sync({ onProgress: (event) => progress.push(event) })
    expect(result.counts).toEqual({ pages: 1, ads: 2, new: 2, changed: 0, unchanged: 0, sold: 0, detailCalls: 2 })
    expect(result.ids).toEqual(['4312045670012345', '9007199254740993'])
    expect(result.message).toBe('Abgleich erfolgreich: 2 Inserate auf 1 Seite – 2 neu, 0 geändert, 0 unverändert, 0 als verkauft markiert.')
    expect(api.calls.detailIds.sort()).toEqual(['4312045670012345', '9007199254740993'])
    expect(await test.stored('vehicle-4312045670012345')).toMatchObject({
      _type: 'vehicle',
      id: '4312045670012345',
      make: 'Volkswagen',
      status: 'available',
      source: 'mobile.de',
      marketplaceId: '4312045670012345',
      // The detail's full gallery, not the search result's first image.
      externalImages: [{ url: expect.stringContaining('mo-1600') }, { url: expect.stringContaining('mo-1280') }, { url: expect.stringContaining('mo-480') }],
      description: expect.stringContaining('Scheckheftgepflegt'),
    })
    expect(await test.stored(SYNC_STATE_ID)).toMatchObject({
      _type: 'marketplaceSync',
      ok: true,
      message: result.message,
      lastRunAt: result.startedAt,
      finishedAt: result.finishedAt,
      lastSuccessAt: result.finishedAt,
      counts: result.counts,
    })
    expect(progress.map((event) => event.phase)).toEqual(['page', 'details', 'details', 'write'])
  })

  it('buyer facts: VAT, HU, warranty and accidents come from the ad; the staff’s warranty months and a manual car’s facts stay', async () => {
    const id = 'vehicle-4312045670012345'
    expect(await test.stored(id)).toMatchObject({ vat: 'deductible', inspectionDue: '04/2028', warranty: true, accidentFree: true })
    // Staff note the warranty's length on the synced car (theirs) and, by mistake, a tax state (mobile.de's);
    // on a car they entered themselves they set every fact by hand.
    await test.lake.mutate([
      { patch: { id, set: { warrantyMonths: 12, vat: 'margin' } } },
      { patch: { id: 'vehicle-1', set: { vat: 'deductible', inspectionDue: '05/2027', warranty: true, warrantyMonths: 24, accidentFree: false } } },
    ])
    const original = api.ads[0]!
    const { generalInspection: _dropped, ...withoutInspection } = original
    api.ads[0] = { ...withoutInspection, modificationDate: '2026-11-19T09:00:00+01:00', accidentDamaged: true }
    expect((await sync()).counts).toMatchObject({ changed: 1, detailCalls: 1 })
    const synced = (await test.stored(id))!
    expect(synced).toMatchObject({ vat: 'deductible', warranty: true, warrantyMonths: 12, accidentFree: false })
    expect(synced.inspectionDue).toBeUndefined()
    expect(await test.stored('vehicle-1')).toMatchObject({
      vat: 'deductible',
      inspectionDue: '05/2027',
      warranty: true,
      warrantyMonths: 24,
      accidentFree: false,
    })
    // Back to the fixture for the tests below (a newer date, so it counts as changed once more and is read again).
    api.ads[0] = { ...original, modificationDate: '2026-11-19T10:00:00+01:00' }
    expect((await sync()).counts).toMatchObject({ changed: 1 })
    api.ads[0] = original
    await test.lake.mutate([{ patch: { id, set: { marketplaceModifiedAt: '2026-05-11T14:40:02.000Z' } } }])
    expect(await test.stored(id)).toMatchObject({ inspectionDue: '04/2028', accidentFree: true })
  })

  it('incremental re-sync: nothing changed → zero detail calls, nothing written but the outcome', async () => {
    const before = await inventory(test)
    const result = await sync()
    expect(result.counts).toMatchObject({ pages: 1, ads: 2, new: 0, changed: 0, unchanged: 2, sold: 0, detailCalls: 0 })
    expect(api.calls.detail).toBe(0)
    expect(await inventory(test)).toEqual(before)
  })

  it('a changed modificationDate → one detail call, the vehicle updated; listedAt and a reservation kept', async () => {
    const listedAt = (await test.stored('vehicle-9007199254740993'))!.listedAt
    await test.lake.mutate([{ patch: { id: 'vehicle-9007199254740993', set: { status: 'reserved' } } }])
    api.ads[1] = { ...api.ads[1]!, modificationDate: '2026-11-20T12:00:00+01:00', mileage: 41500 }
    const result = await sync()
    expect(result.counts).toMatchObject({ new: 0, changed: 1, unchanged: 1, detailCalls: 1 })
    expect(api.calls.detailIds).toEqual(['9007199254740993'])
    expect(await test.stored('vehicle-9007199254740993')).toMatchObject({
      mileage: 41500,
      status: 'reserved',
      listedAt,
      marketplaceModifiedAt: '2026-11-20T11:00:00.000Z',
    })
  })

  it('writes only what mobile.de owns: staff photos, hidden ad photos, status and open drafts survive, the ad’s change applies, a field it dropped is unset', async () => {
    const id = 'vehicle-9007199254740993'
    const [asset] = await test.lake.fetch<string[]>('*[_type == "sanity.imageAsset"][0..0]._id')
    const photo = { _key: 'own-1', _type: 'imageWithAlt', alt: 'Unser Foto vom Hof', asset: { _type: 'reference', _ref: asset } }
    // Staff upload their own photo and mark the vehicle reserved; one of them has a draft open with a corrected photo text.
    // They also hide the ad's first photo (by its address, decision 026).
    const hiddenUrl = 'https://img.classistatic.de/api/v1/mo-prod/images/hidden?rule=mo-1600.jpg'
    await test.lake.mutate([{ patch: { id, set: { images: [photo], status: 'reserved', hiddenExternalImages: [hiddenUrl] } } }])
    const published = (await test.stored(id))!
    await test.lake.mutate([{ createOrReplace: { ...published, _id: `drafts.${id}`, images: [{ ...photo, alt: 'Unser Foto vom Hof, frisch poliert' }] } }])
    // On mobile.de: a new price and description, and the colour is gone from the ad.
    const { exteriorColor: _colour, manufacturerColorName: _name, ...withoutColour } = api.ads[1]!
    api.ads[1] = {
      ...withoutColour,
      modificationDate: '2026-11-22T09:00:00+01:00',
      price: { ...api.ads[1]!.price, consumerPriceGross: '36990.00' },
      plainTextDescription: 'Plug-in-Hybrid, Panoramadach, AHK. Neue TÜV-Abnahme.',
    }
    const result = await sync()
    expect(result.counts).toMatchObject({ changed: 1, detailCalls: 1 })
    const draft = () => test.lake.fetch<SanityDocument | null>('*[_id == $id][0]', { id: `drafts.${id}` }, { perspective: 'raw' })
    for (const stored of [await test.stored(id), await draft()]) {
      expect(stored).toMatchObject({ status: 'reserved', price: 36990, description: 'Plug-in-Hybrid, Panoramadach, AHK. Neue TÜV-Abnahme.' })
      expect(stored!.color).toBeUndefined()
      expect(stored!.hiddenExternalImages).toEqual([hiddenUrl])
      expect((stored!.images as Array<{ _key: string; asset: unknown }>).map((image) => [image._key, image.asset])).toEqual([
        ['own-1', { _type: 'reference', _ref: asset }],
      ])
    }
    expect((await draft())!.images).toMatchObject([{ alt: 'Unser Foto vom Hof, frisch poliert' }])
    expect((await test.stored(id))!.images).toMatchObject([{ alt: 'Unser Foto vom Hof' }])
    await test.lake.mutate([{ delete: { id: `drafts.${id}` } }])
  })

  it('a vehicle staff marked sold stays sold when its ad changes on mobile.de', async () => {
    const id = 'vehicle-9007199254740993'
    await test.lake.mutate([{ patch: { id, set: { status: 'sold', soldAt: '2026-11-22T10:00:00.000Z' } } }])
    api.ads[1] = { ...api.ads[1]!, modificationDate: '2026-11-23T09:00:00+01:00', mileage: 41800 }
    expect((await sync()).counts).toMatchObject({ changed: 1, sold: 0 })
    expect(await test.stored(id)).toMatchObject({ status: 'sold', soldAt: '2026-11-22T10:00:00.000Z', mileage: 41800 })
    await test.lake.mutate([{ patch: { id, set: { status: 'reserved' }, unset: ['soldAt'] } }])
  })

  it('a car detached from the sync (published with source manual, as „Vom Abgleich lösen“ does) is left alone when its ad changes', async () => {
    const id = 'vehicle-4312045670012345'
    await test.lake.mutate([{ patch: { id, set: { source: 'manual' } } }])
    const before = await test.stored(id)
    const original = api.ads[0]!
    api.ads[0] = { ...original, modificationDate: '2026-11-24T09:00:00+01:00', mileage: 99999, price: { ...original.price, consumerPriceGross: '9990.00' } }
    await sync()
    // Not a field written, not even the revision.
    expect(await test.stored(id)).toEqual(before)
    api.ads[0] = original
    await test.lake.mutate([{ patch: { id, set: { source: 'mobile.de' } } }])
  })

  it('a wrong seller id (empty answer) is an error, not "everything sold"', async () => {
    const before = await inventory(test)
    const error = await syncFailure(runSync({ lake: test.lake }, { adapter: adapter({ sellerId: '99999999' }) }))
    expect(error.kind).toBe('empty')
    expect(error.message).toMatch(/Händlernummer \(MOBILE_DE_SELLER_ID\) keine Inserate/)
    expect(await inventory(test)).toEqual(before)
    expect(await test.stored(SYNC_STATE_ID)).toMatchObject({ ok: false, message: error.message })
    // The last success is kept.
    expect((await test.stored(SYNC_STATE_ID))!.lastSuccessAt).toBeTruthy()
  })

  it('paging: 250 ads over three pages of 100; vanished ads marked sold, manual vehicles untouched', async () => {
    api.ads = stock(250)
    const first = await sync()
    // The EV fixture was changed by the test before: the original counts as changed again.
    expect(first.counts).toMatchObject({ pages: 3, ads: 250, new: 248, changed: 1, unchanged: 1, sold: 0, detailCalls: 249 })
    expect(api.calls.searchPages).toEqual([1, 2, 3])
    expect(await test.stored(`vehicle-${generatedAdId(247)}`)).toMatchObject({ id: generatedAdId(247), status: 'available' })
    const manual = (await test.storedOfType('vehicle')).filter((vehicle) => vehicle.source !== 'mobile.de')
    expect(manual.length).toBeGreaterThan(0)
    expect(manual.every((vehicle) => vehicle.status !== 'sold' || vehicle.soldAt === undefined)).toBe(true)
  }, 60_000)

  it('vanished → sold after a complete pass (20 % is plausible)', async () => {
    api.ads = stock(200)
    const result = await sync()
    expect(result.counts).toMatchObject({ ads: 200, new: 0, unchanged: 200, sold: 50, detailCalls: 0 })
    expect(await test.stored(`vehicle-${generatedAdId(220)}`)).toMatchObject({ status: 'sold', soldAt: result.finishedAt })
    expect(await test.stored(`vehicle-${generatedAdId(10)}`)).toMatchObject({ status: 'available' })
  }, 60_000)

  it('a sold vehicle that is back on sale becomes available again', async () => {
    api.ads = stock(201)
    const result = await sync()
    expect(result.counts).toMatchObject({ changed: 1, unchanged: 200, detailCalls: 1 })
    const back = await test.stored(`vehicle-${generatedAdId(198)}`)
    expect(back).toMatchObject({ status: 'available' })
    expect(back!.soldAt).toBeUndefined()
  }, 60_000)

  it('refuses when more than 30 % would vanish; nothing changes', async () => {
    const before = await inventory(test)
    api.ads = stock(120)
    const error = await syncFailure(sync())
    expect(error.kind).toBe('implausible')
    expect(error.message).toMatch(/^81 von 201 Fahrzeugen von mobile.de wären verschwunden \(mehr als 30 %\)/)
    expect(api.calls.detail).toBe(0)
    expect(await inventory(test)).toEqual(before)
    expect(await test.stored(SYNC_STATE_ID)).toMatchObject({ ok: false, message: error.message })
  }, 60_000)

  it('a failure mid-way (a detail call after some succeeded) leaves the inventory exactly as it was', async () => {
    const before = await inventory(test)
    api.ads = stock(201).map((ad, n) => (n < 10 ? { ...ad, modificationDate: '2026-11-21T09:00:00+01:00', mileage: 1 } : ad))
    // The first five detail calls succeed, the sixth is refused.
    for (let n = 0; n < 5; n++) api.failNext('detail', () => HttpResponse.json(api.ads[n]))
    api.failNext('detail', () => HttpResponse.json({ title: 'Forbidden' }, { status: 403 }))
    const error = await syncFailure(sync({ detailConcurrency: 1 }))
    expect(error.kind).toBe('marketplace')
    expect(error.message).toMatch(/HTTP 403.*Der Bestand bleibt unverändert\.$/)
    expect(await inventory(test)).toEqual(before)
  }, 60_000)

  it.each([
    ['401', () => new HttpResponse(null, { status: 401 }), /HTTP 401/],
    ['429 until give-up', () => new HttpResponse(null, { status: 429 }), /HTTP 429/],
    ['5xx', () => new HttpResponse(null, { status: 500 }), /HTTP 500/],
    ['malformed', () => HttpResponse.json({ total: 1 }), /unerwartete Antwort/],
    ['errors[]', () => HttpResponse.json({ errors: [{ key: 'invalid-search-parameter' }] }), /invalid-search-parameter/],
  ])(
    'a failing page 2 (%s) ends the sync with a clear error; nothing is sold',
    async (_name, answer, message) => {
      const before = await inventory(test)
      api.ads = stock(201)
      // Page 1 succeeds, page 2 fails (twice: the adapter retries 429/5xx once).
      const promise = sync({
        onProgress: (event) => {
          if (event.phase === 'page' && event.page === 1) api.failNext('search', answer, 2)
        },
      })
      const error = await syncFailure(promise)
      expect(error.message).toMatch(message)
      expect(await inventory(test)).toEqual(before)
    },
    60_000,
  )

  it('a timeout ends the sync; nothing changes', async () => {
    const before = await inventory(test)
    api.failNext('search', 'timeout')
    const error = await syncFailure(runSync({ lake: test.lake }, { adapter: adapter({ timeoutMs: 100 }) }))
    expect(error.message).toMatch(/nicht innerhalb von 0,1 Sekunden/)
    expect(await inventory(test)).toEqual(before)
  })

  it('a second sync while one runs → SyncInProgressError, nothing recorded for it', async () => {
    api.ads = stock(201)
    api.latencyMs = 30
    try {
      const first = sync()
      await expect(sync()).rejects.toBeInstanceOf(SyncInProgressError)
      await expect(first).resolves.toMatchObject({ ok: true })
    } finally {
      api.latencyMs = 0
    }
  }, 60_000)
})
