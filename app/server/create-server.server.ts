import { readFile } from 'node:fs/promises'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import { writeReadableStreamToWritable } from '@remix-run/node'
import compression from 'compression'
import express, { type ErrorRequestHandler, type Request as ExpressRequest, type RequestHandler, type Response as ExpressResponse } from 'express'
import { usesSanity } from '#app/env.server.ts'
import { healthRoutes } from '#app/server/health.server.ts'
import { createLogger, type Logger, printable, requestLogOf, startRequestLog } from '#app/server/logging.server.ts'
import { precompressedFiles } from '#app/server/precompressed.server.ts'
import { pathOf, type RequestRefusal, type RequestTarget, requestTarget } from '#app/server/request-target.server.ts'
import { createNonce, inlineScriptHashes, securityHeaders } from '#app/server/security-headers.server.ts'
import { type CachedAnswer, Site, type SiteOptions } from '#app/server/site.server.ts'
import { studioUnavailablePage } from '#app/server/studio-unavailable.server.ts'
import { CACHE_CONTROL } from '#app/utils/http.server.ts'
import { FOREIGN_FORM_MESSAGE, FOREIGN_ORIGIN_MESSAGE, isAllowedPost } from '#app/utils/request-guards.server.ts'
import { SALE_BODY_LIMIT } from '#app/submissions/photos.ts'
import { SALE_PATH } from '#app/submissions/forms.ts'

/*
 * The whole request pipeline of the site, built in one function that server.mjs and the tests
 * both call (docs/decisions/014, 015, 021). In order, for every request:
 *   1. the request target: method, Host, X-Forwarded-*, path (refused with 400/405, one log line),
 *      and a declared body over the route's limit (413);
 *   2. a fresh page-cache hit, answered before Express with what it stored (every encoding, docs/decisions/076);
 *   3. Express: security headers, /healthz and /readyz, compression, build files, the Studio, public/;
 *   4. the same-origin rule for posts; 5. Remix, through the page cache.
 */

export interface ServerOptions extends SiteOptions {
  /** The folder that holds public/ and build/studio (the repository root in production). */
  root: string
  /** SERVER_LIMITS unless a test needs shorter ones. */
  limits?: ServerLimits
  /** Where the access lines and errors go: the context's logger unless a test reads them. */
  logger?: Logger
}

export interface ServerLimits {
  /** Time for a client to send its request headers. */
  headersTimeoutMs: number
  /** Time for a client to send its whole request, body included (paths without uploads). */
  requestTimeoutMs: number
  /**
   * Upload paths (UPLOAD_PATHS): the longest silence while the body arrives. Ten photos over a slow
   * phone line take minutes, so there is no limit on the whole; a client that stops sending is cut.
   */
  uploadSilenceMs: number
  /** How often Node checks the two above (its default, 30 s, would let a slow client stay up to 30 s longer). */
  checkIntervalMs: number
  maxConnections: number
}

export interface SiteServer {
  server: http.Server
  site: Site
}

/** The largest body any route reads (the revalidation webhook's 1 MB); larger ones are refused unread. */
export const MAX_REQUEST_BODY = 1024 * 1024

/** Limits for slow or idle clients: a small site's requests take milliseconds (Node's defaults are 60 s and 300 s). */
export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  // As nginx's client_body_timeout on the upload location (deploy/nginx/site.conf).
  uploadSilenceMs: 60_000,
  checkIntervalMs: 2_000,
  maxConnections: 1_000,
}

/** Vite's output names end in an 8-character content hash: `sanity-D_VzGgFm.js`. */
const HASHED_NAME = /-[\w-]{8}\.(?:js|mjs|css|woff2?)$/

/**
 * Target and page-cache key of each request, decided once in the listener and read by the steps
 * after it. Kept on the request itself: a WeakMap keyed by every request made each garbage
 * collection dearer (a third of a page-cache hit's CPU, docs/performance.md).
 */
const DECIDED = Symbol('decided')
type DecidedRequest = IncomingMessage & { [DECIDED]?: { target: RequestTarget; cacheKey: string | undefined } }
const decidedFor = (req: IncomingMessage) => (req as DecidedRequest)[DECIDED]!

