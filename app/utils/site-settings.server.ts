import { currentSpecialOpeningHours, openingHoursLines, specialOpeningHoursLine } from '#schemas/lib/opening-hours.ts'
import { fetchWithFigures } from '#app/sanity/figures.server.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { SITE_SETTINGS_QUERY } from '#app/sanity/queries/site.ts'
import { type SITE_SETTINGS_QUERYResult } from '#app/sanity/types.ts'
import { berlinParts } from '#app/utils/clock.ts'
import { type SiteSettings, type StoredSiteSettings } from '#app/utils/site-settings.ts'

/*
 * Each route reaches its server code through a module of its own: the browser build replaces every
 * `.server` module with an empty stub, and one imported by two routes becomes a shared chunk, an
 * extra script request on every page (docs/decisions/027).
 */

/** The site settings with the Kennzahlen written in, or null when the document is missing. */
export function loadSiteSettings(lake: ContentLake): Promise<SITE_SETTINGS_QUERYResult> {
  return fetchWithFigures<SITE_SETTINGS_QUERYResult>(lake, SITE_SETTINGS_QUERY)
}

/**
 * The site settings as pages use them at `now`: each opening-hours variant with the lines the page
 * shows, derived here on the server from the specs that also feed the structured data (issue 19: one
 * source), so the formatting never ships to the browser. The special opening hours of today's Berlin
 * date (announced ahead, ended ones left out) lead every variant's lines; only they reach the page.
 * Pages cached on one day are not served on the next (docs/decisions/049).
 */
export function siteSettingsForPages(stored: StoredSiteSettings, now: Date): SiteSettings {
  const specialOpeningHours = currentSpecialOpeningHours(stored.specialOpeningHours, berlinParts(now).date)
  const special = specialOpeningHoursLine(specialOpeningHours)
  return {
    ...stored,
    openingHours: stored.openingHours?.map((variant) => ({ ...variant, lines: [...(special ? [special] : []), ...openingHoursLines(variant)] })) ?? null,
    specialOpeningHours,
  }
}
