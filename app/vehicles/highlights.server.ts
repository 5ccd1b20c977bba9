import { fetchWithFigures } from '#app/sanity/figures.server.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { SITE_SETTINGS_QUERY } from '#app/sanity/queries/site.ts'
import { VEHICLE_CARDS_PROJECTION_QUERY, VEHICLE_HIGHLIGHTS_QUERY, vehicleListParams } from '#app/sanity/queries/vehicles.ts'
import { type SITE_SETTINGS_QUERYResult, type VEHICLE_HIGHLIGHTS_QUERYResult } from '#app/sanity/types.ts'
import { withBadges } from '#app/vehicles/badges.ts'
import { effectiveRateOf, withMonthlyRates } from '#app/vehicles/financing.ts'
import { readVehicleIndex } from '#app/vehicles/vehicle-index.server.ts'
import { DEFAULT_SORT } from '#app/vehicles/vehicle-search.ts'

/**
 * The home page's newest cars as cards: their badges as of `now` (decision 052) and their „ab N
 * €/Monat“ at the advertised rate (decision 083; the root loader's read of the settings, shared by
 * the lake's memo). A server module of the home route's own, so its chunk takes no financing code.
 */
export async function readVehicleHighlights(lake: ContentLake, now: number) {
  const [vehicles, settings] = await Promise.all([readHighlightCards(lake), fetchWithFigures<SITE_SETTINGS_QUERYResult>(lake, SITE_SETTINGS_QUERY)])
  return withMonthlyRates(withBadges(vehicles, now), effectiveRateOf(settings))
}

/** The list's default order and no filter: the first HIGHLIGHTS cards of /vehicles. */
const FIRST_OF_LIST = vehicleListParams({ sort: DEFAULT_SORT, page: 1 })
const HIGHLIGHTS = 3

/**
 * The newest cars on sale (VEHICLE_HIGHLIGHTS_QUERY, bare cards): also what the page of a car that is gone offers (decision 101).
 * On the embedded lake the first cards of the vehicle index in the list's
 * order, as /vehicles shows them: groq-js sorting 5,000 cars took about 15 ms of the home page's
 * first render after each publish (issue 37 item 3).
 */
export async function readHighlightCards(lake: ContentLake): Promise<VEHICLE_HIGHLIGHTS_QUERYResult> {
  if (!lake.local) return lake.fetch<VEHICLE_HIGHLIGHTS_QUERYResult>(VEHICLE_HIGHLIGHTS_QUERY)
  const { vehicles } = await readVehicleIndex<VEHICLE_HIGHLIGHTS_QUERYResult[number]>(
    lake.local,
    FIRST_OF_LIST,
    [],
    { start: 0, end: HIGHLIGHTS },
    VEHICLE_CARDS_PROJECTION_QUERY,
  )
  return vehicles
}
