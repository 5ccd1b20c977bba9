/*
 * Every form of the site, one definition each: the contact form (spec §5) and the eight lead forms
 * (spec §3 "Forms without submission"): kinds, German titles, fields in order with their limits,
 * options and texts, the toasts and the query of the confirmation. Browser-safe: no zod, nothing but
 * the formatting helpers, so the form renders native constraints (required, min, max, maxLength)
 * from here. The server schema in schema.server.ts is built from the same definitions.
 */

import { CONTACT_SUBJECTS as CONTACT_SUBJECT_LIST, LEAD_KINDS as LEAD_KIND_TITLES } from '#schemas/lib/constants.ts'
import { MIN_VEHICLE_YEAR, maxVehicleYear } from '#schemas/lib/validation.ts'
import { formatDecimal } from '#app/utils/format.ts'
import { EMAIL_PATTERN_SOURCE, PHONE_PATTERN_SOURCE } from '#app/utils/form-rules.ts'

export type LeadKind = (typeof LEAD_KIND_TITLES)[number]['value']
/** The kind of a form: `contact` or one of the lead kinds. */
export type FormKind = 'contact' | LeadKind

export type LeadInputType = 'text' | 'email' | 'tel' | 'number' | 'textarea' | 'select' | 'checkbox'

/** What a number field holds; decides its range and message. */
export type LeadNumberKind = 'year' | 'mileage' | 'price'

export interface FieldDefinition {
  /** The form control's name, the key in the submitted values. */
  readonly name: string
  /** German label, shown next to the input, in the Studio and in the dealer's e-mail. */
  readonly label: string
  readonly type: LeadInputType
  readonly required: boolean
  /** Allowed values of a select (value and label are the spec's text, unless `optionLabels` names them). */
  readonly options?: readonly string[]
  readonly optionLabels?: Readonly<Record<string, string>>
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
  readonly inputMode?: 'email'
  /** The field's own wording where it differs from the shared messages (the contact form's). */
  readonly messages?: { readonly missing?: string; readonly tooLong?: string; readonly invalid?: string }
}

export interface FormDefinition<K extends FormKind = FormKind> {
  readonly kind: K
  /** German title: the Studio's kind label and the dealer's e-mail subject. */
  readonly title: string
  readonly fields: readonly FieldDefinition[]
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

export const LEAD_KINDS: readonly LeadKind[] = LEAD_KIND_TITLES.map((entry) => entry.value)

export function isLeadKind(value: unknown): value is LeadKind {
  return typeof value === 'string' && (LEAD_KINDS as readonly string[]).includes(value)
}

/** Subjects of the contact form (spec §3), kept once with the Studio's list: the home form offers the first four, /contact all six. */
export const CONTACT_SUBJECTS = Object.fromEntries(CONTACT_SUBJECT_LIST.map((entry) => [entry.value, entry.title])) as {
  readonly [Entry in (typeof CONTACT_SUBJECT_LIST)[number] as Entry['value']]: Entry['title']
}
export type ContactSubject = keyof typeof CONTACT_SUBJECTS
export const HOME_CONTACT_SUBJECTS: readonly ContactSubject[] = ['ankauf', 'verkauf', 'lieferung', 'beratung']
export const ALL_CONTACT_SUBJECTS: readonly ContactSubject[] = CONTACT_SUBJECT_LIST.map((entry) => entry.value)

export const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, message: 5000, page: 200 } as const

/** The contact form's labels, on the form and in the toast that names a field's error. */
export const CONTACT_LABELS = { name: 'Name', email: 'E-Mail', phone: 'Telefon', subject: 'Betreff', message: 'Nachricht' } as const

/** German messages next to the contact form's fields, shared by the schema and the browser's required check. */
export const CONTACT_MESSAGES = {
  name: 'Bitte geben Sie Ihren Namen an.',
  email: 'Bitte geben Sie Ihre E-Mail-Adresse an.',
  emailFormat: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
  phoneFormat: 'Bitte geben Sie eine gültige Telefonnummer an.',
  subject: 'Bitte wählen Sie einen Betreff aus der Liste.',
  message: 'Bitte schreiben Sie uns eine Nachricht.',
} as const

const tooLong = (subject: string, max: number) => `${subject} darf höchstens ${formatDecimal(max)} Zeichen lang sein.`

