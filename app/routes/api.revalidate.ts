import { type ActionFunctionArgs } from '@remix-run/node'
import { bearerTokenMatches } from '#app/utils/request-guards.server.ts'
import { checkSanitySignature, SANITY_SIGNATURE_HEADER, type SignatureCheck } from '#app/server/webhook-signature.server.ts'
import { BodyTooLargeError, CACHE_CONTROL, jsonError, MAX_REQUEST_BODY, readBodyText } from '#app/utils/http.server.ts'

const ALLOW = { Allow: 'POST' }

/** Only POST: a link or a crawler must not empty the page cache. */
export function loader() {
  return jsonError(405, 'Methode nicht erlaubt. Die Seiten werden mit POST neu aufgebaut.', {}, ALLOW)
}

/**
 * The document a webhook's body names: Sanity's GROQ webhook sends the changed document (its
 * default projection) with its `_id`. Passed on with the revision, so the alerts' watcher looks at
 * that car only (decision 096); a body without one (an empty POST by hand, another projection)
 * means anything may have changed.
 */
export function changedDocumentIds(body: string | undefined): string[] | undefined {
  if (!body) return undefined
  try {
    const parsed: unknown = JSON.parse(body)
    const id = typeof parsed === 'object' && parsed !== null && '_id' in parsed ? parsed._id : undefined
    return typeof id === 'string' && id !== '' ? [id] : undefined
  } catch {
    return undefined
  }
}

/**
 * POST /api/revalidate: what Sanity calls on publish (a GROQ webhook). Marks every cached page as
 * outdated by moving the content revision on (docs/decisions/014), with the changed document's id
 * when the body names it (changedDocumentIds). Authorised by
 * `Authorization: Bearer <REVALIDATE_SECRET>` or by Sanity's signature (`sanity-webhook-signature`,
 * the webhook's secret set to REVALIDATE_SECRET; fresh and used once). 200 `{revalidated: true, revision}`; 401 with
 * neither; 503 when REVALIDATE_SECRET is not set; other methods 405.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Methode nicht erlaubt.', {}, ALLOW)
  const secret = context.env.REVALIDATE_SECRET
  if (!secret) return jsonError(503, 'Der Revalidierungs-Webhook ist abgeschaltet: REVALIDATE_SECRET ist nicht gesetzt.')

  let authorized = bearerTokenMatches(request.headers.get('authorization'), secret)
  let signature: SignatureCheck | undefined
  let body: string | undefined
  if (authorized || request.headers.has(SANITY_SIGNATURE_HEADER)) {
    try {
      body = await readBodyText(request, MAX_REQUEST_BODY)
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error
      return jsonError(413, `Die Anfrage ist zu groß (höchstens ${MAX_REQUEST_BODY / 1024} KB).`)
    }
  }
  if (!authorized && body !== undefined) {
    signature = checkSanitySignature(request.headers.get(SANITY_SIGNATURE_HEADER), body, secret)
    authorized = signature === 'valid'
  }
  if (!authorized) {
    return jsonError(
      401,
      signature === 'expired' || signature === 'replayed'
        ? 'Nicht berechtigt: Die Sanity-Webhook-Signatur ist abgelaufen oder wurde schon verwendet (gültig fünf Minuten, einmal).'
        : 'Nicht berechtigt: Authorization: Bearer <REVALIDATE_SECRET> oder eine gültige Sanity-Webhook-Signatur fehlt.',
      {},
      { 'WWW-Authenticate': 'Bearer' },
    )
  }
  const revision = context.contentRevision?.bump(changedDocumentIds(body)) ?? 0
  return Response.json({ revalidated: true, revision }, { headers: { 'Cache-Control': CACHE_CONTROL.noStore } })
}
