import { describe, expect, test } from 'vitest'
import { currentSpecialOpeningHours } from '#schemas/lib/opening-hours.ts'
import { openNowText, type OpenNowHours, type OpenNowSpecialDay } from './open-now'

/** The seed's general hours (footer and most pages): Mo–Fr 09–18, Sa 09–16, Su by appointment. */
const GENERAL: OpenNowHours = {
  specs: [
    { days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '09:00', closes: '18:00' },
    { days: ['Sa'], opens: '09:00', closes: '16:00' },
  ],
  byAppointmentDays: ['Su'],
}
/** The seed's dated entries, as the root loader derives them on a December day (docs/decisions/049). */
const SEED_SPECIAL = [
  { from: '2026-12-24', closed: true, note: 'Heiligabend', leadDays: 14 },
  { from: '2026-12-31', closed: false, opens: '09:00', closes: '14:00', note: 'Silvester', leadDays: 14 },
]
const DECEMBER = currentSpecialOpeningHours(SEED_SPECIAL, '2026-12-20')

/** Instants in UTC (November is CET, UTC+1), so the test does not depend on the machine's zone. */
const at = (iso: string) => new Date(iso)
const text = (now: Date, hours = GENERAL, special: readonly OpenNowSpecialDay[] = DECEMBER) => openNowText(hours, special, now)?.text

describe('openNowText', () => {
  test('Monday 08:59: closed, opens today at 09:00', () => {
    expect(openNowText(GENERAL, [], at('2026-11-30T07:59:00Z'))).toEqual({
      open: false,
      status: 'Jetzt geschlossen',
      detail: 'öffnet heute um 09:00 Uhr',
      text: 'Jetzt geschlossen – öffnet heute um 09:00 Uhr',
    })
  })

  test('Monday 09:00 and 17:59: open until 18:00; 18:00: closed until tomorrow', () => {
    expect(openNowText(GENERAL, [], at('2026-11-30T08:00:00Z'))).toEqual({
      open: true,
      status: 'Heute geöffnet',
      detail: 'bis 18:00 Uhr',
      text: 'Heute geöffnet bis 18:00 Uhr',
    })
    expect(text(at('2026-11-30T16:59:00Z'))).toBe('Heute geöffnet bis 18:00 Uhr')
    expect(text(at('2026-11-30T17:00:00Z'))).toBe('Jetzt geschlossen – öffnet morgen um 09:00 Uhr')
  })

  test('Monday 19:00 (issue 36): the yard is closed until tomorrow 09:00, whatever a city page’s phone hours (Mo–Sa 08–20) say', () => {
    expect(text(at('2026-11-30T18:00:00Z'))).toBe('Jetzt geschlossen – öffnet morgen um 09:00 Uhr')
  })

  test('Saturday 15:59 open until 16:00; 16:01 closed until Monday (Sunday is by appointment)', () => {
    expect(text(at('2026-11-28T14:59:00Z'))).toBe('Heute geöffnet bis 16:00 Uhr')
    expect(text(at('2026-11-28T15:01:00Z'))).toBe('Jetzt geschlossen – öffnet Montag um 09:00 Uhr')
  })

  test('Sunday: by appointment, opens tomorrow', () => {
    expect(text(at('2026-11-29T11:00:00Z'))).toBe('Heute nach Vereinbarung – öffnet morgen um 09:00 Uhr')
  })

  test('Heiligabend (a special closed day) on a Thursday: closed with the occasion; the holidays and Sunday skipped to Monday', () => {
    expect(openNowText(GENERAL, DECEMBER, at('2026-12-24T10:00:00Z'))).toEqual({
      open: false,
      status: 'Heute geschlossen (Heiligabend)',
      detail: 'öffnet Montag um 09:00 Uhr',
      text: 'Heute geschlossen (Heiligabend) – öffnet Montag um 09:00 Uhr',
    })
    // The day before, after closing: Heiligabend is closed, so not „morgen“.
    expect(text(at('2026-12-23T18:30:00Z'))).toBe('Jetzt geschlossen – öffnet Montag um 09:00 Uhr')
  })

  test('special hours of their own (Silvester 09–14) replace the weekday’s and name the occasion; Neujahr (Friday) is skipped', () => {
    expect(text(at('2026-12-31T12:00:00Z'))).toBe('Heute geöffnet bis 14:00 Uhr (Silvester)')
    expect(text(at('2026-12-31T13:30:00Z'))).toBe('Jetzt geschlossen – öffnet Samstag um 09:00 Uhr')
  })

  test('a public holiday of NRW is closed without an entry', () => {
    // Tag der Deutschen Einheit 2026 is a Saturday.
    expect(text(at('2026-10-03T10:00:00Z'), GENERAL, [])).toBe('Heute geschlossen (Feiertag) – öffnet Montag um 09:00 Uhr')
  })

  test('company holidays of two weeks: the next opening by its date', () => {
    const holidays = [{ from: '2026-07-27', through: '2026-08-09', closed: true, opens: null, closes: null, note: 'Betriebsferien' }]
    // Monday 27 July 10:00 CEST (UTC+2): summer time is Berlin's too.
    expect(text(at('2026-07-27T08:00:00Z'), GENERAL, holidays)).toBe('Heute geschlossen (Betriebsferien) – öffnet am 10.08. um 09:00 Uhr')
    expect(text(at('2026-08-10T07:00:00Z'), GENERAL, holidays)).toBe('Heute geöffnet bis 18:00 Uhr')
  })

  test('Berlin time whatever the instant’s UTC date: Monday 00:30 in Berlin is still Sunday in UTC', () => {
    expect(text(at('2026-11-29T23:30:00Z'))).toBe('Jetzt geschlossen – öffnet heute um 09:00 Uhr')
  })

  test('split hours: closed over lunch opens again today; touching intervals count as one', () => {
    const split: OpenNowHours = {
      specs: [
        { days: ['Mo'], opens: '09:00', closes: '12:00' },
        { days: ['Mo'], opens: '14:00', closes: '18:00' },
      ],
    }
    expect(text(at('2026-11-30T12:00:00Z'), split, [])).toBe('Jetzt geschlossen – öffnet heute um 14:00 Uhr')
    expect(text(at('2026-11-30T10:00:00Z'), split, [])).toBe('Heute geöffnet bis 12:00 Uhr')
    const touching: OpenNowHours = {
      specs: [
        { days: ['Mo'], opens: '09:00', closes: '12:00' },
        { days: ['Mo'], opens: '12:00', closes: '18:00' },
      ],
    }
    expect(text(at('2026-11-30T10:00:00Z'), touching, [])).toBe('Heute geöffnet bis 18:00 Uhr')
    // A week later: the next Monday by its weekday is „am 07.12.“ only beyond six days.
    expect(text(at('2026-11-30T18:00:00Z'), split, [])).toBe('Jetzt geschlossen – öffnet am 07.12. um 09:00 Uhr')
  })

  test('hours that never open: nothing to say', () => {
    expect(openNowText({ specs: [] }, [], at('2026-11-30T10:00:00Z'))).toBeUndefined()
  })
})
