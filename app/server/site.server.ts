import { type AppLoadContext, createRequestHandler, type ServerBuild } from '@remix-run/node'
import { isbot } from 'isbot'
import { type AppContext } from '#app/context.server.ts'
import { type ContentRevision, RequestLake } from '#app/lake/content-revision.server.ts'
import {
  type CachedPage,
  etagIn,
  isStorable,
  noneMatchHits,
  PageCache,
  pageCacheKey,
  preferredEncoding,
  type RequestFacts,
  storedBody,
  type StoredEncoding,
} from '#app/server/page-cache.server.ts'
import { type Logger } from '#app/server/logging.server.ts'
import { previewLake, readPreview, studioUrl } from '#app/preview/preview.server.ts'
import { createNonce, type ResponseKind, type SecurityHeaderOptions, securityHeaders } from '#app/server/security-headers.server.ts'
import { CACHE_CONTROL, isApiPath, jsonError } from '#app/utils/http.server.ts'
import { SERVER_ERROR_TEXT } from '#app/components/error-hero.tsx'

/**
 * A response ready to send, from the cache: status, final headers as a flat list of names (lower
 * case) and values, as `writeHead` takes them, and the stored body (none for HEAD and 304).
 */
export interface CachedAnswer {
  status: number
  headers: readonly string[]
  body: Buffer | undefined
}

export interface SiteOptions {
  /** The application context (createAppContext) with the content revision its lake reports to. */
  context: AppContext & { contentRevision: ContentRevision }
  /** The Remix build; or `render` instead (tests). */
  build?: ServerBuild
  mode?: string
  /** Renders one request (default: Remix's request handler for `build`). */
  render?: (request: Request, loadContext: AppLoadContext) => Promise<Response>
  /** Bounds of the page cache (PageCache defaults otherwise). */
  cacheBounds?: { maxEntries?: number; maxBytes?: number }
  now?: () => number
}

/** What the pipeline knows of a request beyond the Fetch Request (the per-request part of the load context). */
export type RequestContext = Pick<AppLoadContext, 'clientAddress' | 'requestOrigin' | 'requestId'> & { logger: Logger }

/**
 * Answers larger than this are sent but not kept (the LRU's byte bound stays meaningful). Above
 * the unpaged `GET /api/vehicles` at the spec's 5,000 vehicles (2.1 MB), which must be kept: it
 * is the dearest answer of the site.
 */
const MAX_PAGE_BYTES = 8 * 1024 * 1024

/** The encodings a stored body is also kept in, best first. */
const STORED_ENCODINGS: readonly StoredEncoding[] = ['br', 'gzip']

/** Headers that describe a 200's body, not sent with a 304. */
const BODY_HEADERS = new Set(['content-length', 'content-encoding', 'content-type'])

/** One stored representation of a cached page, with everything a hit sends: made on its first answer. */
interface Variant {
  body: Buffer
  /** The 200's headers (X-Cache: HIT). */
  headers: string[]
  /** The 304's: the 200's without the body's own (Content-Length, Content-Encoding, Content-Type). */
  notModified: string[]
  etag: string
}

const HTML = /^text\/html\b/i

/**
 * `compute` remembered per key, for what clients send again and again in the same few values
 * (Accept-Encoding, User-Agent): at most `max` entries, and no key longer than 512 characters
 * (a client could fill the memory with long ones).
 */
function remembered<T>(compute: (key: string) => T, max: number): (key: string) => T {
  const memory = new Map<string, T>()
  return (key) => {
    if (memory.has(key)) return memory.get(key) as T
    const value = compute(key)
    if (key.length <= 512) {
      if (memory.size >= max) memory.clear()
      memory.set(key, value)
    }
    return value
  }
}

/** The encoding each Accept-Encoding value gets (browsers send a handful of distinct values). */
const negotiated = remembered((acceptEncoding) => preferredEncoding(acceptEncoding, STORED_ENCODINGS), 100)

function encodingFor(acceptEncoding: string | undefined): StoredEncoding | undefined {
  return acceptEncoding ? negotiated(acceptEncoding) : undefined
}

/** Whether a user agent is a crawler's: isbot's pattern costs about 1.4 µs for a browser's agent, more than the rest of a page-cache hit's key. */
const isBotAgent = remembered(isbot, 1000)

