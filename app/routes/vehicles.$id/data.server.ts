import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { type SIMILAR_VEHICLES_QUERYResult, type VEHICLE_DETAIL_QUERYResult } from '#app/sanity/types.ts'
import { appointmentSlots, windowNamed } from '#app/submissions/appointment-slots.ts'
import { SENT } from '#app/submissions/forms.ts'
import { CACHE_CONTROL, redirectToPagePath } from '#app/utils/http.server.ts'
import { loadSiteSettings } from '#app/utils/site-settings.server.ts'
import { parseAmount } from '#app/utils/format.ts'
import { readRenamedVehicleId, readSimilarVehicleCards, readVehicleDetail } from '#app/vehicles/inventory.server.ts'
import { type BadgeFacts, withBadges } from '#app/vehicles/badges.ts'
import { readHighlightCards } from '#app/vehicles/highlights.server.ts'
import { LIST_RETURN_PARAM } from '#app/vehicles/list-return.ts'
import { describeSearch } from '#app/vehicles/query-reading.ts'
import { INVENTORY_TITLE, parseVehicleSearch } from '#app/vehicles/vehicle-search.ts'
import { type SimilarTo } from '#app/vehicles/vehicle-index.server.ts'
import { PUBLIC_VEHICLE_ID_PATTERN } from '#schemas/lib/validation.ts'
import { pageStructuredData } from '#app/seo/page-graph.ts'
import { absoluteUrl, car } from '#app/seo/structured-data.ts'
import { buyerFacts, netPriceLabel, vehicleName, vehicleSearchDescription, vehicleSearchTitle } from './vehicle-facts'
import { effectiveRateOf, financingInputFromParams, withMonthlyRates } from '#app/vehicles/financing.ts'
import { priceHistoryId, priceReduction } from '#app/vehicles/price-history.ts'
import { PRICE_HISTORY_QUERY } from '#app/sanity/queries/alerts.ts'
import { type PRICE_HISTORY_QUERYResult } from '#app/sanity/types.ts'

export type VehicleDetail = NonNullable<VEHICLE_DETAIL_QUERYResult>

/**
 * The cars a page offers instead of its own or one that is gone: like it (`similar`), or, where
 * nothing is like it or nothing is known of it, the newest on sale (`newest`).
 */
export type Alternatives = 'similar' | 'newest'

/** The body of the 404 of an unknown id: the way on from a car that is gone (decision 101). */
export interface VehicleNotFoundData {
  vehicles: ReturnType<typeof withAlternativeRates<SIMILAR_VEHICLES_QUERYResult[number]>>
  alternatives: Alternatives
  /** What a Suchauftrag would watch for: the search the link came from, '' when nothing is known. */
  query: string
}

/** Similar cars (SIMILAR_VEHICLES_QUERY, or the vehicle index) when there is something to be like, else the newest three. */
async function readAlternatives(lake: ContentLake, like: SimilarTo | undefined) {
  const similar = like ? await readSimilarVehicleCards(lake, like) : []
  if (similar.length > 0) return { cards: similar, alternatives: 'similar' as const }
  return { cards: await readHighlightCards(lake), alternatives: 'newest' as const }
}

/** Cards as every card shows them: badges as of `now` (decision 052), „ab N €/Monat“ at the advertised rate (decision 083). */
function withAlternativeRates<V extends BadgeFacts & { price?: unknown }>(
  cards: readonly V[],
  settings: Awaited<ReturnType<typeof loadSiteSettings>>,
  now: Date,
) {
  return withMonthlyRates(withBadges(cards, now.getTime()), effectiveRateOf(settings))
}

/**
 * The 404 of an unknown id with the way on (decision 101): cars like the list the link came from
 * (its `from` parameter: make or body type, price up to), else the newest; and that search for a
 * Suchauftrag. Thrown as data, so the route's ErrorBoundary shows them with the status kept.
 */
async function vehicleNotFound(request: Request, lake: ContentLake) {
  const from = new URL(request.url).searchParams.get(LIST_RETURN_PARAM)
  const state = from ? parseVehicleSearch(new URLSearchParams(from)).state : undefined
  const like = state?.make || state?.body ? { id: null, make: state.make ?? null, bodyType: state.body ?? null, price: state.priceTo ?? null } : undefined
  const [{ cards, alternatives }, settings] = await Promise.all([readAlternatives(lake, like), loadSiteSettings(lake)])
  const query = state ? describeSearch(state) : ''
  const body: VehicleNotFoundData = { vehicles: withAlternativeRates(cards, settings, new Date()), alternatives, query }
  return data(body, { status: 404 })
}

/**
 * The data of /vehicles/{id}: the vehicle (any status: a sold one is shown as sold), similar
 * available vehicles (same make or body type, nearest in price), the financing example's
 * inputs from the query string and the test drive's slots (none for a sold one). Unknown id: a 404 response.
 */
