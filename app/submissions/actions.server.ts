import { type AppLoadContext, data, redirect, type ActionFunctionArgs } from '@remix-run/node'
import { loggerOf } from '#app/server/logging.server.ts'
import { INBOX_ID_PREFIXES } from '#schemas/lib/constants.ts'
import { BodyTooLargeError, CACHE_CONTROL, jsonCreated, jsonError, mediaType, parseJsonBody, readBodyText } from '#app/utils/http.server.ts'
import { sameSiteLocation } from '#app/utils/redirect-path.ts'
import { checkSubmissionLimit, limitSubmission, TOO_MANY_SUBMISSIONS } from '#app/utils/request-guards.server.ts'
import { echoFormValues } from '#app/utils/form-values.ts'
import {
  chosenSlot,
  CONTACT_TOASTS,
  confirmationId,
  DEFAULT_ANCHOR,
  FORM_KIND_FIELD,
  replyChannel,
  sentQuery,
  type FormKind,
  type SubmissionActionData,
} from './forms.ts'
import { isLeadKind, LEAD_TOASTS } from './lead-forms.ts'
import { FORMS, isFormKind } from './form-registry.ts'
import { parseVehicleSearch, serializeVehicleSearch } from '#app/vehicles/vehicle-search.ts'
import { MultipartRefusal, readMultipart } from './multipart.server.ts'
import { photoTempDir } from './photo-store.server.ts'
import { PHOTO_MESSAGES } from './photos.ts'
import { type ReceivedFiles, submit, type SubmitOutcome } from './submit.server.ts'
import { APPOINTMENT_ANCHOR, APPOINTMENT_INTENT, APPOINTMENT_TEXTS } from './sale-appointment.ts'
import { saleRequestCookies, saleRequestId, submitAppointment } from './sale-appointment.server.ts'
import { tradeInCookies } from './trade-in.server.ts'

/** The cookie that hands a test drive's person on to the sell request (trade-in.server.ts), when the outcome asks for it. */
function handoffHeaders(outcome: SubmitOutcome, context: Pick<AppLoadContext, 'env'>): Array<[string, string]> {
  if (outcome.status !== 'stored') return []
  const secure = context.env.SITE_URL.startsWith('https:')
  // The sell request's own cookie: its confirmation offers the Besichtigungstermin (issue 38).
  const cookies = outcome.tradeIn ? tradeInCookies(outcome.id, secure) : outcome.saleRequest ? saleRequestCookies(outcome.id, secure) : []
  return cookies.map((cookie): [string, string] => ['Set-Cookie', cookie])
}

/**
 * The page's failure texts for posts without JavaScript. A refusal before the body is read (403,
 * 413, 415) cannot know the form; the forms show it when the answer names no form.
 */
export const PAGE_FORM_ERRORS = {
  tooLarge: 'Ihre Anfrage ist zu lang. Bitte kürzen Sie sie.',
  unsupported: LEAD_TOASTS.failure.description,
  unknownForm: 'Dieses Formular ist unbekannt. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  /** The lake refused or failed the write (503). */
  unavailable: {
    contact: CONTACT_TOASTS.failure.description,
    lead: 'Ihre Anfrage konnte gerade nicht gespeichert werden. Bitte versuchen Sie es in einigen Minuten erneut.',
  },
} as const

/**
 * Largest accepted submission without files. The longest valid one must fit in its widest encoding,
 * or a visitor without JavaScript loses what they typed: form-encoded, a character such as „€“ takes
 * 9 bytes (%E2%82%AC), so a 5,000-character message alone is 45 KB (the longest form: about 53 KB).
 */
export const SUBMISSION_BODY_LIMIT = 64 * 1024

const FORM_POST = 'application/x-www-form-urlencoded'
const JSON_POST = 'application/json'
const MULTIPART_POST = 'multipart/form-data'
const ANCHOR_PATTERN = /^[a-z0-9-]{1,40}$/

/** A multipart post's files, to be removed once the submission is answered. */
type Files = ReceivedFiles & { discard(): Promise<void> }

type ReadResult =
  | { ok: true; type: string; raw: unknown; files?: Files }
  /**
   * `fields`: what a multipart body held before it broke a limit, so that the page keeps it.
   * `unavailable`: its photos could not be written to the temporary folder (a full disk; logged).
   */
  | { ok: false; reason: 'type' | 'size' | 'malformed' | 'unavailable'; fields?: Record<string, string> }

