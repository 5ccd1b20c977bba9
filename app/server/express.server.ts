import { readFile } from 'node:fs/promises'
import { type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@remix-run/node'
import { type Request as ExpressRequest, type RequestHandler, type Response as ExpressResponse } from 'express'
import { precompressedFiles } from '~/server/precompressed.server'
import { inlineScriptHashes, securityHeaders } from '~/server/security-headers.server'
import { type CachedAnswer, Site, type SiteOptions } from '~/server/site.server'
import { CACHE_CONTROL } from '~/utils/http.server'

/**
 * The Express side of the site (server.mjs): a thin adapter between Express and the Fetch-level
 * `Site`, plus the headers of the files Express serves itself (/build, /studio, public/).
 * Modelled on @remix-run/express (createRemixRequest, sendRemixResponse).
 */
export interface ExpressSite {
  site: Site
  /** First middleware: the security headers of a non-page response and `no-store` on every answer; later steps refine them. */
  baseHeaders: RequestHandler
  /**
   * In front of Express (the http server's request listener): answers a fresh page-cache hit for
   * a client that takes the page uncompressed, and returns true; else false, and Express takes over.
   */
  answerUncompressedHit: (req: IncomingMessage, res: ServerResponse) => boolean
  /** Answers fresh page-cache hits before any file-system lookup (after compression); everything else goes on. */
  cachedPages: RequestHandler
  /** Renders with Remix (through the page cache). */
  remix: RequestHandler
  /** In front of express.static: the build-time brotli or gzip twin of a file (docs/decisions/017). */
  precompressedFiles: (dir: string) => RequestHandler
  /** `setHeaders` for express.static: the named Cache-Control policy of a served file. */
  fileHeaders: (policy: FilePolicy) => (res: ExpressResponse, filePath: string) => void
  /** The Studio's index.html for /studio and its client-side routes, with the Studio's own CSP. */
  studioIndex: (studioDir: string) => RequestHandler
}

/** `immutable`: fingerprinted files; `file`: other files of public/; `studio`: the built Studio's static folder. */
export type FilePolicy = 'immutable' | 'file' | 'studio'

/** Where cachedPages leaves the cache key for remix (undefined: not cacheable). */
const KEY = 'pageCacheKey'

/** Vite's output names end in an 8-character content hash: `sanity-D_VzGgFm.js`. */
const HASHED_NAME = /-[\w-]{8}\.(?:js|mjs|css|woff2?)$/

export function createExpressSite(options: SiteOptions): ExpressSite {
  const site = new Site(options)
  const { env } = options.context

  const resourceHeaders = Object.entries(securityHeaders('resource', { env }))
  const baseHeaders: RequestHandler = (req, res, next) => {
    for (const [name, value] of resourceHeaders) res.setHeader(name, value)
    // The Studio and its files are never indexed, whatever ALLOW_INDEXING says.
    if (req.path === '/studio' || req.path.startsWith('/studio/')) res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore)
    next()
  }

  // Express and the compression middleware cost more per hit than the hit itself (about 250 of
  // 450 µs in profiles); a client that asks for no encoding needs neither.
  const answerUncompressedHit = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (COMPRESSIBLE.test(req.headers['accept-encoding'] ?? '')) return false
    const key = site.cacheKey({ method: req.method ?? 'GET', url: req.url ?? '', header: (name) => headerValue(req, name) })
    const hit = key === undefined ? undefined : site.cachedAnswer(key, req.method ?? 'GET')
    if (!hit) return false
    sendCachedAnswer(res, hit)
    return true
  }

  const cachedPages: RequestHandler = (req, res, next) => {
    const key = site.cacheKey(factsOf(req))
    const hit = key === undefined ? undefined : site.cachedAnswer(key, req.method)
    if (!hit) {
      res.locals[KEY] = key
      return next()
    }
    sendCachedAnswer(res, hit)
  }

  const remix: RequestHandler = (req, res, next) => {
    const key = KEY in res.locals ? (res.locals[KEY] as string | undefined) : site.cacheKey(factsOf(req))
    // Stored since cachedPages looked (a concurrent request finished rendering it)?
    const hit = key === undefined ? undefined : site.cachedAnswer(key, req.method)
    if (hit) return sendCachedAnswer(res, hit)
    site
      .renderAndCache(toFetchRequest(req, res), key, req.ip ?? req.socket.remoteAddress ?? 'unknown')
      .then((response) => sendFetchResponse(res, response))
      .catch(next)
  }

  const fileHeaders = (policy: FilePolicy) => (res: ExpressResponse, filePath: string) => {
    const immutable = policy === 'immutable' || (policy === 'studio' && HASHED_NAME.test(filePath))
    res.setHeader('Cache-Control', immutable ? CACHE_CONTROL.immutable : CACHE_CONTROL.file)
  }

  const studioIndex = (studioDir: string): RequestHandler => {
    const indexFile = path.join(studioDir, 'index.html')
    return (req, res, next) => {
      // A missing file of the Studio's bundle is a 404, not the app shell (a script answered with HTML).
      if (req.path.startsWith('/studio/static/')) return next()
      // Read per request (a few KB, editors only): a rebuilt Studio needs no restart.
      readFile(indexFile, 'utf8').then(
        (html) => {
          for (const [name, value] of Object.entries(securityHeaders('studio', { env, scriptHashes: inlineScriptHashes(html) }))) {
            res.setHeader(name, value)
          }
          res.setHeader('Cache-Control', CACHE_CONTROL.revalidate)
          res.type('html').send(html)
        },
        // Not built (npm run build:studio): the site's 404 page.
        () => next(),
      )
    }
  }

  return { site, baseHeaders, answerUncompressedHit, cachedPages, remix, precompressedFiles, fileHeaders, studioIndex }
}

/** Encodings the compression middleware would use. */
const COMPRESSIBLE = /\b(gzip|deflate|br)\b/i

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(', ') : value
}

function factsOf(req: ExpressRequest) {
  return { method: req.method, url: req.originalUrl, header: (name: string) => req.get(name) }
}

function sendCachedAnswer(res: ServerResponse, answer: CachedAnswer) {
  res.writeHead(answer.status, answer.headers)
  res.end(answer.body)
}

/** The Fetch Request of an Express request; aborted when the client goes away before the answer is complete. */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // req.hostname honours `trust proxy` but drops the port: take it from X-Forwarded-Host or Host.
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(':')[1] ?? '', 10)
  const forwardedPort = portOf(req.get('x-forwarded-host'))
  const hostPort = portOf(req.get('host'))
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : undefined
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`)

  let controller: AbortController | undefined = new AbortController()
  res.on('finish', () => (controller = undefined))
  res.on('close', () => controller?.abort())

  const headers = new Headers()
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue
    if (Array.isArray(values)) for (const value of values) headers.append(name, value)
    else headers.set(name, values)
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req)
    init.duplex = 'half'
  }
  return new Request(url.href, init)
}

/**
 * Sends a Fetch Response through Express. Headers are set, not appended, so they replace the
 * defaults of `baseHeaders` (two CSP headers would both apply); cookies keep one header each.
 */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (response.statusText) res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies)
  if (/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) res.flushHeaders()
  if (response.body) await writeReadableStreamToWritable(response.body, res)
  else res.end()
}
