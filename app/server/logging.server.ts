import { randomUUID } from 'node:crypto'
import { type IncomingMessage, type ServerResponse } from 'node:http'
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino'
import { type Env } from '#app/env.server.ts'
import { PERSONAL_FIELDS } from '#app/submissions/forms.ts'

export type { Logger }

/*
 * One logger for the process (pino): JSON lines in production, one per request plus errors, each
 * with the request id; readable lines under `remix dev` (pino-pretty, a dev dependency, loaded by
 * name in pino's worker). Messages are German like the rest of what operators read (start-up errors).
 */
export function createLogger(env: Pick<Env, 'NODE_ENV' | 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level: env.LOG_LEVEL,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError, error: serializeError },
    redact: { paths: REDACTED_PATHS, remove: true },
  }
  if (destination) return pino(options, destination)
  if (env.NODE_ENV === 'development')
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } })
  // Buffered: a synchronous write per access line took a quarter of the CPU of a page-cache hit
  // (profile, docs/performance.md). Lines go out in blocks of bytes, and at the latest after FLUSH_MS.
  const stdout = pino.destination({ dest: 1, sync: false, minLength: 4096, contentMode: 'buffer' })
  // sonic-boom's types know its text mode only; in buffer mode it takes the Buffers LineBlocks hands it.
  const blocks = new LineBlocks(stdout as unknown as BlockDestination)
  const timer = setInterval(() => blocks.flush(), FLUSH_MS)
  timer.unref()
  // What is still buffered when the process ends normally (SIGTERM, exit) is written then.
  process.once('exit', () => {
    blocks.hand()
    stdout.flushSync()
  })
  return pino(options, blocks)
}

const FLUSH_MS = 1000

/**
 * Log lines encoded into blocks of BLOCK_BYTES before they reach pino's destination (sonic-boom,
 * in its buffer mode). Handed strings, sonic-boom measured its whole pending text on every write
 * and encoded each written block twice: about 1 µs of CPU per line, against 0.05 µs for encoding
 * the line once into the block (measured; docs/performance.md). Every line goes through here, so
 * their order is kept.
 */
export class LineBlocks implements DestinationStream {
  private block = Buffer.allocUnsafe(BLOCK_BYTES)
  private used = 0
  constructor(private readonly destination: BlockDestination) {}
  write(line: string) {
    // A UTF-16 unit is at most 3 bytes of UTF-8: a line that might not fit starts a new block.
    if (this.used + line.length * 3 > BLOCK_BYTES) {
      this.hand()
      if (line.length * 3 > BLOCK_BYTES) return void this.destination.write(Buffer.from(line))
    }
    this.used += this.block.write(line, this.used)
  }
  /** Hands what is gathered to the destination. */
  hand() {
    if (this.used === 0) return
    this.destination.write(this.block.subarray(0, this.used))
    this.block = Buffer.allocUnsafe(BLOCK_BYTES)
    this.used = 0
  }
  /** Hands what is gathered on and lets the destination write it. */
  flush() {
    this.hand()
    this.destination.flush?.()
  }
}

export const BLOCK_BYTES = 64 * 1024

interface BlockDestination {
  write(bytes: Buffer): unknown
  flush?: () => void
}

/**
 * What a log line keeps of an error (issue 25): its type, message, code, HTTP status and stack, and
 * of its causes type, message, code and status. Nothing else: pino's default copied every property,
 * and @sanity/client's network errors carry the Node request, whose `_header` holds
 * `authorization: Bearer <token>` (3–20 KB per line). Anything logged under `err` or `error` goes
 * through here, Errors and thrown values alike (a Response, a string).
 */
export function serializeError(value: unknown): SerializedError | undefined {
  return value === undefined || value === null ? undefined : serialized(value, 0)
}

export interface SerializedError {
  type?: string
  message: string
  code?: string | number
  statusCode?: number
  stack?: string
  cause?: SerializedError
}

/** Causes followed at most this deep (a chain that loops ends here too). */
const MAX_CAUSES = 4

