import { SALE_CONFIRMATION_HOURS_QUERY, SALE_REQUEST_QUERY } from '#app/sanity/queries/inbox.ts'
import { type SALE_CONFIRMATION_HOURS_QUERYResult, type SALE_REQUEST_QUERYResult } from '#app/sanity/types.ts'
import { isConflict, patchDocument } from '#app/lake/lake.server.ts'
import { loggerOf } from '#app/server/logging.server.ts'
import { echoFormValues } from '#app/utils/form-values.ts'
import { estimateDeadline, estimatePromise } from './estimate-deadline.ts'
import { type FieldErrors } from './forms.ts'
import { APPOINTMENT_FIELD, APPOINTMENT_LABEL } from './sale-appointment.ts'
import { type AppointmentSlot, appointmentSlots, SLOT_MESSAGES, type SlotCheck } from './appointment-slots.ts'
import { checkedSlot } from './appointment-slots.server.ts'
import { slotText } from './slot-text.ts'
import { sellPageLeadCookies, sellPageLeadId } from './sell-page-cookie.server.ts'
import { type SubmitContext } from './submit.server.ts'

/*
 * Which sell request a seller's browser sent (issue 38 item 4), without putting anything into an
 * address: the stored sell request answers with a cookie holding only its lead's id (an unguessable
 * UUID), HttpOnly, for the sell page only, for SALE_REQUEST_COOKIE_MS. The confirmation reads the
 * lead through it on the server (when it came in, its Besichtigungstermin), and only a post carrying
 * it may add a slot to that lead (submitAppointment, below), as the test drive's hand-over cookie
 * does (trade-in.server.ts).
 */

export const SALE_REQUEST_COOKIE = 'verkaufsanfrage'
/** Long enough to come back to the confirmation the next day; the slot itself is checked against the hours then. */
export const SALE_REQUEST_COOKIE_MS = 2 * 24 * 60 * 60 * 1000

export type SaleRequest = NonNullable<SALE_REQUEST_QUERYResult>

/** The Set-Cookie values after a stored sell request: its lead's id, for the sell page only. */
export function saleRequestCookies(leadId: string, secure: boolean): string[] {
  return sellPageLeadCookies(SALE_REQUEST_COOKIE, leadId, SALE_REQUEST_COOKIE_MS, secure)
}

/** The lead id the request's cookie names, if it looks like one. */
export function saleRequestId(request: Request): string | undefined {
  return sellPageLeadId(request, SALE_REQUEST_COOKIE)
}

/** The stored sell request `id` (a private read), or undefined; a failed read is logged and counts as none. */
export async function readSaleRequest(context: Pick<SubmitContext, 'lake' | 'logger'>, id: string | undefined): Promise<SaleRequest | undefined> {
  if (!id) return undefined
  try {
    return (await context.lake.fetch<SALE_REQUEST_QUERYResult>(SALE_REQUEST_QUERY, { id }, { includePrivate: true })) ?? undefined
  } catch (error) {
    loggerOf(context).error({ err: error }, 'Die Verkaufsanfrage zu einem Besichtigungstermin ließ sich nicht lesen')
    return undefined
  }
}

/** What the sell request's confirmation shows beyond the words of its query (issue 38). */
export interface SaleConfirmation {
  /** „Sie erhalten Ihre erste Einschätzung bis …“, from the Kennzahl and the hours; absent without them. */
  estimate?: string
  /** The chosen Besichtigungstermin in German, once chosen. */
  appointment?: string
  /** The slots to choose from while none is chosen (the test drive's rules). */
  slots: AppointmentSlot[]
}

/**
 * The confirmation's data for the seller whose cookie names a stored sell request; undefined without
 * one (another browser, an expired cookie): the page then says what it said before.
 */
