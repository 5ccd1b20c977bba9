import { fetchWithFigures } from '#app/sanity/figures.server.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { SITE_SETTINGS_QUERY } from '#app/sanity/queries/site.ts'
import { VEHICLE_HIGHLIGHTS_QUERY } from '#app/sanity/queries/vehicles.ts'
import { type SITE_SETTINGS_QUERYResult, type VEHICLE_HIGHLIGHTS_QUERYResult } from '#app/sanity/types.ts'
import { withBadges } from '#app/vehicles/badges.ts'
import { effectiveRateOf, withMonthlyRates } from '#app/vehicles/financing.ts'

/**
 * The home page's newest cars as cards: their badges as of `now` (decision 052) and their „ab N
 * €/Monat“ at the advertised rate (decision 083; the root loader's read of the settings, shared by
 * the lake's memo). A server module of the home route's own, so its chunk takes no financing code.
 */
export async function readVehicleHighlights(lake: ContentLake, now: number) {
  const [vehicles, settings] = await Promise.all([
    lake.fetch<VEHICLE_HIGHLIGHTS_QUERYResult>(VEHICLE_HIGHLIGHTS_QUERY),
    fetchWithFigures<SITE_SETTINGS_QUERYResult>(lake, SITE_SETTINGS_QUERY),
  ])
  return withMonthlyRates(withBadges(vehicles, now), effectiveRateOf(settings))
}
