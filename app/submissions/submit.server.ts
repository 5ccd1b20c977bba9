import { type AppLoadContext } from '@remix-run/node'
import { KEYED_SUBMISSION_QUERY, LEAD_VEHICLE_QUERY, RECENT_SUBMISSIONS_QUERY } from '#app/sanity/queries/inbox.ts'
import { type KEYED_SUBMISSION_QUERYResult, type LEAD_VEHICLE_QUERYResult, type RECENT_SUBMISSIONS_QUERYResult } from '#app/sanity/types.ts'
import { isAlertKind } from '#app/alerts/consent.ts'
import { loggerOf } from '#app/server/logging.server.ts'
import { clientKey } from '#app/utils/request-guards.server.ts'
import { echoFormValues, isHoneypotFilled } from '#app/utils/form-values.ts'
import { askingPrice } from '#app/utils/format.ts'
import { noLoanReason } from '#app/vehicles/financing.ts'
import { INBOX_ID_PREFIXES } from '#schemas/lib/constants.ts'
import { FIELD_MESSAGES } from './field-messages.ts'
import { type FieldErrors, type FormKind, SUBMISSION_KEY_FIELD } from './forms.ts'
import { FORMS, isFormKind } from './form-registry.ts'
import { type IncomingPhoto } from './multipart.server.ts'
import { LEAST_STORED_PHOTO_BYTES, type LeadPhotoFields, NO_PHOTO_STORE, type StoredPhoto, withheld } from './photo-store.server.ts'
import { checkPhotoHeaders, DECODE_RETRY_AFTER_SECONDS, decodePhotos, type ProcessedPhoto } from './photos.server.ts'
import { parseSubmission, storeSubmission, type ParsedSubmission } from './schema.server.ts'
import { slotText } from './slot-text.ts'
import { SLOT_MESSAGES } from './appointment-slots.ts'
import { checkedSlot } from './appointment-slots.server.ts'
import { recentTestDrive, TRADE_IN_LINK_MS } from './trade-in.server.ts'

/** Message of the `kind` field of a submission naming no known form (the lead forms: the contact form has its own API). */
export const UNKNOWN_KIND_MESSAGE = `Unbekannte Formularart. Erlaubt: ${Object.keys(FORMS)
  .filter((kind) => kind !== 'contact')
  .join(', ')}.`

export type SubmitOutcome =
  /**
   * Durably stored; `id` is the inbox document's id (also when a retried post found it stored
   * already). `photos`: for a form with photos, how many were stored, or that they were withheld
   * (the sender's photo budget); undefined for a retried post.
   */
  | { status: 'stored'; id: string; receivedAt: string; photos?: PhotoReceipt; tradeIn?: boolean; saleRequest?: boolean }
  /** The honeypot was filled: answer like a success, nothing stored. */
  | { status: 'spam' }
  | { status: 'invalid'; kind?: FormKind; fieldErrors: FieldErrors; values: Record<string, string> }
  /** Valid, but not possible with the site as it is (an alert for a car no longer in the lake): `message` says why. */
  | { status: 'refused'; kind: FormKind; message: string; values: Record<string, string> }
  /** An alert past its client's share of the hour's visitor mails (receiptsPerClientPerHour): nothing stored, try after `retryAfterSeconds`. */
  | { status: 'limited'; kind: FormKind; message: string; retryAfterSeconds: number; values: Record<string, string> }
  /** The photo decoder is busy with other requests: nothing stored, try again after `retryAfterSeconds`. */
  | { status: 'busy'; kind: FormKind; values: Record<string, string>; retryAfterSeconds: number }
  /** The lake refused or failed the write; the cause is logged. */
  | { status: 'failed'; kind: FormKind; values: Record<string, string> }

export type SubmitContext = Pick<AppLoadContext, 'lake' | 'onStored' | 'logger' | 'clientAddress' | 'receiptLimiter'>

/** The files of a multipart post (multipart.server.ts): photos in temporary files and the refusals made while reading. */
export interface ReceivedFiles {
  photos: readonly IncomingPhoto[]
  photoErrors: readonly string[]
}

/** What became of a submission's photos: how many were stored, or that none were (over the budget). */
export type PhotoReceipt = { stored: number; withheld: boolean }

