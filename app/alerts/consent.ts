/*
 * The consent texts of the price and search alerts (issue 38 item 2; docs/decisions/080). Each is
 * shown next to its form's e-mail field and stored, word for word, on the lead with the request's
 * time, and the confirmation's time is added when the link is confirmed: the proof of consent
 * (UWG § 7 (2) Nr. 2, DSGVO Art. 7 (1)). Change a text only together with the form: old leads keep
 * the text they were given.
 */

export const PRICE_ALERT_CONSENT =
  'Ich möchte eine E-Mail erhalten, wenn der Preis dieses Fahrzeugs sinkt. Sie kommt erst, nachdem ich meine Adresse über den Link in der Bestätigungs-E-Mail bestätigt habe; abmelden kann ich mich jederzeit mit einem Klick in jeder dieser E-Mails.'

export const SEARCH_ALERT_CONSENT =
  'Mit E-Mail-Adresse: Ich möchte eine E-Mail erhalten, wenn ein zu meiner Suche passendes Fahrzeug in den Bestand kommt. Sie kommt erst, nachdem ich meine Adresse über den Link in der Bestätigungs-E-Mail bestätigt habe; abmelden kann ich mich jederzeit mit einem Klick in jeder dieser E-Mails.'

/** The lead kinds that become an alert when they carry an e-mail address. */
export const ALERT_KINDS = { 'price-alert': PRICE_ALERT_CONSENT, 'search-request': SEARCH_ALERT_CONSENT } as const
export type AlertKind = keyof typeof ALERT_KINDS

export function isAlertKind(kind: unknown): kind is AlertKind {
  return typeof kind === 'string' && Object.hasOwn(ALERT_KINDS, kind)
}

/** At most this many confirmed alerts per e-mail address: enough for a shortlist, too few to mail-bomb anybody. */
export const ACTIVE_ALERTS_PER_ADDRESS = 5

/** The query parameter (and the pages' form field) that carries an alert link's signed token (tokens.server.ts); kept out of the access log (logging.server.ts). */
export const ALERT_TOKEN_PARAM = 't'
