import { TRADE_IN_VEHICLE_QUERY } from '#app/sanity/queries/inbox.ts'
import { type TRADE_IN_VEHICLE_QUERYResult } from '#app/sanity/types.ts'
import { loggerOf } from '#app/server/logging.server.ts'
import { TRADE_IN_PARAM } from '#app/vehicles/contact-links.ts'
import { vehicleName } from '#app/routes/vehicles.$id/vehicle-facts.ts'
import { isPublicVehicleId } from './schema.server.ts'
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
