import { type ActionFunctionArgs } from '@remix-run/node'
import { eraseTracesOfDeleted } from '#app/submissions/erasure.server.ts'
import { BodyTooLargeError, CACHE_CONTROL, jsonError, parseJsonBody, readBodyText } from '#app/utils/http.server.ts'
import { limitSubmission } from '#app/utils/request-guards.server.ts'

const ALLOW = { Allow: 'POST' }

export function loader() {
  return jsonError(405, 'Methode nicht erlaubt. Nur POST.', {}, ALLOW)
}

/**
 * POST /api/lead-erasure `{id}`: the Studio's „Löschen“ of a lead, after it deleted the lead and
 * its photos, asks the site to delete what it kept besides (the saved copies of the lead's mails,
 * docs/decisions/072). Done only when no version of the document is left, so no sign-in is needed:
 * nobody can delete a lead through this, only what a deleted one left. 200 `{mails}`; 409 while
 * the lead still exists; 400 for anything that is not an inbox id.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Methode nicht erlaubt.', {}, ALLOW)
  const limited = limitSubmission(context, request)
  if (limited) return limited
  let body: unknown
  try {
    body = parseJsonBody(await readBodyText(request, 1024))
  } catch (error) {
    if (error instanceof BodyTooLargeError) return jsonError(413, 'Die Anfrage ist zu groß.')
    throw error
  }
  const id = (body as { id?: unknown } | undefined)?.id
  if (typeof id !== 'string') return jsonError(400, 'Bitte die ID der gelöschten Anfrage angeben: {"id": "inbox.lead-…"}.')
  const erased = await eraseTracesOfDeleted(context.lake, context.env, id)
  if (!erased) return jsonError(409, 'Diese Anfrage ist nicht gelöscht (oder keine Anfrage); es wurde nichts entfernt.')
  context.logger?.info({ mails: erased.mails }, 'Gelöschte Anfrage: Kopien ihrer E-Mails entfernt')
  return Response.json({ mails: erased.mails }, { headers: { 'Cache-Control': CACHE_CONTROL.noStore } })
}
