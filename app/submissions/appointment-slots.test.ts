import { describe, expect, it } from 'vitest'
import { checkSlot, SLOT_DAYS, SLOT_MESSAGES, appointmentSlots, windowNamed } from './appointment-slots.ts'

/** The seed's `general` hours: Mo–Fr 09–18, Sa 09–16, Su only by appointment (no spec). */
const GENERAL = [
  { days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '09:00', closes: '18:00' },
  { days: ['Sa'], opens: '09:00', closes: '16:00' },
]
/** Saturday 28 November 2026, 14:00 in Berlin (CET, UTC+1). */
const SATURDAY_AFTERNOON = new Date('2026-11-28T13:00:00Z')

describe('appointmentSlots', () => {
  it('offers what is left of Saturday, skips the closed Sunday and clips windows to the hours', () => {
    const slots = appointmentSlots(GENERAL, SATURDAY_AFTERNOON)
    expect(slots.slice(0, 5).map((slot) => slot.value)).toEqual([
      // 09–12 has ended; 12–15 has begun but an hour of it is left; 15–18 is clipped to Saturday's 16:00.
      '2026-11-28T12:00-15:00',
      '2026-11-28T15:00-16:00',
      // Sunday 29th: closed.
      '2026-11-30T09:00-12:00',
      '2026-11-30T12:00-15:00',
      '2026-11-30T15:00-18:00',
    ])
    expect(slots[1]).toMatchObject({ dayLabel: 'Sa, 28.11.2026', windowLabel: '15:00–16:00 Uhr' })
    expect(slots.some((slot) => slot.date === '2026-11-29')).toBe(false)
    expect(new Set(slots.map((slot) => slot.date)).size).toBe(SLOT_DAYS)
  })

  it('leaves out public holidays (Christmas) and the days nobody opens', () => {
    const slots = appointmentSlots(GENERAL, new Date('2026-12-23T20:00:00Z'))
    const dates = [...new Set(slots.map((slot) => slot.date))]
    // Thu 24th is a working day; Fri 25th and Sat 26th are holidays, Sun 27th closed.
    expect(dates.slice(0, 2)).toEqual(['2026-12-24', '2026-12-28'])
    expect(appointmentSlots([], SATURDAY_AFTERNOON)).toEqual([])
  })

  it('windows follow longer hours (08:00–20:00) in three-hour steps aligned to 09:00', () => {
    const slots = appointmentSlots([{ days: ['Mo'], opens: '08:00', closes: '20:00' }], SATURDAY_AFTERNOON, { days: 1 })
    expect(slots.map((slot) => `${slot.start}-${slot.end}`)).toEqual(['08:00-09:00', '09:00-12:00', '12:00-15:00', '15:00-18:00', '18:00-20:00'])
  })
})

describe('the Sonderöffnungszeiten of the settings', () => {
  /** The seed's entries: Heiligabend closed, Silvester 09:00–14:00 (content/, schemas/objects/specialOpeningHours.ts). */
  const SPECIAL = [
    { from: '2026-12-24', closed: true, note: 'Heiligabend' },
    { from: '2026-12-31', closed: false, opens: '09:00', closes: '14:00', note: 'Silvester' },
  ]
  const BEFORE_CHRISTMAS = new Date('2026-12-23T20:00:00Z')

  it('offer nothing on a closed special day and only the special hours on a shortened one', () => {
    const slots = appointmentSlots(GENERAL, BEFORE_CHRISTMAS, { special: SPECIAL })
    expect(slots.some((slot) => slot.date === '2026-12-24')).toBe(false)
    expect(slots.filter((slot) => slot.date === '2026-12-31').map((slot) => slot.value)).toEqual(['2026-12-31T09:00-12:00', '2026-12-31T12:00-14:00'])
    // Without the entries the same days are ordinary working days.
    expect(appointmentSlots(GENERAL, BEFORE_CHRISTMAS).filter((slot) => ['2026-12-24', '2026-12-31'].includes(slot.date))).toHaveLength(6)
  })

  it('are checked on the server too: a slot on Heiligabend is closed, one after 14:00 on Silvester outside', () => {
    expect(checkSlot('2026-12-24T09:00-12:00', GENERAL, BEFORE_CHRISTMAS, SPECIAL)).toEqual({ ok: false, reason: 'closed' })
    expect(checkSlot('2026-12-31T15:00-18:00', GENERAL, BEFORE_CHRISTMAS, SPECIAL)).toEqual({ ok: false, reason: 'outside' })
    expect(checkSlot('2026-12-31T12:00-14:00', GENERAL, BEFORE_CHRISTMAS, SPECIAL)).toMatchObject({ ok: true })
  })

  it('a range closes every day of it; an incomplete entry changes nothing', () => {
    const holidays = [{ from: '2026-12-28', to: '2026-12-30', closed: true }, { from: '2027-01-04' /* neither closed nor hours */ }]
    const dates = new Set(appointmentSlots(GENERAL, BEFORE_CHRISTMAS, { special: holidays }).map((slot) => slot.date))
    expect(['2026-12-28', '2026-12-29', '2026-12-30'].some((date) => dates.has(date))).toBe(false)
    expect(dates.has('2026-12-31')).toBe(true)
    expect(dates.has('2027-01-04')).toBe(true)
  })
})