export async function loadVehicleDetail({ request, params, context }: LoaderFunctionArgs) {
  const id = params.id ?? ''
  if (!PUBLIC_VEHICLE_ID_PATTERN.test(id)) throw await vehicleNotFound(request, context.lake)
  const vehicle = await readVehicleDetail(context.lake, id)
  // A car whose number staff changed keeps its old one: shared links are sent on (decision 099), in
  // one redirect from any spelling of the old address (`/Vehicles/105/` straight to `/vehicles/5`).
  const currentId = vehicle ? id : ((await readRenamedVehicleId(context.lake, id)) ?? id)
  redirectToPagePath(request, `/vehicles/${currentId}`)
  if (!vehicle) throw await vehicleNotFound(request, context.lake)
  const url = new URL(request.url)
  const price = parseAmount(vehicle.price)
  const now = new Date()
  const sold = vehicle.status === 'sold'
  const like = { id: vehicle.id, make: vehicle.make, bodyType: vehicle.bodyType ?? null, price }
  const [{ cards: similarCards, alternatives }, settings, history] = await Promise.all([
    // A sold car's page is a way on too (decision 101): without a similar car, the newest ones.
    sold ? readAlternatives(context.lake, like) : readSimilarVehicleCards(context.lake, like).then((cards) => ({ cards, alternatives: 'similar' as const })),
    // The root loader's read of the settings (the lake answers it once per state, decision 046),
    // not a query of its own: one more query would scan the lake once more per page.
    // Also for a sold car: its similar cards show their „ab N €/Monat“ at the advertised rate (decision 083).
    loadSiteSettings(context.lake),
    // Its price history (issue 38): „Preis gesenkt“ with the 30-day lowest price only (decision 081).
    // Private (a dot in the id, decision 081): recording a price never outdates cached pages by itself.
    sold ? null : context.lake.fetch<PRICE_HISTORY_QUERYResult>(PRICE_HISTORY_QUERY, { id: priceHistoryId(vehicle._id) }, { includePrivate: true }),
  ])
  const hours = sold ? undefined : settings?.openingHours?.find((variant) => variant.key === 'general')?.specs
  // The test drive's slots as of now; a page served from the cache a few minutes later may offer a
  // window that just began, which the server refuses with a field error (docs/decisions/042).
  const slots = hours ? appointmentSlots(hours, now, { special: settings?.specialOpeningHours }) : []
  // The slot a confirmation without JavaScript names (`termin`): accepted up to half an hour before its
  // end, it may be one no longer offered when the confirmation page is made.
  const sentSlotValue = url.searchParams.get(SENT.lead.slotParam)
  const sentSlot = hours && sentSlotValue ? windowNamed(sentSlotValue, hours, settings?.specialOpeningHours) : undefined
  // Similar vehicles are available ones (a reserved car is no alternative): of the badges only "Neu im Bestand" can show (docs/decisions/052).
  // Their „ab N €/Monat“ at the advertised rate, like every card (decision 083).
  const similar = withAlternativeRates(similarCards, settings, now)
  const financing = financingInputFromParams(url.searchParams, price ?? 0)
  // The month the page was made in, for facts that depend on the date (the historic plate).
  const today = now.toISOString().slice(0, 7)
  // What buyers check before they call, by the price, and the net price: made here, so their rules stay out of the browser's bundle.
  const facts = buyerFacts(vehicle, today, sold ? null : settings?.claims?.freeDeliveryKm)
  const netPrice = sold ? null : netPriceLabel(vehicle.vat, price)
  // Only while the history's last price is the one shown: a change not yet recorded shows no badge.
  const reduction = priceReduction(history, now)
  const priceReduced = reduction && price !== null && Math.round(price) === reduction.price ? reduction : undefined
  // How a search result shows the page: made here, so its rules stay out of the browser's bundle.
  const dealer = settings?.dealerName ?? ''
  const searchResult = { title: vehicleSearchTitle(vehicle, dealer), description: vehicleSearchDescription(vehicle, dealer) }
  // Its breadcrumbs and schema.org Car for the head's JSON-LD, made here for the same reason (decisions 101, 120).
  const siteUrl = new URL(context.env.SITE_URL).origin
  const name = vehicleName(vehicle)
  const path = `/vehicles/${encodeURIComponent(vehicle.id)}`
  const structuredData = pageStructuredData(
    context,
    [
      { name: INVENTORY_TITLE, path: '/vehicles' },
      { name, path },
    ],
    settings ? [car({ url: siteUrl, settings: { dealerName: dealer } }, vehicle, { name, url: absoluteUrl(siteUrl, path) })] : [],
  )
  return data(
    { vehicle, similar, alternatives, financing, today, facts, netPrice, slots, sentSlot, priceReduced, searchResult, structuredData },
    { headers: { 'Cache-Control': CACHE_CONTROL.page } },
  )
}
