import { createHash } from 'node:crypto'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import { hashTrustedScripts } from '#app/server/security-headers.server.ts'
import { berlinDayEnd } from '#app/utils/clock.ts'
import { cookieNames } from '#app/utils/cookies.ts'
import { SAVED_LIST_COOKIE, SAVED_LIST_PATH } from '#app/vehicles/saved-list.ts'
import { apiListCacheQuery } from '#app/vehicles/vehicle-search.ts'

/**
 * The full-page cache (docs/decisions/014): rendered pages of anonymous GET requests, in this
 * process's memory, keyed by URL. A page is served again only while the content revision it was
 * rendered at is still current and it is younger than the TTL; the last good page of a URL stays
 * as the stale-if-error fallback until the LRU bound evicts it. The large answers that are the
 * same for every client (the sitemap, the API's vehicle list) are kept the same way.
 */

/**
 * A stored page: a complete 200 response as Remix rendered it, before per-request headers, in the
 * form every later answer takes it (storedBody): a hit writes one of its buffers as it is.
 */
export interface CachedPage extends StoredBody {
  /** Response headers as rendered (without security headers, which are added per response). */
  headers: ReadonlyArray<readonly [string, string]>
  /** The content revision current when rendering began. */
  revision: number
  /** When it was stored (ms). */
  storedAt: number
  /** When it stops being fresh (ms): after the TTL, or at the end of the day it was stored on if that comes first. */
  expiresAt: number
}

/** A rendered body as the cache keeps it: made once when stored, never touched by a hit. */
export interface StoredBody {
  /** The body without the render's nonce (an HTML page's scripts are allowed by their hashes instead). */
  body: Buffer
  /** An HTML page's `sha256-…` sources of its inline scripts, for its policy (docs/decisions/076); undefined for other bodies. */
  scriptHashes: readonly string[] | undefined
  /** The body compressed in each stored encoding (none for a body under MIN_ENCODED_BYTES). */
  encoded: Partial<Record<StoredEncoding, Buffer>>
  /** The strong validator of `body` (an encoded copy's adds its encoding), quoted. */
  etag: string
}

/** Smaller bodies are not kept compressed: not worth it (the compression middleware's own threshold). */
export const MIN_ENCODED_BYTES = 1024

/**
 * A rendered body made ready for the cache, once: an HTML page (`nonce`: the one it was rendered
 * with) loses its nonce attributes and gets the hashes of the scripts that carried it; then the
 * body is compressed in every stored encoding (br quality 5: a fifth of gzip's size at JSON, about
 * 2 ms for the home page, tens of milliseconds for the 2 MB list; 11 would take seconds), and
 * given its ETag.
 */
export function storedBody(rendered: Buffer, nonce: string | undefined): StoredBody {
  let body = rendered
  let scriptHashes: string[] | undefined
  if (nonce !== undefined) {
    const trusted = hashTrustedScripts(rendered.toString('utf8'), nonce)
    body = Buffer.from(trusted.html)
    scriptHashes = trusted.hashes
  }
  const encoded: StoredBody['encoded'] = {}
  if (body.byteLength >= MIN_ENCODED_BYTES) {
    encoded.br = brotliCompressSync(body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
    })
    encoded.gzip = gzipSync(body)
  }
  return { body, scriptHashes, encoded, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }
}

/** The ETag of a stored body in `encoding` (strong validators differ per representation, RFC 9110 8.8.3). */
export function etagIn(etag: string, encoding: StoredEncoding | undefined): string {
  return encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag
}

/**
 * Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 13.1.2 asks: `W/"x"`
 * matches `"x"`), or is `*`.
 */
export function noneMatchHits(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim()
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === etag) return true
  }
  return false
}

export interface PageCacheOptions {
  /** How long a page stays fresh (ms); lake writes and the webhook end it earlier. */
  ttlMs: number
  /** Bounds of the whole cache: pages and total body bytes (a quarter of each for pages with a query, QUERIED_SHARE). */
  maxEntries?: number
  maxBytes?: number
  now?: () => number
  /**
   * When the calendar day of an instant ends (ms). Pages show what holds on the day they are rendered
   * (special opening hours start and end at midnight), so none is served after its day (docs/decisions/049).
   */
  dayEndsAt?: (instant: number) => number
}

/** The part of a request the cache looks at. */
export interface RequestFacts {
  method: string
  /** Path and query, as requested. */
  url: string
  header(name: string): string | null | undefined
}

/** Encodings a stored body may also be kept in. */
export type StoredEncoding = 'br' | 'gzip'

/**
 * The first of `offered` (best first) that an Accept-Encoding header takes at all (q > 0, by name
 * or by `*`); undefined for the body as stored. Not the client's order: `gzip, br` gets the
 * smaller br, as from the compression middleware.
 */
