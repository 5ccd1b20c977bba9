import { defineQuery } from 'groq'
import { type VehicleSearch } from '#app/vehicles/vehicle-search.ts'

/*
 * The GROQ of the inventory list (`/vehicles` and `GET /api/vehicles`). One filter for both, with
 * every criterion switched off by a null parameter, and one sort expression for all five sorts:
 * each `select($sort == …)` key is null for every document unless its sort is chosen, so the
 * unused keys do not reorder anything. `listedAt desc, _id asc` settles ties, so pages never
 * overlap or skip a vehicle.
 *
 * PAGING: GROQ (and groq-js, which the embedded lake and the Sanity test mock use) refuses
 * parameters inside a slice (`[$start...$end]` is a parse error). The queries below are written
 * with the literal slice `[0...24]` of the first page (so typegen types them); `pagedQuery`
 * replaces exactly that slice with one built from two validated, non-negative safe integers, or
 * removes it for the whole list. Nothing from the URL reaches the query text except those two
 * integers; everything else stays a parameter.
 */

/*
 * The free-text search is not GROQ: `match` cannot fold umlauts, know that VW is Volkswagen or rank
 * (search-text.ts, docs/decisions/022). Without a search these queries answer alone; with one, real
 * Sanity gets VEHICLE_SEARCH_CANDIDATES_QUERY (the same filter and order, lean fields), the search
 * ranks in JS, and the page is projected by id (VEHICLE_CARDS_BY_ID_QUERY, VEHICLE_API_BY_ID_QUERY).
 */

/** The vehicles of one page of `/vehicles`, with the total count of matches. */
export const VEHICLE_LIST_QUERY = defineQuery(`{
  "total": count(*[_type == "vehicle" && status != "sold"
    && (!defined($make) || lower(make) == $make)
    && (!defined($fuel) || fuelType == $fuel)
    && (!defined($transmission) || transmission == $transmission)
    && (!defined($body) || lower(bodyType) == $body)
    && (!defined($priceFrom) || price >= $priceFrom)
    && (!defined($priceTo) || price <= $priceTo)
    && (!defined($maxMileage) || mileage <= $maxMileage)
    && (!defined($yearFrom) || coalesce(string::split(firstRegistration, "/")[1], string(year)) >= $yearFrom)
  ]),
  "vehicles": *[_type == "vehicle" && status != "sold"
    && (!defined($make) || lower(make) == $make)
    && (!defined($fuel) || fuelType == $fuel)
    && (!defined($transmission) || transmission == $transmission)
    && (!defined($body) || lower(bodyType) == $body)
    && (!defined($priceFrom) || price >= $priceFrom)
    && (!defined($priceTo) || price <= $priceTo)
    && (!defined($maxMileage) || mileage <= $maxMileage)
    && (!defined($yearFrom) || coalesce(string::split(firstRegistration, "/")[1], string(year)) >= $yearFrom)
  ] | order(
    select($sort == "price-asc" => coalesce(price, 1e12)) asc,
    select($sort == "price-desc" => coalesce(price, -1)) desc,
    select($sort == "mileage" => coalesce(mileage, 1e12)) asc,
    select($sort == "year" => coalesce(string::split(firstRegistration, "/")[1], string(year), "0000")) desc,
    listedAt desc,
    _id asc
  )[0...24]{
    id,
    make,
    model,
    year,
    mileage,
    fuelType,
    transmission,
    price,
    "features": features[0...3],
    "image": select(count(images) > 0 => images[0]{alt, asset->{url, metadata{dimensions{width, height}}}}, externalImages[0]{alt, "asset": {"url": url}})
  }
}`)

/** The same list in the JSON API's source shape (every image and feature; see api-shape.ts). */
export const VEHICLE_API_LIST_QUERY = defineQuery(`{
  "total": count(*[_type == "vehicle" && status != "sold"
    && (!defined($make) || lower(make) == $make)
    && (!defined($fuel) || fuelType == $fuel)
    && (!defined($transmission) || transmission == $transmission)
    && (!defined($body) || lower(bodyType) == $body)
    && (!defined($priceFrom) || price >= $priceFrom)
    && (!defined($priceTo) || price <= $priceTo)
    && (!defined($maxMileage) || mileage <= $maxMileage)
    && (!defined($yearFrom) || coalesce(string::split(firstRegistration, "/")[1], string(year)) >= $yearFrom)
  ]),
  "vehicles": *[_type == "vehicle" && status != "sold"
    && (!defined($make) || lower(make) == $make)
    && (!defined($fuel) || fuelType == $fuel)
    && (!defined($transmission) || transmission == $transmission)
    && (!defined($body) || lower(bodyType) == $body)
    && (!defined($priceFrom) || price >= $priceFrom)
    && (!defined($priceTo) || price <= $priceTo)
    && (!defined($maxMileage) || mileage <= $maxMileage)
    && (!defined($yearFrom) || coalesce(string::split(firstRegistration, "/")[1], string(year)) >= $yearFrom)
  ] | order(
    select($sort == "price-asc" => coalesce(price, 1e12)) asc,
    select($sort == "price-desc" => coalesce(price, -1)) desc,
    select($sort == "mileage" => coalesce(mileage, 1e12)) asc,
    select($sort == "year" => coalesce(string::split(firstRegistration, "/")[1], string(year), "0000")) desc,
    listedAt desc,
    _id asc
  )[0...24]{
    id,
    make,
    model,
    year,
    mileage,
    fuelType,
    transmission,
    price,
    features,
    "images": select(count(images) > 0 => images[]{asset->{url}}, externalImages[]{"asset": {"url": url}})
  }
}`)

