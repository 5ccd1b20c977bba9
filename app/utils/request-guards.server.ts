import { createHash, timingSafeEqual } from 'node:crypto'
import { isIPv6 } from 'node:net'
import { type AppLoadContext } from '@remix-run/node'
import { jsonError } from '#app/utils/http.server.ts'

/** The German answer to a client over the submission limit (JSON `error` and form message). */
export const TOO_MANY_SUBMISSIONS = 'Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut.'

/** The German answer to a post from another site (403). */
export const FOREIGN_ORIGIN_MESSAGE = 'Anfragen von fremden Websites werden nicht angenommen.'

/** The German answer to a page form post that did not come from the site's own pages (403). */
export const FOREIGN_FORM_MESSAGE =
  'Ihre Nachricht wurde nicht angenommen, weil sie nicht über ein Formular dieser Website gesendet wurde. Bitte laden Sie die Seite neu und versuchen Sie es erneut.'

/** The origins a post may come from: SITE_URL's and the one the client addressed (createServer). */
export interface OwnOrigins {
  siteOrigin: string
  requestOrigin?: string
}

/**
 * Whether an origin is ours: SITE_URL's origin or the origin the client addressed (a developer on
 * 127.0.0.1 while SITE_URL names localhost). `null` (sandboxed frames, cross-origin redirects) is foreign.
 */
function isOwnOrigin(origin: string, { siteOrigin, requestOrigin }: OwnOrigins): boolean {
  return origin === siteOrigin || (requestOrigin !== undefined && origin === requestOrigin)
}

/**
 * The one same-origin rule of the site, applied to every POST by createServer before anything
 * else reads it (docs/decisions/008). The sender's origin is the Origin header, else the Referer's.
 * A foreign one is refused, whatever the body (JSON too). Without both headers a page form post is
 * refused (browsers send Origin with every POST), an API post is allowed (curl, server-to-server).
 */
export function isAllowedPost(headers: { origin?: string; referer?: string; api: boolean }, own: OwnOrigins): boolean {
  const origin = headers.origin ?? refererOrigin(headers.referer)
  if (origin === undefined) return headers.api
  return isOwnOrigin(origin, own)
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined
  return URL.canParse(referer) ? new URL(referer).origin : 'null'
}

type LimitContext = Pick<AppLoadContext, 'submissionLimiter' | 'clientAddress'>

/**
 * Counts a POST against the submission limit of the client's address. Returns the seconds to wait
 * when it is over the limit, else null (also when no limiter is configured or for other methods).
 */
export function checkSubmissionLimit(context: LimitContext, request: Request): { retryAfterSeconds: number } | null {
  if (!context.submissionLimiter || request.method !== 'POST') return null
  const result = context.submissionLimiter.hit(clientKey(context.clientAddress))
  return result.allowed ? null : { retryAfterSeconds: result.retryAfterSeconds }
}

/** For API routes: a ready 429 JSON answer (German `error`, Retry-After, no-store) when over the limit, else null. */
export function limitSubmission(context: LimitContext, request: Request): Response | null {
  const limited = checkSubmissionLimit(context, request)
  if (!limited) return null
  return jsonError(429, TOO_MANY_SUBMISSIONS, {}, { 'Retry-After': String(limited.retryAfterSeconds) })
}

/**
 * The limiter key of a client address. An IPv6 client usually holds a whole /64 and could change
 * its address at will, so IPv6 addresses count per /64; IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown'
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  const bare = address.split('%')[0]!
  if (!isIPv6(bare)) return address
  const [head = '', tail = ''] = bare.toLowerCase().split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  // A trailing dotted IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) stands for two groups.
  const tailLength = tailGroups.length + (tailGroups.at(-1)?.includes('.') ? 1 : 0)
  const groups = bare.includes('::') ? [...headGroups, ...Array<string>(8 - headGroups.length - tailLength).fill('0'), ...tailGroups] : headGroups
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/**
 * Whether an Authorization header is `Bearer <token>` (the sync's cron job, the publish webhook).
 * Compares SHA-256 digests in constant time, so neither the time taken nor the length says anything
 * about the token.
 */
export function bearerTokenMatches(header: string | null, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  if (!match) return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(match[1]!), digest(token))
}
