import { describe, expect, test } from 'vitest'
import { foldSearchText, rankBySearch, searchTokens, searchWords, VehicleSearchIndex, type SearchableVehicle } from './search-text'

describe('foldSearchText', () => {
  test.each([
    ['Mülheim', 'Muelheim', 'Mulheim', 'MÜLHEIM'],
    ['Großraum', 'Grossraum', 'GROSSRAUM'],
    ['Wärmepumpe', 'Waermepumpe', 'Warmepumpe'],
    ['Schiebetüren', 'Schiebetueren'],
    ['Škoda', 'Skoda'],
    ['Coupé', 'Coupe'],
    ['Citroën', 'Citroen'],
  ])('%s and its spellings fold alike', (...spellings) => {
    expect(new Set(spellings.map(foldSearchText)).size).toBe(1)
  })

  test('leaves "ue" after a vowel or q alone (neue, Quelle)', () => {
    expect(foldSearchText('neue Quelle')).toBe('neue quelle')
  })
})

describe('searchTokens and searchWords', () => {
  test('hyphenated and dotted words count as parts and joined', () => {
    expect(searchTokens('E-Auto, T6.1 (Großraum-Van)')).toEqual(['e', 'auto', 'eauto', 't6', '1', 't61', 'grossraum', 'van', 'grossraumvan'])
    expect(searchTokens(undefined)).toEqual([])
  })

  test('query words are folded, joined, deduplicated, without filler words, at most 8', () => {
    expect(searchWords('  E-Auto mit Sitzheizung ')).toEqual(['eauto', 'sitzheizung'])
    expect(searchWords('Mercedes-Benz')).toEqual(['mercedesbenz'])
    expect(searchWords('mit')).toEqual(['mit'])
    expect(searchWords('"Golf*" || (VW)')).toEqual(['golf', 'vw'])
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8)
    expect(searchWords(undefined)).toEqual([])
    expect(searchWords(' - ')).toEqual([])
  })
})

describe('VehicleSearchIndex', () => {
  const vehicles: SearchableVehicle[] = [
    { make: 'Opel', model: 'Corsa', fuelType: 'PETROL', transmission: 'MANUAL', bodyType: 'Kleinwagen', features: ['Navigationssystem'] },
    { make: 'MERCEDES-BENZ', model: 'A 180', fuelType: 'PETROL', transmission: 'AUTOMATIC', bodyType: 'Limousine', description: 'Sparsamer Benziner.' },
    {
      make: 'VW',
      model: 'Golf Variant',
      fuelType: 'DIESEL',
      transmission: 'AUTOMATIC',
      bodyType: 'Kombi',
      title: 'VW Golf Variant Highline',
      features: ['Elektrische Heckklappe'],
    },
    { make: 'Hyundai', model: 'Ioniq 5', fuelType: 'ELECTRIC', transmission: 'AUTOMATIC', bodyType: 'SUV', color: 'Gravity-Gold' },
  ]
  const index = new VehicleSearchIndex(vehicles)
  const find = (search: string, candidates = vehicles.map((_, at) => at)) => rankBySearch(index, vehicles.length, candidates, (at) => at, searchWords(search))

  test('an alias or label is a whole word: Benz is the Mercedes, not Benzin; Elektro not "elektrische"', () => {
    expect(find('Benz')).toEqual([1])
    expect(find('Benzin')).toEqual([0, 1])
    expect(find('Elektro')).toEqual([3])
    expect(find('Volkswagen')).toEqual([2])
  })

  test('other words match as prefixes, a whole word scoring higher', () => {
    expect(find('Navi')).toEqual([0])
    expect(find('gol')).toEqual([2, 3]) // Golf (model) before Gold (colour)
  })

  test('every word must match; the score orders, the given order breaks ties', () => {
    expect(find('golf automatik')).toEqual([2])
    expect(find('golf manuell')).toEqual([])
    expect(find('automatik')).toEqual([1, 2, 3])
    expect(find('automatik', [3, 2, 1])).toEqual([3, 2, 1])
    expect(find('kombi automatik', [3, 2, 1])).toEqual([2])
  })

  test('only candidates count, also for the prefix fallback', () => {
    // Without the Golf among the candidates nothing is a "golf"; "gol" still finds the gold one by prefix.
    expect(find('golf', [0, 1, 3])).toEqual([])
    expect(find('gol', [0, 1, 3])).toEqual([3])
  })

  test('an empty search keeps the given list', () => {
    expect(find('', [2, 0])).toEqual([2, 0])
  })
})
