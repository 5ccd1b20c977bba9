import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ContentLake, type FetchOptions, type QueryParams } from '#app/lake/lake.server.ts'
import { ALERT_VEHICLES_QUERY } from '#app/sanity/queries/alerts.ts'
import { type ALERT_VEHICLES_QUERYResult } from '#app/sanity/types.ts'
import { advertisedMonthlyRate } from '#app/vehicles/financing.ts'
import { describeSearch } from '#app/vehicles/query-reading.ts'
import { parseVehicleSearch } from '#app/vehicles/vehicle-search.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { AlertWatcher, matchesSearch } from './watcher.server.ts'

type Vehicle = ALERT_VEHICLES_QUERYResult[number]

/*
 * When the watcher looks and at what (decision 096): the cars a change named, every car when the
 * change is unknown, and the full scan in slices that let the requests waiting meanwhile in. Alerts
 * and mails: alerts.server.test.ts; the work at 5,000 cars: app/sanity/page-work.test.ts.
 */

describe('the alerts’ watcher', () => {
  let test: TestLake
  /** The `$ids` of each read of cars, in order. */
  let carReads: string[][]
  let lake: ContentLake
  let watcher: AlertWatcher | undefined

  beforeEach(async () => {
    test = await openTestLake('embedded', 'tests/fixtures/mini-dataset')
    // Two more cars on sale beside the fixture's one (vehicle-2 is sold).
    await test.lake.mutate([
      { createOrReplace: { _id: 'vehicle-3', _type: 'vehicle', id: '3', title: 'Drei', price: 12_000, status: 'available' } },
      { createOrReplace: { _id: 'vehicle-4', _type: 'vehicle', id: '4', title: 'Vier', price: 14_000, status: 'reserved' } },
    ])
    carReads = []
    const recording = test.lake
    // The embedded lake itself, with its reads of cars written down.
    lake = {
      kind: recording.kind,
      local: recording.local,
      fetch<R>(query: string, params?: QueryParams, options?: FetchOptions) {
        if (query === ALERT_VEHICLES_QUERY) carReads.push([...(params?.ids as string[])].sort())
        return recording.fetch<R>(query, params, options)
      },
      mutate: (mutations) => recording.mutate(mutations),
    }
  })
  afterEach(async () => {
    await watcher?.stop()
    await test.close()
  })

  it('changes announced in a row are one scan of the documents they named; an unknown change makes it a scan of every car', async () => {
    watcher = new AlertWatcher({ lake, notifier: { sendAlert: async () => 'sent' } })
    watcher.trigger(['vehicle-3'], 10)
    watcher.trigger(['vehicle-1', 'page-about'], 10)
    await vi.waitFor(() => expect(carReads).toHaveLength(1))
    expect(carReads).toEqual([['page-about', 'vehicle-1', 'vehicle-3']])
    expect((await test.storedOfType('priceHistory')).map((history) => history._id).sort()).toEqual(['priceHistory.vehicle-1', 'priceHistory.vehicle-3'])

    // The listener could not say what changed (it reconnected): every car on sale.
    watcher.trigger(['vehicle-3'], 10)
    watcher.trigger(undefined, 10)
    await vi.waitFor(() => expect(carReads).toHaveLength(2))
    expect(carReads[1]).toEqual(['vehicle-1', 'vehicle-3', 'vehicle-4'])
    expect(await test.stored('priceHistory.vehicle-4')).toMatchObject({ entries: [{ price: 14_000 }] })
  })

  it('a scan asked for while one runs runs after it, over everything asked for meanwhile', async () => {
    watcher = new AlertWatcher({ lake, notifier: { sendAlert: async () => 'sent' } })
    const first = watcher.scan(['vehicle-1'])
    void watcher.scan(['vehicle-3'])
    void watcher.scan(['vehicle-4'])
    await first
    await vi.waitFor(() => expect(carReads).toHaveLength(2))
    expect(carReads).toEqual([['vehicle-1'], ['vehicle-3', 'vehicle-4']])
  })

  it('scans every car slice by slice: what waits meanwhile (a page request) is let in between slices', async () => {
    watcher = new AlertWatcher({ lake, notifier: { sendAlert: async () => 'sent' }, slice: 1 })
    await watcher.scan()
    expect(carReads).toEqual([['vehicle-1'], ['vehicle-3'], ['vehicle-4']])
    // Nothing changed since: no write lets anything in, only the slices do.
    let turns = 0
    let ticking = true
    const tick = () => {
      turns++
      if (ticking) setImmediate(tick)
    }
    setImmediate(tick)
    const scan = await watcher.scan()
    const turnsDuringScan = turns
    ticking = false
    expect(scan.recorded).toBe(0)
    expect(turnsDuringScan).toBeGreaterThanOrEqual(2)
  })

  it('stop() waits for the slice begun and leaves the rest of a full scan to the next start', async () => {
    watcher = new AlertWatcher({ lake, notifier: { sendAlert: async () => 'sent' }, slice: 1 })
    let scanned = false
    void watcher.scan().then(() => (scanned = true))
    await watcher.stop()
    expect(scanned).toBe(true)
    expect(carReads).toEqual([['vehicle-1']])
    expect(await test.stored('priceHistory.vehicle-1')).toMatchObject({ entries: [{ price: 18_900 }] })
  })
})

