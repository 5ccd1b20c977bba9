import { formatDecimal } from '#app/utils/format.ts'
import { readWholeNumber } from '#app/utils/form-rules.ts'
import { BODY_TYPES, FUEL_TYPES, TRANSMISSIONS, type VatKey } from '#schemas/lib/constants.ts'
import { MAX_MILEAGE_KM, MIN_VEHICLE_YEAR, maxVehicleYear } from '#schemas/lib/validation.ts'

/*
 * The state of the inventory list (`/vehicles`, `GET /api/vehicles`) as URL query parameters:
 * parsed from and written back to URLSearchParams, so every result is a shareable, crawlable
 * address and works without JavaScript. Browser-safe (no zod): the page's form uses it too.
 *
 * Parameters (all optional; an empty value counts as absent):
 *   search        free text over make (with aliases), model, title, the German labels of fuel,
 *                 transmission and body type, equipment and description; every word must match;
 *                 ranked (app/vehicles/search-text.ts); intent words such as „Familienauto“, „7-Sitzer“,
 *                 „unfallfrei“ search the buyer facts (search-intents.ts)
 *   make          make, case-insensitive ("marke" is accepted as an alias)
 *   fuel          diesel | petrol | electric | hybrid | gas
 *   transmission  automatic | manual | semi_automatic
 *   body          body type as in the content model, e.g. SUV, Kombi, Coupé (case-insensitive)
 *   priceFrom     minimum price in euros (integer)
 *   priceTo       maximum price in euros (integer)
 *   maxRate       monthly budget in euros (integer): only vehicles whose advertised rate („ab N €/Monat“,
 *                 the vehicle page's representative financing example, app/vehicles/financing.ts) is at
 *                 most this; read as price ranges, so the lake filters by price (docs/decisions/083)
 *   maxMileage    maximum mileage in km (integer)
 *   yearFrom      first registration in or after this year
 *   vat           deductible: only vehicles whose VAT can be shown on the invoice ("MwSt. ausweisbar",
 *                 for business buyers); the filter form's checkbox
 *   sort          newest (default) | price-asc | price-desc | mileage (lowest first) | year (newest first)
 *   page          1-based page number
 *   perPage       page size (API only, 1–100; the page always shows VEHICLES_PER_PAGE)
 *
 * Parsing is tolerant: an unusable value is dropped (the page shows the rest) and reported in
 * `invalid`, so the API can answer 400 with the parameter names while the page never crashes.
 */

/** The inventory's name, as the menu calls it: its breadcrumb on /vehicles and the vehicle pages. */
export const INVENTORY_TITLE = 'Fahrzeuge'

/**
 * The H1 of /vehicles: what buyers search for (the title's words),
 * with the soft hyphen a heading's long word gets (decision 102): at 320 px it broke „GEBRAUCHTWAG|EN“.
 */
export const INVENTORY_HEADING = 'Gebraucht\u00ADwagen in Essen'

export const VEHICLE_SORTS = ['newest', 'price-asc', 'price-desc', 'mileage', 'year'] as const
export type VehicleSort = (typeof VEHICLE_SORTS)[number]
export const DEFAULT_SORT: VehicleSort = 'newest'

export const SORT_LABELS: Record<VehicleSort, string> = {
  newest: 'Neueste zuerst',
  'price-asc': 'Preis aufsteigend',
  'price-desc': 'Preis absteigend',
  mileage: 'Kilometerstand aufsteigend',
  year: 'Erstzulassung: neueste zuerst',
}

/** Results per page of `/vehicles` (a multiple of 2 and 3 for the grid) and the API's default page size. */
export const VEHICLES_PER_PAGE = 12
export const MAX_PER_PAGE = 100
/**
 * At most this many vehicles in an unpaged `GET /api/vehicles` that searches or filters (issue 35
 * item 7): every distinct filter value is an answer of its own, so its
 * size must not grow with the inventory (2 MB at 5,000 vehicles, serialized for each random
 * `priceTo`). The same as the largest page a client may ask for (MAX_PER_PAGE): the capped answer
 * is page 1 at `perPage=100`, `X-Total-Count` tells how many matched, and `Link: rel="next"` names
 * page 2. The unfiltered list stays whole (spec §3: every vehicle on sale), one page-cache entry per sort.
 */
