import { TRADE_IN_TEST_DRIVE_QUERY, TRADE_IN_VEHICLE_QUERY } from '#app/sanity/queries/inbox.ts'
import { type TRADE_IN_TEST_DRIVE_QUERYResult, type TRADE_IN_VEHICLE_QUERYResult } from '#app/sanity/types.ts'
import { loggerOf } from '#app/server/logging.server.ts'
import { TRADE_IN_PARAM } from '#app/vehicles/contact-links.ts'
import { vehicleName } from '#app/routes/vehicles.$id/vehicle-facts.ts'
import { isLeadId, isPublicVehicleId } from './schema.server.ts'
import { sellPageLeadCookies, sellPageLeadId } from './sell-page-cookie.server.ts'
import { type SubmitContext } from './submit.server.ts'

/*
 * „Fahrzeug in Zahlung geben?“ on a vehicle page (issue 26 item 3) opens the sell request with
 * `?inzahlungnahme=<public id>`. The page names that car and the form carries its id in a hidden
 * field; submit.server.ts looks it up again and stores it as the lead's vehicle reference, as for
 * a vehicle enquiry. The query is anyone's to write: an id that is malformed or names no vehicle
 * is dropped, never an error (the seller still gets the sell request).
 */

export interface TradeInVehicle {
  /** The public id (`/vehicles/{id}`). */
  id: string
  /** Its display title (make and model without one). */
  name: string
}

/** The vehicle the query names for a trade-in, read from the lake (a public read), or undefined. */
export async function tradeInVehicle(context: Pick<SubmitContext, 'lake' | 'logger'>, params: URLSearchParams): Promise<TradeInVehicle | undefined> {
  const id = params.get(TRADE_IN_PARAM)?.trim()
  if (!isPublicVehicleId(id)) return undefined
  try {
    const vehicle = await context.lake.fetch<TRADE_IN_VEHICLE_QUERYResult>(TRADE_IN_VEHICLE_QUERY, { id })
    return vehicle ? { id: vehicle.id, name: vehicleName(vehicle) } : undefined
  } catch (error) {
    // The sell request works without the note; the page must not fail for it.
    loggerOf(context).error({ err: error, vehicleId: id }, 'Das Fahrzeug einer Inzahlungnahme ließ sich nicht nachschlagen')
    return undefined
  }
}

/*
 * The person carried from the test drive into the sell request (issue 36, visitor N7), without
 * putting name, phone or e-mail into an address: a test drive stored with „Fahrzeug in Zahlung
 * geben?“ answers with a cookie holding only the stored lead's id (an unguessable UUID), HttpOnly,
 * for the sell page only, for TRADE_IN_HANDOFF_MS. The sell page reads that lead on the server
 * (a private read) and fills in name, phone and e-mail; the lead's age is checked here again, not
 * left to the browser. The sell request carries the id in a hidden field and is stored with a
 * reference to the test drive, so that the dealer sees one customer (submit.server.ts).
 */

export const TRADE_IN_COOKIE = 'inzahlungnahme'
/** How long after the test drive its contact details fill in the sell request. */
export const TRADE_IN_HANDOFF_MS = 2 * 60 * 60 * 1000
/** How long after the test drive a sell request may still refer to it (a seller may finish the form later). */
export const TRADE_IN_LINK_MS = 7 * 24 * 60 * 60 * 1000

/** The Set-Cookie values after a test drive with a trade-in: the lead's id, for the sell page only. */
export function tradeInCookies(leadId: string, secure: boolean): string[] {
  return sellPageLeadCookies(TRADE_IN_COOKIE, leadId, TRADE_IN_HANDOFF_MS, secure)
}

export interface TradeInHandoff {
  /** The test drive's lead, referred to by the sell request. */
  testDriveLead: string
  /** Its contact details as the buyer typed them, for the sell request's fields. */
  contact: { name?: string; phone?: string; email?: string }
}

/** The stored test drive `id` if it is one and younger than `maxAgeMs`, with its contact details. */
export async function recentTestDrive(
  context: Pick<SubmitContext, 'lake' | 'logger'>,
  id: unknown,
  maxAgeMs: number,
  now = new Date(),
): Promise<TradeInHandoff | undefined> {
  if (!isLeadId(id)) return undefined
  try {
    const lead = await context.lake.fetch<TRADE_IN_TEST_DRIVE_QUERYResult>(TRADE_IN_TEST_DRIVE_QUERY, { id }, { includePrivate: true })
    const received = lead?.receivedAt ? Date.parse(lead.receivedAt) : NaN
    if (!lead || !(now.getTime() - received <= maxAgeMs)) return undefined
    const contact = Object.fromEntries(Object.entries(lead.contact ?? {}).filter(([, value]) => typeof value === 'string' && value !== ''))
    return { testDriveLead: lead._id, contact }
  } catch (error) {
    loggerOf(context).error({ err: error }, 'Die Probefahrt einer Inzahlungnahme ließ sich nicht nachschlagen')
    return undefined
  }
}

/** The sell page's hand-over from the cookie, or undefined. */
export function tradeInHandoff(context: Pick<SubmitContext, 'lake' | 'logger'>, request: Request): Promise<TradeInHandoff | undefined> {
  return recentTestDrive(context, sellPageLeadId(request, TRADE_IN_COOKIE), TRADE_IN_HANDOFF_MS)
}
