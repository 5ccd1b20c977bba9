import { cookieValue } from '#app/utils/cookies.ts'
import { SALE_PATH } from '#schemas/lib/constants.ts'
import { isLeadId } from './schema.server.ts'

/*
 * A cookie naming a stored lead to the sell page, and nothing else: the sell request's own (its
 * confirmation offers the Besichtigungstermin, sale-appointment.server.ts) and a test drive's
 * trade-in hand-over (trade-in.server.ts). Only the lead's id, an unguessable UUID, HttpOnly,
 * SameSite=Lax, for the sell page's paths only; the server reads the lead behind it.
 */

/**
 * The Set-Cookie values naming `leadId` as `name`. Twice: with JavaScript the page's data and its
 * action go to `/auto-verkaufen.data` (Remix's single fetch), which a cookie for `/auto-verkaufen`
 * does not reach (a path matches only up to a `/`).
 */
export function sellPageLeadCookies(name: string, leadId: string, maxAgeMs: number, secure: boolean): string[] {
  return [SALE_PATH, `${SALE_PATH}.data`].map((path) =>
    [`${name}=${encodeURIComponent(leadId)}`, `Max-Age=${maxAgeMs / 1000}`, `Path=${path}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join(
      '; ',
    ),
  )
}

/** The lead id the request's cookie `name` holds, if it looks like one. */
export function sellPageLeadId(request: Request, name: string): string | undefined {
  const value = cookieValue(request.headers.get('cookie'), name)
  try {
    const id = value ? decodeURIComponent(value) : undefined
    return isLeadId(id) ? id : undefined
  } catch {
    return undefined
  }
}
