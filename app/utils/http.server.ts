import { type HeadersArgs, redirect } from '@remix-run/node'

/**
 * Named Cache-Control policies (remix-website style): every response picks one of these,
 * so the caching of the whole site can be read in one place.
 */
export const CACHE_CONTROL = {
  /** Form results, API writes and anything personal: never stored anywhere. */
  noStore: 'no-store',
  /** HTML pages: browsers revalidate, shared caches keep them briefly and may serve stale while refreshing. */
  page: 'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
  /**
   * An HTML page rendered for this request (cache miss, bypass, 404): its policy names a nonce of
   * its own, which no shared cache may hand to others (decision 076). The next request of the URL
   * is a hit, which lists hashes instead and is `page`.
   */
  renderedPage: 'private, max-age=0',
  /**
   * Public JSON reads (GET /api/vehicles…): the inventory changes with every sync, so browsers
   * always revalidate and shared caches keep an answer for only a short while; shorter than
   * `page` because API clients (the marketplace sync check, scripts) expect fresh stock.
   */
  apiRead: 'public, max-age=0, s-maxage=30, stale-while-revalidate=60',
  /** Content-addressed files (fingerprinted builds, images named by hash). */
  immutable: 'public, max-age=31536000, immutable',
  /** Files of public/ whose names do not change with their content (favicons, placeholder image): an hour, then revalidate. */
  file: 'public, max-age=3600',
  /** The Studio's index.html: always revalidated, so a rebuilt Studio loads its new hashed files at once. */
  revalidate: 'no-cache',
} as const

/**
 * What a page route's `headers` answer: an error's own headers, else the Cache-Control its action or
 * loader answered with, else `fallback` (Remix takes a page's headers from its deepest route only).
 * Called inside the route's own `headers` function: the browser build drops that function, while a
 * call at a module's top level would stay and run there without this server module.
 */
export function routeHeaders({ actionHeaders, loaderHeaders, errorHeaders }: HeadersArgs, fallback: string): HeadersInit {
  return errorHeaders ?? { 'Cache-Control': actionHeaders.get('Cache-Control') ?? loaderHeaders.get('Cache-Control') ?? fallback }
}

/**
 * Whether a path, or a request target with its query, is the JSON API's: `/api` itself and everything
 * under it. Its errors are JSON wherever they arise (Express, the refusals before it, Remix).
 */
export function isApiPath(target: string): boolean {
  return target.startsWith('/api/') || target === '/api' || target.startsWith('/api?')
}

/** A JSON error for API clients: `{error, ...details}` with the given status, never cached. */
export function jsonError(status: number, error: string, details: Record<string, unknown> = {}, headers?: HeadersInit) {
  const responseHeaders = new Headers(headers)
  responseHeaders.set('Cache-Control', CACHE_CONTROL.noStore)
  return Response.json({ error, ...details }, { status, headers: responseHeaders })
}

/** 201 Created with the stored item's id and time (POST /api/contacts, POST /api/leads), never cached. */
export function jsonCreated(
  body: { id: string; receivedAt: string; photos?: { stored: number; withheld: boolean } },
  // An array when a header comes twice (two Set-Cookie).
  headers: Record<string, string> | Array<[string, string]> = {},
) {
  return Response.json(body, {
    status: 201,
    headers: [['Cache-Control', CACHE_CONTROL.noStore], ...(Array.isArray(headers) ? headers : Object.entries(headers))],
  })
}

/** The parsed JSON of a request body, or undefined when it is not JSON. */
export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body larger than ${limit} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/**
 * The largest body a path without uploads reads: Sanity's webhook, a projection of the changed
 * document (a page with all its sections fits easily). Larger ones are refused unread (createServer).
 */
export const MAX_REQUEST_BODY = 1024 * 1024

/**
 * Reads the request body as text, refusing more than `limit` bytes without reading further
 * (a declared Content-Length over the limit is refused before reading anything).
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit)
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      throw new BodyTooLargeError(limit)
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}

/** The media type of a request without parameters, lower-cased ('' when absent). */
export function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
}

/**
 * Sends a page request to the page's one address (301, the query kept) when it spelled it otherwise:
 * Remix matches paths regardless of case and a trailing slash, so `/Vehicles/1/` served the same
 * page as `/vehicles/1`. Called first in a page's loader with its path.
 */
export function redirectToPagePath(request: Request, path: string): void {
  const url = new URL(request.url)
  if (url.pathname !== path) throw redirect(`${path}${url.search}`, { status: 301 })
}