/**
 * The one body reader of the forms: the media type must be one of `types`. JSON and form-encoded
 * bodies are read up to SUBMISSION_BODY_LIMIT (a larger one is refused with `size`: the server drains the rest,
 * app/utils/http.server.ts); form posts become an object of strings, JSON is parsed (undefined when
 * malformed). Multipart bodies (a form with photos) go through the bounded reader
 * (multipart.server.ts), their photos into temporary files under DATA_DIR/tmp (photoTempDir, emptied at start).
 */
async function readSubmission(request: Request, types: readonly string[], context: Pick<AppLoadContext, 'env' | 'logger'>): Promise<ReadResult> {
  const type = mediaType(request)
  if (!types.includes(type)) return { ok: false, reason: 'type' }
  if (type === MULTIPART_POST) {
    try {
      const body = await readMultipart(request, photoTempDir(context.env))
      return { ok: true, type, raw: body.fields, files: body }
    } catch (error) {
      if (!(error instanceof MultipartRefusal)) throw error
      if (error.reason === 'unavailable') loggerOf(context).error({ err: error.cause }, 'Die Fotos einer Einsendung ließen sich nicht zwischenspeichern')
      return { ok: false, reason: error.reason, fields: error.fields }
    }
  }
  let body: string
  try {
    body = await readBodyText(request, SUBMISSION_BODY_LIMIT)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, reason: 'size' }
    throw error
  }
  return { ok: true, type, raw: type === JSON_POST ? parseJsonBody(body) : Object.fromEntries(new URLSearchParams(body)) }
}

/** Whether the post carried photos or refused some while reading: a browser never keeps chosen files after a page post. */
const hadPhotos = (files: Files | undefined) => files !== undefined && (files.photos.length > 0 || files.photoErrors.length > 0)

/**
 * The action of every page with a form, for posts without JavaScript (with JavaScript the forms
 * call the JSON APIs). Hidden fields: FORM_KIND_FIELD (`leadKind`: the form's kind; a post without
 * it is the contact form's), `variant` and `vehicleId` (optional), `page`, `anchor` (the form's
 * section id) and the honeypot `website`. Errors re-render the page with the input kept (400, 429,
 * 503); success redirects (post/redirect/get, 303) to the form's confirmation query and anchor
 * and the confirmation's id as the fragment, so that the browser focuses it (`?nachricht=gesendet#contact-bestaetigung`,
 * `?anfrage=gesendet&formular=<anchor>#<anchor>-bestaetigung`). Abuse
 * protection (docs/decisions/008): 429 over the submission limit of the client's address; posts
 * from other sites never get here (createServer refuses them with 403).
 */
