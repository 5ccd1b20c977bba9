import { type ActionFunctionArgs } from '@remix-run/node'
import { CONTACT_BODY_LIMIT, parseContactSubmission, storeContactMessage } from '#app/contact/contact.server.ts'
import { BodyTooLargeError, jsonCreated, jsonError, mediaType, parseJsonBody, readBodyText } from '#app/utils/http.server.ts'
import { checkSameOrigin, limitSubmission } from '#app/utils/request-guards.server.ts'

const ALLOW = { Allow: 'POST' }

/** Contact messages are personal data: they are read in the Studio only, never listed here. */
export function loader() {
  return jsonError(405, 'Methode nicht erlaubt. Nachrichten werden nur angenommen (POST).', {}, ALLOW)
}

/**
 * POST /api/contacts (spec §7): JSON `{name, email, phone, subject, message}` or the same
 * fields form-encoded. 201 with `{id, receivedAt}` once the message is durably stored;
 * 400 with `fieldErrors` for invalid input (nothing stored); 429 over the submission limit of the
 * client's address; 403 for a form-encoded post from another site (docs/decisions/008).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Methode nicht erlaubt.', {}, ALLOW)
  // A foreign page can make a browser send form-encoded posts (not JSON: that needs CORS).
  // Clients without Origin and Referer are not browsers posting across sites, and are allowed.
  if (mediaType(request) === 'application/x-www-form-urlencoded' && !checkSameOrigin(request, context, { allowMissing: true })) {
    return jsonError(403, 'Anfragen von fremden Websites werden nicht angenommen.')
  }
  // Before reading the body: a client over the limit costs nothing more.
  const limited = limitSubmission(context, request)
  if (limited) return limited

  let raw: unknown
  try {
    const body = await readBodyText(request, CONTACT_BODY_LIMIT)
    const type = mediaType(request)
    if (type === 'application/json') raw = parseJsonBody(body)
    else if (type === 'application/x-www-form-urlencoded') raw = Object.fromEntries(new URLSearchParams(body))
    else return jsonError(415, 'Nicht unterstütztes Format. Bitte senden Sie JSON (application/json) oder Formulardaten.')
  } catch (error) {
    if (error instanceof BodyTooLargeError) return jsonError(413, `Die Anfrage ist zu groß (höchstens ${CONTACT_BODY_LIMIT / 1024} KB).`)
    throw error
  }
  if (raw === undefined) return jsonError(400, 'Ungültiges JSON.')
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return jsonError(400, 'Erwartet wird ein JSON-Objekt.')

  const submission = parseContactSubmission(raw as Record<string, unknown>)
  // A bot that filled the honeypot gets what looks like success; nothing is stored.
  if (submission.kind === 'spam') return jsonCreated({ id: `inbox.contact-${crypto.randomUUID()}`, receivedAt: new Date().toISOString() })
  if (submission.kind === 'invalid') {
    return jsonError(400, 'Bitte prüfen Sie Ihre Eingaben.', { fieldErrors: submission.fieldErrors })
  }
  let stored: { id: string; receivedAt: string }
  try {
    stored = await storeContactMessage(context.lake, submission.input)
  } catch (error) {
    console.error('Storing a contact message failed', error)
    return jsonError(503, 'Ihre Nachricht konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.')
  }
  // The dealer's notification starts now and never holds up (or fails) the answer.
  context.onStored?.(stored.id)
  return jsonCreated(stored)
}
