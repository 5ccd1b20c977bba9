import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'
import { createOrReplace, patchDocument } from '#app/lake/lake.server.ts'
import { type VEHICLE_API_LIST_QUERYResult, type VEHICLE_LIST_QUERYResult } from '#app/sanity/types.ts'
import {
  readApiVehicles,
  readRenamedVehicleId,
  readSimilarVehicleCards,
  readVehicleDetail,
  readVehicleFacets,
  readVehicleIdsOnSale,
  readVehiclePage,
  searchWithGroq,
} from '#app/vehicles/inventory.server.ts'
import {
  pagedQuery,
  RENAMED_VEHICLE_QUERY,
  SIMILAR_VEHICLES_QUERY,
  VEHICLE_API_BY_ID_QUERY,
  VEHICLE_DETAIL_QUERY,
  VEHICLE_API_LIST_QUERY,
  VEHICLE_CARDS_BY_ID_QUERY,
  VEHICLE_FACETS_QUERY,
  VEHICLE_IDS_ON_SALE_QUERY,
  VEHICLE_LIST_QUERY,
  vehicleListParams,
} from '#app/sanity/queries/vehicles.ts'
import { DEFAULT_EFFECTIVE_RATE_PERCENT, priceRangesForMonthlyRate } from '#app/vehicles/financing.ts'
import { searchWords } from '#app/vehicles/search-text.ts'
import { parseVehicleSearch, VEHICLES_PER_PAGE } from '#app/vehicles/vehicle-search.ts'
import { generateVehicleContent } from '#tests/vehicle-lake.ts'

const STATES = [
  '',
  'search=golf',
  'search=vw%20tsi',
  'search=T6.1',
  'search=steptronic%20bmw',
  'search=%233',
  'search=coup%C3%A9',
  'make=bmw',
  'make=VW&sort=price-desc',
  'fuel=diesel&transmission=manual',
  'body=suv&sort=mileage',
  'body=Coup%C3%A9&sort=year',
  'priceFrom=20000&priceTo=30000&sort=price-asc',
  'priceTo=12000',
  'maxRate=300',
  'maxRate=283&sort=price-asc',
  'search=kombi&maxRate=400',
  'maxMileage=50000&sort=mileage',
  'yearFrom=2020&sort=year',
  'yearFrom=2021&fuel=electric',
  'vat=deductible',
  'vat=deductible&sort=price-asc',
  'search=kombi&vat=deductible',
  'sort=price-asc',
  'sort=price-desc',
  'sort=year',
  'sort=mileage',
  'search=zeppelin',
  'search=volkswagen&sort=price-asc',
  'search=benz&fuel=petrol',
  'search=navi%20kombi&sort=mileage',
  'search=sitzheizung&priceTo=25000',
  'search=elektro&sort=year',
  'search=gro%C3%9Fraum',
  'search=Rueckfahrkamera%20Sitzheizung&sort=price-desc',
]

/*
 * Without a search the index must answer as the list GROQ; with one, as the GROQ path of real
 * Sanity (lean candidates by GROQ, ranked by search-text.ts, page projected by id), here run
 * through groq-js on the same lake.
 */