export async function submissionPageAction({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const noStore = { 'Cache-Control': CACHE_CONTROL.noStore }
  const fail = (status: number, body: Omit<SubmissionActionData, 'status'>, headers: Record<string, string> = {}) => {
    context.refusedPost = true
    return data<SubmissionActionData>({ status: 'error', ...body }, { status, headers: { ...noStore, ...headers } })
  }

  const read = await readSubmission(request, [FORM_POST, MULTIPART_POST], context)
  if (!read.ok) {
    const { [FORM_KIND_FIELD]: named, anchor, ...kept } = read.fields ?? {}
    const form = formOf(named, anchor)
    const values = echoFormValues(kept)
    if (read.reason === 'size') return fail(413, { ...form, formError: PAGE_FORM_ERRORS.tooLarge, values })
    if (read.reason === 'malformed') return fail(400, { ...form, formError: PAGE_FORM_ERRORS.unsupported, values })
    if (read.reason === 'unavailable') return fail(503, { ...form, formError: `${PAGE_FORM_ERRORS.unavailable.lead} ${PHOTO_MESSAGES.chooseAgain}`, values })
    return fail(415, { formError: PAGE_FORM_ERRORS.unsupported, values: {} })
  }
  const { files } = read
  try {
    // `variant` only chooses which fields the page shows; the kind's schema covers every variant.
    const { [FORM_KIND_FIELD]: named, anchor: rawAnchor, ...fields } = read.raw as Record<string, string>
    const { leadKind: kind, anchor } = formOf(named, rawAnchor)
    const values = echoFormValues(fields)
    // Counted after reading the body, so that the page keeps the input.
    const limited = checkSubmissionLimit(context, request)
    if (limited) {
      return fail(429, { leadKind: kind, anchor, formError: TOO_MANY_SUBMISSIONS, values }, { 'Retry-After': String(limited.retryAfterSeconds) })
    }
    // The sell confirmation's „Besichtigungstermin wählen“: a second step of the same lead, named by the seller's cookie.
    if (fields[APPOINTMENT_INTENT.field] === APPOINTMENT_INTENT.value && !files) {
      const chosen = await submitAppointment(context, saleRequestId(request), fields)
      const form = { anchor: APPOINTMENT_ANCHOR }
      switch (chosen.status) {
        case 'stored':
          // Back to the confirmation it was chosen on (its query says what arrived), now naming the slot.
          return redirect(sameSiteLocation(url.pathname, url.search.slice(1), APPOINTMENT_ANCHOR), { status: 303, headers: noStore })
        case 'invalid':
          return fail(400, { ...form, fieldErrors: chosen.fieldErrors, values: chosen.values })
        case 'unknown':
          return fail(400, { ...form, formError: APPOINTMENT_TEXTS.unknownRequest, values: {} })
        case 'failed':
          return fail(503, { ...form, formError: APPOINTMENT_TEXTS.unavailable, values: chosen.values })
      }
    }
    if (!kind) return fail(400, { anchor, formError: PAGE_FORM_ERRORS.unknownForm, values })

    const outcome = await submit(context, kind, { ...fields, page: fields.page || url.pathname }, files)
    const photoField = FORMS[kind].photos?.field
    const chooseAgain = photoField !== undefined && hadPhotos(files)
    switch (outcome.status) {
      case 'stored':
      case 'spam': {
        // A bot hears of its photos as a person would (the count sent), nothing being stored.
        const photos = photoField ? (outcome.status === 'stored' ? outcome.photos : { stored: files?.photos.length ?? 0, withheld: false }) : undefined
        const query = [
          keptQuery(kind, url),
          sentQuery(kind, anchor, { photos, channel: replyChannel(FORMS[kind], fields), slot: chosenSlot(FORMS[kind], fields) }),
        ]
          .filter(Boolean)
          .join('&')
        return redirect(sameSiteLocation(url.pathname, query, confirmationId(anchor)), {
          status: 303,
          headers: [...Object.entries(noStore), ...handoffHeaders(outcome, context)],
        })
      }
      case 'invalid': {
        const fieldErrors = { ...outcome.fieldErrors }
        if (chooseAgain) fieldErrors[photoField] = [...(fieldErrors[photoField] ?? []), PHOTO_MESSAGES.chooseAgain]
        return fail(400, { leadKind: kind, anchor, fieldErrors, values: outcome.values })
      }
      case 'refused':
        return fail(422, { leadKind: kind, anchor, formError: outcome.message, values: outcome.values })
      case 'limited':
        return fail(429, { leadKind: kind, anchor, formError: outcome.message, values: outcome.values }, { 'Retry-After': String(outcome.retryAfterSeconds) })
      case 'busy':
        return fail(
          503,
          { leadKind: kind, anchor, formError: `${PHOTO_MESSAGES.busy} ${PHOTO_MESSAGES.chooseAgain}`, values: outcome.values },
          { 'Retry-After': String(outcome.retryAfterSeconds) },
        )
      case 'failed': {
        const unavailable = PAGE_FORM_ERRORS.unavailable[kind === 'contact' ? 'contact' : 'lead']
        return fail(503, {
          leadKind: kind,
          anchor,
          formError: chooseAgain ? `${unavailable} ${PHOTO_MESSAGES.chooseAgain}` : unavailable,
          values: outcome.values,
        })
      }
    }
  } finally {
    await files?.discard()
  }
}

/** The form a page post names (a post without FORM_KIND_FIELD is the contact form's) and the section its answer goes to. */
function formOf(named: string | undefined, rawAnchor: string | undefined): { leadKind?: FormKind; anchor: string } {
  const kind: FormKind | undefined = named === undefined ? 'contact' : isFormKind(named) ? named : undefined
  const anchor = rawAnchor && ANCHOR_PATTERN.test(rawAnchor) ? rawAnchor : DEFAULT_ANCHOR[kind === 'contact' ? 'contact' : 'lead']
  return { leadKind: kind, anchor }
}

/**
 * What the confirmation's address keeps of the page's own after a post without JavaScript: the
 * Suchauftrag's list search, filters and order (parsed and written back, so nothing but the list's
 * parameters: never contact data, which a valuation's hand-off carries), so the visitor stays on it.
 */
function keptQuery(kind: FormKind, url: URL): string {
  if (kind !== 'search-request') return ''
  const { state } = parseVehicleSearch(url.searchParams)
  return serializeVehicleSearch({ ...state, page: 1 }).toString()
}

/** The two submission APIs: what each accepts and how it words its answers (public contract, spec §7). */
const APIS = {
  /** POST /api/contacts: the contact form, as JSON or form-encoded. */
  contacts: {
    types: [JSON_POST, FORM_POST],
    unsupported: 'Nicht unterstütztes Format. Bitte senden Sie JSON (application/json) oder Formulardaten.',
    unavailable: 'Ihre Nachricht konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
    idPrefix: INBOX_ID_PREFIXES.contactMessage,
    kindOf: (): unknown => 'contact',
  },
  /**
   * POST /api/leads: the lead forms as JSON, and a form with photos (the sell request) as
   * multipart/form-data; a post from another site is refused by its Origin (createServer).
   */
  leads: {
    types: [JSON_POST, MULTIPART_POST],
    unsupported: 'Nicht unterstütztes Format. Bitte senden Sie JSON (application/json) oder, mit Fotos, multipart/form-data.',
    unavailable: 'Ihre Anfrage konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
    idPrefix: INBOX_ID_PREFIXES.lead,
    kindOf: (raw: Record<string, unknown>): unknown => (isLeadKind(raw.kind) ? raw.kind : null),
  },
} as const

/**
 * The action of POST /api/contacts and POST /api/leads: 201 with `{id, receivedAt}` once the
 * submission is durably stored; 400 with `fieldErrors` for invalid input or an unknown kind (nothing
 * stored); 405 for other methods; 413 over SUBMISSION_BODY_LIMIT (a multipart body: SALE_BODY_LIMIT);
 * 415 for other media types; 422 when it cannot be taken as sent (its car is gone); 429 over the
 * submission limit; 503 when the lake cannot store it.
 */
export function submissionApiAction(api: keyof typeof APIS) {
  const config = APIS[api]
  return async function action({ request, context }: ActionFunctionArgs) {
    if (request.method !== 'POST') return jsonError(405, 'Methode nicht erlaubt.', {}, { Allow: 'POST' })
    const type = mediaType(request)
    if (!(config.types as readonly string[]).includes(type)) return jsonError(415, config.unsupported)
    // Before reading the body: a client over the limit costs nothing more.
    const limited = limitSubmission(context, request)
    if (limited) return limited

    const read = await readSubmission(request, config.types, context)
    if (!read.ok) {
      if (read.reason === 'unavailable') return jsonError(503, config.unavailable)
      if (read.reason === 'size')
        // A multipart body is the sell form's (its script shows this in a toast); its text fields cannot reach the limit from the form.
        return jsonError(413, type === MULTIPART_POST ? PHOTO_MESSAGES.bodyTooLarge : `Die Anfrage ist zu groß (höchstens ${SUBMISSION_BODY_LIMIT / 1024} KB).`)
      if (read.reason === 'malformed') return jsonError(400, 'Der Inhalt ließ sich nicht lesen (multipart/form-data).')
      return jsonError(415, config.unsupported)
    }
    const { raw, files } = read
    try {
      if (raw === undefined) return jsonError(400, 'Ungültiges JSON.')
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return jsonError(400, 'Erwartet wird ein JSON-Objekt.')

      const fields = raw as Record<string, unknown>
      const kind = config.kindOf(fields)
      // Multipart is for forms with photos only.
      if (files && !(isFormKind(kind) && FORMS[kind].photos)) return jsonError(415, config.unsupported)
      const outcome = await submit(context, kind, fields, files)
      switch (outcome.status) {
        case 'stored':
          return jsonCreated(
            { id: outcome.id, receivedAt: outcome.receivedAt, ...(outcome.photos ? { photos: outcome.photos } : {}) },
            handoffHeaders(outcome, context),
          )
        case 'spam':
          // A bot that filled the honeypot gets what looks like success; nothing is stored.
          return jsonCreated({
            id: `${config.idPrefix}${crypto.randomUUID()}`,
            receivedAt: new Date().toISOString(),
            ...(files ? { photos: { stored: files.photos.length, withheld: false } } : {}),
          })
        case 'invalid':
          return jsonError(400, 'Bitte prüfen Sie Ihre Eingaben.', { fieldErrors: outcome.fieldErrors })
        case 'refused':
          return jsonError(422, outcome.message)
        case 'limited':
          return jsonError(429, outcome.message, {}, { 'Retry-After': String(outcome.retryAfterSeconds) })
        case 'busy':
          return jsonError(503, PHOTO_MESSAGES.busy, {}, { 'Retry-After': String(outcome.retryAfterSeconds) })
        case 'failed':
          return jsonError(503, config.unavailable)
      }
    } finally {
      await files?.discard()
    }
  }
}
