import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ContentLake, type FetchOptions, type QueryParams } from '#app/lake/lake.server.ts'
import { ALERT_VEHICLES_QUERY } from '#app/sanity/queries/alerts.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { AlertWatcher } from './watcher.server.ts'

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
