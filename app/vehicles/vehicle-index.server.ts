import { type LocalDocuments, type SanityDocument } from '#app/lake/lake.server.ts'
import { type vehicleListParams } from '#app/sanity/queries/vehicles.ts'
import { rankBySearch, type SearchReport, VehicleSearchIndex } from '#app/vehicles/search-text.ts'

/*
 * The inventory list on the embedded lake without scanning 5,000 documents through groq-js per
 * request (docs/decisions/011). groq-js evaluates every filter and sort key of every document
 * asynchronously; the list query took 3–6 s at 5,000 vehicles on this machine. Here:
 *
 * - An index of the vehicles on sale, built once per published snapshot of the lake. The lake
 *   replaces its snapshot array on every committed write, and the index is keyed by that array
 *   (WeakMap), so every mutation invalidates it; nothing can serve stale data.
 * - Filter, sort and count in plain JS, mirroring the GROQ fragments VEHICLE_FILTER and
 *   VEHICLE_ORDER (app/sanity/queries/fragments.ts) term by term (groq-js's total order, nulls
 *   included). vehicle-index.server.test.ts checks the two give identical answers over a
 *   generated lake for many states.
 * - The free-text search (search-text.ts, docs/decisions/022) ranks the filtered, sorted list with
 *   a search index built on the first search after each write.
 * - The projection of the vehicles still runs as GROQ (the same VEHICLE_CARD and VEHICLE_API
 *   fragments), over a dataset of just those vehicles, with the lake's by-id dereference for the
 *   images (LocalDocuments.evaluateOver, counted in the lake's work). Each vehicle is projected at
 *   most once per snapshot and projection: a page of cards projects the cards not yet projected;
 *   the API's list projects every vehicle on sale on its first read, so an API answer for any
 *   filter value is a filter over this array and evaluates nothing (issue 35 item 7).
 *
 * The real Sanity backend does not use this: it evaluates the GROQ itself.
 */

type ListParams = ReturnType<typeof vehicleListParams>

interface IndexedVehicle {
  /** Position in the index (and its search index). */
  at: number
  doc: SanityDocument
  makeLower: string | null
  bodyLower: string | null
  registrationYear: string | null
  /** The „Erstzulassung“ sort's key, `YYYYMM` (VEHICLE_ORDER). */
  registrationMonth: string | null
}

interface VehicleIndex {
  vehicles: IndexedVehicle[]
  /** Built on the first search of this snapshot. */
  search?: VehicleSearchIndex
  /** The lake's index before this one, until this one's search index is made from its (one link, never a chain). */
  previous?: VehicleIndex
  /** The vehicles in each sort's order, sorted on the sort's first use in this snapshot. */
  orders: Map<ListParams['sort'], IndexedVehicle[]>
  /** Per projection query: what this snapshot's vehicles project to. */
  projections: Map<string, Projections>
  /** The vehicles by public id and by former public id; made on first use. */
  publicIds?: PublicIdMaps
  /** Per projection query: each vehicle page's vehicle as projected, by public id (once per snapshot). */
  details: Map<string, Map<string, Promise<unknown>>>
}

interface PublicIdMaps {
  /** Every vehicle by its public id, sold ones too (the first in document order, as `[0]`). */
  byPublicId: Map<string, SanityDocument>
  /** Every vehicle by each of its former public ids (`previousIds`, decision 099; the first in document order). */
  byPreviousId: Map<string, SanityDocument>
}

interface Projections {
  /** By `at`: each vehicle's projection, made at most once (shared by concurrent reads). */
  each: Array<Promise<unknown> | undefined>
  /** Every vehicle's projection, by `at`: once a whole list was asked for. */
  all?: Promise<unknown[]>
}

const indexes = new WeakMap<readonly SanityDocument[], VehicleIndex>()

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null)
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)

/** `coalesce(string::split(firstRegistration, "/")[1], string(year))` */
function registrationYear(doc: SanityDocument): string | null {
  const registration = str(doc.firstRegistration)
  const part = registration?.split('/')[1]
  if (part !== undefined) return part
  const year = doc.year
  if (typeof year === 'number' || typeof year === 'string' || typeof year === 'boolean') return String(year)
  return null
}

