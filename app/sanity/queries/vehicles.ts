import { defineQuery } from 'groq'
import { type VehicleSearch } from '#app/vehicles/vehicle-search.ts'
import { type PriceRange } from '#app/vehicles/financing.ts'
import {
  IMAGE,
  IMAGE_LQIP_FIELDS,
  SHOWN_EXTERNAL_IMAGES,
  VEHICLE_API,
  VEHICLE_BY_ID,
  VEHICLE_CARD,
  VEHICLE_FILTER,
  VEHICLE_ON_SALE,
  VEHICLE_ORDER,
  VEHICLE_SEARCH_FACTS,
} from './fragments.ts'

/*
 * The GROQ of the vehicles: the inventory list (`/vehicles` and `GET /api/vehicles`), one vehicle
 * (`/vehicles/{id}`, `GET /api/vehicles/{id}`), the home page's highlights and the marketplace sync.
 * The list's filter and order are the fragments VEHICLE_FILTER and VEHICLE_ORDER, its two shapes
 * VEHICLE_CARD and VEHICLE_API (fragments.ts).
 *
 * PAGING: GROQ (and groq-js, which the embedded lake and the Sanity test mock use) refuses
 * parameters inside a slice (`[$start...$end]` is a parse error). The list queries are written
 * with the literal slice `[0...24]` of the first page (so typegen types them); `pagedQuery`
 * replaces exactly that slice with one built from two validated, non-negative safe integers, or
 * removes it for the whole list. Nothing from the URL reaches the query text except those two
 * integers; everything else stays a parameter.
 *
 * The free-text search is not GROQ: `match` cannot fold umlauts, know that VW is Volkswagen or rank
 * (search-text.ts, docs/decisions/022). Without a search the list queries answer alone; with one, real
 * Sanity gets VEHICLE_SEARCH_CANDIDATES_QUERY (the same filter and order, lean fields), the search
 * ranks in JS, and the page is projected by id (VEHICLE_CARDS_BY_ID_QUERY, VEHICLE_API_BY_ID_QUERY).
 */

/** The vehicles of one page of `/vehicles`, with the total count of matches. */
export const VEHICLE_LIST_QUERY = defineQuery(`{
  "total": count(*[${VEHICLE_FILTER}]),
  "vehicles": *[${VEHICLE_FILTER}] | ${VEHICLE_ORDER}[0...24]${VEHICLE_CARD}
}`)

/** The same list in the JSON API's source shape (every image and feature; see api-shape.ts). */
export const VEHICLE_API_LIST_QUERY = defineQuery(`{
  "total": count(*[${VEHICLE_FILTER}]),
  "vehicles": *[${VEHICLE_FILTER}] | ${VEHICLE_ORDER}[0...24]${VEHICLE_API}
}`)

/**
 * Every vehicle on sale that passes the filters, in list order, with just the fields the
 * free-text search reads (real Sanity; the embedded lake has them in its index).
 */
export const VEHICLE_SEARCH_CANDIDATES_QUERY = defineQuery(`*[${VEHICLE_FILTER}] | ${VEHICLE_ORDER}{_id, ${VEHICLE_SEARCH_FACTS}}`)

const BY_IDS = `*[_type == "vehicle" && _id in $ids] | order(_id asc)`

/**
 * One page's vehicles by `_id` with the list shapes. Both arrays are in `_id` order, so
 * `ids[i]` is the `_id` of `vehicles[i]`; the caller puts them into the ranked order.
 */
export const VEHICLE_CARDS_BY_ID_QUERY = defineQuery(`{"ids": ${BY_IDS}._id, "vehicles": ${BY_IDS}${VEHICLE_CARD}}`)

export const VEHICLE_API_BY_ID_QUERY = defineQuery(`{"ids": ${BY_IDS}._id, "vehicles": ${BY_IDS}${VEHICLE_API}}`)

/**
 * The list shapes on their own, for the embedded lake's vehicle index (vehicle-index.server.ts),
 * which filters and sorts in memory and then projects only the page's vehicles: it runs these over
 * a dataset of just those documents, so `*[_type == "vehicle"]` means "these vehicles, in this
 * order". Never run them against the whole lake.
 */
export const VEHICLE_CARDS_PROJECTION_QUERY = defineQuery(`*[_type == "vehicle"]${VEHICLE_CARD}`)

export const VEHICLE_API_PROJECTION_QUERY = defineQuery(`*[_type == "vehicle"]${VEHICLE_API}`)