/**
 * The site at the level of Fetch `Request → Response`: the page cache in front of Remix, a CSP
 * nonce per rendered response (script hashes for a cached page), and the security and caching headers every answer carries
 * (docs/decisions/014 and 015). createServer (create-server.server.ts) puts it in front of Remix.
 */
export class Site {
  readonly cache: PageCache | undefined
  readonly revision: ContentRevision
  private readonly context: SiteOptions['context']
  private readonly render: (request: Request, loadContext: AppLoadContext) => Promise<Response>
  /** Whether serving stale pages has been reported since the last successful render. */
  private staleReported = false
  /** The representations of each cached page with their final headers, made on its first answer (hits are the hot path). */
  private readonly prepared = new WeakMap<CachedPage, Partial<Record<StoredEncoding | 'identity', Variant>>>()

  constructor(options: SiteOptions) {
    this.context = options.context
    this.revision = options.context.contentRevision
    const { env } = options.context
    if (options.render) this.render = options.render
    else if (options.build) this.render = createRequestHandler(options.build, options.mode)
    else throw new Error('Site needs a Remix build or a render function')
    // Not under `remix dev`: a developer wants to see each change at once.
    const cacheOn = env.PAGE_CACHE_TTL > 0 && options.mode !== 'development'
    this.cache = cacheOn ? new PageCache({ ttlMs: env.PAGE_CACHE_TTL * 1000, now: options.now, ...options.cacheBounds }) : undefined
  }

  /** The page-cache key of a request, or undefined when it is not answered from or kept in the cache. */
  cacheKey(request: RequestFacts): string | undefined {
    return this.cache ? pageCacheKey(request, isBotAgent) : undefined
  }

  /**
   * The answer to a request from a fresh cached page, undefined on a miss: the stored body in the
   * encoding the client takes best (`acceptEncoding`; as stored when it takes neither br nor gzip),
   * or 304 when `ifNoneMatch` names that representation's ETag. Nothing is computed per hit.
   */
  cachedAnswer(key: string, method: string, acceptEncoding: string | undefined, ifNoneMatch?: string): CachedAnswer | undefined {
    const page = this.cache?.fresh(key, this.revision.current)
    if (!page) return undefined
    const variants = this.prepared.get(page) ?? this.prepare(page)
    const variant = variants[encodingFor(acceptEncoding) ?? 'identity'] ?? variants.identity!
    if (ifNoneMatch !== undefined && noneMatchHits(ifNoneMatch, variant.etag)) return { status: 304, headers: variant.notModified, body: undefined }
    return { status: 200, headers: variant.headers, body: method === 'HEAD' ? undefined : variant.body }
  }