export function createServer(options: ServerOptions): SiteServer {
  const { env } = options.context
  const site = new Site(options)
  const logger = options.logger ?? options.context.logger ?? createLogger(env)
  const siteOrigin = new URL(env.SITE_URL).origin
  const targetOf = (req: IncomingMessage) => decidedFor(req).target
  /** A fresh cached answer for this request, if it may be answered from the cache. */
  const cachedAnswerFor = (req: IncomingMessage) => {
    const key = decidedFor(req).cacheKey
    return key === undefined ? undefined : site.cachedAnswer(key, req.method ?? 'GET', headerValue(req, 'accept-encoding'), headerValue(req, 'if-none-match'))
  }

  const app = express()
  app.disable('x-powered-by')
  // Whether req.ip may come from X-Forwarded-For: only behind a proxy that sets it (TRUST_PROXY),
  // else anyone could dodge the submission limit by sending the header.
  app.set('trust proxy', env.TRUST_PROXY)
  const trustProxy = app.get('trust proxy fn') as (address: string, hop: number) => boolean
  const trustsProxy = (address: string) => trustProxy(address, 0)

  // Security headers and `no-store` on every answer, errors of Express itself included; the steps
  // below set the policies of what they serve.
  const resourceHeaders = Object.entries(securityHeaders('resource', { env }))
  app.use((req, res, next) => {
    for (const [name, value] of resourceHeaders) res.setHeader(name, value)
    // The Studio and its files are never indexed, whatever ALLOW_INDEXING says.
    if (req.path === '/studio' || req.path.startsWith('/studio/')) res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore)
    next()
  })
  // The platform's probes: ahead of the page cache and Remix, so never cached (docs/decisions/032).
  app.use(healthRoutes(options.context))
  app.use(compression())

  // Fingerprinted build assets never change; they are compressed once, at build time (decision 017).
  const buildDir = path.join(options.root, 'public/build')
  app.use('/build', precompressedFiles(buildDir))
  app.use('/build', express.static(buildDir, { cacheControl: false, setHeaders: fileHeaders('immutable') }))
  // The built Sanity Studio (npm run build:studio) on the site's own domain; never indexed. Its
  // hashed files are immutable; index.html (every client-side route of the Studio) is revalidated.
  // On the embedded lake nobody could log in to it: /studio explains how to connect a project.
  if (usesSanity(env)) {
    const studioDir = path.join(options.root, 'build/studio')
    app.use('/studio', express.static(studioDir, { index: false, redirect: false, cacheControl: false, setHeaders: fileHeaders('studio') }))
    app.get(['/studio', '/studio/*'], studioIndex(studioDir, env))
  } else {
    app.get(['/studio', '/studio/*'], studioUnavailable(env))
  }
  app.use(express.static(path.join(options.root, 'public'), { cacheControl: false, setHeaders: fileHeaders('file') }))

  // The one same-origin rule (docs/decisions/008, isAllowedPost), before any route reads the body:
  // a post from another site is refused with 403, in JSON for the API and in German text for a page form.
  app.use((req, res, next) => {
    if (req.method !== 'POST') return next()
    const api = req.path.startsWith('/api/')
    if (isAllowedPost({ origin: req.get('origin'), referer: req.get('referer'), api }, { siteOrigin, requestOrigin: targetOf(req).origin })) return next()
    refuse(req, res, { status: 403, message: api ? FOREIGN_ORIGIN_MESSAGE : FOREIGN_FORM_MESSAGE }, env)
  })

  // Everything else: Remix, through the page cache.
  app.all('*', (req, res, next) => {
    // Stored since the lookup above (a concurrent request finished rendering it)?
    const hit = cachedAnswerFor(req)
    if (hit) return sendCachedAnswer(req, res, hit)
    const { target, cacheKey } = decidedFor(req)
    const { id, log } = requestLogOf(req)
    site
      .renderAndCache(toFetchRequest(req, res, target), cacheKey, {
        clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        requestOrigin: target.origin,
        requestId: id,
        logger: log,
      })
      .then((response) => sendFetchResponse(res, response))
      .catch(next)
  })

  // Client errors (a body Express could not read, a bad range) are the access line's reason; the rest an error with its stack.
  const onError: ErrorRequestHandler = (error: unknown, req, res, next) => {
    const status = statusOf(error)
    const entry = requestLogOf(req)
    if (status >= 400 && status < 500) entry.refusal = `${status}: ${printable(messageOf(error))}`
    else entry.log.error({ err: error }, 'Fehler bei der Anfrage')
    if (res.headersSent) return next(error)
    res.status(status >= 400 && status < 600 ? status : 500)
    res.type('text/plain; charset=utf-8').send(status < 500 ? 'Ungültige Anfrage.' : 'Interner Serverfehler')
  }
  app.use(onError)

  const limits = options.limits ?? SERVER_LIMITS
  const serverOptions = {
    headersTimeout: limits.headersTimeoutMs,
    // The body's time is limited per request (limitBodyTime): by its total, or by silence on upload paths.
    requestTimeout: 0,
    connectionsCheckingInterval: limits.checkIntervalMs,
  }
  const server = http.createServer(serverOptions, (req, res) => {
    const { id } = startRequestLog(logger, req, res, { fromTrustedProxy: trustsProxy(req.socket.remoteAddress ?? '') })
    const target = requestTarget(req, { siteOrigin, trustsProxy })
    if (!('url' in target)) return refuse(req, res, target, env)
    ;(req as DecidedRequest)[DECIDED] = {
      target,
      cacheKey: site.cacheKey({ method: req.method ?? 'GET', url: pathOf(target), header: (name) => headerValue(req, name) }),
    }
    if (tooLarge(req)) {
      return refuse(req, res, { status: 413, message: `Die Anfrage ist zu groß (höchstens ${bodyLimitOf(req.url) / 1024} KB).` }, env)
    }
    closeAfterUnreadBody(req, res)
    limitBodyTime(req, res, limits)
    // Page-cache hits before Express: they are kept in every encoding they are sent in
    // (docs/decisions/076), and Express and the compression middleware cost more per hit than the
    // hit itself (about 250 of 450 µs in profiles).
    const hit = cachedAnswerFor(req)
    if (hit) return sendCachedAnswer(req, res, hit)
    res.setHeader('X-Request-Id', id)
    app(req, res)
  })
  server.maxConnections = limits.maxConnections
  return { server, site }
}

