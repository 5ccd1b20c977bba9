import { describe, expect, it } from 'vitest'
import { dayRanges, openingHoursLines } from './opening-hours'

describe('dayRanges', () => {
  it('writes runs of three or more days as a range, in weekday order, German abbreviations', () => {
    expect(dayRanges(['Mo', 'Tu', 'We', 'Th', 'Fr'])).toBe('Mo–Fr')
    expect(dayRanges(['Sa'])).toBe('Sa')
    expect(dayRanges(['Su', 'Sa'])).toBe('Sa, So')
    expect(dayRanges(['Fr', 'We', 'Mo'])).toBe('Mo, Mi, Fr')
    expect(dayRanges(['Mo', 'Tu', 'We', 'Fr'])).toBe('Mo–Mi, Fr')
    expect(dayRanges(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'])).toBe('Mo–So')
    expect(dayRanges(['Th', 'Th', 'XX'])).toBe('Do')
    expect(dayRanges([])).toBe('')
  })
})

describe('openingHoursLines', () => {
  it('derives the four readings of the spec from their specs', () => {
    const week = ['Mo', 'Tu', 'We', 'Th', 'Fr']
    expect(
      openingHoursLines({
        specs: [
          { days: week, opens: '09:00', closes: '18:00' },
          { days: ['Sa'], opens: '09:00', closes: '16:00' },
        ],
        byAppointmentDays: ['Su'],
      }),
    ).toEqual(['Mo–Fr: 09:00–18:00 Uhr', 'Sa: 09:00–16:00 Uhr', 'So: nach Vereinbarung'])
    expect(openingHoursLines({ specs: [{ days: [...week, 'Sa'], opens: '08:00', closes: '20:00' }] })).toEqual(['Mo–Sa: 08:00–20:00 Uhr'])
    expect(openingHoursLines({ specs: [{ days: [...week, 'Sa', 'Su'], opens: '08:00', closes: '22:00' }] })).toEqual(['Mo–So: 08:00–22:00 Uhr'])
  })

  it('orders lines by their first day, adds the note last, and leaves out incomplete specs', () => {
    expect(
      openingHoursLines({
        specs: [
          { days: ['Sa'], opens: '10:00', closes: '14:00' },
          { days: ['Mo', 'Tu'], opens: '08:00', closes: '17:00' },
          { days: ['We'], opens: '08:00', closes: null },
        ],
        byAppointmentDays: ['We'],
        note: '  An Feiertagen geschlossen. ',
      }),
    ).toEqual(['Mo, Di: 08:00–17:00 Uhr', 'Mi: nach Vereinbarung', 'Sa: 10:00–14:00 Uhr', 'An Feiertagen geschlossen.'])
    expect(openingHoursLines({})).toEqual([])
  })
})
