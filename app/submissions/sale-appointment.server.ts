import { SALE_CONFIRMATION_HOURS_QUERY, SALE_REQUEST_QUERY } from '#app/sanity/queries/inbox.ts'
import { type SALE_CONFIRMATION_HOURS_QUERYResult, type SALE_REQUEST_QUERYResult } from '#app/sanity/types.ts'
import { loggerOf } from '#app/server/logging.server.ts'
import { estimateDeadline, estimatePromise } from './estimate-deadline.ts'
import { APPOINTMENT_FIELD } from './sale-appointment.ts'
import { type AppointmentSlot, appointmentSlots } from './appointment-slots.ts'
import { sellPageLeadCookies, sellPageLeadId } from './sell-page-cookie.server.ts'
import { type SubmitContext } from './submit.server.ts'

/*
 * Which sell request a seller's browser sent (issue 38 item 4), without putting anything into an
 * address: the stored sell request answers with a cookie holding only its lead's id (an unguessable
 * UUID), HttpOnly, for the sell page only, for SALE_REQUEST_COOKIE_MS. The confirmation reads the
 * lead through it on the server (when it came in, its Besichtigungstermin), and only a post carrying
 * it may add a slot to that lead, as the test drive's hand-over cookie does (trade-in.server.ts).
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