function serialized(value: unknown, depth: number): SerializedError {
  if (typeof value !== 'object' && typeof value !== 'function') return { message: withoutCredentials(String(value)) }
  const error = value as Record<string, unknown> & { constructor?: { name?: unknown } }
  const type = typeof error.name === 'string' ? error.name : typeof error.constructor?.name === 'string' ? error.constructor.name : undefined
  const code = typeof error.code === 'string' || typeof error.code === 'number' ? error.code : undefined
  const status = typeof error.statusCode === 'number' ? error.statusCode : typeof error.status === 'number' ? error.status : undefined
  const result: SerializedError = { ...(type ? { type } : {}), message: typeof error.message === 'string' ? withoutCredentials(error.message) : '' }
  if (code !== undefined) result.code = code
  if (status !== undefined) result.statusCode = status
  // The stack of the error itself; a cause's stack would double the line for little.
  if (depth === 0 && typeof error.stack === 'string') result.stack = withoutCredentials(error.stack)
  if (error.cause !== undefined && error.cause !== null && depth < MAX_CAUSES) result.cause = serialized(error.cause, depth + 1)
  return result
}

/** A bearer token or an Authorization header that made it into a message (a client that quotes its request) is cut out. */
function withoutCredentials(text: string): string {
  return text
    .replace(/(?:authorization\s*[:=]\s*)?bearer\s+[^\s"',;\\]+/gi, '[Zugangsdaten entfernt]')
    .replace(/authorization\s*[:=]\s*(?:\w+\s+)?[^\s"',;\\]+/gi, '[Zugangsdaten entfernt]')
}

/**
 * Never written (removed with their key): request objects, whose headers hold the Authorization
 * line, and credentials in headers. A second fence behind serializeError, for the objects and keys
 * this code logs. Named paths only: a leading wildcard (`*.request`) made every line, the page
 * cache's hits included, four times dearer to write (11 instead of 2.7 µs, measured).
 */
const REDACTED_PATHS = [
  'err.request',
  'err.response',
  'error.request',
  'error.response',
  'req.headers.authorization',
  'req.headers.cookie',
  'request.headers.authorization',
  'request.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'response.headers["set-cookie"]',
]

/**
 * An error nobody caught (or a rejected promise nobody awaited) leaves the process in an unknown
 * state: it is logged like every other error, as one JSON line with its stack, and the process
 * ends with code 1 for its supervisor (systemd, the container runtime) to restart it. The buffered
 * log lines go out on exit.
 */
export function logFatalErrors(logger: Logger): void {
  process.on('uncaughtException', (error, origin) => {
    logger.fatal({ err: error, origin }, 'Unerwarteter Fehler: der Server beendet sich')
    process.exit(1)
  })
}

/**
 * Where code with a load context logs: the request's logger. A context without one (unit tests)
 * logs warnings and errors as JSON lines through console, so the unit tests' console.error guard
 * still sees an unexpected error.
 */
export function loggerOf(context: { logger?: Logger }): Logger {
  return context.logger ?? consoleLogger
}

const consoleLogger = createLogger(
  { NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  {
    write(line: string) {
      const { level } = JSON.parse(line) as { level: number }
      if (level >= 50) console.error(line.trimEnd())
      else console.warn(line.trimEnd())
    },
  },
)

/**
 * A proxy's request id is kept (one id across nginx and the app), but only when the request came
 * through the trusted proxy (TRUST_PROXY): a direct client could otherwise choose the id its lines
 * are logged under. Anything else gets a new one.
 */
const REQUEST_ID = /^[\w.:-]{8,100}$/

export interface RequestLogOptions {
  /** Whether the peer is the trusted proxy (create-server's `trust proxy` decision for the socket's address). */
  fromTrustedProxy: boolean
}

export interface RequestLog {
  id: string
  /** The request's logger: every line carries `reqId`. */
  readonly log: Logger
  /** Why the request was refused, for the access line (one line per refused request). */
  refusal?: string
  /** Answered from the page cache with stored headers (writeHead's array, so `getHeader` cannot tell). */
  cacheHit?: boolean
}

/** The entry rides on the request itself: a WeakMap keyed by every request made each garbage collection dearer (profile). */
const REQUEST_LOG = Symbol('requestLog')
type LoggedRequest = IncomingMessage & { [REQUEST_LOG]?: RequestEntry }

/**
 * Gives the request its id (create-server sends it as `X-Request-Id`) and a child logger, and writes one access
 * line when the answer has gone out or the client went away: method, path, status, duration, cache. A
 * page-cache hit that went out whole is counted instead (HitTally). The steps after create-server's
 * listener find the entry on the request once keepRequestLog has put it there; a page-cache hit never needs that.
 */
export function startRequestLog(logger: Logger, req: IncomingMessage, res: ServerResponse, { fromTrustedProxy }: RequestLogOptions): RequestLog {
  const incoming = fromTrustedProxy ? req.headers['x-request-id'] : undefined
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
  const entry = new RequestEntry(id, logger, req)
  // `on`, not `once`: a response closes once, and once's wrapper was a measurable part of a cache hit.
  res.on('close', () => writeAccessLine(res, entry))
  return entry
}

/** Puts a request's log entry on the request, for requestLogOf in the steps that answer it. */
export function keepRequestLog(req: IncomingMessage, entry: RequestLog): void {
  ;(req as LoggedRequest)[REQUEST_LOG] = entry as RequestEntry
}

class RequestEntry implements RequestLog {
  readonly started = performance.now()
  refusal?: string
  cacheHit?: boolean
  private child: Logger | undefined
  constructor(
    readonly id: string,
    readonly logger: Logger,
    readonly req: IncomingMessage,
  ) {}
  /** The child logger only when something logs beyond the access line: a page-cache hit never does. */
  get log(): Logger {
    return (this.child ??= this.logger.child({ reqId: this.id }))
  }
}

/** The access line of a request whose answer closed; a page-cache hit's answer is counted instead. */
function writeAccessLine(res: ServerResponse, entry: RequestEntry) {
  if (entry.cacheHit && res.writableFinished) return hitTallyOf(entry.logger).count(entry.req.method ?? '', entry.req.url ?? '', res.statusCode)
  const cache = entry.cacheHit ? 'HIT' : res.getHeader('x-cache')
  const line: AccessLine = {
    reqId: entry.id,
    method: printable(entry.req.method ?? ''),
    path: printable(withoutSecrets(entry.req.url ?? '')),
    status: res.statusCode,
    ms: Math.round((performance.now() - entry.started) * 100) / 100,
  }
  if (cache !== undefined) line.cache = String(cache)
  if (!res.writableFinished) line.aborted = true
  if (entry.refusal) entry.logger.warn(line, `Anfrage abgewiesen: ${entry.refusal}`)
  else if (entry.logger.isLevelEnabled('info')) destinationOf(entry.logger).write(accessLineJson(line))
}

/**
 * Page-cache hits are counted, not written a line each (docs/decisions/104): one line a second at
 * most, with the hits of each method, path and status since the last. In production nginx writes
 * every request's line, with its id and the app's `X-Cache`; a line per hit here repeated it and
 * let any client turn cheap hits into log bytes (150 a hit, 7 MB a second at the cache's speed).
 */
class HitTally {
  /** Per target, the hits per status; a HEAD's status is kept negative (the cache answers GET and HEAD only). */
  private counts = new Map<string, Map<number, number>>()
  private since = ''
  private timer: NodeJS.Timeout | undefined
  constructor(private readonly logger: Logger) {}

  count(method: string, target: string, status: number): void {
    if (this.timer === undefined) {
      this.since = isoNow()
      this.timer = setTimeout(() => this.write(), TALLY_MS)
      this.timer.unref()
    }
    const key = method === 'HEAD' ? -status : status
    // Keyed by the target as sent: made printable and freed of secrets once per line, not per hit.
    let byKey = this.counts.get(target)
    if (byKey === undefined) {
      // Bounded like the cache it counts; beyond, the hits of new targets share one row.
      if (this.counts.size >= MAX_TALLY_TARGETS && target !== OTHER_TARGETS) return this.count(method, OTHER_TARGETS, status)
      this.counts.set(target, (byKey = new Map()))
    }
    byKey.set(key, (byKey.get(key) ?? 0) + 1)
  }

  /** Writes the counted hits as one line, and starts counting anew. */
  write() {
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.counts.size === 0) return
    const hits: CacheHitCount[] = []
    for (const [target, byKey] of this.counts) {
      const path = target === OTHER_TARGETS ? target : printable(withoutSecrets(target))
      for (const [key, count] of byKey) hits.push({ method: key < 0 ? 'HEAD' : 'GET', path, status: Math.abs(key), count })
    }
    this.counts = new Map()
    if (this.logger.isLevelEnabled('info')) this.logger.info({ since: this.since, hits }, 'Antworten aus dem Seiten-Cache')
  }
}

export interface CacheHitCount {
  method: string
  path: string
  status: number
  count: number
}

const TALLY_MS = 1000
const MAX_TALLY_TARGETS = 1000
const OTHER_TARGETS = '(weitere)'

const HIT_TALLIES = new WeakMap<Logger, HitTally>()
function hitTallyOf(logger: Logger): HitTally {
  let tally = HIT_TALLIES.get(logger)
  if (tally === undefined) HIT_TALLIES.set(logger, (tally = new HitTally(logger)))
  return tally
}

/** Writes the hits counted so far (the server closing: they would be lost with the process). */
export function writeCacheHits(logger: Logger): void {
  HIT_TALLIES.get(logger)?.write()
}

/** Where the logger writes its lines (pino keeps it under a symbol). */
const destinationOf = (logger: Logger) => (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym]!

export interface AccessLine {
  reqId: string
  method: string
  path: string
  status: number
  ms: number
  cache?: string
  aborted?: true
}

/**
 * The line `logger.info(line, 'Anfrage')` writes (createLogger's options: same fields, same order),
 * put together by hand: pino's general path (its timestamp function, serialisers and redaction of
 * fields that are never secret here) was a tenth of a page-cache hit's CPU (docs/performance.md).
 */
export function accessLineJson(line: AccessLine): string {
  const optional = (line.cache === undefined ? '' : `,"cache":${jsonString(line.cache)}`) + (line.aborted ? ',"aborted":true' : '')
  return (
    `{"level":30,"time":"${isoNow()}","reqId":${jsonString(line.reqId)},"method":${jsonString(line.method)},` +
    `"path":${jsonString(line.path)},"status":${line.status},"ms":${line.ms}${optional},"msg":"Anfrage"}\n`
  )
}

/** Printable ASCII without `"` and `\`: JSON writes it as it is. */
const PLAIN_JSON = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/

/** JSON.stringify of a string, without its work for the plain strings of nearly every line. */
const jsonString = (value: string) => (PLAIN_JSON.test(value) ? `"${value}"` : JSON.stringify(value))

/** The current time as pino writes it, formatted once per millisecond (many lines share one). */
function isoNow(): string {
  const now = Date.now()
  if (now !== lastIso.at) lastIso = { at: now, text: new Date(now).toISOString() }
  return lastIso.text
}
let lastIso = { at: 0, text: '' }

/** The request's log entry (kept by keepRequestLog for every request that is not a page-cache hit). */
export function requestLogOf(req: IncomingMessage): RequestLog {
  return (req as LoggedRequest)[REQUEST_LOG]!
}

/**
 * Query parameters whose values are credentials (the Studio's preview secret, docs/decisions/031;
 * the signed token `t` of an alert's confirm and unsubscribe links, ALERT_TOKEN_PARAM in
 * app/alerts/consent.ts: whoever reads it could end or confirm the alert) or a visitor's
 * contact data (a valuation form hands its phone to the sell request by GET, docs/decisions/047).
 */
const SECRET_PARAMETERS = new Set(['sanity-preview-secret', 't', ...PERSONAL_FIELDS])

/**
 * A request target for the log with the values of SECRET_PARAMETERS replaced by `…`. Names are
 * compared decoded, as the routes read them (`sanity%2Dpreview-secret` is the same parameter).
 */
export function withoutSecrets(target: string): string {
  const start = target.indexOf('?')
  if (start === -1) return target
  const end = target.indexOf('#', start) === -1 ? target.length : target.indexOf('#', start)
  const query = target
    .slice(start + 1, end)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!
      let decoded: string
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '))
      } catch {
        decoded = name
      }
      return SECRET_PARAMETERS.has(decoded) ? `${name}=…` : pair
    })
  return `${target.slice(0, start + 1)}${query.join('&')}${target.slice(end)}`
}

/** A client-chosen string for one log line: control characters escaped, at most 200 characters. */
export function printable(value: string): string {
  if (value.length <= 200 && PLAIN_JSON.test(value)) return value
  const escaped = JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value)
  return escaped.slice(1, -1)
}
