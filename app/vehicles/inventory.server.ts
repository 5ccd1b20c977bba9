import { type ContentLake } from '#app/lake/lake.server.ts'
import {
  type VEHICLE_API_BY_ID_QUERYResult,
  type VEHICLE_API_LIST_QUERYResult,
  type VEHICLE_API_PROJECTION_QUERYResult,
  type VEHICLE_CARDS_BY_ID_QUERYResult,
  type VEHICLE_CARDS_PROJECTION_QUERYResult,
  type VEHICLE_FACETS_QUERYResult,
  type VEHICLE_IDS_ON_SALE_QUERYResult,
  type VEHICLE_LIST_QUERYResult,
  type VEHICLE_SEARCH_CANDIDATES_QUERYResult,
  type SIMILAR_VEHICLES_QUERYResult,
  type RENAMED_VEHICLE_QUERYResult,
  type VEHICLE_DETAIL_QUERYResult,
} from '#app/sanity/types.ts'
import {
  pagedQuery,
  pageRange,
  VEHICLE_API_BY_ID_QUERY,
  VEHICLE_API_LIST_QUERY,
  VEHICLE_API_PROJECTION_QUERY,
  VEHICLE_CARDS_BY_ID_QUERY,
  VEHICLE_CARDS_PROJECTION_QUERY,
  VEHICLE_FACETS_QUERY,
  VEHICLE_IDS_ON_SALE_QUERY,
  VEHICLE_LIST_QUERY,
  VEHICLE_SEARCH_CANDIDATES_QUERY,
  vehicleListParams,
  SIMILAR_VEHICLES_QUERY,
  VEHICLE_DETAIL_PROJECTION_QUERY,
  RENAMED_VEHICLE_QUERY,
  VEHICLE_DETAIL_QUERY,
} from '#app/sanity/queries/vehicles.ts'
import { loadSiteSettings } from '#app/utils/site-settings.server.ts'
import { effectiveRateOf, priceRangesForMonthlyRate, withMonthlyRates } from '#app/vehicles/financing.ts'
import { type QueryReading, withReading } from '#app/vehicles/query-reading.ts'
import { rankBySearch, type SearchReport, searchWords, VehicleSearchIndex } from '#app/vehicles/search-text.ts'
import {
  type IndexRange,
  readSimilarVehicles,
  readVehicleByPublicId,
  renamedVehicleId,
  readVehicleIndex,
  type SimilarTo,
  vehicleIndexFacets,
  vehicleIndexIds,
} from '#app/vehicles/vehicle-index.server.ts'
import { type VehicleSearch, VEHICLES_PER_PAGE } from '#app/vehicles/vehicle-search.ts'

/*
 * Reads of the inventory list, shared by `/vehicles` and `GET /api/vehicles`. On real Sanity the
 * GROQ of app/sanity/queries/vehicles.ts does everything; on the embedded lake an in-memory index filters and
 * sorts, and GROQ projects each vehicle once per snapshot: a page's cards as they are first shown,
 * the API's list all at once on its first read (vehicle-index.server.ts, docs/decisions/011).
 *
 * The free-text search is the same on both (search-text.ts, docs/decisions/022): on the embedded
 * lake in its index; on real Sanity one query fetches the lean search fields of every vehicle that
 * passes the other filters, in list order, the search ranks them here, and a second query projects
 * the page's vehicles by id.
 */

export interface VehiclePage<V> {
  total: number
  vehicles: V[]
  page: number
  perPage: number
  /** At least 1 (an empty result is one empty page). */
  pageCount: number
  /** With a search text: how it was read (query-reading.ts) and what the word search corrected. */
  search?: SearchOutcome
}

export interface SearchOutcome extends SearchReport {
  reading: QueryReading
}

function pageOf<V>(result: { total: number; vehicles: V[] }, page: number, perPage: number, search?: SearchOutcome): VehiclePage<V> {
  return {
    total: result.total,
    vehicles: result.vehicles,
    page,
    perPage,
    pageCount: Math.max(1, Math.ceil(result.total / perPage)),
    ...(search ? { search } : {}),
  }
}

/**
 * The state with the limits read from the search text, the lake's parameters, its words and an
 * empty report to fill. A monthly budget becomes price ranges at the advertised rate (the site
 * settings' Kennzahl, read once per content state like the root loader's read), so the lake filters
 * by price and reads no more vehicles than the list does (docs/decisions/083).
 */
