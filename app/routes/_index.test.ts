import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loader as rootLoader } from '#app/root.tsx'
import { type ContentLake, patchDocument, type QueryParams } from '#app/lake/lake.server.ts'
import { VEHICLE_HIGHLIGHTS_QUERY } from '#app/sanity/queries/vehicles.ts'
import { readVehiclePage } from '#app/vehicles/inventory.server.ts'
import { DEFAULT_SORT } from '#app/vehicles/vehicle-search.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { loader } from './_index'

/** The weekly lines: the seed's dated special hours (Heiligabend, Silvester) lead them in December (app/utils/site-settings.server.test.ts). */
const weekly = (lines: readonly string[] | undefined) => lines?.filter((line) => !line.startsWith('Sonderöffnungszeiten:'))

describe.each(BACKENDS)('home and root loaders on the %s lake', (backend) => {
  let test: TestLake
  const args = () => ({ request: new Request('http://localhost/'), params: {}, context: { lake: test.lake, env: test.env } })

  beforeAll(async () => {
    test = await openTestLake(backend)
  })
  afterAll(() => test.close())

  it('reads the site settings for header and footer', async () => {
    const { settings } = await rootLoader(args())
    expect(settings.phone).toBe('0201 8512 3400')
    expect(settings.email).toBe('info@ruhrstern-automobile.de')
    expect(settings.mainNav?.map((link) => link.label)).toEqual(['HOME', 'SERVICES', 'FAHRZEUGE', 'AUTO VERKAUFEN', 'STANDORTE', 'ÜBER UNS', 'KONTAKT'])
    expect(settings.openingHours?.map((variant) => variant.key).sort()).toEqual(['city', 'general', 'home', 'student'])
    const general = settings.openingHours?.find((variant) => variant.key === 'general')
    expect(general?.specs).toEqual([
      { days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '09:00', closes: '18:00' },
      { days: ['Sa'], opens: '09:00', closes: '16:00' },
    ])
    expect(weekly(general?.lines)).toEqual(['Mo–Fr: 09:00–18:00 Uhr', 'Sa: 09:00–16:00 Uhr', 'So: nach Vereinbarung'])
  })

  it('derives the lines on the page from the same specs as the structured data: staff change one field, both follow', async () => {
    const stored = (await rootLoader(args())).settings.openingHours!
    const index = stored.findIndex((variant) => variant.key === 'general')
    const path = `openingHours[_key=="${(await test.lake.fetch<{ key: string }>('*[_id=="siteSettings"][0].openingHours[key=="general"][0]{"key": _key}'))!.key}"]`
    await patchDocument(test.lake, 'siteSettings', { set: { [`${path}.specs[1].closes`]: '14:00', [`${path}.note`]: 'An Feiertagen geschlossen.' } })
    try {
      const general = (await rootLoader(args())).settings.openingHours![index]!
      expect(general.specs?.[1]).toEqual({ days: ['Sa'], opens: '09:00', closes: '14:00' })
      expect(weekly(general.lines)).toEqual(['Mo–Fr: 09:00–18:00 Uhr', 'Sa: 09:00–14:00 Uhr', 'So: nach Vereinbarung', 'An Feiertagen geschlossen.'])
    } finally {
      await patchDocument(test.lake, 'siteSettings', { set: { [`${path}.specs[1].closes`]: '16:00' }, unset: [`${path}.note`] })
    }
  })

  it('reads the home page sections with the spec labels and figures', async () => {
    const { home } = await loader(args())
    // Read without the title lines' soft hyphens (decision 110), as a visitor reads them.
    expect(home.heroSlides?.map((slide) => `${slide.titleLine1} ${slide.titleLine2}`.replaceAll('\u00AD', ''))).toEqual([
      'AUTOANKAUF & VERKAUF',
      'PREMIUM FAHRZEUGE',
      'FINANZIERUNG & LEASING',
    ])
    expect(home.heroSlides?.map((slide) => slide.buttons?.map((button) => [button.label, button.target]))).toEqual([
      [
        // Issue 36: the seller's button (stored as a jump preselecting „Fahrzeug verkaufen“) leads to the sell request itself.
        ['FAHRZEUG BEWERTEN', '/auto-verkaufen'],
        ['FAHRZEUGE ANSEHEN', '#inventory'],
      ],
      [['INVENTAR DURCHSUCHEN', '#inventory']],
      [['BERATUNG VEREINBAREN', '#contact']],
    ])
    expect(home.heroSlides?.[0]?.image?.asset?.url).toMatch(/^\/media\/[0-9a-f]{40}-1920x1080\.jpg$/)
    expect(home.stats?.items?.map((item) => [item.number, item.suffix])).toEqual([
      [15, '+'],
      [2500, '+'],
      [150, '+'],
      [98, '%'],
    ])
    // As shown: long words carry soft hyphens for the line break (decision 102).
    expect(home.services?.cards?.map((card) => card.title?.replaceAll('\u00AD', ''))).toEqual([
      'AUTOANKAUF',
      'AUTOVERKAUF',
      'FINANZIERUNG',
      'INZAHLUNGNAHME',
      'EXPORT',
      'FAHRZEUGPRÜFUNG',
    ])
    expect(home.process?.steps?.map((step) => `${step.number} ${step.title}`)).toEqual([
      '01 TERMIN VEREINBAREN',
      '02 FAHRZEUG AUSWÄHLEN',
      '03 FINANZIERUNG KLÄREN',
      '04 FAHRZEUG ÜBERGABE',
    ])
    expect(home.inventory?.loadingText).toBe('Lade Fahrzeuge...')
  })

  it('streams the first three vehicles of the list, newest first', async () => {
    const { vehicles } = await loader(args())
    const list = await vehicles
    expect(list.map((vehicle) => vehicle.id)).toEqual(['1', '2', '3'])
    // „The first three of the list“: the same cars, in the same order, as the first page of /vehicles.
    const firstPage = await readVehiclePage(test.lake, { sort: DEFAULT_SORT, page: 1 })
    expect(list.map((vehicle) => vehicle.id)).toEqual(firstPage.vehicles.slice(0, 3).map((vehicle) => vehicle.id))
    for (const vehicle of list) {
      expect(vehicle.features?.length).toBeLessThanOrEqual(3)
      expect(vehicle.image?.asset?.url).toMatch(/^\/media\//)
      expect(vehicle.price).toBeGreaterThanOrEqual(28_000)
      expect(vehicle.price).toBeLessThanOrEqual(38_000)
    }
  })

  if (backend === 'sanity') {
    it('reads published content through the CDN without a token', () => {
      const reads = test.requests.filter((request) => request.path.includes('/data/query/'))
      expect(reads.length).toBeGreaterThan(0)
      for (const read of reads) {
        expect(read.host).toBe('test-project.apicdn.sanity.io')
        expect(read.searchParams.get('perspective')).toBe('published')
        expect(read.headers.authorization).toBeUndefined()
      }
    })
  }
})

describe('home loader: vehicles inline or streamed', () => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake('embedded')
  })
  afterAll(() => test.close())

  /** The embedded lake with the vehicle query delayed or failing. */
  function lakeWith(vehicleQuery: (run: () => Promise<unknown>) => Promise<unknown>): ContentLake {
    return {
      kind: 'embedded',
      mutate: (mutations) => test.lake.mutate(mutations),
      fetch: <R>(query: string, params?: QueryParams) =>
        (query === VEHICLE_HIGHLIGHTS_QUERY ? vehicleQuery(() => test.lake.fetch(query, params)) : test.lake.fetch(query, params)) as Promise<R>,
    }
  }
  const load = (lake: ContentLake) => loader({ request: new Request('http://localhost/'), params: {}, context: { lake, env: test.env } })

  it('puts the vehicles into the first render when the lake answers quickly', async () => {
    const { vehicles } = await load(test.lake)
    expect(Array.isArray(vehicles)).toBe(true)
  })

  it('streams them when the lake is slow, without holding up the page', async () => {
    // The vehicles' read answers only when released, after the loader has returned: a loader that
    // waited for it would never return (and the test would fail on its timeout).
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    const { vehicles } = await load(lakeWith((run) => released.then(run)))
    expect(vehicles).toBeInstanceOf(Promise)
    release()
    expect((await vehicles).map((vehicle) => vehicle.id)).toEqual(['1', '2', '3'])
  })

  it('hands a failure to the page as a rejected promise and logs the cause', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { vehicles } = await load(lakeWith(() => Promise.reject(new Error('lake down'))))
    await expect(vehicles).rejects.toThrow('lake down')
    // One error line with the cause (JSON, through console since this context has no logger).
    expect(logged).toHaveBeenCalledTimes(1)
    expect(JSON.parse(String(logged.mock.calls[0]![0]))).toMatchObject({ msg: expect.stringContaining('Fahrzeuge'), err: { message: 'lake down' } })
  })
})
