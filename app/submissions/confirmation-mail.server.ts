/**
 * The visitor's receipt (Eingangsbestätigung) for a stored contact message or lead that gave an
 * e-mail address (docs/decisions/042): German, to that address only, once per submission. It says
 * that the request arrived and when (and a sell request's photos), promises the answer time of the
 * Kennzahl „Bewertung innerhalb (Stunden)“ (a test drive: a call before the slot) and names the
 * dealer's phone and address. No marketing, no links but the car's page.
 *
 * The address is whatever was typed in, so the receipt must not carry a stranger's words to it
 * (anyone could type someone else's address): it repeats only what the visitor chose from a list
 * (selects, checkboxes), typed as a number, or what the server checked or wrote itself (the
 * postcode's five digits, the test-drive slot), each decided by the field's definition
 * (`receiptValue`); never free text, the name, a phone number or an address, and nothing that
 * looks like an e-mail address or a link. The greeting names nobody.
 */
import { type SanityDocument } from '#app/lake/lake.server.ts'
import { CONTACT_FORM, type FieldDefinition, type FormDefinition } from '#app/submissions/forms.ts'
import { answerWithin, saleAnswerPromise, TEST_DRIVE_DOCUMENTS } from '#app/submissions/lead-forms.ts'
import { reservedTestDriveNote } from '#app/submissions/vehicle-lead-forms.ts'
import { LEAD_FORMS } from '#app/submissions/form-registry.ts'
import { type SpecialOpeningHoursInput } from '#schemas/lib/opening-hours.ts'
import { escapeHtml } from '#app/utils/html.server.ts'
import { berlinParts } from '#app/utils/clock.ts'
import { type HoursSpec } from '#app/utils/open-now.ts'
import { estimateDeadline, estimatePromise } from './estimate-deadline.ts'
import { carName, carPageUrl, filledText, leadAppointment, leadContact, leadFields, mailHtml, mailMessageId, mailSafeId } from './mail-parts.server.ts'
import {
  formatBerlinTime,
  headerSafe,
  mailLabel,
  shownValue,
  TRADE_IN_LABEL,
  type NotificationMail,
  type NotificationVehicle,
} from './notification-mail.server.ts'

export interface ConfirmationSettings {
  dealerName?: string | null
  /** The Firmierung with the legal form („… GmbH“), the signature's company line. */
  legalName?: string | null
  /** The Impressum's register data and managing director, also the signature's. */
  legal?: { managingDirector?: string | null; registerCourt?: string | null; registerNumber?: string | null } | null
  phone?: string | null
  email?: string | null
  address?: { street?: string | null; postalCode?: string | null; city?: string | null } | null
  /** Einstellungen → Kennzahlen → „Bewertung innerhalb (Stunden)“. */
  answerHours?: number | null
  /** The `general` opening hours and the Sonderöffnungszeiten: a sell request's estimate deadline is counted in them (issue 38). */
  specs?: HoursSpec[] | null
  specialOpeningHours?: SpecialOpeningHoursInput[] | null
}

export interface ConfirmationMailOptions {
  from: string
  siteUrl?: string
  settings: ConfirmationSettings
  vehicle?: NotificationVehicle | null
}

interface Row {
  label: string
  value: string
}

const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/

/**
 * The one signature of every mail to a visitor, the receipt, the double opt-in and the alert: the
 * company with its legal form, address, phone and e-mail, and the register entry and managing director
 * the Impressum shows, which a company's business mail must name (§ 35a GmbHG, § 37a HGB). A line the
 * settings lack is left out.
 */
