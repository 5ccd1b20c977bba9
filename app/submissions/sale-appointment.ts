import { SALE_PATH } from '#schemas/lib/constants.ts'

/*
 * The seller's Besichtigungstermin (issue 38 item 4): after the sell request, its confirmation offers
 * the test drive's slot picker; the chosen slot is stored on the same lead. Browser-safe names and
 * words shared by the page, the page action and the mails (the server side: sale-appointment.server.ts).
 */

/** The stored field of the lead that names the chosen slot in German (its rows in the dealer's mail and the Studio). */
export const APPOINTMENT_FIELD = 'appointment'
export const APPOINTMENT_LABEL = 'Besichtigungstermin'

/** The hidden field and value that make a post to the sell page the choice of a slot, not a sell request. */
export const APPOINTMENT_INTENT = { field: 'intent', value: 'besichtigungstermin' } as const

/** The section of the picker on the confirmation; a refused choice comes back to it. */
export const APPOINTMENT_ANCHOR = 'verkaufen-termin'

/** The seller's own .ics of the chosen slot (the cookie names the lead, never the address). */
export const APPOINTMENT_CALENDAR_PATH = `${SALE_PATH}/besichtigung.ics`

/**
 * What a seller brings to the viewing, said alike on the confirmation and in the seller's .ics:
 * without the ID and both parts of the registration we cannot buy.
 */
export const APPOINTMENT_DOCUMENTS =
  'Bitte bringen Sie die Zulassungsbescheinigung Teil I und II (Fahrzeugschein und -brief), Ihren Personalausweis oder Reisepass, alle Schlüssel und, falls vorhanden, das Serviceheft mit.'

export const APPOINTMENT_TEXTS = {
  heading: 'Besichtigungstermin wählen',
  intro: 'Wann dürfen wir uns Ihr Auto ansehen? Wählen Sie ein Zeitfenster, wir rufen Sie vorher an, um es zu bestätigen.',
  submit: 'TERMIN WÄHLEN',
  chosen: 'Ihr Wunschtermin für die Besichtigung:',
  confirmNote: `Wir rufen Sie vorher an, um ihn zu bestätigen. ${APPOINTMENT_DOCUMENTS}`,
  // What it does, not the file's format: the link downloads an .ics.
  calendar: 'Termin in Ihren Kalender übernehmen',
  /** The cookie is missing or expired, or names no sell request. */
  unknownRequest: 'Ihre Verkaufsanfrage ließ sich nicht mehr zuordnen. Bitte rufen Sie uns an, um einen Termin zu vereinbaren.',
  unavailable: 'Ihr Termin konnte gerade nicht gespeichert werden. Bitte versuchen Sie es in einigen Minuten erneut.',
} as const
