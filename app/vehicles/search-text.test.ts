import { describe, expect, test } from 'vitest'
import {
  editDistance,
  foldSearchText,
  rankBySearch,
  searchTokens,
  searchWords,
  seriesTokens,
  VehicleSearchIndex,
  type SearchableVehicle,
  type SearchReport,
} from './search-text'

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

describe('VehicleSearchIndex over a lake’s frozen documents', () => {
  const search = (index: VehicleSearchIndex, size: number, words: string) => rankBySearch(index, size, [...Array(size).keys()], (at) => at, searchWords(words))
  test('an index made anew after a write finds each car by what it is now: the changed car by its new make, not its old', () => {
    const corsa = Object.freeze({ make: 'Opel', model: 'Corsa', features: Object.freeze(['Navigationssystem']) })
    const golf = Object.freeze({ make: 'VW', model: 'Golf' })
    const before = new VehicleSearchIndex([corsa, golf])
    expect(search(before, 2, 'Golf')).toEqual([1])
    // A write replaces the changed document with a new frozen object; the unchanged one is the same object.
    const changed = Object.freeze({ make: 'VW', model: 'Polo' })
    const after = new VehicleSearchIndex([corsa, changed])
    expect(search(after, 2, 'Golf')).toEqual([])
    expect(search(after, 2, 'Polo')).toEqual([1])
    expect(search(after, 2, 'Corsa Navi')).toEqual([0])
  })

  test('an index updated from the one before finds exactly what an index made anew finds, whether one car changed or the list did', () => {
    const cars = ['Opel Corsa', 'VW Golf', 'VW Polo', 'Skoda Octavia', 'BMW 320d'].map((name) => {
      const [make, model] = name.split(' ')
      return Object.freeze({ make, model, features: Object.freeze(['Navigationssystem']) })
    })
    const previous = new VehicleSearchIndex(cars)
    const queries = ['Golf', 'VW', 'Octavia', 'Corsa', 'Kombi', 'Navi', 'BMW 3er', 'Golf Navi', 'Polo']
    const same = (before: readonly SearchableVehicle[], now: readonly SearchableVehicle[]) => {
      const updated = VehicleSearchIndex.updated(previous, before, now)
      const anew = new VehicleSearchIndex(now)
      for (const query of queries) expect(search(updated, now.length, query), query).toEqual(search(anew, now.length, query))
      return updated
    }
    // One car changed its model: the Golf is a Passat now.
    const passat = Object.freeze({ make: 'VW', model: 'Passat', bodyType: 'Kombi' })
    const updated = same(cars, [cars[0]!, passat, cars[2]!, cars[3]!, cars[4]!])
    expect(search(updated, 5, 'Golf')).toEqual([])
    expect(search(updated, 5, 'Passat Kombi')).toEqual([1])
    // A car sold (the list one shorter) and two cars swapped: indexed anew, with the same answers.
    same(cars, [cars[0]!, cars[2]!, cars[3]!, cars[4]!])
    same(cars, [cars[1]!, cars[0]!, cars[2]!, cars[3]!, cars[4]!])
  })
})

describe('editDistance (Damerau–Levenshtein, optimal string alignment)', () => {
  test.each([
    ['kombie', 'kombi', 1],
    ['mercedez', 'mercedes', 1],
    ['volkswagon', 'volkswagen', 1],
    ['automatk', 'automatik', 1],
    ['tigaun', 'tiguan', 1], // a swap of neighbours is one edit
    ['diesle', 'diesel', 1],
    ['kombie', 'combi', 2],
    ['audi', 'audi', 0],
  ])('%s → %s: %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance)
  })

  test('stops early beyond the bound', () => {
    expect(editDistance('lamborghini', 'mercedes', 2)).toBe(3)
    expect(editDistance('ab', 'abcdef', 1)).toBe(2)
  })
})