/** The contact form (spec §5): stored as a `contactMessage`, its fields at the document's top level. */
export const CONTACT_FORM: FormDefinition<'contact'> = {
  kind: 'contact',
  title: 'Kontaktformular',
  fields: [
    {
      name: 'name',
      label: CONTACT_LABELS.name,
      type: 'text',
      required: true,
      maxLength: CONTACT_LIMITS.name,
      autoComplete: 'name',
      messages: { missing: CONTACT_MESSAGES.name, tooLong: tooLong('Der Name', CONTACT_LIMITS.name) },
    },
    {
      name: 'email',
      label: CONTACT_LABELS.email,
      type: 'email',
      required: true,
      maxLength: CONTACT_LIMITS.email,
      autoComplete: 'email',
      inputMode: 'email',
      messages: { missing: CONTACT_MESSAGES.email, tooLong: tooLong('Die E-Mail-Adresse', CONTACT_LIMITS.email) },
    },
    {
      name: 'phone',
      label: CONTACT_LABELS.phone,
      type: 'tel',
      required: false,
      maxLength: CONTACT_LIMITS.phone,
      autoComplete: 'tel',
      messages: { tooLong: tooLong('Die Telefonnummer', CONTACT_LIMITS.phone) },
    },
    {
      name: 'subject',
      label: CONTACT_LABELS.subject,
      type: 'select',
      required: false,
      options: ALL_CONTACT_SUBJECTS,
      optionLabels: CONTACT_SUBJECTS,
      placeholder: 'Bitte wählen',
      messages: { invalid: CONTACT_MESSAGES.subject },
    },
    {
      name: 'message',
      label: CONTACT_LABELS.message,
      type: 'textarea',
      required: true,
      maxLength: CONTACT_LIMITS.message,
      messages: { missing: CONTACT_MESSAGES.message, tooLong: tooLong('Die Nachricht', CONTACT_LIMITS.message) },
    },
  ],
}

/**
 * The hidden field that names the form of a post without JavaScript. Its name predates the
 * contact form's joining the lead forms; a post without it is a contact form's (cached pages,
 * clients of the old contact form).
 */
export const FORM_KIND_FIELD = 'leadKind'

/** Name of the honeypot input: hidden from people, filled in by naive bots. */
export const HONEYPOT_FIELD = 'website'

/** The fields a page shows: all of the kind's fields, minus those reserved to other variants, with the variant's examples. */
export function formFields(form: FormDefinition, variant?: string): readonly FieldDefinition[] {
  return form.fields
    .filter((field) => !field.variants || (variant !== undefined && field.variants.includes(variant)))
    .map((field) => {
      const placeholder = variant === undefined ? undefined : field.variantPlaceholders?.[variant]
      return placeholder ? { ...field, placeholder } : field
    })
}

/** The HTML attributes of a field's input (native constraints included), year bounds resolved for `now`. */
export function inputAttributes(field: FieldDefinition, now: Date = new Date()) {
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
    ...(field.inputMode ? { inputMode: field.inputMode } : {}),
    placeholder: field.type === 'select' || field.type === 'checkbox' ? undefined : field.placeholder,
    autoComplete: field.autoComplete,
  }
}

/** The interest text the vehicle enquiry's message starts with. */
export function vehicleEnquiryMessage(make: string, model: string): string {
  return `Ich interessiere mich für den ${make} ${model}. Bitte kontaktieren Sie mich.`
}

export type FieldErrors = Partial<Record<string, string[]>>

