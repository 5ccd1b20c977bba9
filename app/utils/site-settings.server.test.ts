import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { autoDealer } from '#app/seo/structured-data.ts'
import { openingHoursFor, type SiteSettings, type StoredSiteSettings } from '#app/utils/site-settings.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { loadSiteSettings, siteSettingsForPages } from './site-settings.server'

/*
 * The settings as the root loader hands them to every page, read from the seed and derived at a
 * given instant: the seed's special opening hours (Heiligabend closed, Silvester 09:00–14:00, both
 * announced 14 days ahead) show on their days in Europe/Berlin and end by themselves.
 */

let test: TestLake
let stored: StoredSiteSettings

beforeAll(async () => {
  test = await openTestLake('embedded')
  stored = (await loadSiteSettings(test.lake))!
})
afterAll(() => test.close())

const HEILIGABEND = 'Sonderöffnungszeiten: Do, 24.12. geschlossen (Heiligabend)'
const BOTH = 'Sonderöffnungszeiten: Do, 24.12. geschlossen (Heiligabend); Do, 31.12. 09:00–14:00 Uhr (Silvester)'

/** The lines of every variant: all show the same special hours. */
const firstLines = (settings: SiteSettings) => new Set(settings.openingHours!.map((variant) => variant.lines[0]))

describe('siteSettingsForPages', () => {
  it('shows no special hours before their lead days and the regular lines as derived from the specs', () => {
    const settings = siteSettingsForPages(stored, new Date('2026-11-27T10:00:00Z'))
    expect(settings.specialOpeningHours).toEqual([])
    expect(openingHoursFor(settings, 'general')!.lines).toEqual(['Mo–Fr: 09:00–18:00 Uhr', 'Sa: 09:00–16:00 Uhr', 'So: nach Vereinbarung'])
  })

  it('leads every variant with the special hours from 14 days before, by the Berlin date', () => {
    // 23:30 UTC on 9 December is already 10 December in Berlin: Heiligabend is announced, Silvester not yet.
    expect(siteSettingsForPages(stored, new Date('2026-12-09T22:59:00Z')).specialOpeningHours).toEqual([])
    const announced = siteSettingsForPages(stored, new Date('2026-12-09T23:30:00Z'))
    expect(firstLines(announced)).toEqual(new Set([HEILIGABEND]))
    expect(openingHoursFor(announced, 'general')!.lines).toEqual([HEILIGABEND, 'Mo–Fr: 09:00–18:00 Uhr', 'Sa: 09:00–16:00 Uhr', 'So: nach Vereinbarung'])

    const christmasEve = siteSettingsForPages(stored, new Date('2026-12-24T12:00:00Z'))
    expect(firstLines(christmasEve)).toEqual(new Set([BOTH]))
  })

  it('drops an entry the day after it ended', () => {
    const boxingDay = siteSettingsForPages(stored, new Date('2026-12-25T08:00:00Z'))
    expect(firstLines(boxingDay)).toEqual(new Set(['Sonderöffnungszeiten: Do, 31.12. 09:00–14:00 Uhr (Silvester)']))
    const newYear = siteSettingsForPages(stored, new Date('2026-12-31T23:00:00Z'))
    expect(newYear.specialOpeningHours).toEqual([])
    expect(openingHoursFor(newYear, 'city')!.lines).toEqual(['Mo–Sa: 08:00–20:00 Uhr'])
  })

  it('puts the current special hours into the structured data with their dates, and none once ended', () => {
    const dealer = (settings: SiteSettings) =>
      // A node object (schema-dts also allows a bare string).
      autoDealer({ url: 'https://example.de', settings }, { image: 'https://example.de/a.jpg' }) as { openingHoursSpecification?: unknown }
    const christmasEve = dealer(siteSettingsForPages(stored, new Date('2026-12-24T12:00:00Z')))
    expect(christmasEve.openingHoursSpecification).toEqual([
      // The yard's hours (decision 068), then the dated entries.
      expect.objectContaining({ dayOfWeek: expect.any(Array), opens: '09:00', closes: '18:00' }),
      expect.objectContaining({ dayOfWeek: expect.any(Array), opens: '09:00', closes: '16:00' }),
      { '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: '2026-12-24', validThrough: '2026-12-24' },
      { '@type': 'OpeningHoursSpecification', opens: '09:00', closes: '14:00', validFrom: '2026-12-31', validThrough: '2026-12-31' },
    ])
    const after = dealer(siteSettingsForPages(stored, new Date('2027-01-02T12:00:00Z')))
    expect(JSON.stringify(after.openingHoursSpecification)).not.toContain('validFrom')
  })
})