/** The `_id`s of the vehicles on sale, in document order: the alerts' watcher's full scan (decision 096). */
export const VEHICLE_IDS_ON_SALE_QUERY = defineQuery(`*[${VEHICLE_ON_SALE}]._id`)

/** The values offered by the filter selects: makes and body types of the vehicles on sale. */
export const VEHICLE_FACETS_QUERY = defineQuery(`{
  "makes": array::unique(*[${VEHICLE_ON_SALE} && defined(make)].make),
  "bodyTypes": array::unique(*[${VEHICLE_ON_SALE} && defined(bodyType)].bodyType)
}`)

/**
 * The first three vehicles of the inventory (spec §9), in the order the site lists them (newest
 * first, VEHICLE_ORDER's `listedAt desc, _id asc`; the embedded lake takes them from its vehicle
 * index). The slice is a literal: GROQ (and groq-js) do not allow parameters in slices.
 */
export const VEHICLE_HIGHLIGHTS_QUERY = defineQuery(`*[${VEHICLE_ON_SALE}] | order(listedAt desc, _id asc)[0...3]${VEHICLE_CARD}`)

/**
 * The fields of one vehicle (VEHICLE_DETAIL_QUERY: by its public id, `/vehicles/{id}`) that the detail page and the API
 * show. Sold vehicles are found too (the page says they are sold); drafts never are (published
 * perspective). Own photos first, then the marketplace's that staff did not hide
 * (externalImages: plain URLs, projected to the shape of an image).
 */
const VEHICLE_DETAIL = `{
  _id,
  id,
  title,
  make,
  model,
  year,
  firstRegistration,
  mileage,
  fuelType,
  transmission,
  price,
  bodyType,
  color,
  powerHp,
  powerKw,
  doors,
  seats,
  previousOwners,
  description,
  features,
  consumption{combinedLitersPer100Km, combinedKwhPer100Km, co2GramsPerKm, co2Class, emissionClass},
  vat,
  inspectionDue,
  warranty,
  warrantyMonths,
  accidentFree,
  "images": coalesce(images[]{_key, ${IMAGE_LQIP_FIELDS}}, []) + coalesce(${SHOWN_EXTERNAL_IMAGES}{_key, alt, "asset": {"url": url}}, []),
  status,
  listedAt,
  soldAt,
  source,
  marketplaceUrl
}`

export const VEHICLE_DETAIL_QUERY = defineQuery(`${VEHICLE_BY_ID}${VEHICLE_DETAIL}`)

/** The public id of the vehicle that once had the id `$id` (its `previousIds`, kept when staff changed it, decision 099), if any. */
export const RENAMED_VEHICLE_QUERY = defineQuery(`*[_type == "vehicle" && $id in previousIds][0].id`)

/**
 * The detail shape on its own, for the embedded lake's vehicle index, which finds the vehicle by
 * its public id in a map and projects just that document (vehicle-index.server.ts). Never run it
 * against the whole lake. A plain string: its result is VEHICLE_DETAIL_QUERY's.
 */
export const VEHICLE_DETAIL_PROJECTION_QUERY = `*[_type == "vehicle"]${VEHICLE_DETAIL}`

/**
 * Up to three available vehicles like the given one (same make or same body type): those of its body
 * type first (a Golf's are other compact cars, not the maker's van),
 * each group nearest in price first, then newest. The price distance is squared (GROQ has no abs());
 * vehicles without a price, or a reference vehicle without one, sort by listing date alone. The slice
 * is a literal (groq-js allows no parameters in slices).
 */
export const SIMILAR_VEHICLES_QUERY = defineQuery(`*[
  _type == "vehicle" && status == "available" && id != $id && (make == $make || (defined($bodyType) && bodyType == $bodyType))
] | order(select(defined($bodyType) && bodyType == $bodyType => 0, 1) asc, coalesce((price - $price) * (price - $price), 1e18) asc, listedAt desc)[0...3]${VEHICLE_CARD}`)

/**
 * A saved vehicle as the Merkliste and the comparison show it (issue 38): any status (a sold or
 * reserved car stays on the list and says so), the current price, the facts the comparison lines
 * up, and the first photo as a card shows it.
 */
const SAVED_VEHICLE = `{
  id,
  title,
  make,
  model,
  year,
  firstRegistration,
  mileage,
  fuelType,
  transmission,
  price,
  powerKw,
  powerHp,
  inspectionDue,
  warranty,
  warrantyMonths,
  vat,
  accidentFree,
  status,
  "image": coalesce(images[0]${IMAGE}, ${SHOWN_EXTERNAL_IMAGES}[0]{alt, "asset": {"url": url}})
}`

