import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { ALERT_TOKEN_PARAM } from '#app/alerts/consent.ts'
import { type ContentLake, createIfNotExists } from '#app/lake/lake.server.ts'
import { ALERT_SECRET_QUERY } from '#app/sanity/queries/alerts.ts'

/*
 * The signed links of the price and search alerts (issue 38 item 2; docs/decisions/080): the double
 * opt-in's confirmation link (expires) and every alert mail's unsubscribe link (does not: RFC 8058
 * wants it to work as long as mails that carry it may be read). A token is
 * `<base64url(payload)>.<base64url(HMAC-SHA256)>`, the payload `{p: purpose, id: lead id, e: expiry ms}`.
 * It names only the lead's random id, nothing of the person.
 */

export type TokenPurpose = 'confirm' | 'unsubscribe'

/** How long the confirmation link works: three days is enough to find the mail, short enough that an old one cannot be used later. */
export const CONFIRM_LINK_MS = 72 * 60 * 60 * 1000

const LEAD_ID = /^inbox\.lead-[A-Za-z0-9_-]{1,80}$/

export function signToken(secret: string, purpose: TokenPurpose, id: string, expiresAt?: Date): string {
  const payload = Buffer.from(JSON.stringify({ p: purpose, id, ...(expiresAt ? { e: expiresAt.getTime() } : {}) })).toString('base64url')
  return `${payload}.${mac(secret, payload)}`
}

export type TokenCheck = { ok: true; id: string } | { ok: false; reason: 'invalid' | 'expired' }

/** The lead id of a token for `purpose`, if the signature holds and it has not expired at `now`. */
export function verifyToken(secret: string, purpose: TokenPurpose, token: unknown, now: Date): TokenCheck {
  if (typeof token !== 'string' || token.length > 600) return { ok: false, reason: 'invalid' }
  const [payload, signature, extra] = token.split('.')
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' }
  const expected = Buffer.from(mac(secret, payload))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' }
  let data: unknown
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  const { p, id, e } = (data ?? {}) as { p?: unknown; id?: unknown; e?: unknown }
  if (p !== purpose || typeof id !== 'string' || !LEAD_ID.test(id)) return { ok: false, reason: 'invalid' }
  // A confirmation always expires (only this server signs, and it always sets `e`); an unsubscribe link never does.
  if (purpose === 'confirm' && typeof e !== 'number') return { ok: false, reason: 'invalid' }
  if (e !== undefined && (typeof e !== 'number' || now.getTime() > e)) return { ok: false, reason: 'expired' }
  return { ok: true, id }
}

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url')
}

/** The private document that holds the signing key (a dot in the id: never in a public read). */
export const SECRET_DOCUMENT_ID = 'secrets.alertLinks'

const secrets = new WeakMap<ContentLake, Promise<string>>()

/**
 * The signing key of this lake: made once by whichever instance asks first (`createIfNotExists`),
 * then the same for every instance on the lake, on both backends, without a deploy step. Kept per
 * lake in memory; a failed read is not kept.
 */
export function alertSecret(lake: ContentLake): Promise<string> {
  let secret = secrets.get(lake)
  if (!secret) {
    secret = readOrMakeSecret(lake)
    secrets.set(lake, secret)
    secret.catch(() => secrets.delete(lake))
  }
  return secret
}

async function readOrMakeSecret(lake: ContentLake): Promise<string> {
  const read = () => lake.fetch<string | null>(ALERT_SECRET_QUERY, { id: SECRET_DOCUMENT_ID }, { includePrivate: true })
  const existing = await read()
  if (typeof existing === 'string' && existing.length >= 32) return existing
  await createIfNotExists(lake, { _id: SECRET_DOCUMENT_ID, _type: 'alertSecret', key: randomBytes(32).toString('hex') })
  const made = await read()
  if (typeof made !== 'string') throw new Error('Der Schlüssel der Benachrichtigungslinks ließ sich nicht anlegen')
  return made
}

/** The site's links of a lead's alert: the confirmation (expiring) and the unsubscribe page and one-click endpoint. */
export async function alertLinks(lake: ContentLake, siteUrl: string, id: string, now: Date) {
  const secret = await alertSecret(lake)
  const confirm = signToken(secret, 'confirm', id, new Date(now.getTime() + CONFIRM_LINK_MS))
  const unsubscribe = signToken(secret, 'unsubscribe', id)
  const link = (path: string, token: string) => `${new URL(path, siteUrl).toString()}?${ALERT_TOKEN_PARAM}=${encodeURIComponent(token)}`
  return {
    confirm: link(ALERT_PATHS.confirm, confirm),
    unsubscribePage: link(ALERT_PATHS.unsubscribe, unsubscribe),
    oneClick: link(ALERT_PATHS.oneClick, unsubscribe),
  }
}

/** Where the links lead: the two pages (a button each, so that a mail scanner's GET changes nothing) and the RFC 8058 endpoint. */
export const ALERT_PATHS = {
  confirm: '/benachrichtigung/bestaetigen',
  unsubscribe: '/benachrichtigung/abmelden',
  oneClick: '/api/benachrichtigung/abmelden',
} as const