/** The form's required fields that are empty: the names, in form order. */
export function missingRequiredFields(form: FormDefinition, values: Partial<Record<string, unknown>>): string[] {
  return form.fields
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
export function formatMessage(field: FieldDefinition, now: Date = new Date()): string {
  if (field.messages?.invalid) return field.messages.invalid
  if (field.type === 'email') return LEAD_MESSAGES.emailFormat
  if (field.type === 'tel') return LEAD_MESSAGES.phoneFormat
  if (field.type === 'select') return LEAD_MESSAGES.option(field.label)
  if (field.type === 'number') {
    if (field.number === 'year') return LEAD_MESSAGES.year(maxVehicleYear(now))
    if (field.number === 'mileage') return LEAD_MESSAGES.mileage
    if (field.number === 'price') return LEAD_MESSAGES.price
    return LEAD_MESSAGES.notANumber(field.label)
  }
  if (field.maxLength !== undefined) return tooLongMessage(field, field.maxLength)
  return LEAD_MESSAGES.text(field.label)
}

/** The message of a text over its field's limit. */
export function tooLongMessage(field: FieldDefinition, max: number): string {
  return field.messages?.tooLong ?? LEAD_MESSAGES.tooLong(field.label, max)
}

/** The message shown next to an empty required field. */
export function missingFieldMessage(form: FormDefinition, name: string): string {
  const field = form.fields.find((candidate) => candidate.name === name)
  if (field?.messages?.missing) return field.messages.missing
  if (form.kind === 'vehicle-enquiry' && (name === 'name' || name === 'email' || name === 'message')) return LEAD_MESSAGES[name]
  if (name === 'phone') return LEAD_MESSAGES.callback
  return LEAD_MESSAGES.required(field?.label ?? name)
}

/** The query parameters of the confirmation after a post without JavaScript (docs/decisions/003). */
export const SENT = {
  contact: { param: 'nachricht', value: 'gesendet' },
  lead: { param: 'anfrage', value: 'gesendet', formParam: 'formular' },
} as const
/** `?betreff=termin` preselects a subject (the quick contact's „Termin“ link on /contact). */
export const SUBJECT_PARAM = 'betreff'

/** The section a post without JavaScript comes back to when it names none (or a bad one). */
export const DEFAULT_ANCHOR = { contact: 'contact', lead: 'anfrage' } as const

/** The confirmation query of a form: `nachricht=gesendet` (contact), `anfrage=gesendet&formular=<anchor>` (leads). */
export function sentQuery(kind: FormKind, anchor: string): string {
  if (kind === 'contact') return new URLSearchParams({ [SENT.contact.param]: SENT.contact.value }).toString()
  return new URLSearchParams({ [SENT.lead.param]: SENT.lead.value, [SENT.lead.formParam]: anchor }).toString()
}

/** Texts of spec §5 and §8, quoted exactly. */
export const CONTACT_TOASTS = {
  missing: { title: 'Pflichtfelder fehlen', description: 'Bitte füllen Sie alle Pflichtfelder aus.' },
  success: {
    title: 'Nachricht gesendet!',
    description: 'Vielen Dank für Ihre Nachricht! Wir werden uns schnellstmöglich bei Ihnen melden.',
  },
  failure: {
    title: 'Fehler beim Senden',
    description: 'Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  },
} as const

/**
 * The toast of a filled field that is refused (format, forbidden characters): it names the fields,
 * each with its message; the spec's 'Fehler beim Senden' is for failures another try can fix.
 */
export const FIELD_ERROR_TOAST = { title: 'Bitte prüfen Sie Ihre Eingaben' } as const

/** Toast and confirmation texts of the lead forms. */
export const LEAD_TOASTS = {
  missing: CONTACT_TOASTS.missing,
  invalid: FIELD_ERROR_TOAST,
  success: { title: 'Anfrage gesendet!', description: 'Vielen Dank! Wir melden uns schnellstmöglich bei Ihnen.' },
  /** Spec §7: the vehicle enquiry's confirmation, once a browser alert, now a toast. */
  vehicleEnquirySuccess: 'Ihre Anfrage wurde gesendet! Wir melden uns schnellstmöglich bei Ihnen.',
  failure: { title: 'Fehler beim Senden', description: 'Ihre Anfrage konnte nicht gesendet werden. Bitte versuchen Sie es erneut.' },
} as const

export const SUBMITTING_LABEL = 'WIRD GESENDET...'
export const DEFAULT_LEAD_SUBMIT_LABEL = 'ANFRAGE SENDEN'

/**
 * The page's failure texts for posts without JavaScript. A refusal before the body is read (403,
 * 413, 415) cannot know the form; the forms show it when the answer names no form.
 */
export const PAGE_FORM_ERRORS = {
  /** A post that did not come from the site's own pages (docs/decisions/008). */
  foreign:
    'Ihre Nachricht wurde nicht angenommen, weil sie nicht über ein Formular dieser Website gesendet wurde. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  tooLarge: 'Ihre Anfrage ist zu lang. Bitte kürzen Sie sie.',
  unsupported: LEAD_TOASTS.failure.description,
  unknownForm: 'Dieses Formular ist unbekannt. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  /** The lake refused or failed the write (503). */
  unavailable: {
    contact: CONTACT_TOASTS.failure.description,
    lead: 'Ihre Anfrage konnte gerade nicht gespeichert werden. Bitte versuchen Sie es in einigen Minuten erneut.',
  },
} as const

/** What the page action answers to a failed post without JavaScript (status ≠ 303). */
export interface SubmissionActionData {
  status: 'error'
  /** Which form the answer is for (the hidden FORM_KIND_FIELD's name); unset when the post named none the action knows. */
  leadKind?: FormKind
  /** The form's section: a page may show several forms; unset when the body was not read. */
  anchor?: string
  fieldErrors?: FieldErrors
  formError?: string
  values: Record<string, string>
}