async function prepare(lake: ContentLake, requested: VehicleSearch) {
  const { state, reading } = withReading(requested)
  const outcome: SearchOutcome | undefined = requested.search ? { reading, corrections: [], unmatched: [] } : undefined
  const ratePrices = state.maxRate === undefined ? undefined : priceRangesForMonthlyRate(state.maxRate, await readAdvertisedRate(lake))
  return { state, params: vehicleListParams(state, ratePrices), words: searchWords(state.search), outcome }
}

type Range = IndexRange
type ListParams = ReturnType<typeof vehicleListParams>

/**
 * A search through GROQ (real Sanity): rank the lean candidates here, then project the page by id.
 * Exported for the test that holds the embedded index to the same answers.
 */
export async function searchWithGroq<V>(lake: ContentLake, params: ListParams, words: string[], range: Range, byIdQuery: string, report?: SearchReport) {
  const candidates = await lake.fetch<VEHICLE_SEARCH_CANDIDATES_QUERYResult>(VEHICLE_SEARCH_CANDIDATES_QUERY, params)
  const entries = candidates.map((doc, at) => ({ doc, at }))
  const ranked = rankBySearch(new VehicleSearchIndex(candidates), entries.length, entries, (entry) => entry.at, words, report)
  const ids = (range === 'all' ? ranked : ranked.slice(range.start, range.end)).map((entry) => entry.doc._id)
  if (ids.length === 0) return { total: ranked.length, vehicles: [] as V[] }
  const page = await lake.fetch<{ ids: string[]; vehicles: V[] }>(byIdQuery, { ids })
  const byId = new Map(page.ids.map((id, at) => [id, page.vehicles[at]!]))
  // A vehicle deleted between the two queries is left out of the page.
  return { total: ranked.length, vehicles: ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) }
}

/** One page of `/vehicles` (VEHICLES_PER_PAGE cards) and the number of matches. */
export async function readVehiclePage(lake: ContentLake, requested: VehicleSearch) {
  const perPage = VEHICLES_PER_PAGE
  const range = pageRange(requested.page, perPage)
  const { state, params, words, outcome } = await prepare(lake, requested)
  const result: VEHICLE_LIST_QUERYResult = lake.local
    ? await readVehicleIndex<VEHICLE_CARDS_PROJECTION_QUERYResult[number]>(lake.local, params, words, range, VEHICLE_CARDS_PROJECTION_QUERY, {
        report: outcome,
      })
    : words.length > 0
      ? await searchWithGroq<VEHICLE_CARDS_BY_ID_QUERYResult['vehicles'][number]>(lake, params, words, range, VEHICLE_CARDS_BY_ID_QUERY, outcome)
      : await lake.fetch<VEHICLE_LIST_QUERYResult>(pagedQuery(VEHICLE_LIST_QUERY, range), params)
  return pageOf(result, state.page, perPage, outcome)
}

/**
 * The API's list: one page of `perPage` when paged; unpaged the first `limit` matches (the route
 * caps filtered lists, UNPAGED_FILTERED_LIMIT) or every match ('all'); perPage = what was asked
 * for at most. On the embedded lake an unpaged answer is taken from the index's one projection of
 * every vehicle on sale per snapshot (`whole`): no filter value makes a GROQ evaluation of its own.
 * A page (at most MAX_PER_PAGE cars) projects only its cars not projected yet in this snapshot, as
 * /vehicles does: the first paged request after a publish projected all 5,000 (about 200 ms).
 */
export async function readApiVehicles(lake: ContentLake, requested: VehicleSearch, paging: { perPage: number } | { limit: number } | 'all') {
  const range = paging === 'all' ? 'all' : 'limit' in paging ? { start: 0, end: paging.limit } : pageRange(requested.page, paging.perPage)
  const { state, params, words } = await prepare(lake, requested)
  const result: VEHICLE_API_LIST_QUERYResult = lake.local
    ? await readVehicleIndex<VEHICLE_API_PROJECTION_QUERYResult[number]>(lake.local, params, words, range, VEHICLE_API_PROJECTION_QUERY, {
        whole: paging === 'all' || 'limit' in paging,
      })
    : words.length > 0
      ? await searchWithGroq<VEHICLE_API_BY_ID_QUERYResult['vehicles'][number]>(lake, params, words, range, VEHICLE_API_BY_ID_QUERY)
      : await lake.fetch<VEHICLE_API_LIST_QUERYResult>(pagedQuery(VEHICLE_API_LIST_QUERY, range), params)
  if (paging !== 'all' && 'perPage' in paging) return pageOf(result, state.page, paging.perPage)
  return pageOf(result, 1, Math.max(1, paging === 'all' ? result.total : Math.min(paging.limit, result.total)))
}

