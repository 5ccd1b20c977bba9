import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  etagIn,
  isStorable,
  MIN_ENCODED_BYTES,
  noneMatchHits,
  PageCache,
  pageCacheKey,
  preferredEncoding,
  type RequestFacts,
  storedBody,
} from './page-cache.server'

function facts(url: string, headers: Record<string, string> = {}, method = 'GET'): RequestFacts {
  return { method, url, header: (name) => headers[name.toLowerCase()] }
}
const noBots = () => false

function page(body: string, revision = 0) {
  return { headers: [['content-type', 'text/html; charset=utf-8']] as const, ...storedBody(Buffer.from(body), undefined), revision }
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`

describe('pageCacheKey', () => {
  it('keys anonymous GET and HEAD requests by path and query', () => {
    expect(pageCacheKey(facts('/vehicles?make=vw'), noBots)).toBe('/vehicles?make=vw')
    expect(pageCacheKey(facts('/', {}, 'HEAD'), noBots)).toBe('/')
    expect(pageCacheKey(facts('/vehicles.data?_routes=root'), noBots)).toBe('/vehicles.data?_routes=root')
  })

  it('never keys posts, requests with cookies or credentials, the API or media', () => {
    expect(pageCacheKey(facts('/', {}, 'POST'), noBots)).toBeUndefined()
    expect(pageCacheKey(facts('/', { cookie: 'a=1' }), noBots)).toBeUndefined()
    expect(pageCacheKey(facts('/', { authorization: 'Bearer x' }), noBots)).toBeUndefined()
    expect(pageCacheKey(facts('/api/vehicles/status'), noBots)).toBeUndefined()
    expect(pageCacheKey(facts('/api/vehicles/7'), noBots)).toBeUndefined()
    expect(pageCacheKey(facts('/api/vehicles', { cookie: 'a=1' }), noBots)).toBeUndefined()
    expect(pageCacheKey(facts('/media/abc-1x1.jpg'), noBots)).toBeUndefined()
    expect(pageCacheKey(facts(`/?q=${'x'.repeat(3000)}`), noBots)).toBeUndefined()
  })

  it('the Merkliste’s cookie alone keeps every other page cached; /merkliste, which reads it, never is (decision 079)', () => {
    expect(pageCacheKey(facts('/vehicles?make=vw', { cookie: 'merkliste=1.4' }), noBots)).toBe('/vehicles?make=vw')
    expect(pageCacheKey(facts('/vehicles/1.data', { cookie: ' merkliste=1 ' }), noBots)).toBe('/vehicles/1.data')
    // Any other cookie beside it is personal (a preview, the trade-in hand-over).
    expect(pageCacheKey(facts('/', { cookie: 'merkliste=1; preview=x' }), noBots)).toBeUndefined()
    expect(pageCacheKey(facts('/', { cookie: 'merkliste2=1' }), noBots)).toBeUndefined()
    for (const url of ['/merkliste', '/Merkliste/', '/merkliste.data', '/merkliste/vergleich?ids=1,4', '/%6Derkliste']) {
      expect(pageCacheKey(facts(url, { cookie: 'merkliste=1.4' }), noBots), url).toBeUndefined()
    }
  })

  it('keeps crawlers (complete documents) apart from browsers (streamed ones)', () => {
    const isBot = (userAgent: string) => userAgent.includes('bot')
    expect(pageCacheKey(facts('/', { 'user-agent': 'Googlebot' }), isBot)).toBe('bot /')
    expect(pageCacheKey(facts('/', { 'user-agent': 'Firefox' }), isBot)).toBe('/')
  })
})

describe('pageCacheKey of the shared answers (security review finding 5)', () => {
  const key = (url: string, headers: Record<string, string> = {}) => pageCacheKey(facts(url, headers), (agent) => agent.includes('bot'))

  it('the sitemap: one entry, whatever the query, spelling or client', () => {
    for (const url of ['/sitemap.xml', '/sitemap.xml?z=1', '/sitemap.xml?z=2', '/Sitemap.XML/', '/sitemap%2Exml', `/sitemap.xml?z=${'x'.repeat(3000)}`]) {
      expect(key(url)).toBe('/sitemap.xml')
    }
    expect(key('/sitemap.xml', { 'user-agent': 'Googlebot' })).toBe('/sitemap.xml')
  })

  it('the API list: keyed by the parameters the route reads, as it reads them', () => {
    expect(key('/api/vehicles')).toBe('/api/vehicles')
    expect(key('/api/vehicles?z=1')).toBe('/api/vehicles')
    expect(key('/API/Vehicles/?z=2&sort=newest')).toBe('/api/vehicles')
    expect(key('/api/vehicles?sort=PRICE-ASC&z=2')).toBe('/api/vehicles?sort=price-asc')
    // Paged: the page and its size always named; the unpaged list is another answer.
    expect(key('/api/vehicles?page=1')).toBe('/api/vehicles?page=1&perPage=12')
    expect(key('/api/vehicles?perPage=12&page=1&z=3')).toBe('/api/vehicles?page=1&perPage=12')
    expect(key('/api/vehicles?page=')).toBe('/api/vehicles?page=1&perPage=12')
    expect(key('/api/vehicles?page=3&perPage=5')).toBe('/api/vehicles?page=3&perPage=5')
    expect(key(`/api/vehicles?page=2&z=${'x'.repeat(3000)}`)).toBe('/api/vehicles?page=2&perPage=12')
  })

  it('a filtered or searched API list is never kept: random filter values must not fill the LRU (issue 35 item 7)', () => {
    for (const url of [
      '/api/vehicles?priceTo=12345',
      '/api/vehicles?make=VW&z=2&fuel=Diesel',
      '/api/vehicles?q=%20golf%20%20tsi&sort=price-asc',
      '/api/vehicles?maxMileage=80000&page=2&perPage=5',
      '/api/vehicles.data?priceFrom=1000',
    ]) {
      expect([url, key(url)]).toEqual([url, undefined])
    }
  })

  it('an unusable value (a 400), or a path Remix routes elsewhere, never takes the list’s entry', () => {
    expect(key('/api/vehicles?perPage=0')).toBeUndefined()
    expect(key('/api/vehicles?fuel=kerosin')).toBeUndefined()
    // An encoded slash stays one segment for Remix's router: not the list route.
    expect(key('/api%2Fvehicles')).toBe('/api%2Fvehicles')
  })

  it('Remix’s own variants of the same paths are entries of their own, with the same junk ignored', () => {
    // Single fetch: the loaders' data as turbo-stream, `.data` as Remix spots it (case-sensitive).
    expect(key('/api/vehicles.data?z=1')).toBe('/api/vehicles.data')
    expect(key('/API/vehicles/.data?sort=year&z=2')).toBe('/api/vehicles.data?sort=year')
    expect(key('/sitemap.xml.data?_routes=root&z=3')).toBe('/sitemap.xml.data?_routes=root')
    expect(key('/api/vehicles.DATA')).toBeUndefined() // for Remix no route (a 404), never the list's entry
    // `?_data=root` answers the root loader's data on any path: never the list's entry.
    expect(key('/api/vehicles?_data=root&z=4')).toBe('/api/vehicles?_data=root')
    expect(key('/sitemap.xml?index&_data=routes%2Fsitemap%5B.%5Dxml')).toBe('/sitemap.xml?_data=routes%2Fsitemap%5B.%5Dxml&index=')
  })
})

describe('preferredEncoding', () => {
  const offered = ['br', 'gzip'] as const
  it('the best stored encoding the client takes at all, whatever its order; none for identity or deflate alone', () => {
    expect(preferredEncoding('gzip, deflate, br', offered)).toBe('br')
    expect(preferredEncoding('gzip;q=1.0, br;q=0.1', offered)).toBe('br')
    expect(preferredEncoding('gzip, br;q=0', offered)).toBe('gzip')
    expect(preferredEncoding('GZIP', offered)).toBe('gzip')
    expect(preferredEncoding('*', offered)).toBe('br')
    expect(preferredEncoding('*, br;q=0', offered)).toBe('gzip')
    expect(preferredEncoding('deflate', offered)).toBeUndefined()
    expect(preferredEncoding('identity', offered)).toBeUndefined()
    expect(preferredEncoding('br;q=0, gzip;q=0', offered)).toBeUndefined()
    expect(preferredEncoding(undefined, offered)).toBeUndefined()
  })
})

describe('isStorable', () => {
  const response = (status: number, headers: Record<string, string>) => ({ status, headers: new Headers(headers) })
  it('stores 200 documents and single-fetch data', () => {
    expect(isStorable(response(200, { 'content-type': 'text/html; charset=utf-8' }))).toBe(true)
    expect(isStorable(response(200, { 'content-type': 'text/x-script', vary: 'Accept-Encoding' }))).toBe(true)
  })
  it('stores the JSON and XML of the shared answers (only those have a key among JSON and XML routes)', () => {
    expect(isStorable(response(200, { 'content-type': 'application/json' }))).toBe(true)
    expect(isStorable(response(200, { 'content-type': 'application/xml; charset=utf-8' }))).toBe(true)
  })
  it('stores robots.txt (plain text)', () => {
    expect(isStorable(response(200, { 'content-type': 'text/plain; charset=utf-8' }))).toBe(true)
  })
  it('refuses other statuses, types, cookies, private or no-store answers and other Vary', () => {
    expect(isStorable(response(404, { 'content-type': 'text/html' }))).toBe(false)
    expect(isStorable(response(200, { 'content-type': 'text/calendar' }))).toBe(false)
    expect(isStorable(response(200, { 'content-type': 'image/jpeg' }))).toBe(false)
    expect(isStorable(response(200, { 'content-type': 'text/html', 'set-cookie': 'a=1' }))).toBe(false)
    expect(isStorable(response(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }))).toBe(false)
    expect(isStorable(response(200, { 'content-type': 'text/html', 'cache-control': 'private, max-age=60' }))).toBe(false)
    expect(isStorable(response(200, { 'content-type': 'text/html', vary: 'Accept' }))).toBe(false)
  })
})

describe('storedBody: a rendered body as every later answer sends it', () => {
  const script = 'window.__remixContext = {"state":"ä"};'
  const rendered = (nonce: string) =>
    `<html><script nonce="${nonce}">${script}</script><p>${'Fahrzeuge '.repeat(200)}</p>` +
    `<script type="application/ld+json">{"@type":"AutoDealer"}</script><script>injected()</script><script nonce="${nonce}" src="/build/x.js"></script></html>`

  it('an HTML page: no nonce left, the hashes of exactly the scripts that carried it', () => {
    const stored = storedBody(Buffer.from(rendered('N0nce+/=')), 'N0nce+/=')
    const html = stored.body.toString()
    expect(html).not.toContain('nonce')
    expect(html).toBe(rendered('N0nce+/=').replaceAll(' nonce="N0nce+/="', ''))
    // Not the JSON-LD (data, no nonce) nor a script someone slipped in without the nonce.
    expect(stored.scriptHashes).toEqual([sha256(script)])
  })

  it('other bodies stay as rendered and get no hashes', () => {
    const json = Buffer.from(JSON.stringify({ nonce: 'x' }))
    const stored = storedBody(json, undefined)
    expect(stored.body).toBe(json)
    expect(stored.scriptHashes).toBeUndefined()
  })

  it('keeps br and gzip copies of the body, made once, and a strong ETag per representation', () => {
    const stored = storedBody(Buffer.from(rendered('abc')), 'abc')
    expect(brotliDecompressSync(stored.encoded.br!)).toEqual(stored.body)
    expect(gunzipSync(stored.encoded.gzip!)).toEqual(stored.body)
    expect(stored.encoded.br!.byteLength).toBeLessThan(stored.body.byteLength / 4)
    expect(stored.etag).toMatch(/^"[\w-]{27}"$/)
    expect(etagIn(stored.etag, 'br')).toBe(`${stored.etag.slice(0, -1)}-br"`)
    expect(etagIn(stored.etag, undefined)).toBe(stored.etag)
    // The same page rendered with another nonce is the same representation; another page is not.
    expect(storedBody(Buffer.from(rendered('xyz')), 'xyz').etag).toBe(stored.etag)
    expect(storedBody(Buffer.from(`${rendered('abc')} `), 'abc').etag).not.toBe(stored.etag)
  })

  it('a body under the threshold is not kept compressed', () => {
    expect(storedBody(Buffer.alloc(MIN_ENCODED_BYTES - 1, 'a'), undefined).encoded).toEqual({})
    expect(Object.keys(storedBody(Buffer.alloc(MIN_ENCODED_BYTES, 'a'), undefined).encoded)).toEqual(['br', 'gzip'])
  })
})

