import { type AppLoadContext } from '@remix-run/node'
import { TEST_DRIVE_HOURS_QUERY, VEHICLE_DOCUMENT_ID_QUERY } from '#app/sanity/queries/inbox.ts'
import { type TEST_DRIVE_HOURS_QUERYResult, type VEHICLE_DOCUMENT_ID_QUERYResult } from '#app/sanity/types.ts'
import { loggerOf } from '#app/server/logging.server.ts'
import { echoFormValues, isHoneypotFilled } from '#app/utils/form-values.ts'
import { type FieldErrors, type FormKind } from './forms.ts'
import { FORMS, isFormKind } from './lead-forms.ts'
import { parseSubmission, storeSubmission, type ParsedSubmission } from './schema.server.ts'
import { checkSlot, SLOT_MESSAGES, slotText } from './test-drive-slots.ts'

/** Message of the `kind` field of a submission naming no known form (the lead forms: the contact form has its own API). */
export const UNKNOWN_KIND_MESSAGE = `Unbekannte Formularart. Erlaubt: ${Object.keys(FORMS)
  .filter((kind) => kind !== 'contact')
  .join(', ')}.`

export type SubmitOutcome =
  /** Durably stored; `id` is the inbox document's id. */
  | { status: 'stored'; id: string; receivedAt: string }
  /** The honeypot was filled: answer like a success, nothing stored. */
  | { status: 'spam' }
  | { status: 'invalid'; kind?: FormKind; fieldErrors: FieldErrors; values: Record<string, string> }
  /** The lake refused or failed the write; the cause is logged. */
  | { status: 'failed'; kind: FormKind; values: Record<string, string> }

export type SubmitContext = Pick<AppLoadContext, 'lake' | 'onStored' | 'logger'>

/**
 * What a submission carries beside its fields (the sell request's photos): stored once the fields
 * are valid and before the lead, whose document then refers to it; removed again when the lead
 * cannot be stored, so no half lead and no orphan remain. Another kind of attachment fits beside it.
 */
export interface Attachments {
  /** Field errors that refuse the submission (nothing is stored); checked with the fields' own. */
  readonly fieldErrors?: FieldErrors
  /** Stores the attachments durably; resolves with the lead's extra top-level fields. Throws when it could not (nothing left stored). */
  store(): Promise<Record<string, unknown>>
  /** Removes what `store` stored (the lead could not be stored). Never throws. */
  discard(): Promise<void>
}

/**
 * The one way a submission gets in, for the page action (no JavaScript) and the JSON APIs alike:
 * honeypot → kind → parseSubmission → vehicle reference (vehicle enquiry) → store (toDocument)
 * → `context.onStored(id)` (the dealer's notification). `raw` holds the form's fields, `page`,
 * optional `vehicleId` and `website` (the honeypot). Never throws for a failed store or a failing
 * hook: the first is the `failed` outcome, the second is logged (the notifier's retry run picks up
 * what was not notified, docs/decisions/007).
 */
export async function submit(context: SubmitContext, kind: unknown, raw: Record<string, unknown>, attachments?: Attachments): Promise<SubmitOutcome> {
  if (isHoneypotFilled(raw)) return { status: 'spam' }
  if (!isFormKind(kind)) return { status: 'invalid', fieldErrors: { kind: [UNKNOWN_KIND_MESSAGE] }, values: echoFormValues(raw) }

  const submission = parseSubmission(kind, raw)
  const attachmentErrors = attachments?.fieldErrors && Object.keys(attachments.fieldErrors).length > 0 ? attachments.fieldErrors : undefined
  if (submission.kind === 'invalid' || attachmentErrors) {
    const fieldErrors = { ...(submission.kind === 'invalid' ? submission.fieldErrors : {}), ...attachmentErrors }
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
  const vehicleRef = parsed.vehicleId ? await vehicleDocumentId(context, parsed.vehicleId) : undefined
  let stored: { id: string; receivedAt: string }
  let extra: Record<string, unknown> | undefined
  try {
    extra = await attachments?.store()
  } catch (error) {
    loggerOf(context).error({ err: error, kind }, 'Die Anhänge einer Einsendung konnten nicht gespeichert werden')
    return { status: 'failed', kind, values: echoFormValues(raw) }
  }
  try {
    stored = await storeSubmission(context.lake, parsed, { vehicleRef, extra })
  } catch (error) {
    loggerOf(context).error({ err: error, kind }, 'Eine Einsendung konnte nicht gespeichert werden')
    await attachments?.discard()
    return { status: 'failed', kind, values: echoFormValues(raw) }
  }
  try {
    context.onStored?.(stored.id)
  } catch (error) {
    loggerOf(context).error({ err: error, documentId: stored.id }, 'Die Benachrichtigung zu einer gespeicherten Einsendung ließ sich nicht starten')
  }
  return { status: 'stored', ...stored }
}

/**
 * The test drive's slot checked again on the server against the opening hours in the lake, now
 * (the page may be old, or the post hand-made): a closed day, the past or a time outside the hours
 * is a field error. A valid slot becomes the lead's appointment and reads as German text in its fields.
 */
async function withCheckedSlot(context: SubmitContext, parsed: ParsedSubmission, value: string): Promise<ParsedSubmission | { error: string }> {
  const hours = await context.lake.fetch<TEST_DRIVE_HOURS_QUERYResult>(TEST_DRIVE_HOURS_QUERY, {})
  const check = checkSlot(value, hours?.specs ?? [], new Date(), hours?.specialOpeningHours)
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
 * The `_id` of the published vehicle with this public id. An unknown vehicle (sold and removed
 * while the page was open) or a failed read leaves the lead without reference rather than losing it:
 * its message still names make and model.
 */
async function vehicleDocumentId(context: SubmitContext, id: string): Promise<string | undefined> {
  try {
    const documentId = await context.lake.fetch<VEHICLE_DOCUMENT_ID_QUERYResult>(VEHICLE_DOCUMENT_ID_QUERY, { id })
    return typeof documentId === 'string' ? documentId : undefined
  } catch (error) {
    loggerOf(context).error({ err: error, vehicleId: id }, 'Das Fahrzeug einer Anfrage ließ sich nicht nachschlagen; die Anfrage wird ohne Verweis gespeichert')
    return undefined
  }
}