describe('matchesSearch: a Suchauftrag hears of the cars its list would show', () => {
  const RATE = 2.9
  const car = (facts: Partial<Vehicle>): Vehicle =>
    ({
      _id: 'vehicle-x',
      id: 'x',
      make: 'Skoda',
      model: 'Octavia Combi',
      bodyType: 'Kombi',
      fuelType: 'PETROL',
      price: 20_000,
      mileage: 40_000,
      ...facts,
    }) as Vehicle

  it('a monthly budget: the cars whose card rate fits, by the cards’ own rate', () => {
    const query = describeSearch(parseVehicleSearch(new URLSearchParams('body=Kombi&maxRate=300')).state)
    expect(query).toBe('Kombi bis 300 € im Monat')
    for (const price of [9_000, 15_000, 19_000, 25_000, 40_000]) {
      const fits = (advertisedMonthlyRate(price, RATE) ?? Infinity) <= 300
      expect(matchesSearch(query, car({ price }), RATE), `${price} €`).toBe(fits)
    }
    expect([9_000, 40_000].map((price) => (advertisedMonthlyRate(price, RATE) ?? Infinity) <= 300)).toEqual([true, false])
  })

  it('the year as the list reads it: the first registration, the build year only without one', () => {
    expect(matchesSearch('ab 2021', car({ year: 2020, firstRegistration: '03/2021' }), RATE)).toBe(true)
    expect(matchesSearch('ab 2021', car({ year: 2021, firstRegistration: '12/2020' }), RATE)).toBe(false)
    expect(matchesSearch('ab 2021', car({ year: 2021, firstRegistration: null }), RATE)).toBe(true)
  })

  it('an intent word reads the car as the watcher reads it from the lake: „Diesel Euro 6“ hears of the seed’s Euro 6 diesel, not of its petrol car', async () => {
    const seed = await openTestLake('embedded')
    try {
      const [diesel, petrol] = await seed.lake.fetch<Vehicle[]>(`${ALERT_VEHICLES_QUERY} | order(_id asc)`, { ids: ['vehicle-1', 'vehicle-5'] })
      expect([diesel?.consumption?.emissionClass, petrol?.fuelType]).toEqual(['Euro 6d-TEMP', 'PETROL'])
      expect(matchesSearch('Diesel Euro 6', diesel!, RATE)).toBe(true)
      expect(matchesSearch('Euro 6d', diesel!, RATE)).toBe(true)
      expect(matchesSearch('Diesel Euro 6', petrol!, RATE)).toBe(false)
      expect(matchesSearch('Euro 6', { ...diesel!, consumption: null }, RATE)).toBe(false)
    } finally {
      await seed.close()
    }
  })

  it('the form’s make and fuel are the facts, not an ad’s words', () => {
    const query = describeSearch(parseVehicleSearch(new URLSearchParams('make=Porsche&fuel=petrol')).state)
    expect(query).toBe('Porsche Benzin')
    expect(matchesSearch(query, car({ make: 'Porsche', model: 'Cayman', bodyType: 'Coupé' }), RATE)).toBe(true)
    expect(matchesSearch(query, car({ description: 'Sportlich wie ein Porsche, sparsam im Verbrauch.' }), RATE)).toBe(false)
    expect(matchesSearch(query, car({ make: 'Porsche', fuelType: 'GAS', description: 'Läuft mit Erdgas und Benzin.' }), RATE)).toBe(false)
  })
})