/** A key a form may send so that a retried post stores nothing new (SUBMISSION_KEY_FIELD): a UUID. */
const SUBMISSION_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The one way a submission gets in, for the page action (no JavaScript) and the JSON APIs alike,
 * cheapest check first: honeypot → kind → parseSubmission (every text field) with the photos'
 * refusals while reading or from their headers → the slot → an earlier post with the same
 * submission key → an earlier post it repeats field for field (repeatedSubmission) → the photos decoded (photos.server.ts: a budget per request, one decoder line per
 * process) → vehicle reference (an alert without its car is refused) → the client's share of the hour's receipts → the photos stored → the lead stored (toDocument) → `context.onStored(id)` (the dealer's
 * notification). `raw` holds the form's fields, `page`, optional `vehicleId`, `submissionKey` and
 * `website` (the honeypot). Never throws for a failed store or a failing hook: the first is the
 * `failed` outcome (what was stored of it removed again), the second is logged (the notifier's
 * retry run picks up what was not notified, docs/decisions/007).
 */
export async function submit(context: SubmitContext, kind: unknown, raw: Record<string, unknown>, files?: ReceivedFiles): Promise<SubmitOutcome> {
  if (isHoneypotFilled(raw)) return { status: 'spam' }
  if (!isFormKind(kind)) return { status: 'invalid', fieldErrors: { kind: [UNKNOWN_KIND_MESSAGE] }, values: echoFormValues(raw) }

  const photoField = FORMS[kind].photos?.field
  const photoFiles = photoField && files ? files : undefined
  const submission = parseSubmission(kind, raw)
  // The photos' refusals while reading, else their headers' (type, pixels, budget): nothing decoded yet.
  const photoRefusals = photoFiles ? (photoFiles.photoErrors.length > 0 ? [...photoFiles.photoErrors] : await checkPhotoHeaders(photoFiles.photos)) : []
  const photoErrors = photoField && photoRefusals.length > 0 ? { [photoField]: photoRefusals } : undefined
  if (submission.kind === 'invalid' || photoErrors) {
    const fieldErrors = { ...(submission.kind === 'invalid' ? submission.fieldErrors : {}), ...photoErrors }
    return { status: 'invalid', kind, fieldErrors, values: submission.kind === 'invalid' ? submission.values : echoFormValues(raw) }
  }

  let { parsed } = submission
  if (typeof parsed.values.slot === 'string') {
    let slotted: ParsedSubmission | { error: string }
    try {
      slotted = await withCheckedSlot(context, parsed, parsed.values.slot)
    } catch (error) {
      loggerOf(context).error({ err: error, kind }, 'Die Öffnungszeiten für eine Probefahrt ließen sich nicht lesen')
      return { status: 'failed', kind, values: echoFormValues(raw) }
    }
    if ('error' in slotted) return { status: 'invalid', kind, fieldErrors: { slot: [slotted.error] }, values: echoFormValues(raw) }
    parsed = slotted
  }

  // A post sent again (same key) finds its lead before anything dear is done twice. A key already
  // spent on another request (other fields, another form) is not this post's: it gets an id of its own.
  let id = submissionId(kind, raw)
  if (id) {
    const earlier = await keyedSubmission(context, id, parsed)
    if (earlier === KEY_SPENT) id = undefined
    else if (earlier) return storedAnswer(parsed, earlier)
  }
  const sentPhotos = (photoField && photoFiles?.photos) || []
  const photosSent = sentPhotos.length > 0
  // The same post with a fresh key (Back after sending without JavaScript: the browser fills the
  // fields in again, the page has a new key) repeats a request; one with photos brings something new.
  // Not an alert: asking again is how a visitor whose confirmation mail did not come gets another.
  if (!photosSent && !isAlertKind(kind)) {
    const repeated = await repeatedSubmission(context, parsed)
    if (repeated) return storedAnswer(parsed, repeated)
  }

  // Only now, with every cheaper check passed, are the photos decoded; not at all for a sender past the photo
  // budget, whose photos the store would withhold anyway.
  const store = context.lake.photos ?? NO_PHOTO_STORE
  const photosRoom = photosSent && (await store.hasRoom(sentPhotos.length * LEAST_STORED_PHOTO_BYTES, { client: context.clientAddress }))
  let photos: ProcessedPhoto[] = []
  if (photoField && photosRoom) {
    const prepared = await decodePhotos(sentPhotos, clientKey(context.clientAddress))
    if (prepared.status === 'busy') return { status: 'busy', kind, values: echoFormValues(raw), retryAfterSeconds: DECODE_RETRY_AFTER_SECONDS }
    if (prepared.status === 'invalid') return { status: 'invalid', kind, fieldErrors: { [photoField]: prepared.errors }, values: echoFormValues(raw) }
    photos = prepared.photos
  }

  const vehicle = parsed.vehicleId ? await leadVehicle(context, parsed.vehicleId) : null
  if (FORMS[kind].watchesVehicle) {
    // An alert watches its car: without one in the lake there is nothing to watch.
    if (vehicle === undefined) return { status: 'failed', kind, values: echoFormValues(raw) }
    if (vehicle === null) return { status: 'refused', kind, message: FIELD_MESSAGES.vehicleGone, values: echoFormValues(raw) }
    // Nor without a price: the page offers no price alert then, but it may be older than the price's removal.
    if (FORMS[kind].watchesPrice && askingPrice(vehicle.price) === null)
      return { status: 'refused', kind, message: FIELD_MESSAGES.noPriceToWatch, values: echoFormValues(raw) }
  }
  // A financing request whose down payment leaves nothing the bank lends, as the calculator above the form says too.
  const price = askingPrice(vehicle?.price)
  const downPayment = parsed.kind === 'financing-request' ? parsed.values.downPayment : undefined
  if (typeof downPayment === 'number' && price !== null) {
    const reason = noLoanReason(price, downPayment)
    if (reason) return { status: 'invalid', kind, fieldErrors: { downPayment: [reason] }, values: echoFormValues(raw) }
  }
  const vehicleRef = vehicle?._id
  // The client's share of the hour's visitor mails (receiptsPerClientPerHour): past it an alert, which
  // needs its opt-in mail, is refused, and anything else is stored without a receipt, so that no one
  // client keeps everyone else's mails back.
  let receipt = true
  if (parsed.contact.email && context.receiptLimiter) {
    const share = context.receiptLimiter.hit(clientKey(context.clientAddress))
    if (!share.allowed && isAlertKind(kind))
      return {
        status: 'limited',
        kind,
        message: optInLimitMessage(share.retryAfterSeconds),
        retryAfterSeconds: share.retryAfterSeconds,
        values: echoFormValues(raw),
      }
    if (!share.allowed) {
      receipt = false
      loggerOf(context).warn({ kind }, 'Eingangsbestätigung übersprungen: der Anteil dieses Absenders an den Bestätigungen der Stunde ist erreicht')
    }
  }
  // A sell request sent on from a test drive refers to it (issue 36): only a stored, recent test drive counts.
  const testDriveRef = parsed.testDriveLead ? (await recentTestDrive(context, parsed.testDriveLead, TRADE_IN_LINK_MS))?.testDriveLead : undefined
  // The lake's photo store (docs/decisions/041): past the sender's budget it keeps none and the lead says why.
  let storedPhotos: StoredPhoto[] = []
  let photoFields: LeadPhotoFields | undefined = photosSent && !photosRoom ? withheld('budget').leadFields : undefined
  try {
    if (photos.length > 0) {
      const saved = await store.save(photos, { client: context.clientAddress })
      storedPhotos = saved.photos
      photoFields = saved.leadFields
    }
  } catch (error) {
    loggerOf(context).error({ err: error, kind }, 'Die Anhänge einer Einsendung konnten nicht gespeichert werden')
    return { status: 'failed', kind, values: echoFormValues(raw) }
  }
  let stored: { id: string; receivedAt: string }
  try {
    stored = await storeSubmission(context.lake, parsed, { vehicleRef, testDriveRef, receipt, id, extra: photoFields })
  } catch (error) {
    await store.remove(storedPhotos)
    // Two posts with one key at the same moment: the one that lost finds the other's lead.
    const earlier = id ? await keyedSubmission(context, id, parsed) : undefined
    if (earlier && earlier !== KEY_SPENT) return storedAnswer(parsed, earlier)
    loggerOf(context).error({ err: error, kind }, 'Eine Einsendung konnte nicht gespeichert werden')
    return { status: 'failed', kind, values: echoFormValues(raw) }
  }
  try {
    context.onStored?.(stored.id)
  } catch (error) {
    loggerOf(context).error({ err: error, documentId: stored.id }, 'Die Benachrichtigung zu einer gespeicherten Einsendung ließ sich nicht starten')
  }
  const photoReceipt = photoField ? { stored: storedPhotos.length, withheld: photosSent && storedPhotos.length === 0 } : undefined
  return { status: 'stored', ...stored, ...(photoReceipt ? { photos: photoReceipt } : {}), ...tradeInOf(parsed), ...saleRequest(kind) }
}

