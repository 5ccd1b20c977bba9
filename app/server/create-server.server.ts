import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import compression from 'compression'
import express, { type ErrorRequestHandler } from 'express'
import { ALERT_PATHS } from '#app/alerts/tokens.server.ts'
import { closeAfterUnreadBody, hasBody, sendFetchResponse, toFetchRequest } from '#app/server/fetch-bridge.server.ts'
import { healthRoutes } from '#app/server/health.server.ts'
import {
  createLogger,
  keepRequestLog,
  type Logger,
  printable,
  type RequestLog,
  requestLogOf,
  startRequestLog,
  writeCacheHits,
} from '#app/server/logging.server.ts'
import { type RequestRefusal, type RequestTarget, requestTarget } from '#app/server/request-target.server.ts'
import { securityHeaders } from '#app/server/security-headers.server.ts'
import { type CachedAnswer, Site, type SiteOptions } from '#app/server/site.server.ts'
import { serveFiles } from '#app/server/static-files.server.ts'
import { CACHE_CONTROL, isApiPath, MAX_REQUEST_BODY } from '#app/utils/http.server.ts'
import { FOREIGN_FORM_MESSAGE, FOREIGN_ORIGIN_MESSAGE, isAllowedPost } from '#app/utils/request-guards.server.ts'
import { PHOTO_MESSAGES, SALE_BODY_LIMIT } from '#app/submissions/photos.ts'
import { SERVER_ERROR_TEXT } from '#app/components/error-hero.tsx'
import { SALE_PATH } from '#schemas/lib/constants.ts'

/*
 * The whole request pipeline of the site, built in one function that server.mjs and the tests
 * both call (docs/decisions/014, 015, 021). In order, for every request:
 *   1. the request target: method, Host, X-Forwarded-*, path, and its page-cache key;
 *   2. a fresh page-cache hit, answered with what it stored (every encoding, docs/decisions/076);
 *   then a target refused with 400/405 (one log line), a declared body over the route's limit (413);
 *   3. Express: security headers, /healthz and /readyz, compression, build files, the Studio, public/;
 *   4. the same-origin rule for posts; 5. Remix, through the page cache.
 * The files are served by static-files.server.ts, Node ↔ Fetch is fetch-bridge.server.ts.
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

/** Limits for slow or idle clients: a small site's requests take milliseconds (Node's defaults are 60 s and 300 s). */
export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  // As nginx's client_body_timeout on the upload location (deploy/nginx/site.conf).
  uploadSilenceMs: 60_000,
  checkIntervalMs: 2_000,
  maxConnections: 1_000,
}

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
  /** A fresh cached answer for this request, if it may be answered from the cache (`key`: its page-cache key). */
  const cachedAnswerFor = (req: IncomingMessage, key: string | undefined) =>
    key === undefined ? undefined : site.cachedAnswer(key, req.method ?? 'GET', headerValue(req, 'accept-encoding'), headerValue(req, 'if-none-match'))

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

  serveFiles(app, options.root, env)

  // The one same-origin rule (docs/decisions/008, isAllowedPost), before any route reads the body:
  // a post from another site is refused with 403, in JSON for the API and in German text for a page form.
  app.use((req, res, next) => {
    if (req.method !== 'POST') return next()
    // The path Remix routes by, dot segments resolved: `/api/../kontakt` is the page's form, not the API.
    const { pathname } = targetOf(req).url
    if (SIGNED_ADDRESS_POSTS.has(pathname)) return next()
    const api = isApiPath(pathname)
    if (isAllowedPost({ origin: req.get('origin'), referer: req.get('referer'), api }, { siteOrigin, requestOrigin: targetOf(req).origin })) return next()
    refuse(req, res, { status: 403, message: api ? FOREIGN_ORIGIN_MESSAGE : FOREIGN_FORM_MESSAGE }, env)
  })

  // Everything else: Remix, through the page cache.
  app.all('*', (req, res, next) => {
    // Stored since the lookup above (a concurrent request finished rendering it)?
    const hit = cachedAnswerFor(req, decidedFor(req).cacheKey)
    if (hit) return sendCachedAnswer(res, hit, requestLogOf(req))
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
    // German words that say what to do; JSON for the API, as its other errors.
    const message = status < 500 ? UNREADABLE_REQUEST : SERVER_ERROR_TEXT
    if (isApiPath(req.path)) res.json({ error: message })
    else res.type('text/plain; charset=utf-8').send(message)
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
    const entry = startRequestLog(logger, req, res, { fromTrustedProxy: trustsProxy(req.socket.remoteAddress ?? '') })
    const target = requestTarget(req, { siteOrigin, trustsProxy })
    const cacheKey = 'url' in target ? site.cacheKey({ method: req.method ?? 'GET', url: target.path, header: (name) => headerValue(req, name) }) : undefined
    // Page-cache hits first, before Express (which costs more per hit than the hit itself): they are kept in
    // every encoding they are sent in (docs/decisions/076) and need nothing of the steps below. A request
    // with a body goes the long way, past the body checks.
    const hit = hasBody(req) ? undefined : cachedAnswerFor(req, cacheKey)
    if (hit) return sendCachedAnswer(res, hit, entry)
    keepRequestLog(req, entry)
    if (!('url' in target)) return refuse(req, res, target, env)
    ;(req as DecidedRequest)[DECIDED] = { target, cacheKey }
    if (tooLarge(req)) return refuse(req, res, tooLargeRefusal(req.url), env)
    closeAfterUnreadBody(req, res)
    limitBodyTime(req, res, limits)
    res.setHeader('X-Request-Id', entry.id)
    app(req, res)
  })
  server.maxConnections = limits.maxConnections
  server.on('close', () => writeCacheHits(logger))
  return { server, site }
}

