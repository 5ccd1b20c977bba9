/*
 * What the lead forms share: their limits, toasts, field builders and messages. The forms themselves
 * live by the pages that show them (vehicle-lead-forms.ts, sell-request-form.ts, search-request-form.ts,
 * page-lead-forms.ts; form-registry.ts names them all for the server), so that a page loads only the
 * definitions it shows: a script bundle holds every module one of its routes imports, whole (esbuild
 * splits by module). Apart from forms.ts so that a page with only the contact form loads no lead form.
 */
import { LEAD_KINDS as LEAD_KIND_TITLES } from '#schemas/lib/constants.ts'
import { MAX_MILEAGE_KM, MAX_PRICE_EUR, MIN_VEHICLE_YEAR } from '#schemas/lib/validation.ts'
import { WHOLE_NUMBER_PATTERN_SOURCE, YEAR_PATTERN_SOURCE } from '#app/utils/form-rules.ts'
import { formatDecimal } from '#app/utils/format.ts'
import { FIELD_MESSAGES, formatMessage, missingLeadFieldMessage, numberRangeMessage } from './field-messages.ts'
import { CONTACT_LIMITS, CONTACT_TOASTS, FIELD_ERROR_TOAST, type FieldDefinition, type FormDefinition, type FormTexts, type LeadKind } from './forms.ts'

/** A kind's German title, kept once with the Studio's list in schemas/lib/constants.ts. */
function titleOfKind(kind: LeadKind): string {
  return LEAD_KIND_TITLES.find((entry) => entry.value === kind)!.title
}

/** The contact form's limits for the fields both have, and the lead forms' own. */
export const LEAD_LIMITS = { ...CONTACT_LIMITS, shortText: 100, vehicleId: 40 } as const

export const LEAD_KINDS: readonly LeadKind[] = LEAD_KIND_TITLES.map((entry) => entry.value)

export function isLeadKind(value: unknown): value is LeadKind {
  return typeof value === 'string' && (LEAD_KINDS as readonly string[]).includes(value)
}

/** What a test driver brings, on the confirmation and in the receipt. */
export const TEST_DRIVE_DOCUMENTS = 'Bitte bringen Sie zur Probefahrt Ihren Führerschein mit.'

/** Toast and confirmation texts of the lead forms. */
export const LEAD_TOASTS = {
  missing: CONTACT_TOASTS.missing,
  invalid: FIELD_ERROR_TOAST,
  success: { title: 'Anfrage gesendet!', description: 'Vielen Dank! Wir melden uns schnellstmöglich bei Ihnen.' },
  /** Spec §7: the vehicle enquiry's confirmation, once a browser alert, now a toast. */
  vehicleEnquirySuccess: 'Ihre Anfrage wurde gesendet! Wir melden uns schnellstmöglich bei Ihnen.',
  failure: { title: 'Fehler beim Senden', description: 'Ihre Anfrage konnte nicht gesendet werden. Bitte versuchen Sie es erneut.' },
  testDriveSuccess: {
    title: 'Probefahrt angefragt!',
    // What to bring, as the sell flow says it for a viewing.
    description: `Vielen Dank! Wir rufen Sie an, um Ihren Wunschtermin zu bestätigen. ${TEST_DRIVE_DOCUMENTS}`,
  },
} as const

/** A lead form of `kind`: its title from the Studio's list, the lead forms' toasts and field messages. */
export function leadForm<K extends LeadKind>(kind: K, fields: readonly FieldDefinition[]): FormDefinition<K> {
  const success =
    kind === 'vehicle-enquiry' ? { description: LEAD_TOASTS.vehicleEnquirySuccess } : kind === 'test-drive' ? LEAD_TOASTS.testDriveSuccess : LEAD_TOASTS.success
  const texts: FormTexts = { toasts: { missing: LEAD_TOASTS.missing, invalid: LEAD_TOASTS.invalid, failure: LEAD_TOASTS.failure }, success }
  return { kind, title: titleOfKind(kind), texts, messages: { missing: missingLeadFieldMessage, format: formatMessage, range: numberRangeMessage }, fields }
}

const PHONE_PLACEHOLDER = 'Ihre Telefonnummer'

export const phoneField = (label = 'Telefon'): FieldDefinition => ({
  name: 'phone',
  label,
  type: 'tel',
  required: true,
  maxLength: LEAD_LIMITS.phone,
  placeholder: PHONE_PLACEHOLDER,
  autoComplete: 'tel',
})