export function preferredEncoding(acceptEncoding: string | undefined, offered: readonly StoredEncoding[]): StoredEncoding | undefined {
  if (!acceptEncoding) return undefined
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase())
    const q = parameters.find((parameter) => parameter.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0)
  }
  return offered.find((encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0)
}

/** Longer keys are not cached: they are not links of the site, and each would take a slot. */
const MAX_KEY_LENGTH = 2048

/**
 * Kinds of body worth caching: documents, Remix's single-fetch data (`*.data`), the JSON and XML
 * of the shared answers (only those get a key among the routes that answer JSON or XML), and
 * robots.txt, which crawlers fetch before anything else (stored, it gets an ETag and a 304).
 */
const CACHEABLE_TYPES = /^(text\/html|text\/x-script|text\/plain|application\/json|application\/xml)\b/i

/** Paths whose answers are never pages: the JSON API and the embedded lake's images. */
const NOT_PAGES = /^\/(api|media)\//

/**
 * Answers that are the same for every client and cost a full pass over the inventory (at 5,000
 * vehicles 2.1 MB of JSON, 0.4 MB of XML), by route path: the query
 * part of their key. It holds only what the route reads, so junk parameters (`?z=random`) find
 * the stored answer instead of forcing a new computation each; undefined = not kept (a 400).
 */
const SHARED_ANSWERS: Record<string, (params: URLSearchParams) => string | undefined> = {
  '/sitemap.xml': () => '',
  '/api/vehicles': (params) => apiListCacheQuery(params),
}

const ROUTED_DIFFERENTLY = /[%A-Z]|.\/$/

/**
 * A path as Remix's router matches it to a route (@remix-run/router: decodePath, compilePath):
 * each segment percent-decoded (an encoded `/` stays `%2F`), ASCII letters case-insensitive
 * (a RegExp `i` without `u`), trailing slashes ignored. `/API/Vehicles/` reaches the list route
 * too and must not be a way around its entry; a path that reaches another route must not map here.
 */
function routePath(pathname: string): string {
  // Nearly every path has nothing to decode, no capital and no trailing slash.
  if (!ROUTED_DIFFERENTLY.test(pathname)) return pathname
  let decoded = pathname
  try {
    decoded = pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replaceAll('/', '%2F'))
      .join('/')
  } catch {
    // Refused before the site (request-target.server.ts); kept as it is here.
  }
  return decoded.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()).replace(/(.)\/+$/, '$1')
}

/**
 * Parameters Remix itself reads on any route, whose answer they change: `_data` (a route's loader
 * data as JSON, `?_data=root` on the list path answers the settings), `_routes` (the loaders of a
 * `.data` request), `index`. They stay in the key as sent.
 */
const REMIX_PARAMS = ['_data', '_routes', 'index']

/**
 * The key of a shared answer (`/sitemap.xml`, `/api/vehicles?…`), null when the path is not one,
 * undefined when not kept. Remix answers `<path>.data` (single fetch, as Remix tells it: the raw
 * path's suffix) with the same loaders' data as turbo-stream: its own entry, keyed the same way.
 */
function sharedAnswerKey(url: string): string | undefined | null {
  const queryAt = url.indexOf('?')
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt)
  const data = rawPath.endsWith('.data')
  const path = routePath(data ? rawPath.slice(0, -'.data'.length) : rawPath)
  const queryOf = SHARED_ANSWERS[path]
  if (!queryOf) return null
  const params = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1))
  const query = queryOf(params)
  if (query === undefined) return undefined
  const remix = new URLSearchParams()
  for (const name of REMIX_PARAMS) for (const value of params.getAll(name)) remix.append(name, value)
  const fullQuery = [query, remix.toString()].filter(Boolean).join('&')
  const key = `${path}${data ? '.data' : ''}${fullQuery ? `?${fullQuery}` : ''}`
  return key.length > MAX_KEY_LENGTH ? undefined : key
}

/**
 * Whether the request carries a cookie the answer may depend on. Every cookie counts, except the
 * Merkliste's (docs/decisions/079): only /merkliste reads it (its answers are `private, no-store`),
 * so a visitor with saved cars is still served the cached pages everywhere else.
 */
function personalCookies(header: string | null | undefined, url: string): boolean {
  if (!header) return false
  const queryAt = url.indexOf('?')
  if (routePath(queryAt === -1 ? url : url.slice(0, queryAt)).startsWith(SAVED_LIST_PATH)) return true
  return cookieNames(header).some((name) => name !== SAVED_LIST_COOKIE)
}

/**
 * The cache key of a request, or undefined when the request must not be answered from the
 * cache: only GET and HEAD of pages without cookies (but the Merkliste's) or credentials (nothing
 * personal can be in the page). Crawlers get complete documents (entry.server.tsx), browsers streamed ones: separate
 * entries. The shared answers (SHARED_ANSWERS) have one entry for all clients, keyed by what their
 * route reads; for them a long junk query is ignored, not a way past the cache.
 */
