import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * Whether an Authorization header is `Bearer <token>`. Compares SHA-256 digests in constant
 * time, so neither the time taken nor the length says anything about the token.
 */
export function bearerTokenMatches(header: string | null, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  if (!match) return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(match[1]!), digest(token))
}
