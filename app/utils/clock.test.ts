import { describe, expect, it } from 'vitest'
import { addCalendarDays, berlinDayEnd, berlinInstant, berlinParts, isPublicHoliday, TIME_ZONE, timeOf, weekdayOf } from './clock.ts'

describe('berlinParts and berlinInstant', () => {
  it('read an instant as Berlin date and minutes, whatever its UTC date (winter and summer)', () => {
    // Monday 00:30 in Berlin is still Sunday in UTC.
    expect(berlinParts(new Date('2026-11-29T23:30:00Z'))).toEqual({ date: '2026-11-30', minutes: 30 })
    expect(berlinParts(new Date('2026-07-01T07:00:00Z'))).toEqual({ date: '2026-07-01', minutes: 9 * 60 })
    expect(berlinInstant('2026-11-30', '09:00').toISOString()).toBe('2026-11-30T08:00:00.000Z')
    expect(berlinInstant('2026-07-01', '09:00').toISOString()).toBe('2026-07-01T07:00:00.000Z')
  })

  it('agree with Intl (ICU’s time zone data) at every hour from 2024 to 2040 and each minute around the changes', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    const byIntl = (instant: number) => {
      const parts = Object.fromEntries(intl.formatToParts(instant).map((part) => [part.type, part.value]))
      return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) }
    }
    const instants: number[] = []
    for (let instant = Date.UTC(2024, 0, 1); instant < Date.UTC(2041, 0, 1); instant += 3_600_000) instants.push(instant)
    // The minutes either side of 01:00 UTC on the last Sundays of March and October.
    for (const change of ['2026-03-29', '2026-10-25', '2031-03-30', '2031-10-26', '2040-03-25', '2040-10-28']) {
      for (let minute = -90; minute <= 90; minute++) instants.push(Date.parse(`${change}T01:00:00Z`) + minute * 60_000)
    }
    const differing = instants.filter((instant) => JSON.stringify(berlinParts(new Date(instant))) !== JSON.stringify(byIntl(instant)))
    expect(differing.map((instant) => new Date(instant).toISOString())).toEqual([])
    expect(instants.length).toBeGreaterThan(149_000)
  })

  it('weekdays, calendar days and times of day', () => {
    expect(weekdayOf('2026-11-30')).toBe('Mo')
    expect(weekdayOf('2026-11-29')).toBe('Su')
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(timeOf(570)).toBe('09:30')
  })
})

describe('isPublicHoliday', () => {
  it('knows the fixed and the Easter-bound holidays of NRW', () => {
    expect(isPublicHoliday('2026-04-03')).toBe(true) // Karfreitag 2026
    expect(isPublicHoliday('2026-04-06')).toBe(true) // Ostermontag 2026
    expect(isPublicHoliday('2026-06-04')).toBe(true) // Fronleichnam 2026 (NRW, not every state)
    expect(isPublicHoliday('2026-11-01')).toBe(true) // Allerheiligen
    expect(isPublicHoliday('2026-12-25')).toBe(true)
    expect(isPublicHoliday('2026-06-05')).toBe(false)
    expect(isPublicHoliday('2026-12-24')).toBe(false) // Heiligabend is no statutory holiday
  })
})

describe('berlinDayEnd', () => {
  it('is the next midnight in Berlin, in winter and summer time and on the days the clocks change', () => {
    const end = (iso: string) => new Date(berlinDayEnd(Date.parse(iso))).toISOString()
    expect(end('2026-12-23T12:00:00Z')).toBe('2026-12-23T23:00:00.000Z')
    // Midnight itself starts a new day.
    expect(end('2026-12-23T23:00:00Z')).toBe('2026-12-24T23:00:00.000Z')
    expect(end('2026-12-23T22:59:59.999Z')).toBe('2026-12-23T23:00:00.000Z')
    expect(end('2026-07-01T12:00:00Z')).toBe('2026-07-01T22:00:00.000Z')
    // 28 March 2027 has 23 hours, 31 October 2027 has 25.
    expect(end('2027-03-28T00:30:00Z')).toBe('2027-03-28T22:00:00.000Z')
    expect(end('2027-10-31T22:30:00Z')).toBe('2027-10-31T23:00:00.000Z')
    // An earlier day after a later one (the memo of the last day must not answer for it).
    expect(end('2026-12-22T12:00:00Z')).toBe('2026-12-22T23:00:00.000Z')
  })
})