/**
 * „… Bitte fordern Sie die Benachrichtigung in 37 Minuten erneut an.“ The limit counts the
 * connection's address, which a whole office, campus or mobile network may share: the words say
 * so, not that this visitor sent them.
 */
export function optInLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return `Über Ihren Internetanschluss kamen in der letzten Stunde schon viele Anfragen mit E-Mail-Adresse, in einem gemeinsam genutzten Netz (Büro, Hochschule, Mobilfunk) auch von anderen. Bitte fordern Sie die Benachrichtigung in ${minutes === 1 ? 'einer Minute' : `${minutes} Minuten`} erneut an.`
}

/** A sell request's answer hands the seller its own cookie (sale-appointment.server.ts), for the Besichtigungstermin. */
const saleRequest = (kind: FormKind) => (kind === 'vehicle-sale' ? { saleRequest: true } : {})

/** The inbox id a submission with a valid key is stored under: the same key, the same document. */
function submissionId(kind: FormKind, raw: Record<string, unknown>): string | undefined {
  const key = raw[SUBMISSION_KEY_FIELD]
  if (typeof key !== 'string' || !SUBMISSION_KEY_PATTERN.test(key)) return undefined
  return `${kind === 'contact' ? INBOX_ID_PREFIXES.contactMessage : INBOX_ID_PREFIXES.lead}${key}`
}

