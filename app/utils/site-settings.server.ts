import { openingHoursLines } from '#schemas/lib/opening-hours.ts'
import { type SiteSettings, type StoredSiteSettings } from '#app/utils/site-settings.ts'

/**
 * The site settings as pages use them: each opening-hours variant with the lines the page shows,
 * derived here on the server from the specs that also feed the structured data (issue 19: one
 * source), so the formatting never ships to the browser.
 */
export function siteSettingsForPages(stored: StoredSiteSettings): SiteSettings {
  return { ...stored, openingHours: stored.openingHours?.map((variant) => ({ ...variant, lines: openingHoursLines(variant) })) ?? null }
}
