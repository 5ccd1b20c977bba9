/*
 * The lead forms (spec §3 "Forms without submission"): kinds, German titles, fields in order with
 * their limits, options and texts. Browser-safe: no zod, nothing but the formatting helpers, so the forms can
 * render native constraints (required, min, max, maxLength) from here. The server schema in
 * lead-schemas.server.ts is built from the same definitions and adds the cross-field rules.
 */

import { LEAD_KINDS as LEAD_KIND_TITLES } from '#schemas/lib/constants.ts'
import { MAX_MILEAGE_KM, MIN_VEHICLE_YEAR, maxVehicleYear } from '#schemas/lib/validation.ts'
import { formatDecimal } from '../utils/format'
import { EMAIL_PATTERN_SOURCE, PHONE_PATTERN_SOURCE } from '../utils/form-rules'

export type LeadKind = (typeof LEAD_KIND_TITLES)[number]['value']

/** A kind's German title, kept once with the Studio's list in schemas/lib/constants.ts. */
function titleOfKind(kind: LeadKind): string {
  return LEAD_KIND_TITLES.find((entry) => entry.value === kind)!.title
}

export type LeadInputType = 'text' | 'email' | 'tel' | 'number' | 'textarea' | 'select' | 'checkbox'

/** What a number field holds; decides its range and message. */
export type LeadNumberKind = 'year' | 'mileage' | 'price'

export interface LeadFieldDefinition {
  /** The form control's name, the key in the submitted values. */
  readonly name: string
  /** German label, shown next to the input, in the Studio and in the dealer's e-mail. */
  readonly label: string
  readonly type: LeadInputType
  readonly required: boolean
  /** Allowed values of a select (value and label are the spec's text). */
  readonly options?: readonly string[]
  /** Range of a number field; `year` takes its maximum from `maxVehicleYear()`. */
  readonly number?: LeadNumberKind
  readonly min?: number
  readonly max?: number
  readonly maxLength?: number
  readonly placeholder?: string
  readonly autoComplete?: string
  /** Only some pages of a kind show this field (Münster's quick-handling checkbox). */
  readonly variants?: readonly string[]
  /** A page variant's own example, instead of `placeholder` (the Mercedes page suggests a C-Klasse, the Audi page an A4). */
  readonly variantPlaceholders?: Readonly<Record<string, string>>
}

