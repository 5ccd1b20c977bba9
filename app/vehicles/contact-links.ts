import { SALE_PATH } from '#schemas/lib/constants.ts'

/*
 * The vehicle page's ways to reach the dealer besides its forms (issue 26): WhatsApp's click-to-chat
 * link (a plain https link, no script: nothing is requested before a tap) and the way into the sell
 * flow with the car the buyer looks at noted for a trade-in.
 */

/** The sell flow's query ("Auto verkaufen", issue 26 items 1–2) naming the car a trade-in is for. */
export const TRADE_IN_PARAM = 'inzahlungnahme'

export function tradeInHref(vehicleId: string): string {
  return `${SALE_PATH}?${new URLSearchParams({ [TRADE_IN_PARAM]: vehicleId }).toString()}`
}

/**
 * The international digits wa.me wants from a number as staff write it: `+49 157 …` and `0049 157 …`
 * as they are, a national `0157 …` as German. Undefined when too short to be a number.
 */
export function whatsappDigits(number: string | null | undefined): string | undefined {
  const trimmed = number?.trim() ?? ''
  let digits = trimmed.replace(/\D/g, '')
  if (trimmed.startsWith('+')) {
    // as is
  } else if (digits.startsWith('00')) digits = digits.slice(2)
  else if (digits.startsWith('0')) digits = `49${digits.slice(1)}`
  return digits.length >= 8 && digits.length <= 15 ? digits : undefined
}

/** The chat's first message, ready to send: a greeting, the car and its page (the dealer sees which car at once). */
export function whatsappMessage(vehicleName: string, pageUrl: string): string {
  return `Hallo, ich interessiere mich für dieses Fahrzeug: ${vehicleName} – ${pageUrl}`
}

/** `https://wa.me/<digits>?text=…`, or undefined without a usable number (then the button is left out). */
export function whatsappHref(number: string | null | undefined, text: string): string | undefined {
  const digits = whatsappDigits(number)
  return digits ? `https://wa.me/${digits}?${new URLSearchParams({ text }).toString().replace(/\+/g, '%20')}` : undefined
}
