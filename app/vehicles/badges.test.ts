import { describe, expect, it } from 'vitest'
import { NEW_IN_STOCK_DAYS, vehicleBadges, withBadges } from './badges.ts'

const DAY = 24 * 60 * 60 * 1000
const NOW = Date.parse('2026-11-27T12:00:00.000Z')
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString()

describe('vehicleBadges', () => {
  it('an available vehicle listed long ago has none', () => {
    expect(vehicleBadges({ status: 'available', listedAt: '2025-01-24T10:15:00Z' }, NOW)).toEqual([])
  })

  it('a reserved one is "reserved", however old', () => {
    expect(vehicleBadges({ status: 'reserved', listedAt: '2025-01-14T17:30:00Z' }, NOW)).toEqual(['reserved'])
  })

  it('new means less than 7 × 24 hours: one millisecond before the boundary is new, exactly 7 days is not', () => {
    expect(NEW_IN_STOCK_DAYS).toBe(7)
    expect(vehicleBadges({ status: 'available', listedAt: new Date(NOW - 7 * DAY + 1).toISOString() }, NOW)).toEqual(['new'])
    expect(vehicleBadges({ status: 'available', listedAt: daysAgo(7) }, NOW)).toEqual([])
    expect(vehicleBadges({ status: 'available', listedAt: daysAgo(0) }, NOW)).toEqual(['new'])
  })

  it('reserved and new at once: both, "reserved" first', () => {
    expect(vehicleBadges({ status: 'reserved', listedAt: daysAgo(2) }, NOW)).toEqual(['reserved', 'new'])
  })

  it('a listing date ahead of now (typed ahead in the Studio) is new; a missing or unreadable one is not', () => {
    expect(vehicleBadges({ status: 'available', listedAt: daysAgo(-1) }, NOW)).toEqual(['new'])
    expect(vehicleBadges({ status: 'available', listedAt: null }, NOW)).toEqual([])
    expect(vehicleBadges({ status: 'available', listedAt: 'gestern' }, NOW)).toEqual([])
    expect(vehicleBadges({}, NOW)).toEqual([])
  })

  it('a sold vehicle gets no "reserved" (the lists leave sold ones out anyway)', () => {
    expect(vehicleBadges({ status: 'sold', listedAt: '2025-01-01T00:00:00Z' }, NOW)).toEqual([])
  })
})

describe('withBadges', () => {
  it('replaces status and listing date by the badges, which only a vehicle with one carries', () => {
    const cards = [
      { id: '1', make: 'BMW', status: 'available', listedAt: '2025-01-24T10:15:00Z' },
      { id: '10', make: 'Mercedes-Benz', status: 'reserved', listedAt: daysAgo(1) },
    ]
    expect(withBadges(cards, NOW)).toEqual([
      { id: '1', make: 'BMW' },
      { id: '10', make: 'Mercedes-Benz', badges: ['reserved', 'new'] },
    ])
  })

  it('leaves the lake’s frozen results alone (decision 046)', () => {
    const frozen = Object.freeze([Object.freeze({ id: '10', status: 'reserved', listedAt: daysAgo(30) })])
    expect(withBadges(frozen, NOW)).toEqual([{ id: '10', badges: ['reserved'] }])
    expect(frozen[0]).toEqual({ id: '10', status: 'reserved', listedAt: daysAgo(30) })
  })
})