describe('typo tolerance and series tokens', () => {
  const vehicles: SearchableVehicle[] = [
    { make: 'Volkswagen', model: 'Golf 2.0 TDI', bodyType: 'Kombi', transmission: 'AUTOMATIC', firstRegistration: '05/2015' },
    { make: 'Mercedes-Benz', model: 'C 220 d', bodyType: 'Limousine', description: 'Sportpaket' },
    { make: 'BMW', model: '320d Touring', bodyType: 'Kombi', year: 2019 },
    { make: 'Opel', model: 'Astra', description: 'Mit Kombie-Ladekante' },
  ]
  const index = new VehicleSearchIndex(vehicles)
  const find = (search: string) => {
    const report: SearchReport = { corrections: [], unmatched: [] }
    const found = [...index.search(searchWords(search), () => true, report).keys()].sort()
    return { found, ...report }
  }

  test('corrects a word that matches nothing to the nearest make, model or label', () => {
    expect(find('Volkswagon')).toEqual({ found: [0], corrections: [{ from: 'volkswagon', to: 'volkswagen' }], unmatched: [] })
    expect(find('Mercedez')).toMatchObject({ found: [1], corrections: [{ from: 'mercedez', to: 'mercedes' }] })
    expect(find('Tourign automatk')).toMatchObject({
      found: [],
      corrections: [
        { from: 'tourign', to: 'touring' },
        { from: 'automatk', to: 'automatik' },
      ],
    })
  })

  test('never overrides an exact or prefix hit', () => {
    // "kombie" is a word of the Opel's description, so it is no typo.
    expect(find('Kombie')).toEqual({ found: [3], corrections: [], unmatched: [] })
    expect(find('Sport')).toMatchObject({ found: [1], corrections: [] })
  })

  test('corrects only words of 4+ letters, within 1 edit up to 6 letters and 2 from 7', () => {
    expect(find('Opl')).toEqual({ found: [], corrections: [], unmatched: ['opl'] })
    expect(find('Gollf')).toMatchObject({ found: [0], corrections: [{ from: 'gollf', to: 'golf' }] })
    expect(find('Astraa')).toMatchObject({ found: [3] })
    expect(find('Asttraa')).toMatchObject({ found: [3], corrections: [{ from: 'asttraa', to: 'astra' }] })
    expect(find('Gooolff')).toMatchObject({ found: [], corrections: [], unmatched: ['gooolff'] })
  })

  test('series and generation words: 3er, C-Klasse, Golf by year; no generation is a typo of another', () => {
    expect(find('3er')).toMatchObject({ found: [2] })
    expect(find('cklasse')).toMatchObject({ found: [1] })
    expect(find('golf7')).toMatchObject({ found: [0] })
    expect(find('golf6')).toEqual({ found: [], corrections: [], unmatched: ['golf6'] })
    expect(seriesTokens({ year: 2010 }, ['vw'], ['golf'])).toEqual(['golf6'])
    expect(seriesTokens({ firstRegistration: '01/2012' }, ['vw'], ['golf'])).toEqual(['golf6', 'golf7'])
    expect(seriesTokens({}, ['mercedes'], ['glc300'])).toEqual(['glcklasse'])
    expect(seriesTokens({}, ['bmw'], ['x5'])).toEqual([])
  })

  test('the words of a search through rankBySearch report their corrections too', () => {
    const report: SearchReport = { corrections: [], unmatched: [] }
    const ranked = rankBySearch(index, vehicles.length, [0, 1, 2, 3], (at) => at, searchWords('Mercedez'), report)
    expect(ranked).toEqual([1])
    expect(report.corrections).toEqual([{ from: 'mercedez', to: 'mercedes' }])
  })
})

describe('intent words (decision 070)', () => {
  const vehicles: SearchableVehicle[] = [
    { make: 'Ford', model: 'Focus', bodyType: 'Kombi', seats: 5, accidentFree: false, description: 'Laut Vorbesitzer unfallfrei, ein echtes Familienauto.' },
    { make: 'BMW', model: 'X5 xDrive45e', bodyType: 'SUV', seats: 7, accidentFree: true, warranty: true, vat: 'deductible' },
    { make: 'Fiat', model: '500', bodyType: 'Kleinwagen', seats: 4, powerHp: 69 },
  ]
  const index = new VehicleSearchIndex(vehicles)
  const found = (word: string) => [...index.search([word]).keys()].sort()

  test('the facts decide, not the ad’s words: a description saying „unfallfrei“ is not an accident-free car', () => {
    expect(found('i0unfallfrei')).toEqual([1])
    expect(found('i0familienauto')).toEqual([0, 1])
  })

  test('seats: five and up mean at least that many, fewer mean exactly that many', () => {
    expect(found('i0sitze5')).toEqual([0, 1])
    expect(found('i0sitze7')).toEqual([1])
    expect(found('i0sitze4')).toEqual([2])
  })

  test('Allrad from the model word (xDrive), warranty and VAT from the facts, beginners from body and power', () => {
    expect(found('i0allrad')).toEqual([1])
    expect(found('i0garantie')).toEqual([1])
    expect(found('i0mwst')).toEqual([1])
    expect(found('i0anfangerauto')).toEqual([2])
  })

  test('Euro 6 from the stated emission class, any stage; Euro 6d from 6d-TEMP on; no class, no match', () => {
    const stated = new VehicleSearchIndex([
      { make: 'BMW', model: '320d', consumption: { emissionClass: 'Euro 6d-TEMP' } },
      { make: 'Fiat', model: '500', consumption: { emissionClass: 'EURO 6' } },
      { make: 'Smart', model: 'fortwo', consumption: { emissionClass: 'Euro 5' } },
      { make: 'Tesla', model: 'Model 3', consumption: { co2Class: 'A' } },
      { make: 'Kia', model: 'Sportage', consumption: { emissionClass: 'Euro 6e' } },
      { make: 'Opel', model: 'Astra' },
    ])
    const matches = (word: string) => [...stated.search([word]).keys()].sort()
    expect(matches('i0euro6')).toEqual([0, 1, 4])
    expect(matches('i0euro6d')).toEqual([0, 4])
  })

  test('an intent token is never offered as a typo correction', () => {
    const report: SearchReport = { corrections: [], unmatched: [] }
    index.search(['familienato'], () => true, report)
    expect(report.corrections).toEqual([])
  })
})