/** The name a reply is addressed to. */
export const nameField = (): FieldDefinition => ({
  name: 'name',
  label: 'Name',
  type: 'text',
  required: true,
  maxLength: LEAD_LIMITS.name,
  placeholder: 'Ihr Name',
  autoComplete: 'name',
})

/** An e-mail address, optional unless a form says so (most take phone or e-mail: PHONE_OR_EMAIL). */
export const emailField = (label = 'E-Mail'): FieldDefinition => ({
  name: 'email',
  label,
  type: 'email',
  required: false,
  maxLength: LEAD_LIMITS.email,
  placeholder: 'ihre@email.de',
  autoComplete: 'email',
})

/** Name, phone and e-mail, where one of the last two is enough (PHONE_OR_EMAIL): the vehicle page's forms. */
export const contactFields = (): FieldDefinition[] => [nameField(), { ...phoneField(), required: false }, emailField()]

export const textField = (name: string, label: string, placeholder: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  name,
  label,
  type: 'text',
  required: false,
  maxLength: LEAD_LIMITS.shortText,
  placeholder,
  ...extra,
})

export const yearField = (label = 'Baujahr'): FieldDefinition => ({
  name: 'year',
  label,
  type: 'number',
  required: false,
  number: 'year',
  min: MIN_VEHICLE_YEAR,
  placeholder: 'z. B. 2018',
  pattern: { source: YEAR_PATTERN_SOURCE, message: FIELD_MESSAGES.numberFormat(label, 'year') },
})

/**
 * Kilometres and euros are typed the German way, thousands grouped or not: „123.456“, „123 456“,
 * „123456“, and perhaps with the unit the label names („85.000 km“, „5.000 €“), which readWholeNumber
 * reads past (before, „85000 km“ was refused).
 */
const wholeNumberPattern = (label: string, kind: 'mileage' | 'price') => ({
  source: `(?:${WHOLE_NUMBER_PATTERN_SOURCE})(?: ?${kind === 'mileage' ? '[kK][mM]' : '€'})?`,
  message: FIELD_MESSAGES.numberFormat(label, kind),
})

export const mileageField = (label = 'Kilometerstand (km)'): FieldDefinition => ({
  name: 'mileage',
  label,
  type: 'number',
  required: false,
  number: 'mileage',
  min: 0,
  max: MAX_MILEAGE_KM,
  placeholder: 'z. B. 85.000',
  pattern: wholeNumberPattern(label, 'mileage'),
})

export const priceField = (name: string, label: string, placeholder: string): FieldDefinition => ({
  name,
  label,
  type: 'number',
  required: false,
  number: 'price',
  min: 0,
  max: MAX_PRICE_EUR,
  placeholder,
  pattern: wholeNumberPattern(label, 'price'),
})

export const selectField = (name: string, label: string, options: readonly string[]): FieldDefinition => ({
  name,
  label,
  type: 'select',
  required: false,
  options,
  placeholder: 'Bitte wählen',
})

/** The message at phone and e-mail when both are empty (the sell request needs one way back). */
export const PHONE_OR_EMAIL_MESSAGE = 'Bitte geben Sie eine Telefonnummer oder eine E-Mail-Adresse an, damit wir Ihnen antworten können.'

/** The note at phone and e-mail of a form that needs one of them (the vehicle enquiry's). */
export const PHONE_OR_EMAIL_HINT = 'Telefon oder E-Mail: eines von beiden genügt.'

/** A form's rule that phone or e-mail is given, with the message when neither is and the note that describes both fields. */
export const PHONE_OR_EMAIL = { fields: ['phone', 'email'], message: PHONE_OR_EMAIL_MESSAGE, hint: PHONE_OR_EMAIL_HINT } as const

/**
 * By when the dealer answers, from the Kennzahl „Bewertung innerhalb (Stunden)“ (`claims.valuationHours`):
 * „innerhalb von 24 Stunden (an Werktagen)“; undefined when staff set none. The sell confirmation
 * on the page and the receipts say it in these words.
 */
export function answerWithin(hours: unknown): string | undefined {
  if (typeof hours !== 'number' || !Number.isFinite(hours) || hours <= 0) return undefined
  return `innerhalb von ${formatDecimal(hours, { maximumFractionDigits: 3 })} ${hours === 1 ? 'Stunde' : 'Stunden'} (an Werktagen)`
}

/** What a seller is told comes next: „Wir melden uns innerhalb von 24 Stunden (an Werktagen) mit einer ersten Einschätzung bei Ihnen.“ */
export function saleAnswerPromise(hours: unknown): string {
  const within = answerWithin(hours)
  return `Wir melden uns ${within ? `${within} ` : ''}mit einer ersten Einschätzung bei Ihnen.`
}
