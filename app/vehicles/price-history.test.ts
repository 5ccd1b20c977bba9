import { describe, expect, it } from 'vitest'
import { daysBefore, priceReduction } from './price-history.ts'

// A fixed clock: the reduction on Saturday 28 Nov 2026, 10:00 in Berlin (09:00 UTC).
const REDUCED = '2026-11-28T09:00:00.000Z'
const NOW = new Date('2026-11-28T15:00:00.000Z')

const history = (entries: Array<[price: number, at: string]>, complete = false) => ({ complete, entries: entries.map(([price, at]) => ({ price, at })) })

describe('priceReduction: the former price is the lowest of the 30 days before the reduction (PAngV § 11)', () => {
  it('one price for months, then lower: that price is the former price', () => {
    const reduction = priceReduction(
      history([
        [29_900, '2026-08-01T08:00:00.000Z'],
        [27_900, REDUCED],
      ]),
      NOW,
    )
    expect(reduction).toEqual({ price: 27_900, formerPrice: 29_900, reducedAt: REDUCED })
  })

  it('a lower price 20 days before counts, not the higher one just before the reduction', () => {
    const reduction = priceReduction(
      history([
        [31_000, '2026-08-01T08:00:00.000Z'],
        [28_500, '2026-11-08T09:00:00.000Z'],
        [30_000, '2026-11-18T09:00:00.000Z'],
        [27_900, REDUCED],
      ]),
      NOW,
    )
    expect(reduction?.formerPrice).toBe(28_500)
  })

  it('a price that ended 31 days before no longer counts; the one in force when the window opened does', () => {
    // 25,000 until 27 Oct 10:00 (32 days before), then 29,900: the window (28 Oct 10:00 → 28 Nov 10:00) sees only 29,900.
    const reduction = priceReduction(
      history([
        [25_000, '2026-09-01T08:00:00.000Z'],
        [29_900, '2026-10-27T09:00:00.000Z'],
        [27_900, REDUCED],
      ]),
      NOW,
    )
    expect(reduction?.formerPrice).toBe(29_900)
  })

  it('the window is 30 Berlin calendar days across the change to winter time (25 Oct 2026)', () => {
    expect(daysBefore(new Date(REDUCED), 30).toISOString()).toBe('2026-10-29T09:00:00.000Z')
    // 28 Oct 10:00 Berlin was 09:00 UTC in winter time, 29 Oct 10:00 too: a price set at 28 Oct 10:00 lies outside.
    expect(daysBefore(new Date('2026-11-01T09:00:00.000Z'), 30).toISOString()).toBe('2026-10-02T08:00:00.000Z')
  })

  it('no badge when the 30-day lowest price is not above the new one (a raise, then back down)', () => {
    const raisedAndBack = history([
      [27_900, '2026-08-01T08:00:00.000Z'],
      [29_900, '2026-11-18T09:00:00.000Z'],
      [27_900, REDUCED],
    ])
    expect(priceReduction(raisedAndBack, NOW)).toBeUndefined()
  })

  it('no badge for a raise, for a single price, or for no history', () => {
    expect(
      priceReduction(
        history([
          [27_900, '2026-08-01T08:00:00.000Z'],
          [29_900, REDUCED],
        ]),
        NOW,
      ),
    ).toBeUndefined()
    expect(priceReduction(history([[27_900, REDUCED]]), NOW)).toBeUndefined()
    expect(priceReduction(undefined, NOW)).toBeUndefined()
  })

  it('a history that began within the window proves nothing, unless it began with the listing', () => {
    const recent: Array<[number, string]> = [
      [29_900, '2026-11-10T09:00:00.000Z'],
      [27_900, REDUCED],
    ]
    expect(priceReduction(history(recent, false), NOW)).toBeUndefined()
    expect(priceReduction(history(recent, true), NOW)).toEqual({ price: 27_900, formerPrice: 29_900, reducedAt: REDUCED })
  })

  it('shown for 30 days after the reduction, not after', () => {
    const reduced = history([
      [29_900, '2026-08-01T08:00:00.000Z'],
      [27_900, REDUCED],
    ])
    expect(priceReduction(reduced, new Date('2026-12-28T08:59:00.000Z'))).toBeDefined()
    expect(priceReduction(reduced, new Date('2026-12-28T09:01:00.000Z'))).toBeUndefined()
    // Nor before it took effect (a clock behind the lake's).
    expect(priceReduction(reduced, new Date('2026-11-28T08:00:00.000Z'))).toBeUndefined()
  })
})