export async function readSaleConfirmation(
  context: Pick<SubmitContext, 'lake' | 'logger'>,
  request: Request,
  now = new Date(),
): Promise<SaleConfirmation | undefined> {
  const lead = await readSaleRequest(context, saleRequestId(request))
  if (!lead?.receivedAt) return undefined
  let hours: SALE_CONFIRMATION_HOURS_QUERYResult = null
  try {
    hours = await context.lake.fetch<SALE_CONFIRMATION_HOURS_QUERYResult>(SALE_CONFIRMATION_HOURS_QUERY, {})
  } catch (error) {
    loggerOf(context).error({ err: error }, 'Die Öffnungszeiten für die Bestätigung einer Verkaufsanfrage ließen sich nicht lesen')
  }
  const receivedAt = new Date(lead.receivedAt)
  const deadline = estimateDeadline(receivedAt, hours?.answerHours, hours?.specs ?? [], hours?.specialOpeningHours)
  const appointment = lead.appointment?.start ? (lead.fields?.find((field) => field.name === APPOINTMENT_FIELD)?.value ?? undefined) : undefined
  return {
    ...(deadline ? { estimate: estimatePromise(deadline, receivedAt) } : {}),
    ...(appointment ? { appointment } : {}),
    slots: appointment ? [] : appointmentSlots(hours?.specs ?? [], now, { special: hours?.specialOpeningHours }),
  }
}

export type AppointmentOutcome =
  /** Stored on the lead (or chosen before: `slot` is the one stored). */
  | { status: 'stored'; id: string; slot: string }
  | { status: 'invalid'; fieldErrors: FieldErrors; values: Record<string, string> }
  /** No sell request for the cookie (none, expired, erased): nothing stored. */
  | { status: 'unknown' }
  /** The lake could not be read or written; the cause is logged. */
  | { status: 'failed'; values: Record<string, string> }

const APPOINTMENT_PATCH_TRIES = 3

/**
 * A seller's Besichtigungstermin after the sell request (issue 38 item 4), the second step of the
 * same lead: the slot passes the test drive's rules (checkedSlot, now), then a patch adds it to the
 * lead `leadId` (the seller's own cookie, sale-appointment.server.ts) as `appointment`, as a row of
 * its fields, and as due for the dealer's note (`appointmentPending`), and `context.onStored` sends
 * that note. The patch names the revision it read (the notifier marks the lead meanwhile) and is
 * tried again on a conflict. A slot once chosen stays: a second post answers with it.
 */
export async function submitAppointment(context: SubmitContext, leadId: string | undefined, raw: Record<string, unknown>): Promise<AppointmentOutcome> {
  const values = echoFormValues(raw)
  const value = typeof raw.slot === 'string' ? raw.slot.trim() : ''
  if (value === '') return { status: 'invalid', fieldErrors: { slot: [SLOT_MESSAGES.format] }, values }
  for (let tries = 1; ; tries++) {
    const lead = await readSaleRequest(context, leadId)
    if (!lead) return { status: 'unknown' }
    const chosen = lead.fields?.find((field) => field.name === APPOINTMENT_FIELD)?.value
    if (lead.appointment?.start && chosen) return { status: 'stored', id: lead._id, slot: chosen }
    let check: SlotCheck
    try {
      check = await checkedSlot(context, value)
    } catch (error) {
      loggerOf(context).error({ err: error }, 'Die Öffnungszeiten für einen Besichtigungstermin ließen sich nicht lesen')
      return { status: 'failed', values }
    }
    if (!check.ok) return { status: 'invalid', fieldErrors: { slot: [SLOT_MESSAGES[check.reason]] }, values }
    const slot = slotText(check.slot)
    const row = { _key: APPOINTMENT_FIELD, _type: 'leadField', name: APPOINTMENT_FIELD, label: APPOINTMENT_LABEL, value: slot }
    try {
      await patchDocument(context.lake, lead._id, {
        ifRevisionID: lead._rev,
        set: {
          appointment: { start: check.startsAt.toISOString(), end: check.endsAt.toISOString() },
          fields: [...(lead.fields ?? []).filter((field) => field.name !== APPOINTMENT_FIELD), row],
          appointmentPending: true,
        },
      })
    } catch (error) {
      if (isConflict(error) && tries < APPOINTMENT_PATCH_TRIES) continue
      loggerOf(context).error({ err: error, documentId: lead._id }, 'Ein Besichtigungstermin konnte nicht gespeichert werden')
      return { status: 'failed', values }
    }
    try {
      context.onStored?.(lead._id)
    } catch (error) {
      loggerOf(context).error({ err: error, documentId: lead._id }, 'Die Benachrichtigung zu einem Besichtigungstermin ließ sich nicht starten')
    }
    return { status: 'stored', id: lead._id, slot }
  }
}