export const UNPAGED_FILTERED_LIMIT = MAX_PER_PAGE
/** Longest free-text search kept; the rest is cut. */
export const MAX_SEARCH_LENGTH = 100
export const MAX_PAGE = 10_000
export const MAX_PRICE = 10_000_000
/** The largest monthly budget read; above it every car would fit. */
export const MAX_MONTHLY_RATE = 100_000

export type FuelKey = (typeof FUEL_TYPES)[number]['value']
export type TransmissionKey = (typeof TRANSMISSIONS)[number]['value']

export interface VehicleSearch {
  search?: string
  make?: string
  fuel?: FuelKey
  transmission?: TransmissionKey
  body?: string
  priceFrom?: number
  priceTo?: number
  /** Monthly budget in euros (the „Monatsrate bis“ filter, or „bis 300 € im Monat“ in the search). */
  maxRate?: number
  maxMileage?: number
  yearFrom?: number
  /** Only 'deductible' is offered (the margin scheme is no buyer's wish); the type names what the field holds. */
  vat?: Extract<VatKey, 'deductible'>
  sort: VehicleSort
  page: number
  /** Only when given in the URL (API paging). */
  perPage?: number
}

export type VehicleSearchParam = keyof VehicleSearch

export interface ParsedVehicleSearch {
  state: VehicleSearch
  /** Parameters whose value was unusable and dropped. */
  invalid: VehicleSearchParam[]
}

const FUEL_KEYS = FUEL_TYPES.map((fuel) => fuel.value)
const TRANSMISSION_KEYS = TRANSMISSIONS.map((transmission) => transmission.value)

function text(params: URLSearchParams, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = params.get(name)?.replace(/\s+/g, ' ').trim()
    if (value) return value
  }
  return undefined
}

