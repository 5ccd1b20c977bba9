import { useRouteLoaderData } from '@remix-run/react'
import { type loader as rootLoader } from '#app/root.tsx'
import { type SITE_SETTINGS_QUERYResult } from '#app/sanity/types.ts'
import { type SpecialOpeningDay } from '#schemas/lib/opening-hours.ts'

/** The site settings document as SITE_SETTINGS_QUERY returns it. */
export type StoredSiteSettings = NonNullable<SITE_SETTINGS_QUERYResult>
/**
 * An opening-hours variant with the lines the page shows, derived from its specs by the root loader
 * (site-settings.server.ts); the current special opening hours lead the lines.
 */
export type OpeningHoursVariant = NonNullable<StoredSiteSettings['openingHours']>[number] & { lines: string[] }
/**
 * The site settings as the root loader provides them (never null once it ran): the special opening
 * hours are only those shown today (all variants show them; the structured data lists them with dates).
 */
export type SiteSettings = Omit<StoredSiteSettings, 'openingHours' | 'specialOpeningHours'> & {
  openingHours: OpeningHoursVariant[] | null
  specialOpeningHours: SpecialOpeningDay[]
}
export type OpeningHoursKey = 'home' | 'general' | 'city' | 'student'

/**
 * The site settings loaded by the root route, for any component below it.
 * Throws outside the root route's data (the root ErrorBoundary when the settings are missing):
 * components that can render there use useOptionalSiteSettings().
 */
export function useSiteSettings(): SiteSettings {
  const settings = useOptionalSiteSettings()
  if (!settings) throw new Error('useSiteSettings: the root loader has not provided the site settings')
  return settings
}

/** The site settings, or undefined when the root loader failed. */
export function useOptionalSiteSettings(): SiteSettings | undefined {
  return useRouteLoaderData<typeof rootLoader>('root')?.settings
}

/**
 * The yard's own opening hours (docs/decisions/068): the one variant every live statement („Heute
 * geöffnet bis …“), the footer and the test-drive slots read. The city and student pages' readings
 * of spec §1 are shown as the times we answer the phone, never as a second „open now“.
 */
export const YARD_HOURS: OpeningHoursKey = 'general'

/** The heading a page gives a variant: the yard's hours are „Öffnungszeiten“, the others phone hours. */
export function hoursHeading(variant: Pick<OpeningHoursVariant, 'key'>): string {
  return variant.key === YARD_HOURS ? 'Öffnungszeiten' : 'Telefonisch erreichbar'
}

/**
 * The hours a page shows: the yard's, and the page's own reading (`page.openingHours`) as phone
 * hours when it is another one. Both may be missing in an incomplete lake.
 */
export function pageHours(
  settings: Pick<SiteSettings, 'openingHours'>,
  pageVariant?: OpeningHoursVariant,
): { yard: OpeningHoursVariant | undefined; phone: OpeningHoursVariant | undefined } {
  return { yard: openingHoursFor(settings, YARD_HOURS), phone: pageVariant && pageVariant.key !== YARD_HOURS ? pageVariant : undefined }
}

/** One of the four opening-hours readings of spec §1 (`general` for most pages and the footer). */
export function openingHoursFor(settings: Pick<SiteSettings, 'openingHours'>, key: OpeningHoursKey): OpeningHoursVariant | undefined {
  return settings.openingHours?.find((variant) => variant.key === key)
}
