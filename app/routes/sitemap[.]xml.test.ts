import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { patchDocument } from '#app/lake/lake.server.ts'
import { CONTENT_ROUTES } from '#tests/content-routes.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { loader as robots } from './robots[.]txt'
import { loader as sitemap, SITEMAP_CODE_ROUTES } from './sitemap[.]xml'

describe.each(BACKENDS)('sitemap.xml on the %s lake', (backend) => {
  let test: TestLake
  const read = async () => {
    const response = await sitemap({ request: new Request('http://localhost/sitemap.xml'), params: {}, context: { lake: test.lake, env: test.env } })
    return { response, xml: await response.text() }
  }
  const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])

  beforeAll(async () => {
    test = await openTestLake(backend)
  })
  afterAll(() => test.close())

  it('lists home, the inventory, every content page and every vehicle on sale, under SITE_URL', async () => {
    const { response, xml } = await read()
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true)
    const site = test.env.SITE_URL.replace(/\/$/, '')
    const urls = locations(xml)
    expect(urls.slice(0, 3)).toEqual([`${site}/`, `${site}/vehicles`, `${site}/auto-verkaufen`])
    for (const path of CONTENT_ROUTES) expect(urls).toContain(`${site}${path}`)
    const vehicles = urls.filter((url) => url?.startsWith(`${site}/vehicles/`))
    expect(vehicles).toHaveLength(24)
    expect(new Set(urls).size).toBe(urls.length)
    // Every entry has its last change as a date.
    expect(xml.match(/<url>/g)).toHaveLength(urls.length)
    expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)?.length).toBe(urls.length)
  })

  if (backend === 'embedded') {
    it('drops a vehicle once it is sold, and the inventory and the home page show the sale as their last change', async () => {
      const lastmodOf = (xml: string, url: string) => new RegExp(`<loc>${url}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1]
      const site = test.env.SITE_URL.replace(/\/$/, '')
      const before = (await read()).xml
      await patchDocument(test.lake, 'vehicle-7', { set: { status: 'sold' } })
      const { xml } = await read()
      const urls = locations(xml)
      expect(urls).not.toContain(`${site}/vehicles/7`)
      expect(urls.filter((url) => url?.includes('/vehicles/'))).toHaveLength(23)
      const sold = (await test.stored('vehicle-7'))?._updatedAt as string
      expect(lastmodOf(xml, `${site}/vehicles`)).toBe(sold.slice(0, 10))
      expect(lastmodOf(xml, `${site}/`)).toBe(sold.slice(0, 10))
      expect(lastmodOf(before, `${site}/auto-verkaufen`)).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    })
  }
})

describe('which code routes the sitemap lists', () => {
  /** Route files of pages a search engine should not be sent to, and why (a new route must be placed here or in SITEMAP_CODE_ROUTES). */
  const LEFT_OUT: Record<string, string> = {
    'auto-verkaufen.besichtigung[.]ics': 'one seller’s calendar file',
    'benachrichtigung.abmelden': 'reached by a signed link in a mail; noindex',
    'benachrichtigung.bestaetigen': 'reached by a signed link in a mail; noindex',
    formulare: 'a test page, 404 in production',
    merkliste: 'one visitor’s saved cars; noindex',
    'merkliste_.vergleich': 'one visitor’s comparison; noindex',
    'services.finanzierung': 'a redirect to the financing section',
    'anfrage-fotos.$file': 'a seller’s photo, private',
    'media.$file': 'images',
    'robots[.]txt': 'a file for crawlers',
    'sitemap[.]xml': 'the sitemap itself',
  }
  /** Route files whose pages are listed: the fixed routes, and the lake's content pages and vehicles. */
  const LISTED: Record<string, string> = {
    _index: '/',
    'vehicles._index': '/vehicles',
    'auto-verkaufen': '/auto-verkaufen',
    $: 'content pages',
    'vehicles.$id': 'vehicles',
  }

  it('every route file is either listed or left out with a reason', () => {
    const routes = readdirSync('app/routes')
      .filter((name) => !/\.test\.tsx?$/.test(name))
      .map((name) => name.replace(/\.tsx?$/, ''))
      .filter((route) => !route.startsWith('api.'))
    for (const route of routes) expect(LISTED[route] ?? LEFT_OUT[route], `app/routes/${route}`).toBeDefined()
    expect(Object.values(LISTED).filter((path) => path.startsWith('/'))).toEqual([...SITEMAP_CODE_ROUTES])
  })
})

describe('robots.txt', () => {
  const read = async (env: { SITE_URL: string; ALLOW_INDEXING: boolean }) => {
    const response = robots({ request: new Request('http://localhost/robots.txt'), params: {}, context: { env } as never })
    return { response, lines: (await response.text()).split('\n') }
  }

  it('keeps the APIs out and points at the sitemap; noindex pages stay crawlable so their noindex is seen', async () => {
    const { response, lines } = await read({ SITE_URL: 'https://www.ruhrstern-automobile.de', ALLOW_INDEXING: true })
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(lines).toEqual(['User-agent: *', 'Disallow: /api/', '', 'Sitemap: https://www.ruhrstern-automobile.de/sitemap.xml', ''])
  })

  it('disallows everything when ALLOW_INDEXING is false (staging)', async () => {
    const { lines } = await read({ SITE_URL: 'https://staging.ruhrstern-automobile.de', ALLOW_INDEXING: false })
    expect(lines).toEqual(['User-agent: *', 'Disallow: /', ''])
  })
})
