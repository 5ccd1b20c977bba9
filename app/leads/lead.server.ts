import { data, redirect, type ActionFunctionArgs, type AppLoadContext } from '@remix-run/node'
import { LEAD_FORM_PARAM, LEAD_SENT_PARAM, LEAD_SENT_VALUE, LEAD_TOASTS } from '#app/components/lead-form.tsx'
import { FOREIGN_FORM_ERROR } from '#app/contact/contact.server.ts'
import { isLeadKind, LEAD_FORMS, type LeadFieldErrors, type LeadKind } from '#app/leads/lead-forms.ts'
import { parseLead, storeLead } from '#app/leads/lead-schemas.server.ts'
import { VEHICLE_DOCUMENT_ID_QUERY } from '#app/sanity/queries/inbox.ts'
import { type VEHICLE_DOCUMENT_ID_QUERYResult } from '#app/sanity/types.ts'
import { echoFormValues, isHoneypotFilled } from '#app/utils/form-values.ts'
import { BodyTooLargeError, CACHE_CONTROL, mediaType, readBodyText } from '#app/utils/http.server.ts'
import { sameSiteLocation } from '#app/utils/redirect-path.ts'
import { checkSameOrigin, checkSubmissionLimit, TOO_MANY_SUBMISSIONS } from '#app/utils/request-guards.server.ts'

/** Largest accepted lead submission; the longest valid one (the enquiry's 5,000-character message) fits easily. */
export const LEAD_BODY_LIMIT = 16 * 1024

/** The section id the round trip without JavaScript comes back to, when the post names none (or a bad one). */
export const DEFAULT_LEAD_ANCHOR = 'anfrage'
const ANCHOR_PATTERN = /^[a-z0-9-]{1,40}$/

export const LEAD_FORM_ERRORS = {
  failure: LEAD_TOASTS.failure.description,
  unavailable: 'Ihre Anfrage konnte gerade nicht gespeichert werden. Bitte versuchen Sie es in einigen Minuten erneut.',
  tooLarge: 'Ihre Anfrage ist zu lang. Bitte kürzen Sie sie.',
  unknownForm: 'Dieses Formular ist unbekannt. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
} as const

/** Message of the `kind` field of a submission naming no known form. */
export const UNKNOWN_KIND_MESSAGE = `Unbekannte Formularart. Erlaubt: ${Object.keys(LEAD_FORMS).join(', ')}.`

export type LeadOutcome =
  /** Durably stored; `id` is the lead document's id. */
  | { status: 'stored'; id: string; receivedAt: string }
  /** The honeypot was filled: answer like a success, nothing stored. */
  | { status: 'spam' }
  | { status: 'invalid'; kind?: LeadKind; fieldErrors: LeadFieldErrors; values: Record<string, string> }
  /** The lake refused or failed the write; the cause is logged. */
  | { status: 'failed'; kind: LeadKind; values: Record<string, string> }

type SubmitContext = Pick<AppLoadContext, 'lake' | 'onStored'>

/**
 * The one way a lead gets in, for the page action (no JavaScript) and POST /api/leads alike:
 * honeypot → kind → parseLead → vehicle reference → storeLead → `context.onStored(id)`.
 * `raw` holds `kind`, optional `vehicleId`, `page` and `website` (the honeypot), and the form's fields.
 * Never throws for a failed store: that is the `failed` outcome.
 */
export async function submitLead(context: SubmitContext, raw: Record<string, unknown>): Promise<LeadOutcome> {
  if (isHoneypotFilled(raw)) return { status: 'spam' }
  const kind = raw.kind
  if (!isLeadKind(kind)) return { status: 'invalid', fieldErrors: { kind: [UNKNOWN_KIND_MESSAGE] }, values: echoFormValues(raw) }

  const submission = parseLead(kind, raw)
  if (submission.kind === 'invalid') return { status: 'invalid', kind, fieldErrors: submission.fieldErrors, values: submission.values }

  const { lead } = submission
  const vehicleRef = lead.vehicleId ? await vehicleDocumentId(context, lead.vehicleId) : undefined
  const page = typeof raw.page === 'string' ? raw.page : undefined
  let stored: { id: string; receivedAt: string }
  try {
    stored = await storeLead(context.lake, lead, { page, vehicleRef })
  } catch (error) {
    console.error('Storing a lead failed', error)
    return { status: 'failed', kind, values: echoFormValues(raw) }
  }
  try {
    context.onStored?.(stored.id)
  } catch (error) {
    // The lead is stored; the notifier's retry run picks up what was not notified (docs/decisions/007).
    console.error(`The onStored hook failed for ${stored.id}`, error)
  }
  return { status: 'stored', ...stored }
}