  /**
   * Renders a request with a fresh nonce. For a cacheable request (`key`) a complete 200 page is
   * kept while it streams to the client, and a 5xx is replaced by the URL's last good page.
   */
  async renderAndCache(request: Request, key: string | undefined, requestContext: RequestContext): Promise<Response> {
    const log = requestContext.logger
    const nonce = createNonce()
    const revision = this.revision.current
    // The page shows what holds on this day (special opening hours): kept only until the day ends.
    const renderedAt = this.cache?.now()
    // Staff in the Studio's preview read drafts. Their pages are never taken from or put in the cache
    // (a request with a cookie has no cache key) and leave `private, no-store` (docs/decisions/031).
    const { env } = this.context
    const preview = await readPreview(request.headers.get('cookie'), env, this.context.lake)
    const lake = new RequestLake(preview ? previewLake(this.context.lake, preview, env) : this.context.lake)
    let response: Response
    try {
      response = await this.render(request, { ...this.context, ...requestContext, lake, preview, cspNonce: nonce })
    } catch (error) {
      // A client that went away (or was cut off for being slow) is one line, not a stack.
      if (request.signal.aborted) log.warn('Anfrage abgebrochen')
      else log.error({ err: error }, 'Fehler beim Rendern')
      // What the 500 page says (JSON for the API): no page could be rendered to say it.
      response = isApi(request)
        ? jsonError(500, SERVER_ERROR_TEXT)
        : new Response(SERVER_ERROR_TEXT, { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
    }
    if (response.status === 405) response = methodNotAllowed(request, response)
    else if (response.status === 404 && isApi(request) && HTML.test(response.headers.get('content-type') ?? '')) response = apiNotFound(response)

    if (key !== undefined && response.status >= 500) {
      const stale = this.cache?.stale(key)
      if (stale) {
        void response.body?.cancel().catch(() => {})
        if (!this.staleReported) {
          this.staleReported = true
          log.warn(
            { key, status: response.status },
            'Seiten-Cache: die Seite ergab einen Serverfehler; ausgeliefert wird die zuletzt gute Fassung (stale-if-error). Weitere Fälle werden bis zur nächsten erfolgreichen Seite nicht gemeldet.',
          )
        }
        return this.staleAnswer(stale, request)
      }
    }

    const storable = key !== undefined && request.method === 'GET' && isStorable(response) && response.body !== null
    const html = HTML.test(response.headers.get('content-type') ?? '')
    const renderedHeaders = [...response.headers]
    const headers = this.finalHeaders(request.method, response.status, new Headers(response.headers), {
      nonce,
      framedBy: preview ? [studioUrl(env)] : undefined,
    })
    headers.set('X-Cache', key === undefined ? 'BYPASS' : 'MISS')
    if (preview) headers.set('Cache-Control', 'private, no-store')
    else if (html && headers.get('Cache-Control')?.startsWith('public')) headers.set('Cache-Control', CACHE_CONTROL.renderedPage)
    let body: ReadableStream<Uint8Array> | null = response.body
    if (storable && body && this.cache && key !== undefined) {
      const cache = this.cache
      body = keepCopy(body, MAX_PAGE_BYTES, (bytes) => {
        // A client that left may have made the renderer abort (React then fills pending parts
        // with their error fallbacks): such a page is never kept, even when it reads as complete.
        if (lake.readFailed || request.signal.aborted) return
        this.staleReported = false
        const stored = storedBody(bytes, html ? nonce : undefined)
        cache.set(key, { headers: renderedHeaders, ...stored, revision }, renderedAt)
      })
    }
    return new Response(body, { status: response.status, statusText: response.statusText, headers })
  }

  /**
   * The stored representations of a page with their final headers: the security headers (an HTML
   * page's policy lists its scripts' hashes), its length, encoding and ETag, `Vary: Accept-Encoding`
   * (also on the plain body: shared caches must not hand it to clients that take gzip).
   */
  private prepare(page: CachedPage): Partial<Record<StoredEncoding | 'identity', Variant>> {
    const common = this.finalHeaders('GET', 200, new Headers(page.headers as Array<[string, string]>), { scriptHashes: page.scriptHashes ?? [] })
    common.set('Vary', 'Accept-Encoding')
    common.set('X-Cache', 'HIT')
    const variant = (body: Buffer, encoding: StoredEncoding | undefined): Variant => {
      const etag = etagIn(page.etag, encoding)
      const headers = new Headers(common)
      headers.set('ETag', etag)
      headers.set('Content-Length', String(body.byteLength))
      if (encoding) headers.set('Content-Encoding', encoding)
      else headers.delete('Content-Encoding')
      return { body, etag, headers: [...headers].flat(), notModified: [...headers].filter(([name]) => !BODY_HEADERS.has(name)).flat() }
    }
    const variants: Partial<Record<StoredEncoding | 'identity', Variant>> = { identity: variant(page.body, undefined) }
    for (const encoding of STORED_ENCODINGS) {
      const bytes = page.encoded[encoding]
      if (bytes) variants[encoding] = variant(bytes, encoding)
    }
    this.prepared.set(page, variants)
    return variants
  }

  /** The last good page of a URL while rendering it fails (stale-if-error): as a hit would send it, marked STALE. */
  private staleAnswer(page: CachedPage, request: Request): Response {
    const variants = this.prepared.get(page) ?? this.prepare(page)
    const variant = variants[encodingFor(request.headers.get('accept-encoding') ?? undefined) ?? 'identity'] ?? variants.identity!
    const headers = new Headers()
    for (let index = 0; index < variant.headers.length; index += 2) headers.set(variant.headers[index]!, variant.headers[index + 1]!)
    headers.set('X-Cache', 'STALE')
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(variant.body), { status: 200, headers })
  }

  /**
   * The headers every rendered answer leaves with: the security headers of its kind and a named
   * Cache-Control policy (the route's own, else one by method, status and type). A preview page
   * may be framed by the Studio (`framedBy`); every other answer by nobody.
   */
  finalHeaders(method: string, status: number, headers: Headers, scripts: Omit<SecurityHeaderOptions, 'env'>): Headers {
    const html = HTML.test(headers.get('content-type') ?? '')
    applySecurityHeaders(headers, html ? 'page' : 'resource', { env: this.context.env, ...scripts })
    headers.set('Cache-Control', cacheControlFor(method, status, headers))
    return headers
  }
}

/**
 * Sets the security headers of `kind` on `headers`; what a route set stricter stays: an X-Robots-Tag
 * with noindex, and `Referrer-Policy: no-referrer` (a seller's photo, whose address is its key).
 */
export function applySecurityHeaders(headers: Headers, kind: ResponseKind, options: Parameters<typeof securityHeaders>[1]): Headers {
  for (const [name, value] of Object.entries(securityHeaders(kind, options))) {
    if (name === 'X-Robots-Tag' && /noindex/i.test(headers.get(name) ?? '')) continue
    if (name === 'Referrer-Policy' && headers.get(name) === 'no-referrer') continue
    headers.set(name, value)
  }
  return headers
}

/**
 * The Cache-Control of a rendered answer: never stored for anything but GET/HEAD (form results,
 * API writes, redirects after a post) or a server error; otherwise the route's own policy, and
 * for routes without one the page policy for documents, page data and permanent redirects (the
 * canonical-path 301s), no-store for the rest.
 */
export function cacheControlFor(method: string, status: number, headers: Headers): string {
  if ((method !== 'GET' && method !== 'HEAD') || status >= 500) return CACHE_CONTROL.noStore
  const own = headers.get('cache-control')
  if (own) return own
  if (status === 301 || status === 308) return CACHE_CONTROL.page
  return /^(text\/html|text\/x-script)\b/i.test(headers.get('content-type') ?? '') ? CACHE_CONTROL.page : CACHE_CONTROL.noStore
}

/** What a route without an action takes: its loader's methods. */
const LOADER_METHODS = 'GET, HEAD'

const isApi = (request: Request) => isApiPath(new URL(request.url).pathname)

/**
 * A 405 that Remix answers itself: a POST to a route without an action. Its body is Remix's:
 * `{"message":"Unexpected Server Error"}` for a resource route (sitemap, robots.txt, the read-only
 * API), for a page the root's error page with Remix's English message for developers in its data.
 * Both are replaced by what the refusal in front of Remix
 * says for other methods (JSON under /api/, German text elsewhere), with the methods that work
 * (`Allow`), as RFC 9110 asks. A route's own 405 (it names its Allow) keeps its body.
 */
export function methodNotAllowed(request: Request, response: Response): Response {
  if (response.headers.has('allow')) return response
  void response.body?.cancel().catch(() => {})
  const message = `Methode nicht erlaubt. Diese Adresse wird nur gelesen (${LOADER_METHODS}).`
  if (isApi(request)) return jsonError(405, message, {}, { Allow: LOADER_METHODS })
  return new Response(message, {
    status: 405,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_CONTROL.noStore, Allow: LOADER_METHODS },
  })
}

/** An address under /api/ that no route serves: JSON for the API client, not the people's 404 page. */
function apiNotFound(response: Response): Response {
  void response.body?.cancel().catch(() => {})
  return jsonError(404, 'Diese Adresse gibt es in der Schnittstelle nicht.')
}

/** Passes a body through unchanged and hands over a copy once it has completely gone out (not when cut off or too large). */
function keepCopy(body: ReadableStream<Uint8Array>, limit: number, onComplete: (bytes: Buffer) => void): ReadableStream<Uint8Array> {
  let chunks: Uint8Array[] | undefined = []
  let size = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (chunks) {
          size += chunk.byteLength
          if (size > limit) chunks = undefined
          else chunks.push(chunk)
        }
        controller.enqueue(chunk)
      },
      flush() {
        if (chunks) onComplete(Buffer.concat(chunks))
      },
    }),
  )
}
