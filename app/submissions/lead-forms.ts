/*
 * The eight lead forms' definitions and the registry of all nine forms. Apart from forms.ts so that
 * a page with only the contact form (the home page) does not load the lead forms' fields.
 */
import { formatDecimal, GERMAN_MONTHS } from '#app/utils/format.ts'
import { LEAD_KINDS as LEAD_KIND_TITLES } from '#schemas/lib/constants.ts'
import { MAX_MILEAGE_KM, MIN_VEHICLE_YEAR } from '#schemas/lib/validation.ts'
import { EMAIL_PATTERN_SOURCE, PHONE_PATTERN_SOURCE, WHOLE_NUMBER_PATTERN_SOURCE, YEAR_PATTERN_SOURCE } from '#app/utils/form-rules.ts'
import { FIELD_MESSAGES, formatMessage, missingLeadFieldMessage } from './field-messages.ts'
import { TERM_OPTIONS } from '#app/vehicles/financing-terms.ts'
import { MAX_PHOTOS, PHOTO_FIELD } from './photos.ts'
import {
  CONTACT_FORM,
  CONTACT_TOASTS,
  FIELD_ERROR_TOAST,
  type FieldDefinition,
  type FormDefinition,
  type FormKind,
  type FormTexts,
  type LeadKind,
} from './forms.ts'

/** A kind's German title, kept once with the Studio's list in schemas/lib/constants.ts. */
function titleOfKind(kind: LeadKind): string {
  return LEAD_KIND_TITLES.find((entry) => entry.value === kind)!.title
}

export const MAX_PRICE_EUR = 10_000_000

export const LEAD_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  message: 5000,
  shortText: 100,
  page: 200,
  vehicleId: 40,
} as const

export const LEAD_KINDS: readonly LeadKind[] = LEAD_KIND_TITLES.map((entry) => entry.value)

export function isLeadKind(value: unknown): value is LeadKind {
  return typeof value === 'string' && (LEAD_KINDS as readonly string[]).includes(value)
}

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
    description: 'Vielen Dank! Wir rufen Sie an, um Ihren Wunschtermin zu bestätigen.',
  },
} as const

/** The interest text the vehicle enquiry's message starts with. */
export function vehicleEnquiryMessage(make: string, model: string): string {
  return `Ich interessiere mich für den ${make} ${model}. Bitte kontaktieren Sie mich.`
}

/** A lead form of `kind`: its title from the Studio's list, the lead forms' toasts and field messages. */
function leadForm<K extends LeadKind>(kind: K, fields: readonly FieldDefinition[]): FormDefinition<K> {
  const success =
    kind === 'vehicle-enquiry' ? { description: LEAD_TOASTS.vehicleEnquirySuccess } : kind === 'test-drive' ? LEAD_TOASTS.testDriveSuccess : LEAD_TOASTS.success
  const texts: FormTexts = { toasts: { missing: LEAD_TOASTS.missing, invalid: LEAD_TOASTS.invalid, failure: LEAD_TOASTS.failure }, success }
  return { kind, title: titleOfKind(kind), texts, messages: { missing: missingLeadFieldMessage, format: formatMessage }, fields }
}

/** Select options, quoted exactly from spec §3. */
export const STUDENT_APPOINTMENTS = ['Flexibel', 'Abends nach 18 Uhr', 'Wochenende', 'Zwischen Vorlesungen'] as const
export const EXPORT_VEHICLE_TYPES = ['PKW', 'LKW', 'Transporter', 'Baumaschine', 'Landmaschine', 'Andere'] as const
export const DEALER_VEHICLES_PER_YEAR = ['5-15', '15-50', '50+'] as const
export const DEALER_SPECIALISATIONS = ['PKW Handel', 'Export', 'Nutzfahrzeuge', 'Premium'] as const

/** The pages with a valuation form; only Münster shows the quick-handling checkbox. */
export const VALUATION_VARIANTS = { sonsbeck: 'Sonsbeck', uedem: 'Uedem', muenster: 'Münster' } as const

const PHONE_PLACEHOLDER = 'Ihre Telefonnummer'

const phoneField = (label = 'Telefon'): FieldDefinition => ({
  name: 'phone',
  label,
  type: 'tel',
  required: true,
  maxLength: LEAD_LIMITS.phone,
  placeholder: PHONE_PLACEHOLDER,
  autoComplete: 'tel',
})

