import { describe, expect, it } from 'vitest'
import { isStorable, joinWith, PageCache, pageCacheKey, type RequestFacts, splitAt } from './page-cache.server'

function facts(url: string, headers: Record<string, string> = {}, method = 'GET'): RequestFacts {
  return { method, url, header: (name) => headers[name.toLowerCase()] }
}
const noBots = () => false

function page(body: string, revision = 0, nonce?: string) {
  return { headers: [['content-type', 'text/html; charset=utf-8']] as const, body: Buffer.from(body), nonce, revision }
}

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
    expect(pageCacheKey(facts('/api/vehicles'), noBots)).toBeUndefined()
    expect(pageCacheKey(facts('/media/abc-1x1.jpg'), noBots)).toBeUndefined()
    expect(pageCacheKey(facts(`/?q=${'x'.repeat(3000)}`), noBots)).toBeUndefined()
  })

  it('keeps crawlers (complete documents) apart from browsers (streamed ones)', () => {
    const isBot = (userAgent: string) => userAgent.includes('bot')
    expect(pageCacheKey(facts('/', { 'user-agent': 'Googlebot' }), isBot)).toBe('bot /')
    expect(pageCacheKey(facts('/', { 'user-agent': 'Firefox' }), isBot)).toBe('/')
  })
})

describe('isStorable', () => {
  const response = (status: number, headers: Record<string, string>) => ({ status, headers: new Headers(headers) })
  it('stores 200 documents and single-fetch data', () => {
    expect(isStorable(response(200, { 'content-type': 'text/html; charset=utf-8' }))).toBe(true)
    expect(isStorable(response(200, { 'content-type': 'text/x-script', vary: 'Accept-Encoding' }))).toBe(true)
  })
  it('refuses other statuses, types, cookies, private or no-store answers and other Vary', () => {
    expect(isStorable(response(404, { 'content-type': 'text/html' }))).toBe(false)
    expect(isStorable(response(200, { 'content-type': 'application/json' }))).toBe(false)
    expect(isStorable(response(200, { 'content-type': 'text/html', 'set-cookie': 'a=1' }))).toBe(false)
    expect(isStorable(response(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }))).toBe(false)
    expect(isStorable(response(200, { 'content-type': 'text/html', 'cache-control': 'private, max-age=60' }))).toBe(false)
    expect(isStorable(response(200, { 'content-type': 'text/html', vary: 'Accept' }))).toBe(false)
  })
})

describe('splitAt and joinWith: a new nonce in a stored page', () => {
  it('replaces every occurrence, leaves the stored body as it was', () => {
    const body = Buffer.from('<script nonce="AAAA">1</script><script nonce="AAAA">2</script>')
    const parts = splitAt(body, 'AAAA')
    expect(parts).toHaveLength(3)
    expect(Buffer.concat(joinWith(parts, 'BBBB')).toString()).toBe('<script nonce="BBBB">1</script><script nonce="BBBB">2</script>')
    expect(body.toString()).toContain('AAAA')
  })
  it('copes with replacements of another length, multi-byte text, occurrences at the edges and none', () => {
    expect(Buffer.concat(joinWith(splitAt(Buffer.from('x-ä-x-ö-x'), 'x'), 'yy')).toString()).toBe('yy-ä-yy-ö-yy')
    const plain = Buffer.from('<p>ohne Skript</p>')
    expect(joinWith(splitAt(plain, 'AAAA'), 'BBBB')).toEqual([plain])
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

  it('evicts the least recently used page beyond the entry bound', () => {
    const cache = new PageCache({ ttlMs: 60_000, maxEntries: 2 })
    cache.set('/a', page('a'))
    cache.set('/b', page('b'))
    expect(cache.fresh('/a', 0)).toBeDefined() // /a is now the most recently used
    cache.set('/c', page('c'))
    expect(cache.stale('/b')).toBeUndefined()
    expect(cache.stale('/a')).toBeDefined()
    expect(cache.size).toBe(2)
  })

  it('keeps the total size within the byte bound and skips pages larger than it', () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 300 }) // each page here: about 140 bytes
    cache.set('/a', page('a'.repeat(100)))
    cache.set('/b', page('b'.repeat(100)))
    cache.set('/c', page('c'.repeat(100)))
    expect(cache.stale('/a')).toBeUndefined()
    expect(cache.bytes).toBeLessThanOrEqual(300)
    cache.set('/huge', page('h'.repeat(1000)))
    expect(cache.stale('/huge')).toBeUndefined()
    expect(cache.size).toBe(2)
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