export interface LeadFormDefinition {
  readonly kind: LeadKind
  /** German title: the Studio's kind label and the dealer's e-mail subject. */
  readonly title: string
  readonly fields: readonly LeadFieldDefinition[]
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

/** Select options, quoted exactly from spec §3. */
export const STUDENT_APPOINTMENTS = ['Flexibel', 'Abends nach 18 Uhr', 'Wochenende', 'Zwischen Vorlesungen'] as const
export const EXPORT_VEHICLE_TYPES = ['PKW', 'LKW', 'Transporter', 'Baumaschine', 'Landmaschine', 'Andere'] as const
export const DEALER_VEHICLES_PER_YEAR = ['5-15', '15-50', '50+'] as const
export const DEALER_SPECIALISATIONS = ['PKW Handel', 'Export', 'Nutzfahrzeuge', 'Premium'] as const

/** The pages with a valuation form; only Münster shows the quick-handling checkbox. */
export const VALUATION_VARIANTS = { sonsbeck: 'Sonsbeck', uedem: 'Uedem', muenster: 'Münster' } as const
export type ValuationVariant = keyof typeof VALUATION_VARIANTS

/** German messages next to the fields, shared by the server schemas and the browser's required check. */
export const LEAD_MESSAGES = {
  required: (label: string) => `Bitte füllen Sie das Feld „${label}“ aus.`,
  name: 'Bitte geben Sie Ihren Namen an.',
  email: 'Bitte geben Sie Ihre E-Mail-Adresse an.',
  emailFormat: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
  message: 'Bitte schreiben Sie uns eine Nachricht.',
  callback: 'Bitte geben Sie eine Telefonnummer an, damit wir Sie zurückrufen können.',
  phoneFormat: 'Bitte geben Sie eine gültige Telefonnummer an.',
  text: (label: string) => `„${label}“ muss Text sein.`,
  tooLong: (label: string, max: number) => `„${label}“ darf höchstens ${formatDecimal(max)} Zeichen lang sein.`,
  notANumber: (label: string) => `„${label}“ muss eine ganze Zahl sein.`,
  year: (max: number) => `Das Baujahr muss zwischen ${MIN_VEHICLE_YEAR} und ${max} liegen.`,
  mileage: 'Der Kilometerstand muss zwischen 0 und 2.000.000 km liegen.',
  price: 'Der Preis muss zwischen 0 und 10.000.000 € liegen.',
  priceRange: 'Der Preis „von“ darf nicht über dem Preis „bis“ liegen.',
  option: (label: string) => `Bitte wählen Sie für „${label}“ einen Eintrag aus der Liste.`,
  checkbox: (label: string) => `„${label}“ hat einen ungültigen Wert.`,
  vehicleId: 'Das Fahrzeug ist unbekannt.',
} as const

const PHONE_PLACEHOLDER = 'Ihre Telefonnummer'

const phone = (label = 'Telefon'): LeadFieldDefinition => ({
  name: 'phone',
  label,
  type: 'tel',
  required: true,
  maxLength: LEAD_LIMITS.phone,
  placeholder: PHONE_PLACEHOLDER,
  autoComplete: 'tel',
})

const text = (name: string, label: string, placeholder: string, extra: Partial<LeadFieldDefinition> = {}): LeadFieldDefinition => ({
  name,
  label,
  type: 'text',
  required: false,
  maxLength: LEAD_LIMITS.shortText,
  placeholder,
  ...extra,
})

const year = (label = 'Baujahr'): LeadFieldDefinition => ({
  name: 'year',
  label,
  type: 'number',
  required: false,
  number: 'year',
  min: MIN_VEHICLE_YEAR,
  placeholder: 'z. B. 2018',
})

const mileage = (label = 'Kilometerstand (km)'): LeadFieldDefinition => ({
  name: 'mileage',
  label,
  type: 'number',
  required: false,
  number: 'mileage',
  min: 0,
  max: MAX_MILEAGE_KM,
  placeholder: 'z. B. 85000',
})

const price = (name: string, label: string, placeholder: string): LeadFieldDefinition => ({
  name,
  label,
  type: 'number',
  required: false,
  number: 'price',
  min: 0,
  max: MAX_PRICE_EUR,
  placeholder,
})

const select = (name: string, label: string, options: readonly string[]): LeadFieldDefinition => ({
  name,
  label,
  type: 'select',
  required: false,
  options,
  placeholder: 'Bitte wählen',
})

/** Every lead form, in the order of spec §3. */
export const LEAD_FORMS: Readonly<Record<LeadKind, LeadFormDefinition>> = {
  'vehicle-enquiry': {
    kind: 'vehicle-enquiry',
    title: titleOfKind('vehicle-enquiry'),
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true, maxLength: LEAD_LIMITS.name, placeholder: 'Ihr Name', autoComplete: 'name' },
      {
        name: 'email',
        label: 'E-Mail',
        type: 'email',
        required: true,
        maxLength: LEAD_LIMITS.email,
        placeholder: 'ihre@email.de',
        autoComplete: 'email',
      },
      { name: 'message', label: 'Nachricht', type: 'textarea', required: true, maxLength: LEAD_LIMITS.message, placeholder: 'Ihre Nachricht' },
    ],
  },
  valuation: {
    kind: 'valuation',
    title: titleOfKind('valuation'),
    fields: [
      text('brand', 'Marke', 'z. B. VW'),
      text('model', 'Modell', 'z. B. Golf'),
      year(),
      mileage(),
      phone(),
      { name: 'quick', label: 'Schnelle Abwicklung gewünscht', type: 'checkbox', required: false, variants: ['muenster'] },
    ],
  },
  'valuation-bmw': {
    kind: 'valuation-bmw',
    title: titleOfKind('valuation-bmw'),
    fields: [text('model', 'Modell', 'z. B. 320d'), year(), mileage(), phone()],
  },
  'brand-purchase': {
    kind: 'brand-purchase',
    title: titleOfKind('brand-purchase'),
    fields: [
      text('model', 'Modell', 'z. B. C-Klasse oder A4', { variantPlaceholders: { mercedes: 'z. B. C-Klasse', audi: 'z. B. A4' } }),
      year(),
      mileage('KM-Stand'),
      phone(),
    ],
  },
  student: {
    kind: 'student',
    title: titleOfKind('student'),
    fields: [
      text('vehicle', 'Marke und Modell', 'z. B. VW Polo'),
      year(),
      mileage('KM-Stand'),
      phone('Telefon oder WhatsApp'),
      select('appointment', 'Wunschtermin', STUDENT_APPOINTMENTS),
    ],
  },
  'used-car-enquiry': {
    kind: 'used-car-enquiry',
    title: titleOfKind('used-car-enquiry'),
    fields: [
      text('desiredVehicle', 'Wunschfahrzeug', 'z. B. BMW 3er Touring'),
      price('priceFrom', 'Preis von (€)', 'z. B. 10000'),
      price('priceTo', 'Preis bis (€)', 'z. B. 20000'),
      phone(),
    ],
  },
  export: {
    kind: 'export',
    title: titleOfKind('export'),
    fields: [
      select('vehicleType', 'Fahrzeugtyp', EXPORT_VEHICLE_TYPES),
      text('country', 'Zielland', 'z. B. Polen', { autoComplete: 'country-name' }),
      text('make', 'Marke', 'z. B. Mercedes-Benz'),
      year(),
      phone(),
    ],
  },
  'dealer-registration': {
    kind: 'dealer-registration',
    title: titleOfKind('dealer-registration'),
    fields: [
      text('company', 'Firmenname', 'Ihr Firmenname', { required: true, autoComplete: 'organization' }),
      text('location', 'Standort', 'z. B. Essen', { autoComplete: 'address-level2' }),
      select('vehiclesPerYear', 'Fahrzeuge pro Jahr', DEALER_VEHICLES_PER_YEAR),
      select('specialisation', 'Spezialisierung', DEALER_SPECIALISATIONS),
      phone(),
    ],
  },
}