const textField = (name: string, label: string, placeholder: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  name,
  label,
  type: 'text',
  required: false,
  maxLength: LEAD_LIMITS.shortText,
  placeholder,
  ...extra,
})

const yearField = (label = 'Baujahr'): FieldDefinition => ({
  name: 'year',
  label,
  type: 'number',
  required: false,
  number: 'year',
  min: MIN_VEHICLE_YEAR,
  placeholder: 'z. B. 2018',
  pattern: { source: YEAR_PATTERN_SOURCE, message: FIELD_MESSAGES.numberFormat(label, 'year') },
})

/** Kilometres and euros are typed the German way, thousands grouped or not: „123.456“, „123 456“, „123456“. */
const wholeNumberPattern = (label: string, kind: 'mileage' | 'price') => ({
  source: WHOLE_NUMBER_PATTERN_SOURCE,
  message: FIELD_MESSAGES.numberFormat(label, kind),
})

const mileageField = (label = 'Kilometerstand (km)'): FieldDefinition => ({
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

const priceField = (name: string, label: string, placeholder: string): FieldDefinition => ({
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

const selectField = (name: string, label: string, options: readonly string[]): FieldDefinition => ({
  name,
  label,
  type: 'select',
  required: false,
  options,
  placeholder: 'Bitte wählen',
})

/** Options of the sell request (issue 26): what a dealer asks first about a car's condition. */
export const SALE_FUEL_TYPES = ['Benzin', 'Diesel', 'Hybrid', 'Elektro', 'Gas', 'Andere'] as const
export const SALE_GEARBOXES = ['Schaltgetriebe', 'Automatik'] as const
export const SALE_YES_NO = ['Ja', 'Nein', 'Weiß nicht'] as const
// An option is the value stored, so leads keep the words the seller chose: those sent before the copy review of 2026-11-29 (M13) read „Keine“ and „Egal“.
export const SALE_SERVICE_HISTORY = ['Lückenlos (Scheckheft)', 'Teilweise', 'Kein Serviceheft', 'Weiß nicht'] as const
export const SALE_CONTACT_TIMES = ['Jederzeit', 'Vormittags (8–12 Uhr)', 'Nachmittags (12–17 Uhr)', 'Abends (17–20 Uhr)'] as const
export const SALE_MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const

/** The sell request's groups (fieldsets of the page /auto-verkaufen), by field name; the photos sit between condition and person. */
export const SALE_GROUPS = {
  vehicle: ['make', 'model', 'registrationMonth', 'year', 'mileage', 'fuel', 'gearbox'],
  condition: ['accidentFree', 'drivable', 'serviceHistory', 'note'],
  person: ['name', 'postcode', 'phone', 'email', 'contactTime'],
} as const

/** The message at phone and e-mail when both are empty (the sell request needs one way back). */
export const PHONE_OR_EMAIL_MESSAGE = 'Bitte geben Sie eine Telefonnummer oder eine E-Mail-Adresse an, damit wir Ihnen antworten können.'

/** The note at phone and e-mail of a form that needs one of them (the vehicle enquiry's). */
export const PHONE_OR_EMAIL_HINT = 'Telefon oder E-Mail: eines von beiden genügt.'

/** The sell request (issue 26, /auto-verkaufen): vehicle, condition and person; its photos travel beside the fields. */
const vehicleSaleForm: FormDefinition<'vehicle-sale'> = {
  ...leadForm('vehicle-sale', [
    textField('make', 'Marke', 'z. B. VW', { required: true }),
    textField('model', 'Modell', 'z. B. Golf 1.5 TSI', { required: true }),
    {
      ...selectField('registrationMonth', 'Erstzulassung (Monat)', SALE_MONTHS),
      optionLabels: Object.fromEntries(SALE_MONTHS.map((month, index) => [month, `${month} – ${GERMAN_MONTHS[index]}`])),
    },
    { ...yearField('Erstzulassung (Jahr)'), required: true },
    { ...mileageField(), required: true },
    selectField('fuel', 'Kraftstoff', SALE_FUEL_TYPES),
    selectField('gearbox', 'Getriebe', SALE_GEARBOXES),
    selectField('accidentFree', 'Unfallfrei', SALE_YES_NO),
    selectField('drivable', 'Fahrbereit', SALE_YES_NO),
    selectField('serviceHistory', 'Serviceheft', SALE_SERVICE_HISTORY),
    {
      name: 'note',
      label: 'Anmerkungen zum Zustand',
      type: 'textarea',
      required: false,
      maxLength: LEAD_LIMITS.message,
      placeholder: 'z. B. Kratzer hinten links, neue Reifen, TÜV bis 2027',
    },
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: LEAD_LIMITS.name, placeholder: 'Ihr Name', autoComplete: 'name' },
    textField('postcode', 'Postleitzahl', 'z. B. 45326', {
      required: true,
      maxLength: 5,
      autoComplete: 'postal-code',
      inputMode: 'numeric',
      pattern: { source: '[0-9]{5}', message: 'Bitte geben Sie eine Postleitzahl mit fünf Ziffern an.' },
      inReceipt: true,
    }),
    { ...phoneField(), required: false },
    { name: 'email', label: 'E-Mail', type: 'email', required: false, maxLength: LEAD_LIMITS.email, placeholder: 'ihre@email.de', autoComplete: 'email' },
    selectField('contactTime', 'Am besten erreichbar', SALE_CONTACT_TIMES),
  ]),
  texts: {
    ...leadForm('vehicle-sale', []).texts,
    success: {
      title: 'Verkaufsanfrage gesendet!',
      description: 'Vielen Dank! Ihre Angaben sind bei uns eingegangen. Wir melden uns mit einer ersten Einschätzung bei Ihnen.',
    },
  },
  anyOf: [{ fields: ['phone', 'email'], message: PHONE_OR_EMAIL_MESSAGE }],
  photos: { field: PHOTO_FIELD, max: MAX_PHOTOS },
}

/** The Suchauftrag's one visible field: how to reach the buyer, an e-mail address or a phone number. */
/**
 * By when the dealer answers, from the Kennzahl „Bewertung innerhalb (Stunden)“ (`claims.valuationHours`):
 * „innerhalb von 24 Stunden (an Werktagen)“; undefined when staff set none. The sell confirmation
 * on the page and the receipts say it in these words.
 */
export function answerWithin(hours: unknown): string | undefined {
  if (typeof hours !== 'number' || !Number.isFinite(hours) || hours <= 0) return undefined
  return `innerhalb von ${new Intl.NumberFormat('de-DE').format(hours)} ${hours === 1 ? 'Stunde' : 'Stunden'} (an Werktagen)`
}

/** What a seller is told comes next: „Wir melden uns innerhalb von 24 Stunden (an Werktagen) mit einer ersten Einschätzung bei Ihnen.“ */
export function saleAnswerPromise(hours: unknown): string {
  const within = answerWithin(hours)
  return `Wir melden uns ${within ? `${within} ` : ''}mit einer ersten Einschätzung bei Ihnen.`
}

export const SEARCH_REQUEST_CONTACT_MESSAGE = 'Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an, damit wir uns bei Ihnen melden können.'
/** Something typed that is neither (copy review 2026-11-29, M16): not the empty field's message. */
export const SEARCH_REQUEST_INVALID_MESSAGE = 'Bitte geben Sie eine gültige E-Mail-Adresse oder Telefonnummer an.'

/**
 * The Suchauftrag (issue 29): the zero-results box of /vehicles offers it. One field, e-mail or
 * phone; the search travels in a hidden field, so the dealer sees what the buyer looked for.
 */
const searchRequestForm: FormDefinition<'search-request'> = {
  ...leadForm('search-request', [
    {
      name: 'emailOrPhone',
      label: 'E-Mail oder Telefon',
      type: 'text',
      required: true,
      maxLength: LEAD_LIMITS.email,
      // Short enough for the field beside its button at 320 px (tablet review Low 14); the label names both ways.
      placeholder: 'ihre@email.de',
      autoComplete: 'email',
      pattern: { source: `(?:${EMAIL_PATTERN_SOURCE})|(?:${PHONE_PATTERN_SOURCE})`, message: SEARCH_REQUEST_INVALID_MESSAGE },
      messages: { missing: SEARCH_REQUEST_CONTACT_MESSAGE, invalid: SEARCH_REQUEST_INVALID_MESSAGE },
    },
    {
      name: 'query',
      label: 'Gesucht',
      type: 'hidden',
      required: true,
      maxLength: LEAD_LIMITS.shortText,
      placeholder: 'Ihre Suche',
      // Typed by the visitor where the page knows no search (search-request.tsx).
      messages: { missing: 'Bitte geben Sie an, welches Auto Sie suchen.' },
    },
  ]),
  texts: {
    ...leadForm('search-request', []).texts,
    // Only for a confirmation address that names no way back (an old link): replyVia has the words.
    success: { title: 'Suchauftrag gespeichert!', description: 'Vielen Dank! Wir melden uns bei Ihnen, sobald ein passendes Auto kommt.' },
  },
  replyVia: {
    field: 'emailOrPhone',
    success: {
      // As the price alert's: the alert starts once the address is confirmed (decision 080).
      email: {
        title: 'Fast geschafft: Bitte bestätigen Sie Ihre E-Mail-Adresse',
        description:
          'Wir schicken Ihnen eine E-Mail mit einem Bestätigungslink, meist innerhalb weniger Minuten. Erst wenn Sie ihn öffnen und bestätigen, schreiben wir Ihnen, sobald ein passendes Auto kommt.',
      },
      telefon: { title: 'Suchauftrag gespeichert!', description: 'Vielen Dank! Wir rufen Sie an, sobald wir ein passendes Fahrzeug haben.' },
    },
  },
  once: true,
  keepsParams: ['search'],
}

/**
 * „Preis beobachten“ (issue 38 item 2) on a vehicle page: one field, the e-mail address; the car goes
 * along. Stored as a lead like every form; the alert starts only once the address is confirmed
 * through the link of the confirmation mail (double opt-in, docs/decisions/080).
 */
const priceAlertForm: FormDefinition<'price-alert'> = {
  ...leadForm('price-alert', [
    {
      name: 'email',
      label: 'E-Mail',
      type: 'email',
      required: true,
      maxLength: LEAD_LIMITS.email,
      placeholder: 'ihre@email.de',
      autoComplete: 'email',
      inputMode: 'email',
      messages: { missing: 'Bitte geben Sie Ihre E-Mail-Adresse an, damit wir Ihnen schreiben können, wenn der Preis sinkt.' },
    },
  ]),
  texts: {
    ...leadForm('price-alert', []).texts,
    success: {
      title: 'Fast geschafft: Bitte bestätigen Sie Ihre E-Mail-Adresse',
      description:
        'Wir schicken Ihnen eine E-Mail mit einem Bestätigungslink, meist innerhalb weniger Minuten. Erst wenn Sie ihn öffnen und bestätigen, schreiben wir Ihnen, sobald der Preis dieses Fahrzeugs sinkt.',
    },
  },
  once: true,
  watchesVehicle: true,
  watchesPrice: true,
}

/** What a reserved car's status means to a buyer (issue 36): the vehicle page, the test drive and the receipts say it alike. */
export const RESERVED_MEANING =
  'Ein anderer Kunde hat es verbindlich reserviert; wir halten es bis zum Kaufabschluss für ihn zurück. Fällt die Reservierung weg, ist es wieder frei.'

/** The test drive of a reserved car: said before sending, in the confirmation and in the receipt. */
export function reservedTestDriveNote(name: string): string {
  return `Bitte beachten Sie: Der ${name} ist derzeit reserviert. Eine Probefahrt ist nur möglich, falls die Reservierung wegfällt – wir rufen Sie an und sagen Ihnen, ob es klappt.`
}

/**
 * „Benachrichtigen, falls wieder frei“ (issue 36) on a reserved car's page: a lead like any other,
 * naming the car; staff call or write back by hand when the reservation ends (decision 067: the
 * automatic alert with double opt-in is a later issue). Name and one way back, phone or e-mail.
 */
const availabilityAlertForm: FormDefinition<'availability-alert'> = {
  ...leadForm('availability-alert', [
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: LEAD_LIMITS.name, placeholder: 'Ihr Name', autoComplete: 'name' },
    { ...phoneField(), required: false },
    { name: 'email', label: 'E-Mail', type: 'email', required: false, maxLength: LEAD_LIMITS.email, placeholder: 'ihre@email.de', autoComplete: 'email' },
  ]),
  texts: {
    ...leadForm('availability-alert', []).texts,
    success: {
      title: 'Wir melden uns, falls es wieder frei wird',
      description: 'Vielen Dank! Fällt die Reservierung weg, rufen wir Sie an oder schreiben Ihnen – persönlich, sobald wir es wissen.',
    },
  },
  anyOf: [{ fields: ['phone', 'email'], message: PHONE_OR_EMAIL_MESSAGE }],
  once: true,
  watchesVehicle: true,
}

/** The terms a financing request offers: the calculator's, as the dealer reads them („48 Monate“). */
export const FINANCING_TERMS = TERM_OPTIONS.map((months) => `${months} Monate`)

/**
 * „Finanzierung anfragen“ (issue 38 item 3) on a vehicle page: the car, and the term and down payment
 * of the calculator above it, pre-filled (financingRequestPrefill) and still changeable; a name and
 * one way back. A lead like any other (the one pipeline); the term and the down payment are a select
 * and a number, so the receipt repeats them (decision 042).
 */
const financingRequestForm: FormDefinition<'financing-request'> = {
  ...leadForm('financing-request', [
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: LEAD_LIMITS.name, placeholder: 'Ihr Name', autoComplete: 'name' },
    { ...phoneField(), required: false },
    { name: 'email', label: 'E-Mail', type: 'email', required: false, maxLength: LEAD_LIMITS.email, placeholder: 'ihre@email.de', autoComplete: 'email' },
    { ...selectField('term', 'Laufzeit', FINANCING_TERMS), required: true, messages: { missing: 'Bitte wählen Sie eine Laufzeit.' } },
    {
      ...priceField('downPayment', 'Anzahlung (€)', 'z. B. 5.000'),
      required: true,
      messages: { missing: 'Bitte geben Sie eine Anzahlung an (0, wenn keine).' },
    },
    {
      name: 'message',
      label: 'Nachricht (optional)',
      type: 'textarea',
      required: false,
      maxLength: LEAD_LIMITS.message,
      placeholder: 'z. B. Fragen zur Rate, zu Sondertilgungen oder zu Ihrem Einkommen',
    },
  ]),
  texts: {
    ...leadForm('financing-request', []).texts,
    success: {
      title: 'Finanzierung angefragt!',
      description: 'Vielen Dank! Wir rechnen Ihr Angebot mit unserer Partnerbank durch und melden uns schnellstmöglich bei Ihnen.',
    },
  },
  anyOf: [{ fields: ['phone', 'email'], message: PHONE_OR_EMAIL_MESSAGE, hint: PHONE_OR_EMAIL_HINT }],
}

/** The request form's values from the calculator's (financingInputFromParams): „48 Monate“, whole euros. */
export function financingRequestPrefill(input: { termMonths: number; downPayment: number }): Record<string, string> {
  const term = `${input.termMonths} Monate`
  return { ...(FINANCING_TERMS.includes(term) ? { term } : {}), downPayment: formatDecimal(Math.max(0, Math.round(input.downPayment))) }
}

/** Every lead form, in the order of spec §3. */
export const LEAD_FORMS: Readonly<Record<LeadKind, FormDefinition<LeadKind>>> = {
  // Issue 36: phone-first buyers may leave a number instead of an address (decision 071).
  'vehicle-enquiry': {
    ...leadForm('vehicle-enquiry', [
      { name: 'name', label: 'Name', type: 'text', required: true, maxLength: LEAD_LIMITS.name, placeholder: 'Ihr Name', autoComplete: 'name' },
      { ...phoneField(), required: false },
      {
        name: 'email',
        label: 'E-Mail',
        type: 'email',
        required: false,
        maxLength: LEAD_LIMITS.email,
        placeholder: 'ihre@email.de',
        autoComplete: 'email',
      },
      { name: 'message', label: 'Nachricht', type: 'textarea', required: true, maxLength: LEAD_LIMITS.message, placeholder: 'Ihre Nachricht' },
    ]),
    anyOf: [{ fields: ['phone', 'email'], message: PHONE_OR_EMAIL_MESSAGE, hint: PHONE_OR_EMAIL_HINT }],
  },
  // Issue 26: a test drive the dealer can act on: a slot from the opening hours and a number to call back.
  'test-drive': leadForm('test-drive', [
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: LEAD_LIMITS.name, placeholder: 'Ihr Name', autoComplete: 'name' },
    phoneField(),
    {
      name: 'email',
      label: 'E-Mail (für Ihre Bestätigung)',
      type: 'email',
      required: false,
      maxLength: LEAD_LIMITS.email,
      placeholder: 'ihre@email.de',
      autoComplete: 'email',
    },
    {
      name: 'slot',
      label: 'Wunschtermin',
      type: 'slot',
      required: true,
      messages: { missing: 'Bitte wählen Sie einen Wunschtermin.' },
      // Stored as the server's German text of a slot it checked against the opening hours (submit.server.ts).
      inReceipt: true,
    },
    { name: 'tradeIn', label: 'Fahrzeug in Zahlung geben?', type: 'checkbox', required: false },
    {
      name: 'message',
      label: 'Nachricht (optional)',
      type: 'textarea',
      required: false,
      maxLength: LEAD_LIMITS.message,
      placeholder: 'Fragen oder Wünsche zur Probefahrt',
    },
  ]),
  valuation: leadForm('valuation', [
    textField('brand', 'Marke', 'z. B. VW'),
    textField('model', 'Modell', 'z. B. Golf'),
    yearField(),
    mileageField(),
    phoneField(),
    { name: 'quick', label: 'Schnelle Abwicklung gewünscht', type: 'checkbox', required: false, variants: ['muenster'] },
  ]),
  'valuation-bmw': leadForm('valuation-bmw', [textField('model', 'Modell', 'z. B. 320d'), yearField(), mileageField(), phoneField()]),
  'brand-purchase': leadForm('brand-purchase', [
    textField('model', 'Modell', 'z. B. C-Klasse oder A4', { variantPlaceholders: { mercedes: 'z. B. C-Klasse', audi: 'z. B. A4' } }),
    yearField(),
    mileageField(),
    phoneField(),
  ]),
  student: leadForm('student', [
    textField('vehicle', 'Marke und Modell', 'z. B. VW Polo'),
    yearField(),
    mileageField(),
    phoneField('Telefon oder WhatsApp'),
    selectField('appointment', 'Wunschtermin', STUDENT_APPOINTMENTS),
  ]),
  'used-car-enquiry': leadForm('used-car-enquiry', [
    textField('desiredVehicle', 'Wunschfahrzeug', 'z. B. BMW 3er Touring'),
    priceField('priceFrom', 'Preis von (€)', 'z. B. 10.000'),
    priceField('priceTo', 'Preis bis (€)', 'z. B. 20.000'),
    phoneField(),
  ]),
  export: leadForm('export', [
    selectField('vehicleType', 'Fahrzeugtyp', EXPORT_VEHICLE_TYPES),
    // No autocomplete: the destination is no fact about the visitor, whose own country autofill would offer (WCAG 1.3.5).
    textField('country', 'Zielland', 'z. B. Polen'),
    textField('make', 'Marke', 'z. B. Mercedes-Benz'),
    yearField(),
    phoneField(),
  ]),
  'dealer-registration': {
    ...leadForm('dealer-registration', [
      textField('company', 'Firmenname', 'Ihr Firmenname', { required: true, autoComplete: 'organization' }),
      textField('location', 'Standort', 'z. B. Essen', { autoComplete: 'address-level2' }),
      selectField('vehiclesPerYear', 'Fahrzeuge pro Jahr', DEALER_VEHICLES_PER_YEAR),
      selectField('specialisation', 'Spezialisierung', DEALER_SPECIALISATIONS),
      phoneField(),
    ]),
    // It follows „REGISTRIERUNG SENDEN“ (copy review 2026-11-29, L10).
    texts: { ...leadForm('dealer-registration', []).texts, success: { ...LEAD_TOASTS.success, title: 'Registrierung gesendet!' } },
  },
  'vehicle-sale': vehicleSaleForm,
  'search-request': searchRequestForm,
  'availability-alert': availabilityAlertForm,
  'price-alert': priceAlertForm,
  'financing-request': financingRequestForm,
}

/** The nine forms: the contact form and the lead forms, all defined alike. */
export const FORMS: Readonly<Record<FormKind, FormDefinition>> = { contact: CONTACT_FORM, ...LEAD_FORMS }

export function isFormKind(value: unknown): value is FormKind {
  return typeof value === 'string' && Object.hasOwn(FORMS, value)
}