/**
 * Posts whose authority is the signed token in their address, not the page they come from: a mail
 * client's one-click unsubscribe (RFC 8058) may be sent from its web app, with that app's Origin.
 * Refusing it would leave the alert running although the person asked to end it.
 */
const SIGNED_ADDRESS_POSTS = new Set<string>([ALERT_PATHS.oneClick])

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
  if (req.complete || !hasBody(req)) return
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

/** A request Express could not read (a 4xx of its own), said to a person. */
export const UNREADABLE_REQUEST = 'Diese Anfrage konnte nicht verarbeitet werden. Bitte prüfen Sie die Adresse oder laden Sie die Seite neu.'

/**
 * The 413 of a declared body over its path's limit, said as what to do:
 * on the sell paths the photos' limits (the API's words are the sell form's toast; a post without
 * JavaScript gets a bare page and needs the way back), elsewhere the limit for the API and a sentence for people.
 */
export function tooLargeRefusal(url: string | undefined): Refusal {
  if (isUploadPath(url)) return { status: 413, message: PHOTO_MESSAGES.bodyTooLarge, forPeople: PHOTO_MESSAGES.bodyTooLargePage }
  return {
    status: 413,
    message: `Die Anfrage ist zu groß (höchstens ${MAX_REQUEST_BODY / 1024 / 1024} MB).`,
    forPeople: 'Ihre Anfrage ist zu lang. Bitte gehen Sie im Browser zurück und kürzen Sie Ihre Eingaben.',
  }
}

/** A refusal before the site: `message` for the API (in JSON) and the log, `forPeople` for everyone else when it differs. */
type Refusal = { status: 403 | 413; message: string; forPeople?: string }

/** Whether the declared body is over the largest its route reads. */
function tooLarge(req: IncomingMessage): boolean {
  const declared = req.headers['content-length']
  // A GET declares none, and then its path need not be looked at (page-cache hits are the hot path).
  return declared !== undefined && Number(declared) > bodyLimitOf(req.url)
}

/** Answers a request refused before the site: JSON for the API, German text for people; one log line. */
function refuse(req: IncomingMessage, res: ServerResponse, refusal: RequestRefusal | Refusal, env: ServerOptions['context']['env']) {
  requestLogOf(req).refusal = `${refusal.status}: ${refusal.message}`
  const api = isApiPath(req.url ?? '')
  const body = api ? JSON.stringify({ error: refusal.message }) : ('forPeople' in refusal && refusal.forPeople) || refusal.message
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

/** A request header by its name in lower case, as Node keys them (every caller passes a literal). */
function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/**
 * Writes a cached answer: the stored headers and bytes, with the request's id: given to writeHead as one array, since a header
 * set before with setHeader sends every header through Node's slower merge (a tenth of a hit's CPU).
 */
function sendCachedAnswer(res: ServerResponse, answer: CachedAnswer, entry: RequestLog) {
  entry.cacheHit = true
  res.writeHead(answer.status, [...answer.headers, 'X-Request-Id', entry.id])
  res.end(answer.body)
}

function statusOf(error: unknown): number {
  if (typeof error !== 'object' || error === null) return 500
  const status = 'status' in error ? error.status : 'statusCode' in error ? error.statusCode : undefined
  return typeof status === 'number' ? status : 500
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