/** `coalesce(string::split(firstRegistration, "/")[1] + string::split(firstRegistration, "/")[0], string(year) + "00")` */
function registrationMonth(doc: SanityDocument): string | null {
  const [month, year] = str(doc.firstRegistration)?.split('/') ?? []
  if (year !== undefined) return `${year}${month}`
  const fallback = registrationYear(doc)
  return fallback === null ? null : `${fallback}00`
}

/** A vehicle with the keys the filter and the sorts compare, at position `at`. */
function indexed(doc: SanityDocument, at: number): IndexedVehicle {
  return {
    at,
    doc,
    makeLower: str(doc.make)?.toLowerCase() ?? null,
    bodyLower: str(doc.bodyType)?.toLowerCase() ?? null,
    registrationYear: registrationYear(doc),
    registrationMonth: registrationMonth(doc),
  }
}

function buildIndex(documents: readonly SanityDocument[]): VehicleIndex {
  const vehicles: IndexedVehicle[] = []
  for (const doc of documents) {
    if (doc._type !== 'vehicle' || doc.status === 'sold') continue
    vehicles.push(indexed(doc, vehicles.length))
  }
  return { vehicles, orders: new Map(), projections: new Map(), details: new Map() }
}

/**
 * Whether one car on sale passes the list's filters (VEHICLE_FILTER, as the list applies it on
 * either backend): the alerts' watcher asks it of an arriving car, so a Suchauftrag hears of the
 * cars its search would list.
 */
export function passesListFilter(doc: SanityDocument, params: ListParams): boolean {
  return matches(indexed(doc, 0), params)
}

/** Each lake's latest index, whose sort orders and search index a new snapshot may take over. */
const latest = new WeakMap<LocalDocuments, VehicleIndex>()

function indexOf(lake: LocalDocuments): VehicleIndex {
  const documents = lake.publishedDocuments()
  let index = indexes.get(documents)
  if (!index) {
    index = buildIndex(documents)
    // A write that changed no car on sale (a page's copy, a lead) keeps what depends on those cars
    // alone: the sort orders and the search index (about 15 ms at 5,000 cars). Documents are frozen,
    // so the same objects are the same cars. Projections may read other documents (`->`) and start anew.
    const before = latest.get(lake)
    if (before && sameVehicles(before.vehicles, index.vehicles)) {
      index.vehicles = before.vehicles
      index.orders = before.orders
      index.search = before.search
    } else if (before) {
      // Its search index is where this one's starts from (VehicleSearchIndex.updated).
      index.previous = before
      before.previous = undefined
    }
    indexes.set(documents, index)
    latest.set(lake, index)
  }
  return index
}

function sameVehicles(a: readonly IndexedVehicle[], b: readonly IndexedVehicle[]): boolean {
  return a.length === b.length && a.every((vehicle, at) => vehicle.doc === b[at]!.doc)
}

function matches(vehicle: IndexedVehicle, params: ListParams): boolean {
  const { doc } = vehicle
  if (params.make !== null && vehicle.makeLower !== params.make) return false
  if (params.fuel !== null && doc.fuelType !== params.fuel) return false
  if (params.transmission !== null && doc.transmission !== params.transmission) return false
  if (params.body !== null && vehicle.bodyLower !== params.body) return false
  const price = num(doc.price)
  if (params.priceFrom !== null && !(price !== null && price >= params.priceFrom)) return false
  if (params.priceTo !== null && !(price !== null && price <= params.priceTo)) return false
  const rate = params.ratePrices
  if (rate !== null && !(price !== null && ((price >= rate[0]! && price <= rate[1]!) || (price >= rate[2]! && price <= rate[3]!)))) return false
  const mileage = num(doc.mileage)
  if (params.maxMileage !== null && !(mileage !== null && mileage <= params.maxMileage)) return false
  if (params.yearFrom !== null && !(vehicle.registrationYear !== null && vehicle.registrationYear >= params.yearFrom)) return false
  if (params.vat !== null && doc.vat !== params.vat) return false
  return true
}