export function pageCacheKey(request: RequestFacts, isBot: (userAgent: string) => boolean): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  if (request.header('authorization') || !request.url.startsWith('/')) return undefined
  if (personalCookies(request.header('cookie'), request.url)) return undefined
  const shared = sharedAnswerKey(request.url)
  if (shared !== null) return shared
  if (request.url.length > MAX_KEY_LENGTH || NOT_PAGES.test(request.url)) return undefined
  return isBot(request.header('user-agent') ?? '') ? `bot ${request.url}` : request.url
}

/**
 * Whether a rendered response may be stored: 200, HTML or single-fetch data, no cookie set, not
 * marked private or no-store (form results are), and not varying on anything but the encoding.
 */
export function isStorable(response: { status: number; headers: Headers }): boolean {
  if (response.status !== 200) return false
  const { headers } = response
  if (!CACHEABLE_TYPES.test(headers.get('content-type') ?? '')) return false
  if (headers.has('set-cookie')) return false
  if (/\b(no-store|private)\b/i.test(headers.get('cache-control') ?? '')) return false
  const vary = (headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase())
  return vary.every((name) => name === '' || name === 'accept-encoding')
}

/**
 * The share of the bounds that pages with a query (`/vehicles?make=BMW`, `/vehicles/2?from=…`, and
 * any junk parameter) have between them, apart from the pages at their own address. Every new query
 * is a new entry, so without this 400 requests with `?z=<random>` evicted every page; now they only
 * evict each other and the filtered lists, which render in tens of milliseconds.
 */
const QUERIED_SHARE = 4

export class PageCache {
  /**
   * Least recently used first out beyond either bound; no TTL of their own: a stale page stays as the
   * fallback. Pages at their own address, and pages with a query (QUERIED_SHARE).
   */
  private readonly entries: LRUCache<string, CachedPage>
  private readonly queried: LRUCache<string, CachedPage>
  private readonly ttlMs: number
  /** The cache's clock (ms), also for the time a render began. */
  readonly now: () => number
  private readonly dayEndsAt: (instant: number) => number

  constructor({ ttlMs, maxEntries = 1000, maxBytes = 64 * 1024 * 1024, now = Date.now, dayEndsAt = berlinDayEnd }: PageCacheOptions) {
    const queriedEntries = Math.max(1, Math.floor(maxEntries / QUERIED_SHARE))
    const queriedBytes = Math.floor(maxBytes / QUERIED_SHARE)
    this.entries = new LRUCache({ max: maxEntries - queriedEntries, maxSize: maxBytes - queriedBytes, sizeCalculation: (page, key) => sizeOf(key, page) })
    this.queried = new LRUCache({ max: queriedEntries, maxSize: queriedBytes, sizeCalculation: (page, key) => sizeOf(key, page) })
    this.ttlMs = ttlMs
    this.now = now
    this.dayEndsAt = dayEndsAt
  }

  get size(): number {
    return this.entries.size + this.queried.size
  }

  get bytes(): number {
    return this.entries.calculatedSize + this.queried.calculatedSize
  }

  /** Where a key's page is kept. */
  private segmentOf(key: string): LRUCache<string, CachedPage> {
    return key.includes('?') ? this.queried : this.entries
  }

  /** The page if it is fresh: rendered at the current revision, within the TTL and on the same day. */
  fresh(key: string, revision: number): CachedPage | undefined {
    const segment = this.segmentOf(key)
    const page = segment.peek(key)
    if (!page || page.revision !== revision || this.now() >= page.expiresAt) return undefined
    return segment.get(key)
  }

  /** The last good page of this URL, however old: the fallback when rendering fails. */
  stale(key: string): CachedPage | undefined {
    return this.segmentOf(key).peek(key)
  }

  /**
   * Stores a page (replacing the URL's previous one) and evicts the least recently used beyond the
   * bounds. `renderedAt`: when its rendering began; it shows that day's content, so it expires at that day's end.
   * A page larger than its segment's bound is not stored, and the URL's previous page stays as its fallback.
   */
  set(key: string, page: Omit<CachedPage, 'storedAt' | 'expiresAt'>, renderedAt: number = this.now()): void {
    const segment = this.segmentOf(key)
    if (sizeOf(key, page) > segment.maxSize) return
    const storedAt = this.now()
    segment.set(key, { ...page, storedAt, expiresAt: Math.min(storedAt + this.ttlMs, this.dayEndsAt(renderedAt)) })
  }

  delete(key: string): void {
    this.segmentOf(key).delete(key)
  }
}

function sizeOf(key: string, page: Pick<CachedPage, 'body' | 'headers' | 'encoded' | 'scriptHashes'>): number {
  let size = key.length + page.body.byteLength
  for (const [name, value] of page.headers) size += name.length + value.length
  for (const bytes of Object.values(page.encoded)) size += bytes.byteLength
  for (const hash of page.scriptHashes ?? []) size += hash.length
  return size
}