describe('checkSlot', () => {
  it('accepts an offered slot with its instants in Berlin time (winter and summer)', () => {
    const check = checkSlot('2026-11-30T09:00-12:00', GENERAL, SATURDAY_AFTERNOON)
    expect(check).toMatchObject({ ok: true })
    if (!check.ok) return
    expect(check.startsAt.toISOString()).toBe('2026-11-30T08:00:00.000Z')
    expect(check.endsAt.toISOString()).toBe('2026-11-30T11:00:00.000Z')
  })

  it('refuses the past, closed days, times outside the hours, the far future and garbage', () => {
    expect(checkSlot('2026-11-28T09:00-12:00', GENERAL, SATURDAY_AFTERNOON)).toEqual({ ok: false, reason: 'past' })
    expect(checkSlot('2026-11-27T09:00-12:00', GENERAL, SATURDAY_AFTERNOON)).toEqual({ ok: false, reason: 'past' })
    expect(checkSlot('2026-11-29T09:00-12:00', GENERAL, SATURDAY_AFTERNOON)).toEqual({ ok: false, reason: 'closed' })
    expect(checkSlot('2026-12-25T09:00-12:00', GENERAL, SATURDAY_AFTERNOON)).toEqual({ ok: false, reason: 'closed' })
    expect(checkSlot('2026-11-28T15:00-18:00', GENERAL, SATURDAY_AFTERNOON)).toEqual({ ok: false, reason: 'outside' })
    expect(checkSlot('2026-11-30T07:00-10:00', GENERAL, SATURDAY_AFTERNOON)).toEqual({ ok: false, reason: 'outside' })
    expect(checkSlot('2027-03-01T09:00-12:00', GENERAL, SATURDAY_AFTERNOON)).toEqual({ ok: false, reason: 'far' })
    expect(checkSlot('2026-02-30T09:00-12:00', GENERAL, SATURDAY_AFTERNOON)).toEqual({ ok: false, reason: 'format' })
    expect(checkSlot('morgen früh', GENERAL, SATURDAY_AFTERNOON)).toEqual({ ok: false, reason: 'format' })
  })
})

describe('a window that began today (issue 36)', () => {
  /** Monday 30 November 2026, 09:01 in Berlin. */
  const MONDAY_0901 = new Date('2026-11-30T08:01:00Z')

  it('is offered and accepted while an hour of it is left: at 09:01 the buyer can still come to 09:00–12:00', () => {
    expect(appointmentSlots(GENERAL, MONDAY_0901)[0]?.value).toBe('2026-11-30T09:00-12:00')
    expect(checkSlot('2026-11-30T09:00-12:00', GENERAL, MONDAY_0901)).toMatchObject({ ok: true })
    // At 11:00 sharp an hour is left; the window still stands.
    expect(checkSlot('2026-11-30T09:00-12:00', GENERAL, new Date('2026-11-30T10:00:00Z'))).toMatchObject({ ok: true })
  })

  it('is no longer offered with less than an hour left, but still accepted for half an hour: a page from the cache or a slow form keeps its window', () => {
    const at1101 = new Date('2026-11-30T10:01:00Z')
    expect(appointmentSlots(GENERAL, at1101)[0]?.value).toBe('2026-11-30T12:00-15:00')
    expect(checkSlot('2026-11-30T09:00-12:00', GENERAL, at1101)).toMatchObject({ ok: true })
    expect(checkSlot('2026-11-30T09:00-12:00', GENERAL, new Date('2026-11-30T10:30:00Z'))).toMatchObject({ ok: true })
  })

  it('is refused with the right reason once less than half an hour is left, and as past once it has ended', () => {
    const at1131 = new Date('2026-11-30T10:31:00Z')
    expect(checkSlot('2026-11-30T09:00-12:00', GENERAL, at1131)).toEqual({ ok: false, reason: 'ending' })
    expect(SLOT_MESSAGES.ending).toContain('endet in weniger als einer halben Stunde')
    expect(checkSlot('2026-11-30T09:00-12:00', GENERAL, new Date('2026-11-30T11:00:00Z'))).toEqual({ ok: false, reason: 'past' })
  })
})

describe('windowNamed: the window a confirmation names', () => {
  it('is the window of the value’s date, also one that has ended', () => {
    expect(windowNamed('2026-11-30T09:00-12:00', GENERAL)).toMatchObject({ dayLabel: 'Mo, 30.11.2026', windowLabel: '09:00–12:00 Uhr' })
    expect(windowNamed('2020-11-30T15:00-18:00', GENERAL)).toMatchObject({ value: '2020-11-30T15:00-18:00' })
  })

  it('is none for a value naming no window of the hours: a closed day, another window, no real date, no slot at all', () => {
    for (const value of ['2026-11-29T09:00-12:00', '2026-11-30T10:00-13:00', '2026-02-30T09:00-12:00', '2026-11-30', '']) {
      expect(windowNamed(value, GENERAL)).toBeUndefined()
    }
  })
})
