import { createHmac, timingSafeEqual } from 'node:crypto'

/** The header of Sanity's signed GROQ webhooks. */
export const SANITY_SIGNATURE_HEADER = 'sanity-webhook-signature'

/** Sanity signs no webhook older than this (2021-01-01, as @sanity/webhook checks). */
const MINIMUM_TIMESTAMP = 1_609_459_200_000

/**
 * Whether `header` is Sanity's signature of `body` with `secret`: `t=<ms>,v1=<base64url HMAC-SHA256
 * of "<t>.<body>">` (the format of @sanity/webhook, reimplemented: one function is not worth a
 * dependency). Compared in constant time.
 */
export function sanitySignatureMatches(header: string | null, body: string, secret: string): boolean {
  const match = /^t=(\d+)[, ]+v1=([^, ]+)$/.exec(header?.trim() ?? '')
  if (!match || body === '') return false
  const [, timestamp = '', signature = ''] = match
  if (Number(timestamp) < MINIMUM_TIMESTAMP) return false
  const expected = signSanityPayload(body, Number(timestamp), secret)
  const given = Buffer.from(signature)
  const wanted = Buffer.from(expected)
  return given.length === wanted.length && timingSafeEqual(given, wanted)
}

/** The `v1` value Sanity sends for this body and time (also used by tests to sign like Sanity). */
export function signSanityPayload(body: string, timestamp: number, secret: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('base64url')
}
