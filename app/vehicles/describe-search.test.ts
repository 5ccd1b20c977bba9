import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as apiLoader } from '#app/routes/api.vehicles.ts'
import { describeSearch } from '#app/vehicles/query-reading.ts'
import { parseVehicleSearch, serializeVehicleSearch, type VehicleSearch } from '#app/vehicles/vehicle-search.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'

/*
 * A Suchauftrag keeps the search as one text (describeSearch): the list asked with that text must
 * find the very cars the list finds with the form's filters, or the buyer is told of cars they did
 * not ask for. Checked over the seed's inventory for states drawn from its own makes, body types
 * and figures, with typed words, intents and limits beside the filters.
 */

const seed = readFileSync('content/production.ndjson', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { _type: string; status?: string; make?: string; bodyType?: string })
  .filter((doc) => doc._type === 'vehicle' && doc.status !== 'sold')
const makes = [...new Set(seed.map((vehicle) => vehicle.make!))]
const bodies = [...new Set(seed.map((vehicle) => vehicle.bodyType!))]

/** A small deterministic generator (mulberry32), so a failure names a state that comes again. */
function random(seedValue: number) {
  let state = seedValue
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const next = random(38)
/** A value of `values` for one in four parameters: two or three filters a state, as buyers set them. */
const pick = <T>(values: readonly T[]): T | undefined => (next() < 0.75 ? undefined : values[Math.floor(next() * values.length)])
const TYPED = ['Kombi', 'Navi', 'Familienauto', 'günstig', 'unter 20000', 'ab 2019', 'Automatik Sitzheizung', 'wenig km', 'mit Garantie', 'Golf 7']
const STATES: VehicleSearch[] = Array.from({ length: 80 }, () => {
  const params = new URLSearchParams()
  const entries: Array<[string, string | number | undefined]> = [
    ['search', pick(TYPED)],
    ['make', pick(makes)],
    ['fuel', pick(['diesel', 'petrol', 'electric', 'hybrid', 'gas'])],
    ['body', pick(bodies)],
    ['transmission', pick(['automatic', 'manual', 'semi_automatic'])],
    ['priceFrom', pick([5000, 15000, 25000])],
    ['priceTo', pick([15000, 25000, 40000])],
    ['maxRate', pick([150, 300, 500])],
    ['maxMileage', pick([30000, 60000, 100000])],
    ['yearFrom', pick([2018, 2020, 2022])],
    ['vat', pick(['deductible'])],
  ]
  for (const [name, value] of entries) if (value !== undefined) params.set(name, String(value))
  return parseVehicleSearch(params).state
})

describe('describeSearch', () => {
  it('writes the filters after the typed words, in words the search reads back', () => {
    const state = parseVehicleSearch(new URLSearchParams('search=Kombi unter 30000&make=Porsche&fuel=diesel&priceTo=25000&maxRate=300&vat=deductible')).state
    expect(describeSearch(state)).toBe('Kombi Porsche Diesel bis 25.000 € bis 300 € im Monat MwSt. ausweisbar')
    expect(describeSearch(parseVehicleSearch(new URLSearchParams('search=günstiger Familienauto')).state)).toBe('Familienauto bis 15.000 €')
  })

  describe('on the embedded lake, over the seed', () => {
    let test: TestLake
    beforeAll(async () => {
      test = await openTestLake('embedded')
    })
    afterAll(() => test.close())

    const ids = async (params: URLSearchParams) => {
      const response = await apiLoader({
        request: new Request(`http://localhost/api/vehicles?${params}`),
        params: {},
        context: { lake: test.lake, env: test.env },
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as Array<{ id: string }>).map((vehicle) => vehicle.id).sort()
    }

    it('draws states of which many find cars, and some that find none', async () => {
      const counts = await Promise.all(STATES.map(async (state) => (await ids(serializeVehicleSearch(state))).length))
      expect(counts.filter((count) => count > 0).length).toBeGreaterThan(STATES.length / 3)
      expect(counts.some((count) => count === 0)).toBe(true)
    })

    it.each(STATES.map((state) => [serializeVehicleSearch(state).toString(), state] as const))('%s: its text finds the same cars', async (_, state) => {
      const text = describeSearch(state)
      expect(await ids(new URLSearchParams({ search: text }))).toEqual(await ids(serializeVehicleSearch(state)))
    })
  })
})