type SortValue = number | string | boolean | null

// groq-js's total order: numbers < strings < booleans < everything else (null).
const TYPE_ORDER: Record<string, number> = { number: 2, string: 3, boolean: 4 }

function totalCompare(a: SortValue, b: SortValue): number {
  const aOrder = a === null ? 100 : (TYPE_ORDER[typeof a] ?? 100)
  const bOrder = b === null ? 100 : (TYPE_ORDER[typeof b] ?? 100)
  if (aOrder !== bOrder) return aOrder - bOrder
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b)
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0
  return 0
}

const sortable = (value: unknown): SortValue => (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : null)
const coalesce = (...values: unknown[]): SortValue => sortable(values.find((value) => value !== null && value !== undefined) ?? null)

/** The sort keys of VEHICLE_ORDER: [value, descending]. */
function sortKeys(vehicle: IndexedVehicle, sort: ListParams['sort']): Array<[SortValue, boolean]> {
  const { doc } = vehicle
  const primary: Array<[SortValue, boolean]> =
    sort === 'price-asc'
      ? [[coalesce(doc.price, 1e12), false]]
      : sort === 'price-desc'
        ? [[coalesce(doc.price, -1), true]]
        : sort === 'mileage'
          ? [[coalesce(doc.mileage, 1e12), false]]
          : sort === 'year'
            ? [[coalesce(vehicle.registrationMonth, '000000'), true]]
            : []
  return [...primary, [sortable(doc.listedAt), true], [sortable(doc._id), false]]
}

/** The vehicles in the order of `sort` (VEHICLE_ORDER), sorted once per snapshot and sort. */
function ordered(index: VehicleIndex, sort: ListParams['sort']): IndexedVehicle[] {
  let order = index.orders.get(sort)
  if (!order) {
    const keyed = index.vehicles.map((vehicle) => ({ vehicle, keys: sortKeys(vehicle, sort) }))
    keyed.sort((a, b) => {
      for (let i = 0; i < a.keys.length; i++) {
        const [left, descending] = a.keys[i]!
        const result = totalCompare(left, b.keys[i]![0])
        if (result !== 0) return descending ? -result : result
      }
      return 0
    })
    order = keyed.map(({ vehicle }) => vehicle)
    index.orders.set(sort, order)
  }
  return order
}

/**
 * The matching vehicles in list order: filtered (in the sort's order, which the filter keeps) as
 * the GROQ does, then, with search words (searchWords), only the matches, ranked (best first,
 * list order among equals).
 */
function find(index: VehicleIndex, params: ListParams, words: readonly string[], report?: SearchReport): IndexedVehicle[] {
  const sorted = ordered(index, params.sort).filter((vehicle) => matches(vehicle, params))
  if (words.length === 0) return sorted
  if (!index.search) {
    const documents = index.vehicles.map((vehicle) => vehicle.doc)
    const previous = index.previous
    index.search = previous?.search
      ? VehicleSearchIndex.updated(
          previous.search,
          previous.vehicles.map((vehicle) => vehicle.doc),
          documents,
        )
      : new VehicleSearchIndex(documents)
  }
  index.previous = undefined
  return rankBySearch(index.search, index.vehicles.length, sorted, (vehicle) => vehicle.at, words, report)
}

export type IndexRange = { start: number; end: number } | 'all'

/**
 * One read of the list from the index: the number of matches and the matches in `range`,
 * projected by `projection` (a `*[_type == "vehicle"]{…}` query). `whole`: on its first use in
 * this snapshot every vehicle on sale is projected (one evaluation), so later reads with any
 * filter, search or page evaluate nothing: the API's list, whose unpaged answers once projected
 * every match per distinct filter value. Without it only the range's
 * vehicles not projected yet in this snapshot are (a page of cards: a first read after a write
 * should not pay for 5,000 cards).
 */
