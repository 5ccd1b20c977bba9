import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loader as rootLoader } from '#app/root.tsx'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { pageWindow } from './pagination'
import { mobileDePortalUrl } from './portal-section'
import { LIST_IMAGE_SIZES } from './results'
import { loader, meta } from './route'

describe.each(BACKENDS)('/vehicles loader on the %s lake', (backend) => {
  let test: TestLake
  const load = async (query = '') => {
    const response = (await loader({
      request: new Request(`http://localhost/vehicles${query}`),
      params: {},
      context: { lake: test.lake, env: test.env },
    })) as unknown as {
      data: Awaited<ReturnType<typeof loader>>['data']
      init: { headers: Record<string, string> } | null
    }
    return response
  }

  beforeAll(async () => {
    test = await openTestLake(backend)
  })
  afterAll(() => test.close())

  it('the first page: 12 of the 24 vehicles on sale, newest first, with facets for the selects', async () => {
    const { data, init } = await load()
    expect(data.state).toEqual({ sort: 'newest', page: 1 })
    expect(data.result).toMatchObject({ total: 24, page: 1, perPage: 12, pageCount: 2 })
    expect(data.result.vehicles).toHaveLength(12)
    expect(data.result.vehicles.map((vehicle) => vehicle.id).slice(0, 3)).toEqual(['1', '2', '3'])
    const first = data.result.vehicles[0]!
    expect(first.features).toHaveLength(3)
    expect(first.image?.asset?.url).toMatch(/^\/media\//)
    expect(data.facets.makes).toEqual([
      'Audi',
      'BMW',
      'Dacia',
      'Fiat',
      'Ford',
      'Hyundai',
      'Kia',
      'Mercedes-Benz',
      'Mini',
      'Opel',
      'Porsche',
      'Renault',
      'Seat',
      'Skoda',
      'Smart',
      'Tesla',
      'Toyota',
      'VW',
    ])
    expect(data.facets.bodyTypes).toEqual(['Cabrio', 'Coupé', 'Kleinwagen', 'Kombi', 'Limousine', 'SUV', 'Transporter', 'Van'])
    expect(init?.headers['Cache-Control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300')
  })

  it('?search=golf really searches (the home page SearchAction points here)', async () => {
    const { data } = await load('?search=golf')
    expect(data.result.total).toBe(1)
    expect(data.result.vehicles[0]).toMatchObject({ id: '5', make: 'VW', model: 'Golf 1.5 TSI Life' })
  })

  it('filters and sorts like the API', async () => {
    const { data } = await load('?fuel=diesel&sort=price-asc')
    expect(data.result.vehicles.map((vehicle) => vehicle.id)).toEqual(['22', '9', '11', '1', '2', '3', '10'])
    expect(data.result.total).toBe(7)
  })

  it('„Monatsrate bis 300 €“ (issue 38 item 3): the cars whose card says at most „ab 300 €/Monat“, each card with its rate; the search phrase reads the same', async () => {
    // At the seed's 2,9 %: prices up to 16.890,98 € fit; the Zoe at 16.900 € („ab 301 €“) does not.
    const { data } = await load('?maxRate=300&sort=price-asc')
    expect(data.result.vehicles.map((vehicle) => vehicle.id)).toEqual(['13', '8', '22', '9', '19', '17', '16'])
    for (const vehicle of data.result.vehicles) expect(vehicle.monthlyRate).toBeLessThanOrEqual(300)
    expect(data.result.vehicles.at(-1)).toMatchObject({ id: '16', price: 15900, monthlyRate: 283 })
    expect((await load('?search=renault&sort=price-asc')).data.result.vehicles[0]).toMatchObject({ id: '20', price: 16900, monthlyRate: 301 })
    const phrase = await load(`?search=${encodeURIComponent('bis 300 € im Monat')}&sort=price-asc`)
    expect(phrase.data.result.vehicles.map((vehicle) => vehicle.id)).toEqual(['13', '8', '22', '9', '19', '17', '16'])
    expect(phrase.data.result.search?.reading.parts.map((part) => part.label)).toEqual(['Monatsrate bis 300 €'])
  })

  it('junk is ignored, never an error; the API-only page size is not taken', async () => {
    const { data } = await load('?fuel=kerosene&page=-1&sort=zufall&perPage=2&make=BMW')
    expect(data.state).toEqual({ sort: 'newest', page: 1, make: 'BMW' })
    expect(data.result.vehicles.map((vehicle) => vehicle.id)).toEqual(['1', '18'])
  })

  it('the second page holds the rest, in order', async () => {
    const { data } = await load('?page=2')
    expect(data.result).toMatchObject({ total: 24, page: 2, pageCount: 2 })
    expect(data.result.vehicles.map((vehicle) => vehicle.id)).toEqual(['13', '14', '15', '16', '17', '18', '19', '20', '21', '22', '23', '24'])
  })

  it('meta: the list and its pages are canonical; filtered and sorted views are followed but not indexed and name no canonical', async () => {
    const root = await rootLoader({ request: new Request('http://localhost/'), params: {}, context: { lake: test.lake, env: test.env } })
    const head = async (query: string) => {
      const { data } = await load(query)
      const tags = meta({ data, matches: [{ id: 'root', data: root }] } as unknown as Parameters<typeof meta>[0])
      return {
        canonical: tags.flatMap((tag) => ('tagName' in tag && tag.rel === 'canonical' ? [tag.href] : [])),
        robots: tags.flatMap((tag) => ('name' in tag && tag.name === 'robots' ? [tag.content] : [])),
      }
    }
    const list = `${root.siteUrl}/vehicles`
    expect(await head('')).toEqual({ canonical: [list], robots: ['max-image-preview:large'] })
    expect(await head('?page=2&utm_source=newsletter')).toEqual({ canonical: [`${list}?page=2`], robots: ['max-image-preview:large'] })
    expect(await head('?page=1')).toEqual({ canonical: [list], robots: ['max-image-preview:large'] })
    expect(await head('?make=BMW')).toEqual({ canonical: [], robots: ['noindex, follow'] })
    // BMW fills one page: its second lies beyond the last.
    expect(await head('?make=BMW&page=2')).toEqual({ canonical: [], robots: ['noindex'] })
    expect(await head('?sort=price-asc&page=2')).toEqual({ canonical: [], robots: ['noindex, follow'] })
    // Beyond the last page there is nothing to index.
    expect(await head('?page=3')).toEqual({ canonical: [], robots: ['noindex'] })
  })

  it('meta preloads the first car’s photo with high priority, by the same candidates as its card (the phone’s largest image)', async () => {
    const root = await rootLoader({ request: new Request('http://localhost/'), params: {}, context: { lake: test.lake, env: test.env } })
    const preloads = async (query: string) => {
      const { data } = await load(query)
      const tags = meta({ data, matches: [{ id: 'root', data: root }] } as unknown as Parameters<typeof meta>[0])
      return { data, links: tags.filter((tag) => 'tagName' in tag && tag.rel === 'preload') as Array<{ href: string; imageSrcSet: string }> }
    }
    const { data, links } = await preloads('?page=2')
    const first = data.result.vehicles[0]!.image!.asset!.url!
    expect(links).toHaveLength(1)
    expect(links[0]).toMatchObject({ as: 'image', fetchpriority: 'high', imageSizes: LIST_IMAGE_SIZES })
    expect(links[0]!.href.startsWith(`${first}?`)).toBe(true)
    expect(links[0]!.imageSrcSet.split(', ').every((candidate) => candidate.startsWith(`${first}?`))).toBe(true)
    // Nothing found: nothing to preload.
    expect((await preloads('?search=zeppelin')).links).toEqual([])
  })

  it('a page beyond the last answers 404 with its friendly text (a soft 404 before; SEO review 2026-11-29, finding 5)', async () => {
    const beyond = (await load('?page=3')) as unknown as { init: { status?: number } | null }
    expect(beyond.init?.status).toBe(404)
    expect(((await load('?page=2')) as unknown as { init: { status?: number } | null }).init?.status).toBe(200)
    // A search without results is no error: its page offers help.
    expect(((await load('?search=zeppelin')) as unknown as { init: { status?: number } | null }).init?.status).toBe(200)
  })

  describe('badges (issue 29, docs/decisions/052)', () => {
    afterEach(() => vi.useRealTimers())
    const badgesOf = (vehicles: ReadonlyArray<{ id?: string | null; badges?: readonly string[] }>) =>
      Object.fromEntries(vehicles.flatMap((vehicle) => (vehicle.badges ? [[vehicle.id, vehicle.badges]] : [])))

    it('today the reserved seed car (10) is the only card with one, in the list and in a search; no status or date goes out', async () => {
      const list = (await load()).data.result.vehicles
      expect(badgesOf(list)).toEqual({ '10': ['reserved'] })
      for (const vehicle of list) expect(Object.keys(vehicle)).not.toEqual(expect.arrayContaining(['status']))
      for (const vehicle of list) expect(Object.keys(vehicle)).not.toEqual(expect.arrayContaining(['listedAt']))
      expect(badgesOf((await load('?search=mercedes')).data.result.vehicles)).toEqual({ '10': ['reserved'] })
    })

    it('at a fixed request time: "new" for less than 7 days in stock, both badges on the reserved car', async () => {
      // Seed vehicle 7 was listed 2025-01-17T16:45Z: exactly 7 days before this clock, so no longer new.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-01-24T16:45:00Z') })
      const list = (await load()).data.result.vehicles
      expect(badgesOf(list)).toEqual({ '1': ['new'], '2': ['new'], '3': ['new'], '4': ['new'], '5': ['new'], '6': ['new'], '10': ['reserved'] })
      // 10 was listed 2025-01-14T17:30Z, 5 days before; 2 (2025-01-23) counts as new ahead of its date; 23 (December) is not new.
      vi.setSystemTime(new Date('2025-01-19T17:30:00Z'))
      expect(badgesOf((await load('?search=mercedes')).data.result.vehicles)).toEqual({ '2': ['new'], '10': ['reserved', 'new'] })
    })
  })

  it('empty results and a page beyond the last are empty lists, not errors', async () => {
    expect((await load('?search=Zeppelin')).data.result).toMatchObject({ total: 0, vehicles: [], pageCount: 1 })
    expect((await load('?page=3')).data.result).toMatchObject({ total: 24, vehicles: [], page: 3, pageCount: 2 })
  })
})

describe('/vehicles helpers', () => {
  it('pageWindow: first, last and the neighbours of the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
    expect(pageWindow(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12])
    expect(pageWindow(12, 12)).toEqual([1, 'gap', 11, 12])
  })

  it('the mobile.de dealer portal address of spec §2 / DESIGN §4', () => {
    expect(mobileDePortalUrl('4711')).toBe('https://home.mobile.de/home/index.html?partnerHead=false&colorTheme=default&customerId=4711#ses')
  })
})