/** What a stored submission answers a post that repeats it: the same id and time, its photos' count. */
type EarlierSubmission = { id: string; receivedAt: string; photoCount: number; photosWithheld: boolean }

/** The answer to a post that repeats a stored one: as the first got it, the trade-in's hand-over included. */
function storedAnswer(parsed: ParsedSubmission, { photoCount, photosWithheld, ...earlier }: EarlierSubmission): SubmitOutcome {
  const photos = FORMS[parsed.kind].photos ? { photos: { stored: photoCount, withheld: photosWithheld } } : {}
  return { status: 'stored', ...earlier, ...photos, ...tradeInOf(parsed), ...saleRequest(parsed.kind) }
}

/** A test drive with „Fahrzeug in Zahlung geben?“: the answer hands the person on to the sell request (trade-in.server.ts). */
const tradeInOf = (parsed: ParsedSubmission) => (parsed.kind === 'test-drive' && parsed.values.tradeIn === true ? { tradeIn: true } : {})

/** The answer of keyedSubmission when the key's document is another request. */
const KEY_SPENT = 'spent'

/**
 * The submission stored under `id` (a post's key), if it is the request `parsed` repeats; KEY_SPENT
 * when it is another (a retry whose seller corrected the phone number is a new request, and must not be
 * answered „stored“ while nothing of it is); undefined when there is none or the lake cannot tell.
 */
async function keyedSubmission(context: SubmitContext, id: string, parsed: ParsedSubmission): Promise<EarlierSubmission | typeof KEY_SPENT | undefined> {
  let stored: KEYED_SUBMISSION_QUERYResult
  try {
    stored = await context.lake.fetch<KEYED_SUBMISSION_QUERYResult>(KEYED_SUBMISSION_QUERY, { id }, { includePrivate: true })
  } catch {
    return undefined
  }
  if (!stored?.receivedAt) return undefined
  return stored.kind === parsed.kind && sameRequest(stored, parsed) ? earlierOf(stored) : KEY_SPENT
}

