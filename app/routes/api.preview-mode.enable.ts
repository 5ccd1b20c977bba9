import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import {
  SECRET_TTL,
  schemaIdSingleton,
  schemaType,
  schemaTypeSingleton,
  urlSearchParamPreviewPathname,
  urlSearchParamPreviewPerspective,
  urlSearchParamPreviewSecret,
} from '@sanity/preview-url-secret/constants'
import {
  decodePreview,
  hasSecretShape,
  issuePreview,
  parsePerspective,
  isSanityTimeout,
  previewAvailable,
  secretDigest,
  withSanityDeadline,
} from '#app/preview/preview.server.ts'
import { isConflict, patchDocument } from '#app/lake/lake.server.ts'
import { type Logger, loggerOf } from '#app/server/logging.server.ts'
import { jsonError } from '#app/utils/http.server.ts'
import { RateLimiter } from '#app/utils/rate-limit.server.ts'
import { sameSiteLocation } from '#app/utils/redirect-path.ts'
import { clientKey } from '#app/utils/request-guards.server.ts'

/**
 * The Studio's secret or the share link's, with what the grant needs: `_id` (the grant), and for a
 * Studio secret `_rev` and `usedAt` (one use). The same conditions as @sanity/preview-url-secret's
 * validatePreviewUrl (a Studio secret is valid for SECRET_TTL after it was written), whose answer
 * lacks the `_id`.
 */
const SECRET_QUERY = `{
  "private": *[_type == "${schemaType}" && secret == $secret && dateTime(_updatedAt) > dateTime(now()) - ${SECRET_TTL}][0]{_id, _rev, secret, usedAt},
  "public": *[_id == "${schemaIdSingleton}" && _type == "${schemaTypeSingleton}" && secret == $secret][0]{_id, secret}
}`

interface SecretDocuments {
  private: { _id: string; _rev: string; secret: string; usedAt?: string } | null
  public: { _id: string; secret: string } | null
}

/** Wrong secrets an address may send within FAILED_WINDOW_MS before every enable of it is refused (429) without a look at Sanity. */
export const MAX_FAILED_ENABLES = 10
const FAILED_WINDOW_MS = 10 * 60_000
const failedEnables = new RateLimiter({ limit: MAX_FAILED_ENABLES, windowMs: FAILED_WINDOW_MS })

const MISSING = 'Der Vorschau-Schlüssel fehlt. Bitte die Vorschau im Studio öffnen.'
const INVALID = 'Der Vorschau-Schlüssel ist ungültig oder abgelaufen. Bitte die Vorschau im Studio neu öffnen.'
const USED = 'Dieser Vorschau-Schlüssel wurde schon verwendet. Bitte die Vorschau im Studio neu öffnen.'
const PERSPECTIVE = 'Diese Vorschau-Ansicht gibt es nicht: nur Entwürfe, die veröffentlichte Fassung oder Releases.'

