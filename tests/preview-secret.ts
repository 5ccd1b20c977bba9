import { randomBytes } from 'node:crypto'

/**
 * A preview secret as the Studio makes one (`generateUrlSecret` of @sanity/preview-url-secret: 16
 * random bytes as hex, base64url without padding): the only shape the enable route asks Sanity about.
 */
export function studioSecret(): string {
  return Buffer.from(randomBytes(16).toString('hex')).toString('base64url')
}