/**
 * The paths that take photos (docs/decisions/041): the sell page without JavaScript, its `.data`
 * address (Remix's single fetch), and the lead API that the sell form posts to with JavaScript.
 */
const UPLOAD_PATHS = new Set([SALE_PATH, `${SALE_PATH}.data`, '/api/leads'])

const isUploadPath = (url: string | undefined) => UPLOAD_PATHS.has((url ?? '').split('?')[0] ?? '')

/** The largest body a path reads: the sell request's photos on upload paths, else MAX_REQUEST_BODY. */
export function bodyLimitOf(url: string | undefined): number {
  return isUploadPath(url) ? SALE_BODY_LIMIT : MAX_REQUEST_BODY
}

/**
 * The time a client may take to send its body (Node's own requestTimeout is off): on upload paths
 * the longest silence between two chunks, elsewhere the whole. Past it the client gets 408 (when no
 * answer has started) and the connection is closed; a body that is complete stops the clock.
 */
function limitBodyTime(req: IncomingMessage, res: ServerResponse, limits: ServerLimits) {
  if (req.complete || (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)) return
  const upload = isUploadPath(req.url)
  const ms = upload ? limits.uploadSilenceMs : limits.requestTimeoutMs
  const expire = () => {
    requestLogOf(req).refusal = `408: ${upload ? 'upload silent' : 'body'} for ${ms} ms`
    if (!res.headersSent) {
      res.writeHead(408, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close', 'Cache-Control': CACHE_CONTROL.noStore })
      res.end('Die Anfrage kam nicht rechtzeitig an. Bitte versuchen Sie es erneut.')
    }
    req.socket.destroySoon()
  }
  let timer = setTimeout(expire, ms)
  if (upload) {
    req.on('data', () => {
      clearTimeout(timer)
      timer = setTimeout(expire, ms)
    })
  }
  const stop = () => clearTimeout(timer)
  req.once('end', stop)
  req.once('close', stop)
  res.once('close', stop)
}

/** Whether the declared body is over the largest its route reads. */
function tooLarge(req: IncomingMessage): boolean {
  const declared = Number(req.headers['content-length'] ?? 0)
  return Number.isFinite(declared) && declared > bodyLimitOf(req.url)
}

/**
 * A route may answer before it has read the body (413, 429, 401). The rest of the body is then
 * read and thrown away, so the next request on a kept-alive connection is answered; a body of
 * unknown length (chunked) could be endless, so its connection is closed after the answer instead.
 */
function closeAfterUnreadBody(req: IncomingMessage, res: ServerResponse) {
  if (req.headers['transfer-encoding'] !== undefined) res.setHeader('Connection', 'close')
  res.once('finish', () => {
    if (req.complete) return
    req.removeAllListeners('data')
    req.resume()
  })
}

/** Answers a request refused before the site: JSON for the API, German text for people; one log line. */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  refusal: RequestRefusal | { status: 403 | 413; message: string },
  env: ServerOptions['context']['env'],
) {
  requestLogOf(req).refusal = `${refusal.status}: ${refusal.message}`
  const api = (req.url ?? '').startsWith('/api/')
  const body = api ? JSON.stringify({ error: refusal.message }) : refusal.message
  res.writeHead(refusal.status, {
    ...securityHeaders('resource', { env }),
    'X-Request-Id': requestLogOf(req).id,
    'Cache-Control': CACHE_CONTROL.noStore,
    'Content-Type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    // The body of a refused request is never read: close rather than keep a connection with it unread.
    ...(req.complete ? {} : { Connection: 'close' }),
    ...('headers' in refusal ? refusal.headers : {}),
  })
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** `immutable`: fingerprinted files; `file`: other files of public/; `studio`: the built Studio's static folder. */
type FilePolicy = 'immutable' | 'file' | 'studio'

/** `setHeaders` for express.static: the named Cache-Control policy of a served file. */
function fileHeaders(policy: FilePolicy) {
  return (res: ExpressResponse, filePath: string) => {
    const immutable = policy === 'immutable' || (policy === 'studio' && HASHED_NAME.test(filePath))
    res.setHeader('Cache-Control', immutable ? CACHE_CONTROL.immutable : CACHE_CONTROL.file)
  }
}

/** The Studio's index.html for /studio and its client-side routes, with the Studio's own CSP. */
function studioIndex(studioDir: string, env: ServerOptions['context']['env']): RequestHandler {
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

/**
 * /studio and its client routes on the embedded lake: the German page on connecting a Sanity
 * project (app/server/studio-unavailable.server.ts), with the pages' policy and never indexed.
 */
function studioUnavailable(env: ServerOptions['context']['env']): RequestHandler {
  const html = studioUnavailablePage({ siteOrigin: new URL(env.SITE_URL).origin })
  return (req, res, next) => {
    // Files of a Studio bundle are not pages: a 404, as with the Studio itself.
    if (req.path.startsWith('/studio/static/')) return next()
    for (const [name, value] of Object.entries(securityHeaders('page', { env, nonce: createNonce() }))) res.setHeader(name, value)
    res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    // Revalidated like the Studio's index.html: once a project is connected, the same address serves the Studio.
    res.setHeader('Cache-Control', CACHE_CONTROL.revalidate)
    res.type('html').send(html)
  }
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(', ') : value
}

/** Writes a cached answer: its prepared headers and stored body, never copied. */
/**
 * The stored headers and bytes, with the request's id: given to writeHead as one array, since a header
 * set before with setHeader sends every header through Node's slower merge (a tenth of a hit's CPU).
 */
function sendCachedAnswer(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer) {
  const entry = requestLogOf(req)
  entry.cacheHit = true
  res.writeHead(answer.status, [...answer.headers, 'X-Request-Id', entry.id])
  res.end(answer.body)
}

/**
 * The Fetch Request Remix renders: the target's URL (never built from client headers), the
 * client's headers, and its body as a stream; aborted when the client goes away before the answer.
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, target: RequestTarget): Request {
  let controller: AbortController | undefined = new AbortController()
  res.on('finish', () => (controller = undefined))
  res.on('close', () => controller?.abort())

  const headers = new Headers()
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined || name === 'x-forwarded-host' || name === 'x-forwarded-proto') continue
    if (Array.isArray(values)) for (const value of values) headers.append(name, value)
    else headers.set(name, values)
  }
  // Remix aborts a page post whose Origin host differs from Host (with an empty 500). The
  // same-origin rule has already refused foreign ones, so an Origin that gets here is ours.
  const origin = req.headers.origin
  headers.set('host', origin && URL.canParse(origin) ? new URL(origin).host : new URL(target.origin).host)

  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = requestBody(req)
    init.duplex = 'half'
  }
  return new Request(target.url.href, init)
}

/**
 * The body of a Node request as a stream, read as the route asks for it. Cancelling it (a route
 * that stops at its size limit) throws the rest away instead of destroying the socket, so the
 * route's answer (413) still reaches the client.
 */
function requestBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (!open) return
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((controller.desiredSize ?? 0) <= 0) req.pause()
        })
        req.once('end', () => open && ((open = false), controller.close()))
        req.once('error', (error) => open && ((open = false), controller.error(error)))
      },
      pull() {
        req.resume()
      },
      cancel() {
        open = false
        req.removeAllListeners('data')
        req.resume()
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  )
}

/**
 * Sends a Fetch Response through Express. Headers are set, not appended, so they replace the
 * defaults set earlier (two CSP headers would both apply); cookies keep one header each.
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

function statusOf(error: unknown): number {
  if (typeof error !== 'object' || error === null) return 500
  const status = 'status' in error ? error.status : 'statusCode' in error ? error.statusCode : undefined
  return typeof status === 'number' ? status : 500
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