/**
 * GET /api/preview-mode/enable: where the Studio's Presentation tool opens the site (docs/decisions/031).
 * It carries a secret that the Studio wrote into the lake (`sanity-preview-secret`), or the share
 * link's. Valid, the answer sets the preview cookie (drafts or the Studio's release perspective, for
 * PREVIEW_LIFETIME_SECONDS at most and only while the secret's document exists) and sends the
 * browser to the page (`sanity-preview-pathname`).
 *
 * - A Studio secret works once: its document is marked used (`usedAt`, written only if unchanged
 *   since read, so of two instances racing exactly one wins). A browser already holding this grant's
 *   cookie may come again (the Studio reloads its frame with the same secret when staff switch the
 *   perspective) and keeps its expiry. The share link is meant for several people and stays valid
 *   until it is switched off in the Studio.
 * - Wrong, used or expired secret: 401, no cookie; secrets not shaped as the Studio makes them are
 *   refused without asking Sanity, and after MAX_FAILED_ENABLES failures per address in 10 minutes
 *   every enable of that address is answered 429 without asking Sanity.
 * - A perspective other than drafts, published or release ids (e.g. `raw`): 400.
 * - Sanity silent or failing: 504 or 503 within PREVIEW_SANITY_TIMEOUT_MS.
 * - Without a Sanity project and SANITY_VIEWER_TOKEN the preview does not exist: 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env, lake } = context
  if (!previewAvailable(env) || !lake.previewReader) {
    return jsonError(404, 'Die Vorschau gibt es nur mit einem Sanity-Projekt und SANITY_VIEWER_TOKEN.')
  }
  const address = clientKey(context.clientAddress)
  const waitSeconds = failedEnables.exhausted(address)
  if (waitSeconds > 0) {
    return jsonError(
      429,
      `Zu viele ungültige Vorschau-Schlüssel von dieser Adresse. Bitte in ${Math.ceil(waitSeconds / 60)} Minuten erneut versuchen.`,
      {},
      { 'Retry-After': String(waitSeconds) },
    )
  }
  const refuse = (message: string) => {
    failedEnables.hit(address)
    return jsonError(401, message)
  }

  const url = new URL(request.url)
  const secret = url.searchParams.get(urlSearchParamPreviewSecret)
  if (!secret) return refuse(MISSING)
  const requestedPerspective = url.searchParams.get(urlSearchParamPreviewPerspective)
  const perspective = parsePerspective(requestedPerspective)
  if (!perspective) return jsonError(400, PERSPECTIVE)
  if (!hasSecretShape(secret)) return refuse(INVALID)

  const log = loggerOf(context)
  const client = lake.previewReader.client(env.SANITY_VIEWER_TOKEN)
  let found: SecretDocuments
  try {
    found = await withSanityDeadline((signal) => client.fetch<SecretDocuments>(SECRET_QUERY, { secret }, { signal, tag: 'site.preview-enable' }))
  } catch (error) {
    return unreachable(error, log)
  }
  const grant = found.private?._id ?? found.public?._id
  if (!grant || (found.private ?? found.public)?.secret !== secret) return refuse(INVALID)
  const sum = secretDigest(secret)

  let lifetime: { iat: number; exp: number } | undefined
  if (found.private) {
    // The Studio reloads its frame with the same secret (another perspective): the browser that used it keeps its preview.
    const held = await decodePreview(request.headers.get('cookie'), env)
    if (held?.grant === grant && held.sum === sum) lifetime = { iat: held.iat, exp: held.exp }
    else if (found.private.usedAt) return refuse(USED)
    else {
      const used = found.private
      try {
        await withSanityDeadline(() => patchDocument(lake, used._id, { ifRevisionID: used._rev, set: { usedAt: new Date().toISOString() } }))
      } catch (error) {
        // Another request (on any instance) marked it between our read and our write.
        if (isConflict(error)) return refuse(USED)
        return unreachable(error, log)
      }
    }
  }

  const target = new URL(url.searchParams.get(urlSearchParamPreviewPathname) ?? '/', 'http://site')
  // As @sanity/preview-url-secret does: the page learns the perspective too.
  if (requestedPerspective && !target.searchParams.has(urlSearchParamPreviewPerspective)) {
    target.searchParams.set(urlSearchParamPreviewPerspective, requestedPerspective)
  }
  return redirect(sameSiteLocation(target.pathname, target.search.slice(1), target.hash.slice(1)), {
    headers: { 'Set-Cookie': await issuePreview(env, { perspective, grant, sum, ...lifetime }), 'Cache-Control': 'private, no-store' },
  })
}

/** Sanity did not answer in time (504) or failed (503): German, and no cookie. */
function unreachable(error: unknown, log: Logger) {
  if (isSanityTimeout(error)) {
    log.warn('Vorschau: Sanity hat nicht rechtzeitig geantwortet')
    return jsonError(504, 'Sanity antwortet gerade nicht. Bitte die Vorschau in einer Minute erneut öffnen.')
  }
  log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'Vorschau: Sanity-Anfrage fehlgeschlagen')
  return jsonError(503, 'Die Vorschau ist gerade nicht erreichbar. Bitte in einer Minute erneut versuchen.')
}
