import { createHmac, timingSafeEqual } from 'node:crypto'

/** The header of Sanity's signed GROQ webhooks. */
export const SANITY_SIGNATURE_HEADER = 'sanity-webhook-signature'

/** A signature older than this is refused: a captured one cannot be replayed later. */
export const SIGNATURE_MAX_AGE_MS = 5 * 60_000
/** How far a sender's clock may run ahead of ours. */
export const SIGNATURE_MAX_SKEW_MS = 60_000

/** Why a signature was or was not accepted. */
export type SignatureCheck = 'valid' | 'invalid' | 'expired' | 'replayed'

/** Signatures accepted within the window, with their time: each is accepted once. */
const seenSignatures = new Map<string, number>()

/**
 * Checks `header` as Sanity's signature of `body` with `secret`: `t=<ms>,v1=<base64url HMAC-SHA256
 * of "<t>.<body>">` (the format of @sanity/webhook, reimplemented: its check compares with `!==` and
 * has no freshness or replay window, docs/decisions/093), compared in constant time. A valid signature must also be fresh (at most five
 * minutes old, at most one ahead) and not seen before within that window.
 */
export function checkSanitySignature(header: string | null, body: string, secret: string, now = Date.now()): SignatureCheck {
  const match = /^t=(\d{1,15})[, ]+v1=([^, ]+)$/.exec(header?.trim() ?? '')
  if (!match || body === '') return 'invalid'
  const [, timestampText = '', signature = ''] = match
  const timestamp = Number(timestampText)
  const given = Buffer.from(signature)
  const wanted = Buffer.from(signSanityPayload(body, timestamp, secret))
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return 'invalid'
  if (timestamp < now - SIGNATURE_MAX_AGE_MS || timestamp > now + SIGNATURE_MAX_SKEW_MS) return 'expired'

  for (const [seen, at] of seenSignatures) if (at < now - SIGNATURE_MAX_AGE_MS) seenSignatures.delete(seen)
  if (seenSignatures.has(signature)) return 'replayed'
  seenSignatures.set(signature, timestamp)
  return 'valid'
}

/** The `v1` value Sanity sends for this body and time (also used by tests to sign like Sanity). */
export function signSanityPayload(body: string, timestamp: number, secret: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('base64url')
}