export function mailSignature(settings: ConfirmationSettings): string[] {
  const address = settings.address
  const place = [filledText(address?.street), [filledText(address?.postalCode), filledText(address?.city)].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  const register = [filledText(settings.legal?.registerCourt), filledText(settings.legal?.registerNumber)].filter(Boolean).join(', ')
  const director = filledText(settings.legal?.managingDirector)
  return [
    'Mit freundlichen Grüßen',
    filledText(settings.legalName) ?? filledText(settings.dealerName) ?? 'Ihr Autohaus',
    ...(place ? [place] : []),
    ...(filledText(settings.phone) ? [`Telefon: ${filledText(settings.phone)}`] : []),
    ...(filledText(settings.email) ? [`E-Mail: ${filledText(settings.email)}`] : []),
    ...(register ? [`Registereintrag: ${register}`] : []),
    ...(director ? [`Geschäftsführer: ${director}`] : []),
  ]
}

/**
 * The sender of a mail to a visitor: MAIL_FROM as the operator wrote it, and an address without a
 * name under the dealer's name (not „Website“). Set here, not as
 * MAIL_FROM's default: the environment is read at start, the name lives in the settings staff edit.
 */
export function visitorSender(from: string, settings: ConfirmationSettings): NotificationMail['from'] {
  const dealer = filledText(settings.dealerName)
  return dealer && !from.includes('<') ? { name: headerSafe(dealer, 100), address: from.trim() } : from
}

/** The address the receipt goes to: the one the visitor gave, if it looks like one. */
export function confirmationRecipient(doc: SanityDocument): string | undefined {
  const email = doc._type === 'lead' ? filledText(leadContact(doc).email) : filledText(doc.email)
  return email && EMAIL.test(email) ? email : undefined
}

/** Anything in a value that reads as an e-mail address or a link (`@`, a scheme, `www.`, a domain): never repeated. */
const ADDRESS_OR_LINK = /@|:\/\/|\bwww\.|[\p{L}\p{N}-]\.\p{L}{2,}/iu
/** A stored number as the schema stores it (an integer, as number or digits). */
const DIGITS = /^\d{1,12}$/
/** Longer than any option, number or slot text: a longer value is not one of them. */
const MAX_REPEATED_LENGTH = 100

/**
 * The stored value of `field` as the receipt may repeat it, or undefined. Decided by the field's
 * definition: a select's value only when it is one of its options (shown with its label), a number
 * only when stored as digits (shown German: „123.456 km“), a ticked checkbox as „Ja“, a field marked `inReceipt` only when it still matches
 * its own pattern. Every other type (text, textarea, e-mail, phone, hidden) is never repeated.
 */
export function receiptValue(field: FieldDefinition, stored: unknown): string | undefined {
  const value = typeof stored === 'number' && Number.isInteger(stored) ? String(stored) : filledText(stored)
  if (value === undefined) return undefined
  let shown: string | undefined
  // Shown as the dealer's mail shows it (shownValue): an option with its label, „123.456 km“, „5.000 €“.
  if (field.type === 'select') shown = field.options?.includes(value) ? shownValue(field, value) : undefined
  else if (field.type === 'number') shown = DIGITS.test(value) ? shownValue(field, value) : undefined
  else if (field.type === 'checkbox') shown = value === 'Ja' || stored === true ? 'Ja' : undefined
  else if (field.inReceipt) shown = !field.pattern || new RegExp(`^(?:${field.pattern.source})$`, 'u').test(value) ? value : undefined
  if (shown === undefined || shown.length > MAX_REPEATED_LENGTH || /[\r\n]/.test(shown) || ADDRESS_OR_LINK.test(shown)) return undefined
  return shown
}

/** Each form's own name for the request (feminine, so „Sie ist … eingegangen“ fits every one). */
const RECEIPT_TOPICS: Partial<Record<string, string>> = {
  'vehicle-enquiry': 'Ihre Fahrzeuganfrage',
  'test-drive': 'Ihre Probefahrt-Anfrage',
  'vehicle-sale': 'Ihre Verkaufsanfrage',
  'financing-request': 'Ihre Finanzierungsanfrage',
}

/**
 * How the receipt's subject and first line name the request: „Ihre
 * Finanzierungsanfrage“, an enquiry about a car „Ihre Anfrage zum BMW 320d Touring“ (the car as our
 * data names it), never the form's internal title in brackets.
 */
function receiptTopic(doc: SanityDocument, vehicle: NotificationVehicle | null | undefined): string {
  if (doc._type !== 'lead') return 'Ihre Nachricht'
  const kind = filledText(doc.kind) ?? ''
  const car = carName(vehicle)
  if (car && (kind === 'vehicle-enquiry' || kind === 'availability-alert')) return `Ihre Anfrage zum ${car}`
  return RECEIPT_TOPICS[kind] ?? 'Ihre Anfrage'
}

/** What the receipt repeats of the submission, as label and value, in form order (see receiptValue). */
function sentRows(doc: SanityDocument, options: ConfirmationMailOptions): Row[] {
  if (doc._type !== 'lead') {
    // A contact message keeps its fields at the document's top level.
    return CONTACT_FORM.fields.flatMap((field): Row[] => {
      const value = receiptValue(field, doc[field.name])
      return value === undefined ? [] : [{ label: field.label, value }]
    })
  }
  const kind = filledText(doc.kind)
  const form = kind ? (LEAD_FORMS as Record<string, FormDefinition | undefined>)[kind] : undefined
  const rows: Row[] = []
  const vehicle = options.vehicle
  if (vehicle) {
    // The dealer's own car as the lake has it (the lead refers to it), with the link to its page.
    const name = carName(vehicle)
    const page = carPageUrl(vehicle.id, options.siteUrl)
    const link = page ? ` – ${page}` : ''
    // A sell request's vehicle is the car the seller wants to buy with it (trade-in), not the car sold.
    const reserved = kind !== 'vehicle-sale' && vehicle.status === 'reserved' ? ' (derzeit reserviert)' : ''
    rows.push({ label: kind === 'vehicle-sale' ? TRADE_IN_LABEL : 'Fahrzeug', value: `${name ?? 'Fahrzeug'}${reserved}${link}` })
  }
  const stored = new Map<string, unknown>()
  for (const field of leadFields(doc)) {
    const name = filledText(field?.name)
    if (name && !stored.has(name)) stored.set(name, field.value)
  }
  // The form's definitions, not the stored labels, decide what is repeated and under which label.
  for (const field of form?.fields ?? []) {
    const value = receiptValue(field, stored.get(field.name))
    if (value !== undefined) rows.push({ label: mailLabel(field.label, value), value })
  }
  return rows
}

/** A test drive's slot start as the server stored it (`appointment.start`), if any. */
function appointmentStart(doc: SanityDocument): Date | undefined {
  const start = filledText(leadAppointment(doc)?.start)
  const instant = start ? new Date(start) : undefined
  return instant && !Number.isNaN(instant.getTime()) ? instant : undefined
}

/**
 * What the visitor is told comes next (issue 36). A test drive: the dealer calls before the slot to
 * confirm it, which a promise of „24 Stunden (an Werktagen)“ would not keep for a slot later the
 * same day. A sell request: the first estimate, by the Kennzahl's time. Anything else: the answer by
 * the Kennzahl's time.
 */
function answerPromise(doc: SanityDocument, settings: ConfirmationSettings): string {
  const start = doc._type === 'lead' && doc.kind === 'test-drive' ? appointmentStart(doc) : undefined
  if (start) {
    const received = typeof doc.receivedAt === 'string' ? new Date(doc.receivedAt) : undefined
    const today = received && !Number.isNaN(received.getTime()) && berlinParts(received).date === berlinParts(start).date
    if (!today) return 'Wir rufen Sie vor Ihrem Wunschtermin an, um ihn zu bestätigen.'
    const phone = filledText(settings.phone)
    return `Ihr Wunschtermin ist heute: Wir rufen Sie vorher an, um ihn zu bestätigen.${phone ? ` Möchten Sie früher Bescheid wissen, rufen Sie uns gern an: ${phone}.` : ''}`
  }
  if (doc._type === 'lead' && doc.kind === 'vehicle-sale') {
    // By when, as the confirmation page says it (issue 38): the Kennzahl's hours on work days.
    const received = typeof doc.receivedAt === 'string' ? new Date(doc.receivedAt) : undefined
    const deadline =
      received && !Number.isNaN(received.getTime())
        ? estimateDeadline(received, settings.answerHours, settings.specs ?? [], settings.specialOpeningHours)
        : undefined
    return deadline && received ? estimatePromise(deadline, received) : saleAnswerPromise(settings.answerHours)
  }
  const within = answerWithin(settings.answerHours)
  return within ? `Wir melden uns ${within} bei Ihnen.` : 'Wir melden uns so schnell wie möglich bei Ihnen.'
}

/** For a sell request: whether its photos arrived and how many (issue 36); the dealer's mail lists them. */
function photosArrived(doc: SanityDocument): string | undefined {
  if (doc._type !== 'lead' || doc.kind !== 'vehicle-sale') return undefined
  if (filledText(doc.photosWithheld)) return 'Ihre Fotos konnten wir leider nicht annehmen – zeigen Sie uns Ihr Fahrzeug gern bei der Besichtigung.'
  const count = Array.isArray(doc.photos) ? doc.photos.length : 0
  if (count === 0) return undefined
  return count === 1 ? 'Ihr Foto ist bei uns eingegangen.' : `Ihre ${count} Fotos sind bei uns eingegangen.`
}

/**
 * What the receipt adds for a test drive or a reserved car (issue 36): the driving licence to bring;
 * for a reserved car, that a test drive is only possible if the reservation ends, and that
 * „Benachrichtigen, falls wieder frei“ is answered by a person when it does.
 */
function carNotes(doc: SanityDocument, vehicle: ConfirmationMailOptions['vehicle']): string[] {
  const kind = filledText(doc.kind)
  const name = carName(vehicle) ?? 'Fahrzeug'
  if (kind === 'availability-alert')
    return ['Das Fahrzeug ist derzeit reserviert: Ein anderer Kunde hat es verbindlich reserviert. Fällt die Reservierung weg, melden wir uns bei Ihnen.']
  if (kind === 'test-drive') return vehicle?.status === 'reserved' ? [reservedTestDriveNote(name)] : [TEST_DRIVE_DOCUMENTS]
  return []
}

/** The receipt for `doc`, or undefined when it gave no address. */
export function buildConfirmationMail(doc: SanityDocument, options: ConfirmationMailOptions): NotificationMail | undefined {
  const to = confirmationRecipient(doc)
  if (!to) return undefined
  const { settings } = options
  const dealer = filledText(settings.dealerName) ?? 'Ihr Autohaus'
  const topic = receiptTopic(doc, options.vehicle)
  const rows = sentRows(doc, options)
  const received = formatBerlinTime(doc.receivedAt)
  // Not the name: it is text anyone could have typed (a URL, an advertisement).
  const greeting = 'Guten Tag,'
  const intro = `vielen Dank für ${topic}. Sie ist${received ? ` am ${received}` : ''} bei uns eingegangen.`
  const promise = [answerPromise(doc, settings), ...carNotes(doc, options.vehicle)].join(' ')
  const photos = photosArrived(doc)
  const signature = mailSignature(settings)
  const why = `Sie erhalten diese E-Mail einmalig, weil auf unserer Website ein Formular mit Ihrer E-Mail-Adresse abgeschickt wurde. Waren Sie das nicht, können Sie sie ignorieren.`
  const width = Math.max(0, ...rows.map((row) => row.label.length)) + 2

  const textBody = [
    greeting,
    '',
    intro,
    ...(photos ? [photos] : []),
    promise,
    ...(rows.length > 0 ? ['', 'Ihre Angaben:', ...rows.map((row) => `${`${row.label}:`.padEnd(width)}${row.value.replace(/\r?\n/g, ' ')}`)] : []),
    '',
    ...signature,
    '',
    '--',
    why,
    '',
  ].join('\n')

  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left'
  const html = mailHtml('Eingangsbestätigung', [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${[intro, ...(photos ? [photos] : []), promise].map(escapeHtml).join('<br>')}</p>`,
    ...(rows.length > 0
      ? [
          '<h2 style="font-size:16px">Ihre Angaben</h2>',
          '<table style="border-collapse:collapse">',
          ...rows.map((row) => `<tr><th style="${cell}">${escapeHtml(row.label)}</th><td style="${cell}">${escapeHtml(row.value)}</td></tr>`),
          '</table>',
        ]
      : []),
    `<p>${signature.map(escapeHtml).join('<br>')}</p>`,
    '<hr>',
    `<p style="color:#555">${escapeHtml(why)}</p>`,
  ])

  const dealerEmail = filledText(settings.email)
  const safeId = mailSafeId(doc._id)
  return {
    to,
    from: visitorSender(options.from, settings),
    // An answer to the receipt reaches the dealer, not an unread sender address.
    ...(dealerEmail && EMAIL.test(dealerEmail) ? { replyTo: { name: headerSafe(dealer, 100), address: dealerEmail } } : {}),
    subject: headerSafe(`${topic} bei ${dealer} – Eingangsbestätigung`, 200),
    text: textBody,
    html,
    messageId: mailMessageId(options.from, doc._id, 'bestaetigung'),
    // RFC 3834: an automatic mail; out-of-office replies should not answer it.
    headers: { 'X-Lead-Id': safeId, 'Auto-Submitted': 'auto-generated' },
  }
}