/**
 * The effective annual rate the site advertises (the site settings' Kennzahl), for the cards' „ab N
 * €/Monat“: the root loader's read of the settings, answered once per content state.
 */
export async function readAdvertisedRate(lake: ContentLake): Promise<number> {
  return effectiveRateOf(await loadSiteSettings(lake))
}

/**
 * Cards with their „ab N €/Monat“ at the advertised rate (withMonthlyRates, decision 083). Here, on
 * the server side of the routes, so a route module does not import the financing code into its chunk.
 */
export async function withAdvertisedRates<V extends { price?: unknown }>(lake: ContentLake, vehicles: readonly V[]) {
  return withMonthlyRates(vehicles, await readAdvertisedRate(lake))
}

export interface VehicleFacets {
  makes: string[]
  bodyTypes: string[]
}

/** Makes and body types present (case-insensitively unique, sorted the German way). */
export async function readVehicleFacets(lake: ContentLake): Promise<VehicleFacets> {
  const result = lake.local ? vehicleIndexFacets(lake.local) : await lake.fetch<VEHICLE_FACETS_QUERYResult>(VEHICLE_FACETS_QUERY)
  return { makes: uniqueSorted(result.makes), bodyTypes: uniqueSorted(result.bodyTypes) }
}

/**
 * The `_id`s of the vehicles on sale (VEHICLE_IDS_ON_SALE_QUERY), for the alerts' watcher's full
 * scan: on the embedded lake from the index the lists build anyway (groq-js took 20–45 ms of this
 * thread for it at 5,000 vehicles after each write).
 */
export async function readVehicleIdsOnSale(lake: ContentLake): Promise<VEHICLE_IDS_ON_SALE_QUERYResult> {
  return lake.local ? vehicleIndexIds(lake.local) : lake.fetch<VEHICLE_IDS_ON_SALE_QUERYResult>(VEHICLE_IDS_ON_SALE_QUERY)
}

function uniqueSorted(values: ReadonlyArray<string | null>): string[] {
  const byKey = new Map<string, string>()
  for (const value of values) {
    const trimmed = value?.trim()
    if (trimmed && !byKey.has(trimmed.toLowerCase())) byKey.set(trimmed.toLowerCase(), trimmed)
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'de'))
}

/**
 * One vehicle by its public id (VEHICLE_DETAIL_QUERY), any status: on the embedded lake from the
 * index's map by public id, projected once per snapshot, instead of a scan of every vehicle per
 * first render (issue 37).
 */
export function readVehicleDetail(lake: ContentLake, id: string): Promise<VEHICLE_DETAIL_QUERYResult> {
  if (lake.local) return readVehicleByPublicId<NonNullable<VEHICLE_DETAIL_QUERYResult>>(lake.local, id, VEHICLE_DETAIL_PROJECTION_QUERY)
  return lake.fetch<VEHICLE_DETAIL_QUERYResult>(VEHICLE_DETAIL_QUERY, { id })
}

/** The public id of the vehicle that once had `id` (RENAMED_VEHICLE_QUERY, decision 099): on the embedded lake from the index, not a scan. */
export async function readRenamedVehicleId(lake: ContentLake, id: string): Promise<string | null> {
  if (lake.local) return renamedVehicleId(lake.local, id)
  const renamed = await lake.fetch<RENAMED_VEHICLE_QUERYResult>(RENAMED_VEHICLE_QUERY, { id })
  return typeof renamed === 'string' ? renamed : null
}

/** Up to three vehicles like `to` (SIMILAR_VEHICLES_QUERY): on the embedded lake from the index, not a scan. */
export function readSimilarVehicleCards(lake: ContentLake, to: SimilarTo): Promise<SIMILAR_VEHICLES_QUERYResult> {
  if (lake.local) return readSimilarVehicles<SIMILAR_VEHICLES_QUERYResult[number]>(lake.local, to, VEHICLE_CARDS_PROJECTION_QUERY)
  return lake.fetch<SIMILAR_VEHICLES_QUERYResult>(SIMILAR_VEHICLES_QUERY, { id: to.id, make: to.make, bodyType: to.bodyType ?? null, price: to.price })
}
