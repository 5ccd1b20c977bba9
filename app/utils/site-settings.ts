import { useRouteLoaderData } from '@remix-run/react'
import { type loader as rootLoader } from '#app/root.tsx'
import { type SITE_SETTINGS_QUERYResult } from '#app/sanity/types.ts'

/** The site settings document as SITE_SETTINGS_QUERY returns it (never null once the root loader ran). */
export type SiteSettings = NonNullable<SITE_SETTINGS_QUERYResult>
export type OpeningHoursKey = 'home' | 'general' | 'city' | 'student'
export type OpeningHoursVariant = NonNullable<SiteSettings['openingHours']>[number]

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

/** One of the four opening-hours readings of spec §1 (`general` for most pages and the footer). */
export function openingHoursFor(settings: Pick<SiteSettings, 'openingHours'>, key: OpeningHoursKey): OpeningHoursVariant | undefined {
  return settings.openingHours?.find((variant) => variant.key === key)
}