/** The saved vehicles by public id (`$ids`), in no particular order: the caller keeps the visitor's. */
export const SAVED_VEHICLES_QUERY = defineQuery(`*[_type == "vehicle" && id in $ids]${SAVED_VEHICLE}`)

/** The same shape for the embedded lake's index, which projects one document found by its public id (never run against the whole lake). */
export const SAVED_VEHICLE_PROJECTION_QUERY = `*[_type == "vehicle"]${SAVED_VEHICLE}`

/** The synced vehicles as the lake holds them, to tell new, changed and unchanged ads apart. */
export const SYNCED_VEHICLES_QUERY = defineQuery(
  `*[_type == "vehicle" && source == "mobile.de"]{_id, marketplaceId, marketplaceModifiedAt, marketplaceVanishedAt, status, listedAt}`,
)

/**
 * The synced vehicles on sale after a sync, newest first, in the source shape of the JSON API
 * (app/vehicles/api-shape.ts); images are the dealer's own uploads, else the marketplace photos.
 */
export const SYNCED_LIST_QUERY = defineQuery(`*[${VEHICLE_ON_SALE} && source == "mobile.de"] | order(listedAt desc, _id asc)${VEHICLE_API}`)

/** The outcome of the last marketplace sync (GET /api/vehicles/status). */
export const SYNC_STATE_QUERY = defineQuery(`*[_type == "marketplaceSync" && _id == "marketplaceSync"][0]{
  lastRunAt,
  finishedAt,
  ok,
  message,
  lastSuccessAt,
  counts
}`)

const FIRST_PAGE_SLICE = ')[0...24]{'

/**
 * A list query with the page's slice: `{start, end}` (end exclusive) or 'all'. Throws for anything
 * but two non-negative safe integers with start <= end (see the note on paging above).
 */
export function pagedQuery(query: string, range: { start: number; end: number } | 'all'): string {
  const at = query.indexOf(FIRST_PAGE_SLICE)
  if (at === -1 || query.indexOf(FIRST_PAGE_SLICE, at + 1) !== -1) throw new Error('pagedQuery: the query must contain exactly one first-page slice')
  let slice = ''
  if (range !== 'all') {
    const { start, end } = range
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
      throw new RangeError(`pagedQuery: invalid range ${String(start)}...${String(end)}`)
    }
    slice = `[${start}...${end}]`
  }
  return `${query.slice(0, at)})${slice}{${query.slice(at + FIRST_PAGE_SLICE.length)}`
}

/**
 * The query parameters of a state; every criterion not chosen is null (switched off). `ratePrices`:
 * the „Monatsrate bis“ budget as the price ranges whose advertised rate fits (priceRangesForMonthlyRate,
 * at most two, docs/decisions/083), sent as `[from, to, from, to]`; none fits: an empty range.
 */
export function vehicleListParams(state: VehicleSearch, ratePrices?: readonly PriceRange[]) {
  if (ratePrices && ratePrices.length > 2) throw new RangeError('vehicleListParams: a monthly budget gives at most two price ranges')
  const [first = { from: 1, to: 0 }, second = first] = ratePrices ?? []
  return {
    make: state.make?.toLowerCase() ?? null,
    fuel: state.fuel ?? null,
    transmission: state.transmission ?? null,
    body: state.body?.toLowerCase() ?? null,
    priceFrom: state.priceFrom ?? null,
    priceTo: state.priceTo ?? null,
    ratePrices: ratePrices ? [first.from, first.to, second.from, second.to] : null,
    maxMileage: state.maxMileage ?? null,
    // Compared with the year of `firstRegistration` (MM/YYYY) as text: four digits sort like numbers.
    yearFrom: state.yearFrom === undefined ? null : String(state.yearFrom),
    vat: state.vat ?? null,
    sort: state.sort,
  }
}

/** The slice of a 1-based page. */
export function pageRange(page: number, perPage: number): { start: number; end: number } {
  const start = (page - 1) * perPage
  return { start, end: start + perPage }
}

/** Which of these ids exist: the open drafts of the vehicles a sync changes (read `raw`). */
export const EXISTING_IDS_QUERY = defineQuery(`*[_id in $ids]._id`)

/**
 * The marketplace sync's lease (app/marketplace/sync-lease.server.ts). A plain string, typed where
 * it is read: the lease is a private document of no schema type, so typegen would type it as nothing.
 */
export const SYNC_LEASE_QUERY = `*[_id == $id][0]{_rev, holder, expiresAt}`
