import { data, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { RENAMED_VEHICLE_QUERY } from '#app/sanity/queries/vehicles.ts'
import { type RENAMED_VEHICLE_QUERYResult, type VEHICLE_DETAIL_QUERYResult } from '#app/sanity/types.ts'
import { testDriveSlots } from '#app/submissions/test-drive-slots.ts'
import { CACHE_CONTROL, redirectToPagePath } from '#app/utils/http.server.ts'
import { loadSiteSettings } from '#app/utils/site-settings.server.ts'
import { parseAmount } from '#app/utils/format.ts'
import { readSimilarVehicleCards, readVehicleDetail } from '#app/vehicles/inventory.server.ts'
import { withBadges } from '#app/vehicles/badges.ts'
import { PUBLIC_VEHICLE_ID_PATTERN } from '#schemas/lib/validation.ts'
import { vehicleSearchDescription, vehicleSearchTitle } from './vehicle-facts'
import { effectiveRateOf, financingInputFromParams, withMonthlyRates } from '#app/vehicles/financing.ts'
import { priceHistoryId, priceReduction } from '#app/vehicles/price-history.ts'
import { PRICE_HISTORY_QUERY } from '#app/sanity/queries/alerts.ts'
import { type PRICE_HISTORY_QUERYResult } from '#app/sanity/types.ts'

/** The body of the 404 response; the route's ErrorBoundary shows the page of spec §8. */
export const VEHICLE_NOT_FOUND = 'Fahrzeug nicht gefunden'

export type VehicleDetail = NonNullable<VEHICLE_DETAIL_QUERYResult>

/**
 * The data of /vehicles/{id}: the vehicle (any status: a sold one is shown as sold), similar
 * available vehicles (same make or body type, nearest in price), the financing example's
 * inputs from the query string and the test drive's slots (none for a sold one). Unknown id: a 404 response.
 */
export async function loadVehicleDetail({ request, params, context }: LoaderFunctionArgs) {
  const id = params.id ?? ''
  if (!PUBLIC_VEHICLE_ID_PATTERN.test(id)) throw new Response(VEHICLE_NOT_FOUND, { status: 404 })
  redirectToPagePath(request, `/vehicles/${id}`)
  const vehicle = await readVehicleDetail(context.lake, id)
  if (!vehicle) {
    // A car whose number staff changed keeps its old one: shared links are sent on (decision 099).
    const renamed = await context.lake.fetch<RENAMED_VEHICLE_QUERYResult>(RENAMED_VEHICLE_QUERY, { id })
    if (typeof renamed === 'string' && renamed !== id) throw redirect(`/vehicles/${renamed}${new URL(request.url).search}`, { status: 301 })
    throw new Response(VEHICLE_NOT_FOUND, { status: 404 })
  }
  const price = parseAmount(vehicle.price)
  const now = new Date()
  const [similarCards, settings, history] = await Promise.all([
    readSimilarVehicleCards(context.lake, { id: vehicle.id, make: vehicle.make, bodyType: vehicle.bodyType ?? null, price }),
    // The root loader's read of the settings (the lake answers it once per state, decision 046),
    // not a query of its own: one more query would scan the lake once more per page.
    // Also for a sold car: its similar cards show their „ab N €/Monat“ at the advertised rate (decision 083).
    loadSiteSettings(context.lake),
    // Its price history (issue 38): „Preis gesenkt“ with the 30-day lowest price only (decision 081).
    // Private (a dot in the id, decision 081): recording a price never outdates cached pages by itself.
    vehicle.status === 'sold'
      ? null
      : context.lake.fetch<PRICE_HISTORY_QUERYResult>(PRICE_HISTORY_QUERY, { id: priceHistoryId(vehicle._id) }, { includePrivate: true }),
  ])
  const hours = vehicle.status === 'sold' ? undefined : settings?.openingHours?.find((variant) => variant.key === 'general')?.specs
  // The test drive's slots as of now; a page served from the cache a few minutes later may offer a
  // window that just began, which the server refuses with a field error (docs/decisions/042).
  const slots = hours ? testDriveSlots(hours, now, { special: settings?.specialOpeningHours }) : []
  // Similar vehicles are available ones (a reserved car is no alternative): of the badges only "Neu im Bestand" can show (docs/decisions/052).
  // Their „ab N €/Monat“ at the advertised rate, like every card (decision 083).
  const similar = withMonthlyRates(withBadges(similarCards, now.getTime()), effectiveRateOf(settings))
  const financing = financingInputFromParams(new URL(request.url).searchParams, price ?? 0)
  // The month the page was made in, for facts that depend on the date (the historic plate).
  const today = now.toISOString().slice(0, 7)
  // Only while the history's last price is the one shown: a change not yet recorded shows no badge.
  const reduction = priceReduction(history, now)
  const priceReduced = reduction && price !== null && Math.round(price) === reduction.price ? reduction : undefined
  // How a search result shows the page: made here, so its rules stay out of the browser's bundle.
  const dealer = settings?.dealerName ?? ''
  const searchResult = { title: vehicleSearchTitle(vehicle, dealer), description: vehicleSearchDescription(vehicle, dealer) }
  return data({ vehicle, similar, financing, today, slots, priceReduced, searchResult }, { headers: { 'Cache-Control': CACHE_CONTROL.page } })
}
