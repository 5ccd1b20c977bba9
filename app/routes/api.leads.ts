import { type ActionFunctionArgs } from '@remix-run/node'
import { LEAD_BODY_LIMIT, submitLead } from '#app/leads/lead.server.ts'
import { BodyTooLargeError, jsonCreated, jsonError, mediaType, parseJsonBody, readBodyText } from '#app/utils/http.server.ts'
import { limitSubmission } from '#app/utils/request-guards.server.ts'

const ALLOW = { Allow: 'POST' }

/** Leads are personal data: they are read in the Studio only, never listed here. */
export function loader() {
  return jsonError(405, 'Methode nicht erlaubt. Anfragen werden nur angenommen (POST).', {}, ALLOW)
}

/**
 * POST /api/leads: JSON `{kind, variant?, vehicleId?, page?, website?, ...fields}` from the lead
 * forms (app/leads/lead-forms.ts). 201 with `{id, receivedAt}` once the lead is durably stored;
 * 400 with `fieldErrors` for invalid input or an unknown kind (nothing stored); 413 over 16 KB;
 * 415 for anything but JSON; 429 over the submission limit; 503 when the lake cannot store it.
 * Form posts without JavaScript go to the page's action (leadFormAction), which shares submitLead.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Methode nicht erlaubt.', {}, ALLOW)
  // JSON only: a foreign page cannot make a browser send it without CORS, so no origin check is needed.
  if (mediaType(request) !== 'application/json') {
    return jsonError(415, 'Nicht unterstütztes Format. Bitte senden Sie JSON (application/json).')
  }
  // Before reading the body: a client over the limit costs nothing more.
  const limited = limitSubmission(context, request)
  if (limited) return limited

  let raw: unknown
  try {
    raw = parseJsonBody(await readBodyText(request, LEAD_BODY_LIMIT))
  } catch (error) {
    if (error instanceof BodyTooLargeError) return jsonError(413, `Die Anfrage ist zu groß (höchstens ${LEAD_BODY_LIMIT / 1024} KB).`)
    throw error
  }
  if (raw === undefined) return jsonError(400, 'Ungültiges JSON.')
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return jsonError(400, 'Erwartet wird ein JSON-Objekt.')

  const outcome = await submitLead(context, raw as Record<string, unknown>)
  switch (outcome.status) {
    case 'stored':
      return jsonCreated({ id: outcome.id, receivedAt: outcome.receivedAt })
    case 'spam':
      // A bot that filled the honeypot gets what looks like success; nothing is stored.
      return jsonCreated({ id: `inbox.lead-${crypto.randomUUID()}`, receivedAt: new Date().toISOString() })
    case 'invalid':
      return jsonError(400, 'Bitte prüfen Sie Ihre Eingaben.', { fieldErrors: outcome.fieldErrors })
    case 'failed':
      return jsonError(503, 'Ihre Anfrage konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.')
  }
}