/** How long a post that repeats an earlier one field for field counts as that one (repeatedSubmission). */
export const REPEAT_WINDOW_MS = 30 * 60 * 1000

/**
 * The request a post repeats: one of the last REPEAT_WINDOW_MS with the same form, way back, car and
 * every field alike (a sell request's photos aside: the caller asks only for a post without any).
 * Undefined when there is none, or when the lake cannot tell: the post is then stored as it is.
 */
async function repeatedSubmission(context: SubmitContext, parsed: ParsedSubmission): Promise<EarlierSubmission | undefined> {
  let candidates: RECENT_SUBMISSIONS_QUERYResult
  try {
    candidates = await context.lake.fetch<RECENT_SUBMISSIONS_QUERYResult>(
      RECENT_SUBMISSIONS_QUERY,
      {
        kind: parsed.kind,
        since: new Date(Date.now() - REPEAT_WINDOW_MS).toISOString(),
        email: parsed.contact.email ?? '',
        phone: parsed.contact.phone ?? '',
      },
      { includePrivate: true },
    )
  } catch {
    return undefined
  }
  const same = candidates.find((candidate) => sameRequest(candidate, parsed))
  return same?.receivedAt ? earlierOf(same) : undefined
}

type SubmissionAsSent = RECENT_SUBMISSIONS_QUERYResult[number]

/**
 * Whether a stored submission of the post's form is the post: the same page, the same car and every field alike
 * (photos aside). The page counts: the brand purchase asks the same fields on the Mercedes and the Audi page.
 */
function sameRequest(candidate: SubmissionAsSent, parsed: ParsedSubmission): boolean {
  if ((candidate.page ?? undefined) !== parsed.page || (candidate.vehicleId ?? undefined) !== parsed.vehicleId) return false
  // A lead keeps its fields as a list, a contact message as its own properties.
  const stored = new Map<string, unknown>(candidate.fields ? candidate.fields.map((field) => [field.name, field.value]) : Object.entries(candidate))
  const storedCount = candidate.fields ? candidate.fields.length : FORMS[parsed.kind].fields.filter((field) => stored.get(field.name) != null).length
  return storedCount === parsed.fields.length && parsed.fields.every((field) => stored.get(field.name) === field.value)
}

const earlierOf = (stored: SubmissionAsSent & { receivedAt: string }): EarlierSubmission => ({
  id: stored._id,
  receivedAt: stored.receivedAt,
  photoCount: stored.photoCount ?? 0,
  photosWithheld: stored.photosWithheld === true,
})

/**
 * The test drive's slot checked again on the server against the opening hours in the lake, now
 * (the page may be old, or the post hand-made): a closed day, the past or a time outside the hours
 * is a field error. A valid slot becomes the lead's appointment and reads as German text in its fields.
 */
async function withCheckedSlot(context: SubmitContext, parsed: ParsedSubmission, value: string): Promise<ParsedSubmission | { error: string }> {
  const check = await checkedSlot(context, value)
  if (!check.ok) return { error: SLOT_MESSAGES[check.reason] }
  const text = slotText(check.slot)
  return {
    ...parsed,
    fields: parsed.fields.map((field) => (field.name === 'slot' ? { ...field, value: text } : field)),
    values: { ...parsed.values, slot: text },
    appointment: { start: check.startsAt.toISOString(), end: check.endsAt.toISOString() },
  }
}

/**
 * The published vehicle with this public id (its `_id` and price); null when there is none (sold and
 * removed while the page was open), undefined when the lake could not be read (logged). A lead other
 * than an alert is then stored without reference rather than lost: its message still names make and model.
 */
async function leadVehicle(context: SubmitContext, id: string): Promise<{ _id: string; price?: unknown } | null | undefined> {
  try {
    const vehicle = await context.lake.fetch<LEAD_VEHICLE_QUERYResult>(LEAD_VEHICLE_QUERY, { id })
    return vehicle && typeof vehicle._id === 'string' ? vehicle : null
  } catch (error) {
    loggerOf(context).error({ err: error, vehicleId: id }, 'Das Fahrzeug einer Anfrage ließ sich nicht nachschlagen')
    return undefined
  }
}
