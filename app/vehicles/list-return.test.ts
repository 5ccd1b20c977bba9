import { describe, expect, test } from 'vitest'
import { LIST_RETURN_PARAM, listReturnHref, listReturnSearch } from './list-return'
import { activeFilterCount, parseVehicleSearch } from './vehicle-search'

const count = (query: string) => activeFilterCount(parseVehicleSearch(new URLSearchParams(query), new Date('2026-06-01T12:00:00Z')).state)

describe('activeFilterCount', () => {
  test('nothing set, or only sort and page: 0', () => {
    expect(count('')).toBe(0)
    expect(count('sort=price-asc&page=2')).toBe(0)
  })

  test('the search text counts as one, each set filter as one', () => {
    expect(count('search=golf%20tsi')).toBe(1)
    expect(count('fuel=diesel&make=BMW')).toBe(2)
    expect(
      count('search=kombi&make=VW&fuel=petrol&transmission=manual&body=Kombi&priceFrom=5000&priceTo=20000&maxMileage=100000&yearFrom=2019&sort=year&page=3'),
    ).toBe(9)
  })

  test('dropped junk and empty fields do not count', () => {
    expect(count('fuel=kerosene&priceFrom=abc&search=%20%20&make=')).toBe(0)
  })
})

describe('listReturnSearch', () => {
  test('the plain first page adds nothing, so those vehicle links stay clean', () => {
    expect(listReturnSearch({ sort: 'newest', page: 1 })).toBe('')
  })

  test('a narrowed or later list travels as one encoded parameter, without the API page size', () => {
    expect(listReturnSearch({ sort: 'price-asc', page: 2, fuel: 'DIESEL', perPage: 50 })).toBe('?from=fuel%3Ddiesel%26sort%3Dprice-asc%26page%3D2')
  })
})

describe('listReturnHref', () => {
  const back = (from: string) => listReturnHref(new URLSearchParams({ [LIST_RETURN_PARAM]: from }))

  test('no parameter: the list itself', () => {
    expect(listReturnHref('')).toBe('/vehicles')
    expect(listReturnHref('?bild=2')).toBe('/vehicles')
  })

  test('returns to the same filters and page, landing at the results', () => {
    expect(listReturnHref('?from=fuel%3Ddiesel%26page%3D2')).toBe('/vehicles?fuel=diesel&page=2#ergebnisse')
    expect(back('search=golf&sort=price-asc')).toBe('/vehicles?search=golf&sort=price-asc#ergebnisse')
  })

  test('round trip: what the list writes, the vehicle page reads back', () => {
    const state = { sort: 'mileage', page: 3, make: 'Mercedes-Benz', priceTo: 20_000, search: 'AHK & Navi' } as const
    expect(listReturnHref(listReturnSearch(state))).toBe('/vehicles?search=AHK+%26+Navi&make=Mercedes-Benz&priceTo=20000&sort=mileage&page=3#ergebnisse')
  })

  test.each([
    '//evil.example',
    'https://evil.example/vehicles',
    'javascript:alert(1)',
    '/\\evil.example',
    '%2F%2Fevil.example',
    'page=0&fuel=kerosene',
    '\r\nLocation: https://evil.example',
  ])('hostile or useless value %j: only ever the list', (from) => {
    expect(back(from)).toBe('/vehicles')
  })

  test('unknown parameters are dropped and values only ever land in the query', () => {
    const href = back('make=//evil.example&redirect=https://evil.example&page=2')
    expect(href).toBe('/vehicles?make=%2F%2Fevil.example&page=2#ergebnisse')
    expect(href.startsWith('/vehicles?')).toBe(true)
  })
})