/**
 * The `_id` of the published vehicle with this public id. An unknown vehicle (sold and removed
 * while the page was open) or a failed read leaves the lead without reference rather than losing it:
 * its message still names make and model.
 */
async function vehicleDocumentId(context: SubmitContext, id: string): Promise<string | undefined> {
  try {
    const documentId = await context.lake.fetch<VEHICLE_DOCUMENT_ID_QUERYResult>(VEHICLE_DOCUMENT_ID_QUERY, { id })
    return typeof documentId === 'string' ? documentId : undefined
  } catch (error) {
    console.error(`Looking up vehicle ${id} for a lead failed`, error)
    return undefined
  }
}

export interface LeadActionData {
  status: 'error'
  /** Which form the answer is for: the page may show several (both unset for a post naming no form). */
  leadKind?: LeadKind
  anchor?: string
  fieldErrors?: LeadFieldErrors
  formError?: string
  values: Record<string, string>
}

/**
 * The action of every page with a lead form, for posts without JavaScript (with JavaScript the
 * form calls POST /api/leads). Hidden fields: `leadKind`, `variant` and `vehicleId` (optional),
 * `page`, `anchor` (the form's section id) and the honeypot `website`. Errors re-render the page
 * with the input kept (400, 503); success redirects (post/redirect/get, 303) to
 * `?anfrage=gesendet&formular=<anchor>#<anchor>`. Same abuse protection as the contact form
 * (docs/decisions/008): 403 for posts from other origins, 429 over the submission limit.
 */
export async function leadFormAction({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const noStore = { 'Cache-Control': CACHE_CONTROL.noStore }
  const fail = (status: number, body: Omit<LeadActionData, 'status'>, headers: Record<string, string> = {}) =>
    data<LeadActionData>({ status: 'error', ...body }, { status, headers: { ...noStore, ...headers } })

  if (!checkSameOrigin(request, context)) return fail(403, { formError: FOREIGN_FORM_ERROR, values: {} })
  let raw: Record<string, string>
  try {
    if (mediaType(request) !== 'application/x-www-form-urlencoded') return fail(415, { formError: LEAD_FORM_ERRORS.failure, values: {} })
    raw = Object.fromEntries(new URLSearchParams(await readBodyText(request, LEAD_BODY_LIMIT)))
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error
    return fail(413, { formError: LEAD_FORM_ERRORS.tooLarge, values: {} })
  }

  // `variant` only chooses which fields the page shows; the kind's schema covers every variant.
  const { leadKind, anchor: rawAnchor, ...fields } = raw
  const anchor = rawAnchor && ANCHOR_PATTERN.test(rawAnchor) ? rawAnchor : DEFAULT_LEAD_ANCHOR
  const kind = isLeadKind(leadKind) ? leadKind : undefined
  const values = echoFormValues(fields)
  // Counted after reading the (at most 16 KB) body, so that the page keeps the input.
  const limited = checkSubmissionLimit(context, request)
  if (limited) {
    return fail(429, { leadKind: kind, anchor, formError: TOO_MANY_SUBMISSIONS, values }, { 'Retry-After': String(limited.retryAfterSeconds) })
  }
  if (!kind) return fail(400, { anchor, formError: LEAD_FORM_ERRORS.unknownForm, values })

  const outcome = await submitLead(context, { ...fields, kind, page: fields.page || url.pathname })
  switch (outcome.status) {
    case 'stored':
    case 'spam': {
      const query = new URLSearchParams({ [LEAD_SENT_PARAM]: LEAD_SENT_VALUE, [LEAD_FORM_PARAM]: anchor })
      return redirect(sameSiteLocation(url.pathname, query.toString(), anchor), { status: 303, headers: noStore })
    }
    case 'invalid':
      return fail(400, { leadKind: kind, anchor, fieldErrors: outcome.fieldErrors, values: outcome.values })
    case 'failed':
      return fail(503, { leadKind: kind, anchor, formError: LEAD_FORM_ERRORS.unavailable, values: outcome.values })
  }
}