function integer(value: string | undefined, min: number, max: number): number | undefined | null {
  if (value === undefined) return undefined
  const number = readWholeNumber(value)
  return number !== null && number >= min && number <= max ? number : null
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined | null {
  if (value === undefined) return undefined
  return allowed.find((key) => key.toLowerCase() === value.toLowerCase()) ?? null
}

/** The inventory state of a URL; never throws. */
export function parseVehicleSearch(params: URLSearchParams, now: Date = new Date()): ParsedVehicleSearch {
  const invalid: VehicleSearchParam[] = []
  const state: VehicleSearch = { sort: DEFAULT_SORT, page: 1 }
  const take = <K extends VehicleSearchParam>(key: K, value: VehicleSearch[K] | undefined | null) => {
    if (value === null) invalid.push(key)
    else if (value !== undefined) state[key] = value
  }

  const search = text(params, 'search', 'q')
  if (search) state.search = search.slice(0, MAX_SEARCH_LENGTH).trim()
  const make = text(params, 'make', 'marke')
  take('make', make === undefined ? undefined : make.length <= 40 ? make : null)
  take('fuel', oneOf(text(params, 'fuel'), FUEL_KEYS))
  take('transmission', oneOf(text(params, 'transmission'), TRANSMISSION_KEYS))
  const body = text(params, 'body')
  // Known body types get their canonical spelling; others (from a marketplace) pass if short.
  take('body', body === undefined ? undefined : (oneOf(body, BODY_TYPES) ?? (body.length <= 40 ? body : null)))
  take('priceFrom', integer(text(params, 'priceFrom'), 0, MAX_PRICE))
  take('priceTo', integer(text(params, 'priceTo'), 0, MAX_PRICE))
  take('maxRate', integer(text(params, 'maxRate'), 1, MAX_MONTHLY_RATE))
  take('maxMileage', integer(text(params, 'maxMileage'), 0, MAX_MILEAGE_KM))
  take('yearFrom', integer(text(params, 'yearFrom'), MIN_VEHICLE_YEAR, maxVehicleYear(now)))
  take('vat', oneOf(text(params, 'vat'), ['deductible'] as const))
  take('sort', oneOf(text(params, 'sort'), VEHICLE_SORTS))
  take('page', integer(text(params, 'page'), 1, MAX_PAGE))
  take('perPage', integer(text(params, 'perPage'), 1, MAX_PER_PAGE))
  return { state, invalid }
}

/**
 * The URL parameters of a state: only what differs from the defaults, in a fixed order, so one
 * state has one address. `parseVehicleSearch(serializeVehicleSearch(s)).state` equals `s`.
 */
export function serializeVehicleSearch(state: Partial<VehicleSearch>): URLSearchParams {
  const params = new URLSearchParams()
  if (state.search) params.set('search', state.search)
  if (state.make) params.set('make', state.make)
  if (state.fuel) params.set('fuel', state.fuel.toLowerCase())
  if (state.transmission) params.set('transmission', state.transmission.toLowerCase())
  if (state.body) params.set('body', state.body)
  if (state.priceFrom !== undefined) params.set('priceFrom', String(state.priceFrom))
  if (state.priceTo !== undefined) params.set('priceTo', String(state.priceTo))
  if (state.maxRate !== undefined) params.set('maxRate', String(state.maxRate))
  if (state.maxMileage !== undefined) params.set('maxMileage', String(state.maxMileage))
  if (state.yearFrom !== undefined) params.set('yearFrom', String(state.yearFrom))
  if (state.vat) params.set('vat', state.vat)
  if (state.sort && state.sort !== DEFAULT_SORT) params.set('sort', state.sort)
  if (state.perPage !== undefined) params.set('perPage', String(state.perPage))
  if (state.page !== undefined && state.page > 1) params.set('page', String(state.page))
  return params
}

/** Whether `GET /api/vehicles` answers one page: only when `page` or `perPage` is given (else the whole list). */
export function isPagedApiList(params: URLSearchParams): boolean {
  return params.has('page') || params.has('perPage')
}

/**
 * The query that stands for every `GET /api/vehicles` asking for the same answer, for the page
 * cache's key (docs/decisions/014): the parsed state written back, so parameters the route does
 * not read (`?z=random`), aliases, spelling and order make no new entry. A paged request names
 * its page and page size (`?page=1` and `?page=1&perPage=12` are one answer, the unpaged list
 * another). Undefined when not kept: a value is unusable (a cheap 400), or the request searches
 * or filters. Filtered answers have a key space without end (`?priceTo=<random>`): kept, each
 * would take one of the LRU's slots and push the site's pages out; computed, each is a filter
 * over the vehicle index's one projected list per content revision and at most
 * UNPAGED_FILTERED_LIMIT vehicles (on real Sanity one query, which its API CDN caches).
 */
export function apiListCacheQuery(params: URLSearchParams, now: Date = new Date()): string | undefined {
  const { state, invalid } = parseVehicleSearch(params, now)
  if (invalid.length > 0 || hasFilters(state)) return undefined
  const query = serializeVehicleSearch({ ...state, page: 1, perPage: undefined })
  if (isPagedApiList(params)) {
    query.set('page', String(state.page))
    query.set('perPage', String(state.perPage ?? VEHICLES_PER_PAGE))
  }
  return query.toString()
}

/** `/vehicles?…` for a state ('/vehicles' for the defaults). */
export function vehicleSearchHref(state: Partial<VehicleSearch>, pathname = '/vehicles'): string {
  const query = serializeVehicleSearch(state).toString()
  return query ? `${pathname}?${query}` : pathname
}

/** Whether any search or filter narrows the list (sort and page do not). */
export function hasFilters(state: VehicleSearch): boolean {
  return Boolean(
    state.search ||
    state.make ||
    state.fuel ||
    state.transmission ||
    state.body ||
    state.priceFrom !== undefined ||
    state.priceTo !== undefined ||
    state.maxRate !== undefined ||
    state.maxMileage !== undefined ||
    state.yearFrom !== undefined ||
    state.vat !== undefined,
  )
}

/**
 * How many searches and filters narrow the list, for the phone's "Filter (2 aktiv)" button:
 * the search text counts as one, each set filter as one (a price range from–to as two); sort and page do not.
 */
export function activeFilterCount(state: VehicleSearch): number {
  const set = [
    state.search,
    state.make,
    state.fuel,
    state.transmission,
    state.body,
    state.priceFrom,
    state.priceTo,
    state.maxRate,
    state.maxMileage,
    state.yearFrom,
    state.vat,
  ]
  return set.filter((value) => value !== undefined && value !== '').length
}

/** '1 Fahrzeug', '24 Fahrzeuge', '1.250 Fahrzeuge' (spec §9: de-DE). */
export function vehicleCountLabel(count: number): string {
  return `${formatDecimal(count)} ${count === 1 ? 'Fahrzeug' : 'Fahrzeuge'}`
}
