import { type IncomingMessage } from 'node:http'

/*
 * What a request asks for, decided once per request before anything answers it
 * (docs/decisions/021): the URL Remix renders and the page cache keys on is SITE_URL's origin plus
 * the request target. Client headers (Host, X-Forwarded-Host, X-Forwarded-Proto) never go into
 * that URL; they are validated strictly and only tell which origin the client addressed, for the
 * same-origin rule of form posts.
 */

/** The methods the site answers; everything else is refused before Express and Remix. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'] as const

export interface RequestTarget {
  /**
   * Path and query as requested, dot segments resolved and characters encoded as a URL parser does,
   * without tracking parameters (withoutTracking): the page cache's key part.
   */
  readonly path: string
  /** SITE_URL's origin + `path`: what Remix renders (parsed when first read: a page-cache hit never reads it). */
  readonly url: URL
  /** The origin the client addressed: validated Host, or with a trusted proxy its X-Forwarded-Host/-Proto. */
  readonly origin: string
}

class Target implements RequestTarget {
  constructor(
    readonly path: string,
    readonly origin: string,
    private readonly siteOrigin: string,
    private parsed?: URL,
  ) {}
  get url(): URL {
    return (this.parsed ??= new URL(this.siteOrigin + this.path))
  }
}

/**
 * A path and query that a URL parser leaves exactly as they are: segments of letters, digits and
 * `_~-.` not starting with a dot (so no dot segment), a query of such characters and `=&+%,` (a
 * lone `?` would be dropped). Nearly every request is one; the rest are parsed.
 */
const PLAIN_TARGET = /^\/(?:[\w~-][\w.~-]*\/)*(?:[\w~-][\w.~-]*)?(?:\?[\w.~=&+%,-]+)?$/

/** Why a request is refused before it reaches the site: status, German message, extra headers. */
export interface RequestRefusal {
  status: 400 | 405
  message: string
  headers?: Record<string, string>
}

export interface RequestTargetOptions {
  /** `new URL(SITE_URL).origin`, e.g. `https://www.example.de`. */
  siteOrigin: string
  /** Whether the peer at this address is a proxy whose X-Forwarded-* headers count (Express's compiled `trust proxy`). */
  trustsProxy: (address: string) => boolean
}

/** A host name or IPv4 address, or an IPv6 literal in brackets, with an optional port: nothing else. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i
const PROTOCOL = /^https?$/i

/**
 * The target of a request, or why it is refused: a method other than GET, HEAD and POST (405), a
 * missing or malformed Host, a malformed X-Forwarded-Host/-Proto from a trusted proxy, a
 * request target that is not a path (or absolute URL), or a path with broken percent-encoding (400).
 */
export function requestTarget(req: IncomingMessage, { siteOrigin, trustsProxy }: RequestTargetOptions): RequestTarget | RequestRefusal {
  const method = req.method ?? ''
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    return { status: 405, message: 'Methode nicht erlaubt.', headers: { Allow: ALLOWED_METHODS.join(', ') } }
  }

  const host = validHost(req.headers.host)
  if (!host) return { status: 400, message: 'Ungültiger Host-Header.' }
  let addressed = { protocol: 'http', host }
  if (trustsProxy(req.socket.remoteAddress ?? '')) {
    const forwardedHost = firstValue(req.headers['x-forwarded-host'])
    const forwardedProto = firstValue(req.headers['x-forwarded-proto'])
    if (forwardedHost !== undefined && !validHost(forwardedHost)) return { status: 400, message: 'Ungültiger X-Forwarded-Host-Header.' }
    if (forwardedProto !== undefined && !PROTOCOL.test(forwardedProto)) return { status: 400, message: 'Ungültiger X-Forwarded-Proto-Header.' }
    addressed = { protocol: forwardedProto?.toLowerCase() ?? 'http', host: forwardedHost ?? host }
  }

  const origin = `${addressed.protocol}://${addressed.host.toLowerCase()}`
  const raw = req.url ?? ''
  if (PLAIN_TARGET.test(raw)) return new Target(withoutTracking(raw), origin, siteOrigin)
  const path = pathAndQuery(raw)
  if (path === undefined) return { status: 400, message: 'Ungültige Anfrage-URL.' }
  // Concatenated, not `new URL(path, siteOrigin)`: a target like `//evil.example` would become the host.
  const url = URL.canParse(siteOrigin + path) ? new URL(siteOrigin + path) : undefined
  if (!url || !decodes(url.pathname)) return { status: 400, message: 'Ungültige Anfrage-URL.' }
  const parsed = url.pathname + url.search
  const clean = withoutTracking(parsed)
  return new Target(clean, origin, siteOrigin, clean === parsed ? url : undefined)
}

/**
 * Parameters that ad and newsletter platforms append to a link (Google's `gclid`, `utm_*`, Meta's
 * `fbclid`, …). No route reads them, so the site renders and caches the page without them: every
 * visitor from an ad gets the stored page instead of a render of their own, and no visitor's click
 * id is written into the forms of a page stored for others (docs/decisions/105). The address bar
 * keeps them for whatever reads them there.
 */
const TRACKING = 'utm_\\w+|gclid|gclsrc|gbraid|wbraid|dclid|fbclid|msclkid|twclid|ttclid|li_fat_id|mc_cid|mc_eid|_ga|_gl|igshid|srsltid|yclid'
const TRACKING_PARAM = new RegExp(`^(?:${TRACKING})$`)
const MAY_TRACK = new RegExp(`[?&](?:${TRACKING})(?:[=&]|$)`)

/** `path` without the tracking parameters of its query, the others kept as they are, in order. */
function withoutTracking(path: string): string {
  // Nearly every request has no query, or none of these: one test, no split.
  const queryAt = path.indexOf('?')
  if (queryAt === -1 || !MAY_TRACK.test(path)) return path
  const kept = path
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => !TRACKING_PARAM.test(pair.split('=', 1)[0]!))
  return kept.length > 0 ? `${path.slice(0, queryAt)}?${kept.join('&')}` : path.slice(0, queryAt)
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname)
    return true
  } catch {
    return false
  }
}

/** The last Host that passed: nearly every request names the same one, and the pattern is a tenth of a cache hit. */
let lastValidHost: string | undefined

function validHost(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  if (value === lastValidHost) return value
  const match = HOST.exec(value)
  if (!match) return undefined
  const port = match[1]
  if (port !== undefined && Number(port) > 65535) return undefined
  lastValidHost = value
  return value
}

/** The first of a list of header values (`a, b` from a chain of proxies): the one closest to the client. */
function firstValue(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(',') : value
  return joined?.split(',')[0]?.trim()
}

/** Path and query of an origin-form (`/a?b`) or absolute-form (`http://host/a?b`) request target. */
function pathAndQuery(target: string): string | undefined {
  if (target.startsWith('/')) return target
  if (!/^https?:\/\//i.test(target) || !URL.canParse(target)) return undefined
  const url = new URL(target)
  return url.pathname + url.search
}
