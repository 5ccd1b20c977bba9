import { describe, expect, it } from 'vitest'
import {
  addCalendarDays,
  currentSpecialOpeningHours,
  dayRanges,
  openingHoursLines,
  openingHoursVariantsRule,
  specialOpeningHoursLine,
  specialOpeningHoursProblem,
  specialOpeningHoursText,
} from './opening-hours'

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

describe('openingHoursVariantsRule', () => {
  const variants = (...keys: string[]) => keys.map((key) => ({ key }))

  it('accepts the four variants once each', () => {
    expect(openingHoursVariantsRule(variants('home', 'general', 'city', 'student'))).toBe(true)
  })

  it('names missing and repeated variants by their German titles, never by their keys', () => {
    const missing = openingHoursVariantsRule(variants('home', 'general', 'city'))
    expect(missing).toBe('Es fehlen Varianten: „Telefonisch erreichbar (Studenten-Seite)“.')
    const repeated = openingHoursVariantsRule(variants('home', 'general', 'city', 'student', 'student'))
    expect(repeated).toBe('Jede Variante darf nur einmal vorkommen (doppelt: „Telefonisch erreichbar (Studenten-Seite)“).')
    expect(`${missing} ${repeated}`).not.toMatch(/\bstudent\b/)
  })
})

describe('special opening hours', () => {
  const heiligabend = { from: '2026-12-24', closed: true, note: 'Heiligabend', leadDays: 14 }
  const silvester = { from: '2026-12-31', closed: false, opens: '09:00', closes: '14:00', note: 'Silvester', leadDays: 14 }

  it('writes a day, a range and special hours in German', () => {
    expect(specialOpeningHoursText(heiligabend)).toBe('Do, 24.12. geschlossen (Heiligabend)')
    expect(specialOpeningHoursText(silvester)).toBe('Do, 31.12. 09:00–14:00 Uhr (Silvester)')
    expect(specialOpeningHoursText({ from: '2026-12-24', to: '2026-12-26', closed: true, note: ' Weihnachten ' })).toBe(
      'Do, 24.12.–Sa, 26.12. geschlossen (Weihnachten)',
    )
    expect(specialOpeningHoursText({ from: '2026-12-24', to: '2026-12-24', closed: true })).toBe('Do, 24.12. geschlossen')
  })

  it('shows an entry from its lead days before its first day through its last day, then no more', () => {
    const entries = [heiligabend]
    expect(currentSpecialOpeningHours(entries, '2026-12-09')).toEqual([])
    expect(currentSpecialOpeningHours(entries, '2026-12-10').map((day) => day.text)).toEqual(['Do, 24.12. geschlossen (Heiligabend)'])
    expect(currentSpecialOpeningHours(entries, '2026-12-24')).toHaveLength(1)
    expect(currentSpecialOpeningHours(entries, '2026-12-25')).toEqual([])
    const range = { from: '2026-07-20', to: '2026-08-02', closed: true, note: 'Betriebsferien', leadDays: 0 }
    expect(currentSpecialOpeningHours([range], '2026-07-19')).toEqual([])
    expect(currentSpecialOpeningHours([range], '2026-08-02')).toEqual([
      {
        from: '2026-07-20',
        through: '2026-08-02',
        closed: true,
        opens: null,
        closes: null,
        note: 'Betriebsferien',
        text: 'Mo, 20.07.–So, 02.08. geschlossen (Betriebsferien)',
      },
    ])
    expect(currentSpecialOpeningHours([range], '2026-08-03')).toEqual([])
  })

  it('lists current entries in date order, announces 14 days ahead without lead days, and leaves out incomplete ones', () => {
    const noLead = { from: '2026-12-31', closed: true }
    const incomplete = [{ from: '2026-12-24', closed: false, note: 'ohne Zeiten' }, { closed: true }, { from: '2026-12-24', to: '2026-12-23', closed: true }]
    const shown = currentSpecialOpeningHours([silvester, ...incomplete, heiligabend, noLead], '2026-12-17')
    expect(shown.map((day) => day.text)).toEqual(['Do, 24.12. geschlossen (Heiligabend)', 'Do, 31.12. 09:00–14:00 Uhr (Silvester)', 'Do, 31.12. geschlossen'])
    expect(currentSpecialOpeningHours([noLead], '2026-12-16')).toEqual([])
    expect(currentSpecialOpeningHours(null, '2026-12-24')).toEqual([])
  })

  it('joins the current entries into one line for the hours lists', () => {
    const shown = currentSpecialOpeningHours([heiligabend, silvester], '2026-12-20')
    expect(specialOpeningHoursLine(shown)).toBe('Sonderöffnungszeiten: Do, 24.12. geschlossen (Heiligabend); Do, 31.12. 09:00–14:00 Uhr (Silvester)')
    expect(specialOpeningHoursLine([])).toBeUndefined()
  })

  it('names what is wrong with an entry', () => {
    expect(specialOpeningHoursProblem(heiligabend)).toBeUndefined()
    expect(specialOpeningHoursProblem(silvester)).toBeUndefined()
    expect(specialOpeningHoursProblem({ closed: true })).toBe('Bitte ein Datum angeben.')
    expect(specialOpeningHoursProblem({ ...heiligabend, to: '2026-12-23' })).toBe('Das Enddatum darf nicht vor dem ersten Tag liegen.')
    expect(specialOpeningHoursProblem({ ...silvester, closes: null })).toMatch(/Öffnungs- und Schließzeit/)
    expect(specialOpeningHoursProblem({ ...silvester, opens: '9:00' })).toMatch(/HH:MM/)
    expect(specialOpeningHoursProblem({ ...silvester, closes: '09:00' })).toMatch(/nach der Öffnungszeit/)
    expect(specialOpeningHoursProblem({ ...heiligabend, note: 'x'.repeat(41) })).toMatch(/40 Zeichen/)
    expect(specialOpeningHoursProblem({ ...heiligabend, leadDays: 61 })).toMatch(/0 bis 60/)
    expect(specialOpeningHoursProblem({ ...heiligabend, leadDays: -1 })).toMatch(/0 bis 60/)
    expect(specialOpeningHoursProblem({ ...heiligabend, leadDays: 60 })).toBeUndefined()
  })

  it('counts calendar days across months, years and the change to summer time', () => {
    expect(addCalendarDays('2026-12-24', -14)).toBe('2026-12-10')
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addCalendarDays('2027-03-28', 1)).toBe('2027-03-29')
  })
})
