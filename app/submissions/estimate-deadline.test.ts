import { describe, expect, it } from 'vitest'
import { deadlineText, estimateDeadline, estimatePromise } from './estimate-deadline.ts'

/** The seed's `general` hours: Mo–Fr 09–18, Sa 09–16, Su only by appointment (no spec). */
const GENERAL = [
  { days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '09:00', closes: '18:00' },
  { days: ['Sa'], opens: '09:00', closes: '16:00' },
]
/** Berlin wall-clock time in November/December (CET, UTC+1) as an instant. */
const cet = (local: string) => new Date(`${local}:00+01:00`)
const text = (local: string, hours = 24, special: Parameters<typeof estimateDeadline>[3] = []) => {
  const deadline = estimateDeadline(cet(local), hours, GENERAL, special)
  return deadline ? deadlineText(deadline, cet(local)) : undefined
}

describe('estimateDeadline: the Kennzahl’s hours counted on work days, landing in opening hours', () => {
  it('a request on Monday 14:00 with 24 hours is answered by Tuesday 14:00', () => {
    expect(estimatePromise(estimateDeadline(cet('2026-11-30T14:00'), 24, GENERAL)!, cet('2026-11-30T14:00'))).toBe(
      'Sie erhalten Ihre erste Einschätzung bis Dienstag, 1. Dezember um 14:00 Uhr.',
    )
  })

  it('names the next full or half hour, never an earlier one: 11:42 + 24 hours is 12:00, 12:00 stays, 12:01 is 12:30; 17:50 is 18:00 at closing', () => {
    expect(text('2026-11-30T11:42')).toBe('Dienstag, 1. Dezember um 12:00 Uhr')
    expect(text('2026-11-30T12:00')).toBe('Dienstag, 1. Dezember um 12:00 Uhr')
    expect(text('2026-11-30T12:01')).toBe('Dienstag, 1. Dezember um 12:30 Uhr')
    expect(text('2026-11-30T17:50')).toBe('Dienstag, 1. Dezember um 18:00 Uhr')
    // Saturday closes at 16:00: Friday 15:50 + 24 hours rounds to 16:00, still open until then.
    expect(text('2026-11-27T15:50')).toBe('Samstag, 28. November um 16:00 Uhr')
    expect(text('2026-11-27T16:10')).toBe('Montag, 30. November um 09:00 Uhr')
  })

  it('the closed Sunday does not count: Saturday 14:00 + 24 hours is Monday 14:00', () => {
    expect(text('2026-11-28T14:00')).toBe('Montag, 30. November um 14:00 Uhr')
  })

  it('a deadline after closing moves to the next opening: Friday 17:30 + 24 hours is Saturday 17:30, after 16:00, so Monday 09:00', () => {
    expect(text('2026-11-27T17:30')).toBe('Montag, 30. November um 09:00 Uhr')
  })

  it('a deadline before opening moves to the opening of that day', () => {
    expect(text('2026-11-30T06:00')).toBe('Dienstag, 1. Dezember um 09:00 Uhr')
  })

  it('holidays and closed Sonderöffnungstage do not count', () => {
    // Thursday 24th is an ordinary work day by the weekly hours ...
    expect(text('2026-12-23T12:00')).toBe('Donnerstag, 24. Dezember um 12:00 Uhr')
    // ... closed as Heiligabend; 25th and 26th are public holidays, 27th a Sunday.
    expect(text('2026-12-23T12:00', 24, [{ from: '2026-12-24', closed: true }])).toBe('Montag, 28. Dezember um 12:00 Uhr')
  })

  it('names the year only when the deadline falls into the next one', () => {
    // Thursday 31 December + 24 hours: New Year's Day is a holiday, so Saturday 2 January.
    expect(text('2026-12-31T12:00')).toBe('Samstag, 2. Januar 2027 um 12:00 Uhr')
  })

  it('shorter Kennzahlen stay on the same day; none, or hours without an open day, promise nothing', () => {
    expect(text('2026-11-30T10:00', 4)).toBe('Montag, 30. November um 14:00 Uhr')
    expect(estimateDeadline(cet('2026-11-30T10:00'), null, GENERAL)).toBeUndefined()
    expect(estimateDeadline(cet('2026-11-30T10:00'), 0, GENERAL)).toBeUndefined()
    expect(estimateDeadline(cet('2026-11-30T10:00'), 24, [])).toBeUndefined()
  })
})