export const LEAD_KINDS: readonly LeadKind[] = LEAD_KIND_TITLES.map((entry) => entry.value)

export function isLeadKind(value: unknown): value is LeadKind {
  return typeof value === 'string' && Object.hasOwn(LEAD_FORMS, value)
}

/** The fields a page shows: all of the kind's fields, minus those reserved to other variants, with the variant's examples. */
export function leadFormFields(kind: LeadKind, variant?: string): readonly LeadFieldDefinition[] {
  return LEAD_FORMS[kind].fields
    .filter((field) => !field.variants || (variant !== undefined && field.variants.includes(variant)))
    .map((field) => {
      const placeholder = variant === undefined ? undefined : field.variantPlaceholders?.[variant]
      return placeholder ? { ...field, placeholder } : field
    })
}

/** The HTML attributes of a field's input (native constraints included), year bounds resolved for `now`. */
export function leadInputAttributes(field: LeadFieldDefinition, now: Date = new Date()) {
  return {
    name: field.name,
    required: field.required || undefined,
    ...(field.type === 'textarea' || field.type === 'select' ? {} : { type: field.type }),
    ...(field.type === 'number' ? { inputMode: 'numeric' as const, step: 1 } : {}),
    min: field.min,
    max: field.number === 'year' ? maxVehicleYear(now) : field.max,
    maxLength: field.maxLength,
    // The server's e-mail and phone rules (app/utils/form-rules.ts): the browser refuses what the server would.
    ...(field.type === 'email' ? { pattern: EMAIL_PATTERN_SOURCE, title: LEAD_MESSAGES.emailFormat } : {}),
    ...(field.type === 'tel' ? { pattern: PHONE_PATTERN_SOURCE, title: LEAD_MESSAGES.phoneFormat } : {}),
    placeholder: field.type === 'select' || field.type === 'checkbox' ? undefined : field.placeholder,
    autoComplete: field.autoComplete,
  }
}

/** The interest text the vehicle enquiry's message starts with. */
export function vehicleEnquiryMessage(make: string, model: string): string {
  return `Ich interessiere mich für den ${make} ${model}. Bitte kontaktieren Sie mich.`
}

export type LeadFieldErrors = Partial<Record<string, string[]>>

/** The kind's required fields that are empty: the names, in form order. */
export function missingRequiredLeadFields(kind: LeadKind, values: Partial<Record<string, unknown>>): string[] {
  return LEAD_FORMS[kind].fields
    .filter((field) => field.required)
    .filter((field) => {
      const value = values[field.name]
      return typeof value !== 'string' || value.trim() === ''
    })
    .map((field) => field.name)
}

/**
 * The message next to a filled field the browser's constraints refuse (type, pattern, min, max,
 * maxLength): the one the server schema gives for the same value.
 */
export function formatMessage(field: LeadFieldDefinition, now: Date = new Date()): string {
  if (field.type === 'email') return LEAD_MESSAGES.emailFormat
  if (field.type === 'tel') return LEAD_MESSAGES.phoneFormat
  if (field.type === 'select') return LEAD_MESSAGES.option(field.label)
  if (field.type === 'number') {
    if (field.number === 'year') return LEAD_MESSAGES.year(maxVehicleYear(now))
    if (field.number === 'mileage') return LEAD_MESSAGES.mileage
    if (field.number === 'price') return LEAD_MESSAGES.price
    return LEAD_MESSAGES.notANumber(field.label)
  }
  if (field.maxLength !== undefined) return LEAD_MESSAGES.tooLong(field.label, field.maxLength)
  return LEAD_MESSAGES.text(field.label)
}

/** The message shown next to an empty required field. */
export function missingFieldMessage(kind: LeadKind, name: string): string {
  if (kind === 'vehicle-enquiry' && (name === 'name' || name === 'email' || name === 'message')) return LEAD_MESSAGES[name]
  if (name === 'phone') return LEAD_MESSAGES.callback
  const field = LEAD_FORMS[kind].fields.find((candidate) => candidate.name === name)
  return LEAD_MESSAGES.required(field?.label ?? name)
}
