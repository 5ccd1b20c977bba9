import { describe, expect, it } from 'vitest'
import { dashboardParams, dashboardWeeks, shareText, weekLabel } from './lead-dashboard-model'

describe('the Anfragen-Übersicht’s weeks and words', () => {
  it('weeks run Monday 00:00 to Monday in Berlin, the current one last, across the change to winter time', () => {
    // Saturday 28 November 2026, 14:00 in Berlin.
    const weeks = dashboardWeeks(new Date('2026-11-28T13:00:00Z'), 6)
    expect(weeks.at(-1)).toEqual({ start: '2026-11-22T23:00:00.000Z', end: '2026-11-29T23:00:00.000Z' })
    // Mon 19 October was still summer time (UTC+2); the week ends at winter time's midnight.
    expect(weeks[0]).toEqual({ start: '2026-10-18T22:00:00.000Z', end: '2026-10-25T23:00:00.000Z' })
    expect(weeks.map((week) => weekLabel(week.start))).toEqual([
      'KW 43 (19.10.)',
      'KW 44 (26.10.)',
      'KW 45 (02.11.)',
      'KW 46 (09.11.)',
      'KW 47 (16.11.)',
      'KW 48 (23.11.)',
    ])
  })

  it('the promise is the Kennzahl in seconds; without one no answer is late', () => {
    const now = new Date('2026-11-28T13:00:00Z')
    expect(dashboardParams({ kind: null, status: null, weeks: 4 }, now, 24)).toMatchObject({
      promiseSeconds: 86_400,
      from: '2026-11-01T23:00:00.000Z',
      to: '2026-11-29T23:00:00.000Z',
    })
    expect(dashboardParams({ kind: 'valuation', status: 'neu', weeks: 4 }, now, null)).toMatchObject({
      kind: 'valuation',
      status: 'neu',
      promiseSeconds: Number.MAX_SAFE_INTEGER,
    })
  })

  it('shares read in German', () => {
    // Intl writes a no-break space before the percent sign.
    expect(shareText(2, 3)).toBe('2 von 3 (67\u00a0%)')
    expect(shareText(0, 0)).toBe('–')
  })
})
