import { describe, expect, test } from 'vitest'
import {
  activeFilterCount,
  hasFilters,
  parseVehicleSearch,
  serializeVehicleSearch,
  vehicleCountLabel,
  type VehicleSearch,
  vehicleSearchHref,
} from './vehicle-search'

const now = new Date('2026-06-01T12:00:00Z')
const parse = (query: string) => parseVehicleSearch(new URLSearchParams(query), now)

describe('parseVehicleSearch', () => {
  test('no parameters: newest first, page 1, nothing filtered', () => {
    expect(parse('')).toEqual({ state: { sort: 'newest', page: 1 }, invalid: [] })
    expect(hasFilters(parse('').state)).toBe(false)
  })

  test('reads every parameter', () => {
    const { state, invalid } = parse(
      'search=%20Golf%20%20TSI%20&make=VW&fuel=petrol&transmission=MANUAL&body=kombi&priceFrom=5.000&priceTo=20000&maxMileage=100000&yearFrom=2019&vat=deductible&sort=price-asc&page=3&perPage=50',
    )
    expect(invalid).toEqual([])
    expect(state).toEqual({
      search: 'Golf TSI',
      make: 'VW',
      fuel: 'PETROL',
      transmission: 'MANUAL',
      body: 'Kombi',
      priceFrom: 5000,
      priceTo: 20000,
      maxMileage: 100000,
      yearFrom: 2019,
      vat: 'deductible',
      sort: 'price-asc',
      page: 3,
      perPage: 50,
    })
    expect(hasFilters(state)).toBe(true)
  })

  test('amounts as Germans type them into the filters: grouped, with the unit, with cents', () => {
    expect(parse('priceTo=20.000,00+%E2%82%AC&maxMileage=85.000+km&maxRate=299,50').state).toMatchObject({
      priceTo: 20_000,
      maxMileage: 85_000,
      maxRate: 300,
    })
  })

  test('accepts the German alias "marke" and "q" for the search', () => {
    expect(parse('marke=Audi&q=avant').state).toMatchObject({ make: 'Audi', search: 'avant' })
  })

  test('empty values (an unfilled GET form) count as absent', () => {
    expect(parse('search=&make=&fuel=&transmission=&body=&priceFrom=&priceTo=&maxMileage=&yearFrom=&vat=&sort=newest')).toEqual({
      state: { sort: 'newest', page: 1 },
      invalid: [],
    })
  })

  test.each([
    ['fuel=kerosene', 'fuel'],
    ['transmission=cvt', 'transmission'],
    ['priceFrom=-5', 'priceFrom'],
    ['priceTo=viel', 'priceTo'],
    ['priceTo=1e9', 'priceTo'],
    ['maxRate=0', 'maxRate'],
    ['maxRate=300.5', 'maxRate'],
    ['maxMileage=99999999', 'maxMileage'],
    ['yearFrom=1800', 'yearFrom'],
    ['yearFrom=2030', 'yearFrom'],
    ['sort=random', 'sort'],
    // Only "MwSt. ausweisbar" is a filter; the margin scheme is not something buyers look for.
    ['vat=margin', 'vat'],
    ['vat=1', 'vat'],
    ['page=0', 'page'],
    ['page=2.5', 'page'],
    ['page=999999', 'page'],
    ['perPage=1000', 'perPage'],
    [`make=${'x'.repeat(41)}`, 'make'],
  ])('junk %s is dropped and reported', (query, param) => {
    const { state, invalid } = parse(query)
    expect(invalid).toEqual([param])
    expect(state).toEqual({ sort: 'newest', page: 1 })
  })

  test('never throws, whatever the URL holds', () => {
    for (const query of ['%%%', 'page=%00', 'search=' + '€'.repeat(500), 'sort[]=1&page=1&page=2', 'body=<script>', 'priceFrom=1.2.3']) {
      expect(() => parse(query)).not.toThrow()
    }
    expect(parse('search=' + 'a'.repeat(500)).state.search).toHaveLength(100)
    expect(parse('body=Pick-up').state.body).toBe('Pick-up')
  })
})

describe('serializeVehicleSearch', () => {
  test('writes only what differs from the defaults, in a fixed order', () => {
    expect(serializeVehicleSearch({ sort: 'newest', page: 1 }).toString()).toBe('')
    expect(vehicleSearchHref({ sort: 'newest', page: 1 })).toBe('/vehicles')
    expect(vehicleSearchHref({ page: 2, sort: 'mileage', fuel: 'DIESEL', search: 'golf' })).toBe('/vehicles?search=golf&fuel=diesel&sort=mileage&page=2')
  })

  test('round trip: parse(serialize(state)) is the state', () => {
    const states: VehicleSearch[] = [
      { sort: 'newest', page: 1 },
      { search: 'C 220 d', make: 'Mercedes-Benz', sort: 'price-desc', page: 4 },
      {
        fuel: 'ELECTRIC',
        transmission: 'SEMI_AUTOMATIC',
        body: 'Coupé',
        priceFrom: 0,
        priceTo: 12500,
        maxRate: 300,
        maxMileage: 50000,
        yearFrom: 2020,
        vat: 'deductible',
        sort: 'year',
        page: 1,
      },
      { search: 'Grüße & Co. 100%', sort: 'mileage', page: 2, perPage: 10 },
    ]
    for (const state of states) {
      const query = serializeVehicleSearch(state).toString()
      expect(parse(query)).toEqual({ state, invalid: [] })
    }
  })
})

test('"MwSt. ausweisbar" counts as one active filter and has its place in the address', () => {
  const { state } = parse('vat=deductible')
  expect(hasFilters(state)).toBe(true)
  expect(activeFilterCount(state)).toBe(1)
  expect(vehicleSearchHref({ ...state, make: 'BMW', page: 2 })).toBe('/vehicles?make=BMW&vat=deductible&page=2')
})

test('vehicleCountLabel: German singular and plural', () => {
  expect(vehicleCountLabel(0)).toBe('0 Fahrzeuge')
  expect(vehicleCountLabel(1)).toBe('1 Fahrzeug')
  expect(vehicleCountLabel(24)).toBe('24 Fahrzeuge')
  expect(vehicleCountLabel(5000)).toBe('5.000 Fahrzeuge')
})

test('„Monatsrate bis“ (issue 38 item 3) counts as one active filter and has its place in the address', () => {
  const { state } = parse('maxRate=300')
  expect(state.maxRate).toBe(300)
  expect(hasFilters(state)).toBe(true)
  expect(activeFilterCount(state)).toBe(1)
  expect(vehicleSearchHref({ ...state, priceTo: 20000, maxMileage: 50000 })).toBe('/vehicles?priceTo=20000&maxRate=300&maxMileage=50000')
})