describe('noneMatchHits', () => {
  it('matches a listed tag (weakly, as If-None-Match compares), or *', () => {
    expect(noneMatchHits('"abc"', '"abc"')).toBe(true)
    expect(noneMatchHits('"x", W/"abc"', '"abc"')).toBe(true)
    expect(noneMatchHits('*', '"abc"')).toBe(true)
    expect(noneMatchHits('"abc-br"', '"abc"')).toBe(false)
    expect(noneMatchHits('abc', '"abc"')).toBe(false)
    expect(noneMatchHits('', '"abc"')).toBe(false)
  })
})

describe('PageCache', () => {
  it('serves a page only at its revision and within the TTL, and keeps it as the stale fallback', () => {
    let now = 1_000
    const cache = new PageCache({ ttlMs: 300_000, now: () => now })
    cache.set('/', page('home', 3))
    expect(cache.fresh('/', 3)?.body.toString()).toBe('home')
    expect(cache.fresh('/', 4)).toBeUndefined()
    now += 300_000
    expect(cache.fresh('/', 3)).toBeUndefined()
    expect(cache.stale('/')?.body.toString()).toBe('home')
  })

  it('serves no page after the Berlin day it was rendered on (special opening hours start and end at midnight)', () => {
    // 23:55 in Berlin on 23 December (CET, UTC+1); the TTL alone would keep the page until 00:05.
    let now = Date.parse('2026-12-23T22:55:00Z')
    const cache = new PageCache({ ttlMs: 600_000, now: () => now })
    cache.set('/', page('23 December', 1))
    now = Date.parse('2026-12-23T22:59:59Z')
    expect(cache.fresh('/', 1)?.body.toString()).toBe('23 December')
    now = Date.parse('2026-12-23T23:00:00Z')
    expect(cache.fresh('/', 1)).toBeUndefined()
    expect(cache.stale('/')?.body.toString()).toBe('23 December')

    // Rendering began before midnight and ended after it: the page may show the old day, so it is not served.
    cache.set('/late', page('begun on 23 December', 1), Date.parse('2026-12-23T22:59:59Z'))
    expect(cache.fresh('/late', 1)).toBeUndefined()
    cache.set('/new', page('24 December', 1))
    now += 60_000
    expect(cache.fresh('/new', 1)?.body.toString()).toBe('24 December')
  })

  it('evicts the least recently used page beyond the entry bound (pages at their own address: three quarters of it)', () => {
    const cache = new PageCache({ ttlMs: 60_000, maxEntries: 4 })
    for (const key of ['/a', '/b', '/c']) cache.set(key, page(key))
    expect(cache.fresh('/a', 0)).toBeDefined() // /a is now the most recently used
    cache.set('/d', page('d'))
    expect(cache.stale('/b')).toBeUndefined()
    expect(['/a', '/c', '/d'].map((key) => cache.stale(key)?.body.toString())).toEqual(['/a', '/c', 'd'])
    expect(cache.size).toBe(3)
  })

  it('keeps the total size within the byte bound and skips pages larger than it', () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 400 }) // each page here: about 140 bytes; 300 for pages without a query
    cache.set('/a', page('a'.repeat(100)))
    cache.set('/b', page('b'.repeat(100)))
    cache.set('/c', page('c'.repeat(100)))
    expect(cache.stale('/a')).toBeUndefined()
    expect(cache.bytes).toBeLessThanOrEqual(300)
    cache.set('/huge', page('h'.repeat(1000)))
    expect(cache.stale('/huge')).toBeUndefined()
    expect(cache.size).toBe(2)
  })

  it('pages with a query evict only each other: a run of junk parameters leaves the pages at their own address (security review 2026-11-29, 2)', () => {
    const cache = new PageCache({ ttlMs: 60_000, maxEntries: 8, maxBytes: 4000 }) // a quarter, 2 pages and 1000 bytes, for pages with a query
    cache.set('/', page('home'))
    cache.set('/vehicles', page('list'))
    cache.set('/vehicles?make=BMW', page('BMW'))
    for (let junk = 0; junk < 100; junk++) cache.set(`/vehicles/2?z=${junk}`, page('x'.repeat(100)))
    expect(cache.stale('/')?.body.toString()).toBe('home')
    expect(cache.stale('/vehicles')?.body.toString()).toBe('list')
    expect(cache.stale('/vehicles?make=BMW')).toBeUndefined()
    expect(cache.stale('/vehicles/2?z=99')).toBeDefined()
    expect(cache.size).toBe(4)
    expect(cache.bytes).toBeLessThanOrEqual(4000)
  })

  it('the encoded copies and script hashes count in the byte bound', () => {
    const cache = new PageCache({ ttlMs: 60_000 })
    const stored = storedBody(Buffer.from(`<script nonce="n">1</script>${'x'.repeat(2000)}`), 'n')
    cache.set('/b', { headers: [], ...stored, revision: 0 })
    expect(cache.bytes).toBe(2 + stored.body.byteLength + stored.encoded.br!.byteLength + stored.encoded.gzip!.byteLength + stored.scriptHashes![0]!.length)
    cache.delete('/b')
    expect(cache.bytes).toBe(0)
  })

  it('replacing a page updates the byte count', () => {
    const cache = new PageCache({ ttlMs: 60_000 })
    cache.set('/', page('x'.repeat(100)))
    const before = cache.bytes
    cache.set('/', page('x'.repeat(10)))
    expect(cache.bytes).toBe(before - 90)
    cache.delete('/')
    expect(cache.bytes).toBe(0)
  })
})