export async function readVehicleIndex<V>(
  lake: LocalDocuments,
  params: ListParams,
  words: readonly string[],
  range: IndexRange,
  projection: string,
  { whole = false, report }: { whole?: boolean; report?: SearchReport } = {},
): Promise<{ total: number; vehicles: V[] }> {
  const index = indexOf(lake)
  const found = find(index, params, words, report)
  const slice = range === 'all' ? found : found.slice(range.start, range.end)
  let projections = index.projections.get(projection)
  if (!projections) {
    projections = { each: [] }
    index.projections.set(projection, projections)
  }
  if (whole) {
    const all = (projections.all ??= project(lake, projections, projection, index.vehicles))
    // A failed projection is not kept: the next read tries again.
    all.catch(() => {
      if (projections.all === all) projections.all = undefined
    })
    const values = await all
    return { total: found.length, vehicles: slice.map((vehicle) => values[vehicle.at] as V) }
  }
  return { total: found.length, vehicles: (await project(lake, projections, projection, slice)) as V[] }
}

/** The projections of these vehicles, in their order: those not made yet in one evaluation over just them. */
function project(lake: LocalDocuments, projections: Projections, query: string, vehicles: readonly IndexedVehicle[]): Promise<unknown[]> {
  const { each } = projections
  const missing = vehicles.filter((vehicle) => each[vehicle.at] === undefined)
  if (missing.length > 0) {
    const batch = lake.evaluateOver(
      query,
      missing.map((vehicle) => vehicle.doc),
    ) as Promise<unknown[]>
    const made = missing.map((vehicle, at) => {
      const one = batch.then((list) => list[at])
      each[vehicle.at] = one
      return one
    })
    batch.catch(() => {
      missing.forEach((vehicle, at) => {
        if (each[vehicle.at] === made[at]) each[vehicle.at] = undefined
      })
    })
  }
  return Promise.all(vehicles.map((vehicle) => each[vehicle.at]!))
}

/** The `_id`s of the vehicles on sale in document order (VEHICLE_IDS_ON_SALE_QUERY): no GROQ scan of every vehicle after each write. */
export function vehicleIndexIds(lake: LocalDocuments): string[] {
  return indexOf(lake).vehicles.map((vehicle) => vehicle.doc._id)
}

/** How many vehicles are on sale (`count(*[VEHICLE_ON_SALE])`, the figures' live „Fahrzeuge im Bestand“). */
export function vehicleIndexCount(lake: LocalDocuments): number {
  return indexOf(lake).vehicles.length
}

/** Makes and body types of the vehicles on sale (VEHICLE_FACETS_QUERY), unsorted. */
export function vehicleIndexFacets(lake: LocalDocuments): { makes: string[]; bodyTypes: string[] } {
  const { vehicles } = indexOf(lake)
  const unique = (values: unknown[]) => [...new Set(values.filter((value): value is string => typeof value === 'string'))]
  return { makes: unique(vehicles.map((vehicle) => vehicle.doc.make)), bodyTypes: unique(vehicles.map((vehicle) => vehicle.doc.bodyType)) }
}

/**
 * The vehicle `/vehicles/{id}` shows (VEHICLE_BY_ID: `_type == "vehicle" && id == $id`, the first
 * in document order, any status), from a map made once per snapshot instead of a scan per request.
 */
export function vehicleByPublicId(lake: LocalDocuments, id: string): SanityDocument | undefined {
  return publicIdMaps(lake).byPublicId.get(id)
}

/**
 * The public id of the vehicle that once had `id` (RENAMED_VEHICLE_QUERY: `$id in previousIds`, the
 * first in document order), from a map made once per snapshot: an unknown id, which anyone can send,
 * costs no scan of every vehicle.
 */
export function renamedVehicleId(lake: LocalDocuments, id: string): string | null {
  const renamed = publicIdMaps(lake).byPreviousId.get(id)?.id
  return typeof renamed === 'string' ? renamed : null
}

