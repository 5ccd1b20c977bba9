import { SALE_PATH } from '#schemas/lib/constants.ts'

/*
 * The vehicle page's ways to reach the dealer besides its forms (issue 26): the WhatsApp chat's first
 * message (the link: app/components/whatsapp.tsx) and the way into the sell flow with the car the buyer
 * looks at noted for a trade-in.
 */

/** The sell flow's query ("Auto verkaufen", issue 26 items 1–2) naming the car a trade-in is for. */
export const TRADE_IN_PARAM = 'inzahlungnahme'

export function tradeInHref(vehicleId: string): string {
  return `${SALE_PATH}?${new URLSearchParams({ [TRADE_IN_PARAM]: vehicleId }).toString()}`
}

/** The chat's first message, ready to send: a greeting, the car and its page (the dealer sees which car at once). */
export function whatsappMessage(vehicleName: string, pageUrl: string): string {
  return `Hallo, ich interessiere mich für dieses Fahrzeug: ${vehicleName} – ${pageUrl}`
}