/**
 * Every vehicle on sale that passes the filters, in list order, with just the fields the
 * free-text search reads (real Sanity; the embedded lake has them in its index).
 */
export const VEHICLE_SEARCH_CANDIDATES_QUERY = defineQuery(`*[_type == "vehicle" && status != "sold"
    && (!defined($make) || lower(make) == $make)
    && (!defined($fuel) || fuelType == $fuel)
    && (!defined($transmission) || transmission == $transmission)
    && (!defined($body) || lower(bodyType) == $body)
    && (!defined($priceFrom) || price >= $priceFrom)
    && (!defined($priceTo) || price <= $priceTo)
    && (!defined($maxMileage) || mileage <= $maxMileage)
    && (!defined($yearFrom) || coalesce(string::split(firstRegistration, "/")[1], string(year)) >= $yearFrom)
  ] | order(
    select($sort == "price-asc" => coalesce(price, 1e12)) asc,
    select($sort == "price-desc" => coalesce(price, -1)) desc,
    select($sort == "mileage" => coalesce(mileage, 1e12)) asc,
    select($sort == "year" => coalesce(string::split(firstRegistration, "/")[1], string(year), "0000")) desc,
    listedAt desc,
    _id asc
  ){_id, make, model, title, fuelType, transmission, bodyType, color, features, description}`)

/**
 * One page's vehicles by `_id` with the list projections. Both arrays are in `_id` order, so
 * `ids[i]` is the `_id` of `vehicles[i]`; the caller puts them into the ranked order.
 */
export const VEHICLE_CARDS_BY_ID_QUERY = defineQuery(`{
  "ids": *[_type == "vehicle" && _id in $ids] | order(_id asc)._id,
  "vehicles": *[_type == "vehicle" && _id in $ids] | order(_id asc){
    id,
    make,
    model,
    year,
    mileage,
    fuelType,
    transmission,
    price,
    "features": features[0...3],
    "image": select(count(images) > 0 => images[0]{alt, asset->{url, metadata{dimensions{width, height}}}}, externalImages[0]{alt, "asset": {"url": url}})
  }
}`)

export const VEHICLE_API_BY_ID_QUERY = defineQuery(`{
  "ids": *[_type == "vehicle" && _id in $ids] | order(_id asc)._id,
  "vehicles": *[_type == "vehicle" && _id in $ids] | order(_id asc){
    id,
    make,
    model,
    year,
    mileage,
    fuelType,
    transmission,
    price,
    features,
    "images": select(count(images) > 0 => images[]{asset->{url}}, externalImages[]{"asset": {"url": url}})
  }
}`)

/**
 * The projections of the two list queries on their own, for the embedded lake's vehicle index
 * (vehicle-index.server.ts), which filters and sorts in memory and then projects only the page's
 * vehicles: it runs these over a dataset of just those documents, so `*[_type == "vehicle"]` means
 * "these vehicles, in this order". Never run them against the whole lake. The projection text must
 * stay identical to the list queries' (list-queries.test.ts checks it).
 */
export const VEHICLE_CARDS_PROJECTION_QUERY = defineQuery(`*[_type == "vehicle"]{
    id,
    make,
    model,
    year,
    mileage,
    fuelType,
    transmission,
    price,
    "features": features[0...3],
    "image": select(count(images) > 0 => images[0]{alt, asset->{url, metadata{dimensions{width, height}}}}, externalImages[0]{alt, "asset": {"url": url}})
  }`)

export const VEHICLE_API_PROJECTION_QUERY = defineQuery(`*[_type == "vehicle"]{
    id,
    make,
    model,
    year,
    mileage,
    fuelType,
    transmission,
    price,
    features,
    "images": select(count(images) > 0 => images[]{asset->{url}}, externalImages[]{"asset": {"url": url}})
  }`)

/** The `{…}` projection at the end of a query (for the identity check of the projections). */
export function projectionOf(query: string): string {
  const at = query.indexOf('{\n    id,')
  return at === -1 ? '' : query.slice(at, query.indexOf('\n  }', at) + 4)
}

/** The values offered by the filter selects: makes and body types of the vehicles on sale. */
export const VEHICLE_FACETS_QUERY = defineQuery(`{
  "makes": array::unique(*[_type == "vehicle" && status != "sold" && defined(make)].make),
  "bodyTypes": array::unique(*[_type == "vehicle" && status != "sold" && defined(bodyType)].bodyType)
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

/** The query parameters of a state; every criterion not chosen is null (switched off). */
export function vehicleListParams(state: VehicleSearch) {
  return {
    make: state.make?.toLowerCase() ?? null,
    fuel: state.fuel ?? null,
    transmission: state.transmission ?? null,
    body: state.body?.toLowerCase() ?? null,
    priceFrom: state.priceFrom ?? null,
    priceTo: state.priceTo ?? null,
    maxMileage: state.maxMileage ?? null,
    // Compared with the year of `firstRegistration` (MM/YYYY) as text: four digits sort like numbers.
    yearFrom: state.yearFrom === undefined ? null : String(state.yearFrom),
    sort: state.sort,
  }
}

/** The slice of a 1-based page. */
export function pageRange(page: number, perPage: number): { start: number; end: number } {
  const start = (page - 1) * perPage
  return { start, end: start + perPage }
}