/** The index's maps by public id and by former public id, made together in one pass over the documents. */
function publicIdMaps(lake: LocalDocuments): PublicIdMaps {
  const index = indexOf(lake)
  if (!index.publicIds) {
    const byPublicId = new Map<string, SanityDocument>()
    const byPreviousId = new Map<string, SanityDocument>()
    for (const doc of lake.publishedDocuments()) {
      if (doc._type !== 'vehicle') continue
      if (typeof doc.id === 'string' && !byPublicId.has(doc.id)) byPublicId.set(doc.id, doc)
      if (!Array.isArray(doc.previousIds)) continue
      for (const previous of doc.previousIds) if (typeof previous === 'string' && !byPreviousId.has(previous)) byPreviousId.set(previous, doc)
    }
    index.publicIds = { byPublicId, byPreviousId }
  }
  return index.publicIds
}

/**
 * The vehicle with this public id projected by `projection` (a `*[_type == "vehicle"]{…}` query),
 * null when there is none: one evaluation over that one document, once per snapshot.
 */
export function readVehicleByPublicId<V>(lake: LocalDocuments, id: string, projection: string): Promise<V | null> {
  const index = indexOf(lake)
  let details = index.details.get(projection)
  if (!details) {
    details = new Map()
    index.details.set(projection, details)
  }
  let detail = details.get(id)
  if (!detail) {
    const doc = vehicleByPublicId(lake, id)
    detail = doc ? lake.evaluateOver(projection, [doc]).then((list) => (list as unknown[])[0] ?? null) : Promise.resolve(null)
    const made = detail
    details.set(id, made)
    // A failed projection is not kept: the next read tries again.
    made.catch(() => details.get(id) === made && details.delete(id))
  }
  return detail as Promise<V | null>
}

/** GROQ's `==` on the values these filters compare: null equals null, scalars by type and value, nothing else. */
function groqEquals(a: unknown, b: unknown): boolean {
  const left = a ?? null
  const right = b ?? null
  if (left === null || right === null) return left === right
  return (typeof left === 'string' || typeof left === 'number' || typeof left === 'boolean') && left === right
}

/** The reference vehicle of SIMILAR_VEHICLES_QUERY: its parameters as the vehicle page passes them. */
export interface SimilarTo {
  id: unknown
  make: unknown
  bodyType: unknown
  price: number | null | undefined
}

/**
 * SIMILAR_VEHICLES_QUERY from the index: available vehicles other than `to` with its make or (if
 * it has one) its body type, those of its body type first, each group nearest in price first
 * (squared distance; without a price on either side 1e18), then newest, the first `limit`,
 * projected by `projection` (once per vehicle and snapshot, shared with the list's cards). Term by term as the GROQ, groq-js's order included
 * (vehicle-index.server.test.ts compares the two).
 */
export async function readSimilarVehicles<V>(lake: LocalDocuments, to: SimilarTo, projection: string, limit = 3): Promise<V[]> {
  const index = indexOf(lake)
  const price = typeof to.price === 'number' ? to.price : null
  const keyed: Array<{ vehicle: IndexedVehicle; otherBody: number; distance: number; listedAt: SortValue }> = []
  for (const vehicle of index.vehicles) {
    const { doc } = vehicle
    if (doc.status !== 'available' || groqEquals(doc.id, to.id)) continue
    const sameBody = to.bodyType !== null && to.bodyType !== undefined && groqEquals(doc.bodyType, to.bodyType)
    if (!groqEquals(doc.make, to.make) && !sameBody) continue
    const distance = typeof doc.price === 'number' && price !== null ? (doc.price - price) * (doc.price - price) : 1e18
    keyed.push({ vehicle, otherBody: sameBody ? 0 : 1, distance, listedAt: sortable(doc.listedAt) })
  }
  keyed.sort((a, b) => a.otherBody - b.otherBody || a.distance - b.distance || -totalCompare(a.listedAt, b.listedAt))
  let projections = index.projections.get(projection)
  if (!projections) {
    projections = { each: [] }
    index.projections.set(projection, projections)
  }
  return (await project(
    lake,
    projections,
    projection,
    keyed.slice(0, limit).map(({ vehicle }) => vehicle),
  )) as V[]
}