describe('the embedded vehicle index answers exactly as the GROQ', () => {
  let lake: EmbeddedLake
  let contentDir: string
  let dataDir: string

  beforeAll(async () => {
    contentDir = generateVehicleContent(160, { gaps: true })
    dataDir = await mkdtemp(path.join(tmpdir(), 'vehicle-index-'))
    lake = await EmbeddedLake.open({ contentDir, dataDir })
  })
  afterAll(async () => {
    await lake.close()
    await rm(contentDir, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  })

  it.each(STATES)('same page, order and count for "%s" (cards and API, every page)', async (query) => {
    const { state } = parseVehicleSearch(new URLSearchParams(query))
    // A monthly budget: the price ranges at the default rate (the generated lake has no site settings).
    const params = vehicleListParams(state, state.maxRate === undefined ? undefined : priceRangesForMonthlyRate(state.maxRate, DEFAULT_EFFECTIVE_RATE_PERCENT))
    const words = searchWords(state.search)
    const groqCards: VEHICLE_LIST_QUERYResult =
      words.length > 0
        ? await searchWithGroq(lake, params, words, 'all', VEHICLE_CARDS_BY_ID_QUERY)
        : await lake.fetch(pagedQuery(VEHICLE_LIST_QUERY, 'all'), params)
    const groqApi: VEHICLE_API_LIST_QUERYResult =
      words.length > 0
        ? await searchWithGroq(lake, params, words, 'all', VEHICLE_API_BY_ID_QUERY)
        : await lake.fetch(pagedQuery(VEHICLE_API_LIST_QUERY, 'all'), params)
    if (state.search !== 'zeppelin') expect(groqApi.total).toBeGreaterThan(0)
    const indexedApi = await readApiVehicles(lake, state, 'all')
    expect(indexedApi.total).toBe(groqApi.total)
    expect(indexedApi.vehicles).toEqual(groqApi.vehicles)
    const pages = Math.max(1, Math.ceil(groqCards.total / VEHICLES_PER_PAGE))
    const cards = []
    for (let page = 1; page <= pages; page++) {
      const result = await readVehiclePage(lake, { ...state, page })
      expect(result.total).toBe(groqCards.total)
      cards.push(...result.vehicles)
    }
    expect(cards).toEqual(groqCards.vehicles)
  })

  it('„Erstzulassung: neueste zuerst“ orders by year, then month; a car with only a year comes after that year’s months (visitor review 2026-11-30, M3)', async () => {
    const { state } = parseVehicleSearch(new URLSearchParams('sort=year'))
    const cards: Array<{ firstRegistration?: string | null; year?: number | null }> = []
    for (let page = 1; cards.length === 0 || cards.length < (await readVehiclePage(lake, state)).total; page++) {
      cards.push(...(await readVehiclePage(lake, { ...state, page })).vehicles)
    }
    // [year, month]; month 0 for a car with only a year, so it sorts after that year's months.
    const registered = cards.map(({ firstRegistration, year }) => {
      const [month, registrationYear] = firstRegistration?.split('/') ?? []
      return registrationYear ? [Number(registrationYear), Number(month)] : [year ?? 0, 0]
    })
    let monthsCompared = 0
    registered.slice(1).forEach(([year, month], index) => {
      const [previousYear, previousMonth] = registered[index]!
      expect(
        previousYear! > year! || (previousYear === year && previousMonth! >= month!),
        `${cards[index]!.firstRegistration} before ${cards[index + 1]!.firstRegistration}`,
      ).toBe(true)
      if (previousYear === year && previousMonth !== month) monthsCompared++
    })
    expect(monthsCompared).toBeGreaterThan(3)
  })

  it('the vehicle page: the same vehicle by public id (sold ones too, unknown ones none) and the same similar cars, in the same order', async () => {
    const ids = await lake.fetch<Array<{ id: string; status: string }>>('*[_type == "vehicle"]{id, status}')
    expect(ids.some((vehicle) => vehicle.status === 'sold')).toBe(true)
    let similarFound = 0
    for (const id of [...ids.map((vehicle) => vehicle.id), 'gibt-es-nicht']) {
      const groq = await lake.fetch<Record<string, unknown> | null>(VEHICLE_DETAIL_QUERY, { id })
      const indexed = await readVehicleDetail(lake, id)
      expect(indexed, id).toEqual(groq)
      if (!groq) continue
      const to = { id: groq.id, make: groq.make, bodyType: groq.bodyType ?? null, price: typeof groq.price === 'number' ? groq.price : null }
      const similar = await readSimilarVehicleCards(lake, to)
      expect(similar, `similar to ${id}`).toEqual(await lake.fetch(SIMILAR_VEHICLES_QUERY, to))
      similarFound += similar.length
    }
    expect(similarFound).toBeGreaterThan(ids.length)
  })

  it('same facets', async () => {
    const groq = await lake.fetch<{ makes: string[]; bodyTypes: string[] }>(VEHICLE_FACETS_QUERY)
    const facets = await readVehicleFacets(lake)
    expect(new Set(facets.makes.map((make) => make.toLowerCase()))).toEqual(new Set(groq.makes.map((make) => make.toLowerCase())))
    expect(new Set(facets.bodyTypes)).toEqual(new Set(groq.bodyTypes))
  })

  it('the same ids of the vehicles on sale, in the same order (the alerts watcher’s full scan)', async () => {
    const groq = await lake.fetch<string[]>(VEHICLE_IDS_ON_SALE_QUERY)
    expect(groq.length).toBeGreaterThan(100)
    expect(await readVehicleIdsOnSale(lake)).toEqual(groq)
  })

  it('a former public id: the same car as RENAMED_VEHICLE_QUERY (the first in document order), none for an unknown id; after a write too', async () => {
    // Two cars renamed; the second also claims a former id of the first, and keeps odd entries staff cannot type.
    await patchDocument(lake, 'vehicle-3', { set: { previousIds: ['alt-3', 'alt-geteilt'] } })
    await patchDocument(lake, 'vehicle-7', { set: { previousIds: ['alt-7', 'alt-geteilt', 42, null] } })
    const asked = ['alt-3', 'alt-7', 'alt-geteilt', '42', 'gibt-es-nicht', '3']
    const groq = await Promise.all(asked.map(async (id) => ((await lake.fetch<string | null>(RENAMED_VEHICLE_QUERY, { id })) ?? null) as string | null))
    expect(groq.slice(0, 3).every((id) => typeof id === 'string')).toBe(true)
    expect(await Promise.all(asked.map((id) => readRenamedVehicleId(lake, id)))).toEqual(groq)
    await patchDocument(lake, 'vehicle-3', { unset: ['previousIds'] })
    expect(await readRenamedVehicleId(lake, 'alt-3')).toBeNull()
    expect(await readRenamedVehicleId(lake, 'alt-geteilt')).toBe(await lake.fetch(RENAMED_VEHICLE_QUERY, { id: 'alt-geteilt' }))
    await patchDocument(lake, 'vehicle-7', { unset: ['previousIds'] })
  })

  it('every committed write is visible to the next read (the index is per snapshot)', async () => {
    const state = parseVehicleSearch(new URLSearchParams('search=zeppelin')).state
    expect((await readVehiclePage(lake, state)).total).toBe(0)
    const template = (await lake.fetch<Record<string, unknown>>('*[_id == "vehicle-2"][0]'))!
    await createOrReplace(lake, { ...template, _id: 'vehicle-9001', _type: 'vehicle', id: '9001', model: 'Zeppelin NT', listedAt: '2030-01-01T00:00:00Z' })
    const afterCreate = await readVehiclePage(lake, state)
    expect(afterCreate.vehicles.map((vehicle) => vehicle.id)).toEqual(['9001'])
    // Newest first (vehicles without a listing date come before it, as GROQ orders null in `desc`).
    const newest = (await readVehiclePage(lake, { sort: 'newest', page: 1 })).vehicles.map((vehicle) => vehicle.id)
    expect(newest).toContain('2')
    expect(newest.indexOf('9001')).toBeLessThan(newest.indexOf('2'))

    // A write that changes no car (a page's copy) keeps the sort orders and the search index; the next change of a car is seen.
    await createOrReplace(lake, { _id: 'page-note-1', _type: 'pageNote', text: 'Neue Öffnungszeiten' })
    expect((await readVehiclePage(lake, state)).vehicles.map((vehicle) => vehicle.id)).toEqual(['9001'])
    await patchDocument(lake, 'vehicle-9001', { set: { model: 'Luftschiff' } })
    expect((await readVehiclePage(lake, state)).total).toBe(0)
    expect((await readVehiclePage(lake, { ...state, search: 'Luftschiff' })).vehicles.map((vehicle) => vehicle.id)).toEqual(['9001'])
    await patchDocument(lake, 'vehicle-9001', { set: { model: 'Zeppelin NT' } })

    await patchDocument(lake, 'vehicle-9001', { set: { price: 1 } })
    expect((await readVehiclePage(lake, { sort: 'price-asc', page: 1 })).vehicles[0]).toMatchObject({ id: '9001', price: 1 })

    await patchDocument(lake, 'vehicle-9001', { set: { status: 'sold' } })
    expect((await readVehiclePage(lake, state)).total).toBe(0)
    await lake.mutate([{ delete: { id: 'vehicle-9001' } }])
    expect((await readApiVehicles(lake, state, 'all')).vehicles).toEqual([])
  })
})

describe('similar cars on the seed (visitor review 2026-11-30, L8)', () => {
  it('a Golf (Limousine, 19.900 €) is shown the other limousines first, nearest in price, then the maker’s van: on the index and by GROQ alike', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'similar-'))
    const lake = await EmbeddedLake.open({ contentDir: 'content', dataDir })
    try {
      const golf = { id: '5', make: 'VW', bodyType: 'Limousine', price: 19900 }
      // Tesla Model 3 (32.900 €), Mercedes C 220 d (34.900 €), then VW's T6.1 Transporter (22.900 €), nearer in price but no limousine.
      expect((await readSimilarVehicleCards(lake, golf)).map((card) => card.id)).toEqual(['6', '2', '11'])
      expect((await lake.fetch<Array<{ id: string }>>(SIMILAR_VEHICLES_QUERY, golf)).map((card) => card.id)).toEqual(['6', '2', '11'])
    } finally {
      await lake.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
