/*
 * What every form of the site shares, and the contact form (spec §5): the shape of a definition
 * (kind, German title, fields in order with their limits, options and texts, the toasts and the
 * query of the confirmation) and the helpers that read it. Browser-safe: no zod, nothing but the
 * formatting helpers, so a form renders native constraints (required, pattern, maxLength) from its
 * definition. The server schema in schema.server.ts is built from the same definitions.
 *
 * The lead forms (spec §3 "Forms without submission", one per LEAD_KINDS entry) are defined beside
 * it (vehicle-lead-forms.ts, page-lead-forms.ts, sell-request-form.ts, search-request-form.ts) and
 * listed in form-registry.ts; they and their shared wording (field-messages.ts) load only on pages
 * that show a lead form.
 */

import { CONTACT_SUBJECTS as CONTACT_SUBJECT_LIST, type LEAD_KINDS as LEAD_KIND_TITLES } from '#schemas/lib/constants.ts'
import { formatDecimal } from '#app/utils/format.ts'
import { EMAIL_PATTERN_SOURCE, inputPattern, isValidEmail, PHONE_PATTERN_SOURCE } from '#app/utils/form-rules.ts'

export type LeadKind = (typeof LEAD_KIND_TITLES)[number]['value']
/** The kind of a form: `contact` or one of the lead kinds. */
export type FormKind = 'contact' | LeadKind

/** `slot`: a test-drive slot, offered per page from the opening hours (app/submissions/appointment-slots.ts). */
/** `hidden`: a value the page fills in (the Suchauftrag's search), stored and shown like the others. */
export type LeadInputType = 'text' | 'email' | 'tel' | 'number' | 'textarea' | 'select' | 'checkbox' | 'slot' | 'hidden'

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
  /** Range of a number field, checked by the server; `year` takes its maximum from `maxVehicleYear()`. */
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
  readonly inputMode?: 'email' | 'numeric'
  /** A text field's own format (a postcode's five digits): the input's `pattern` and the server's check, with its message. */
  readonly pattern?: { readonly source: string; readonly message: string }
  /** The field's own wording where it differs from the shared messages (the contact form's). */
  readonly messages?: { readonly missing?: string; readonly tooLong?: string; readonly invalid?: string }
  /**
   * Repeated in the visitor's receipt although the field is not a select, number or checkbox (those
   * are by their type, docs/decisions/042): only for a value the visitor cannot fill with words, one
   * the server checks against a digits-only `pattern` (the postcode) or writes itself (the test-drive
   * slot's German text). Never for free text, names, addresses or phone numbers: the receipt goes to
   * whatever address was typed in, so it must not carry anything a stranger wrote.
   */
  readonly inReceipt?: true
}

export interface FormDefinition<K extends FormKind = FormKind> {
  readonly kind: K
  /** German title: the Studio's kind label and the dealer's e-mail subject. */
  readonly title: string
  readonly fields: readonly FieldDefinition[]
  /** The toasts and the confirmation: the contact form's wording (spec §5) differs from the lead forms'. */
  readonly texts: FormTexts
  /**
   * The form's photo field (the sell request's): its name and how many photos it takes. Only a form
   * with one may be posted as multipart/form-data; its photos are checked after every text field.
   */
  readonly photos?: { readonly field: string; readonly max: number }
  /** The form asks for one thing (this car's price, this search): its confirmation offers no „Weitere Anfrage senden“. */
  readonly once?: true
  /** The lead watches its car (its price, its reservation): refused unless it names a car in the lake (submit.server.ts). */
  readonly watchesVehicle?: true
  /** The lead watches its car's price: refused for a car without one („Preis auf Anfrage“, submit.server.ts). */
  readonly watchesPrice?: true
  /**
   * The field that takes an e-mail address or a phone number (the Suchauftrag's): the success toast
   * and the confirmation say what comes next for the way given, not for both.
   */
  readonly replyVia?: { readonly field: string; readonly success: Readonly<Record<ReplyChannel, SuccessText>> }
  /** Groups of optional fields of which at least one must be filled (phone or e-mail), the message shown at each of them. */
  readonly anyOf?: readonly { readonly fields: readonly string[]; readonly message: string; readonly hint?: string }[]
  /**
   * The message next to an empty required field, next to a value the field's format refuses, and next
   * to a number outside its field's range (forms with number fields): the server schema's.
   */
  readonly messages: {
    readonly missing: (field: FieldDefinition) => string
    readonly format: (field: FieldDefinition) => string
    readonly range?: (field: FieldDefinition, number: number) => string | undefined
  }
}

interface ToastText {
  readonly title: string
  readonly description: string
}

export interface SuccessText {
  readonly title?: string
  readonly description: string
}

export interface FormTexts {
  readonly toasts: { readonly missing: ToastText; readonly invalid: { readonly title: string }; readonly failure: ToastText }
  /** The success toast and the confirmation after a post without JavaScript (a `replyVia` form's when the way is not known). */
  readonly success: SuccessText
}

/** How a `replyVia` form answers: an e-mail (with its confirmation link) or a call; also the value of SENT.lead.channelParam. */
export type ReplyChannel = 'email' | 'telefon'

/** The way back a post gave in its form's `replyVia` field: an e-mail address, else a phone number; undefined for other forms. */
export function replyChannel(form: FormDefinition, values: Readonly<Record<string, unknown>>): ReplyChannel | undefined {
  const value = form.replyVia ? values[form.replyVia.field] : undefined
  if (typeof value !== 'string' || value.trim() === '') return undefined
  return isValidEmail(value.trim()) ? 'email' : 'telefon'
}

/** The slot a post chose in its form's slot field (the test drive's „Wunschtermin“, its value); undefined for other forms. */
export function chosenSlot(form: FormDefinition, values: Readonly<Record<string, unknown>>): string | undefined {
  const field = form.fields.find((candidate) => candidate.type === 'slot')
  const value = field ? values[field.name] : undefined
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The success toast's and the confirmation's words for a post that gave `channel` (replyChannel, or the confirmation's address). */
export function successText(form: FormDefinition, channel: string | null | undefined, slot?: string): SuccessText {
  const byChannel = form.replyVia?.success
  const text = byChannel && (channel === 'email' || channel === 'telefon') ? byChannel[channel] : form.texts.success
  // The test drive's chosen window, as the select named it (slotText): the visitor sees what was asked for.
  return slot ? { ...text, description: `${text.description} Ihr Wunschtermin: ${slot}.` } : text
}

/**
 * The hidden field of a form that may be sent again after a time-out (the sell request): a random
 * key made when the form is rendered; a second post with the same key stores nothing new.
 */
export const SUBMISSION_KEY_FIELD = 'submissionKey'

/** The wording of a refused e-mail address or phone number, the same in every form (and the inputs' `title`). */
export const FORMAT_MESSAGES = {
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
  phone: 'Bitte geben Sie eine gültige Telefonnummer an.',
} as const

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
  emailFormat: FORMAT_MESSAGES.email,
  phoneFormat: FORMAT_MESSAGES.phone,
  subject: 'Bitte wählen Sie einen Betreff aus der Liste.',
  message: 'Bitte schreiben Sie uns eine Nachricht.',
} as const

const tooLong = (subject: string, max: number) => `${subject} darf höchstens ${formatDecimal(max)} Zeichen lang sein.`

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

/** Wording of a field of the contact form, which names its own (spec §5); the fallback is for a field added without. */
const ownMessage = (field: FieldDefinition, message: string | undefined) => message ?? `Bitte prüfen Sie das Feld „${field.label}“.`

/** The contact form (spec §5): stored as a `contactMessage`, its fields at the document's top level. */
export const CONTACT_FORM: FormDefinition<'contact'> = {
  kind: 'contact',
  title: 'Kontaktformular',
  texts: { toasts: { missing: CONTACT_TOASTS.missing, invalid: FIELD_ERROR_TOAST, failure: CONTACT_TOASTS.failure }, success: CONTACT_TOASTS.success },
  messages: {
    missing: (field) => ownMessage(field, field.messages?.missing),
    format: (field) => ownMessage(field, field.messages?.invalid ?? field.messages?.tooLong),
  },
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
      messages: { missing: CONTACT_MESSAGES.email, tooLong: tooLong('Die E-Mail-Adresse', CONTACT_LIMITS.email), invalid: CONTACT_MESSAGES.emailFormat },
    },
    {
      name: 'phone',
      label: CONTACT_LABELS.phone,
      type: 'tel',
      required: false,
      maxLength: CONTACT_LIMITS.phone,
      autoComplete: 'tel',
      messages: { tooLong: tooLong('Die Telefonnummer', CONTACT_LIMITS.phone), invalid: CONTACT_MESSAGES.phoneFormat },
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

/**
 * The HTML attributes of a field's input (native constraints included). A pattern's `title` is the
 * message of the browser's own bubble without JavaScript; once `scripted` the page checks itself and
 * shows the message at the field, and the title would only be read out as the field's description,
 * an error before anything was typed.
 */
export function inputAttributes(field: FieldDefinition, scripted = false) {
  return {
    name: field.name,
    required: field.required || undefined,
    // A number is typed into a text input: `type="number"` refuses „123.456“, the German way to write 123456 km;
    // its pattern (lead-forms.ts) checks the format, the server the range.
    ...(field.type === 'textarea' || field.type === 'select' || field.type === 'slot' ? {} : { type: field.type === 'number' ? 'text' : field.type }),
    ...(field.type === 'number' ? { inputMode: 'numeric' as const } : {}),
    maxLength: field.maxLength,
    // The server's e-mail and phone rules (app/utils/form-rules.ts): the browser refuses what the server would.
    ...(field.type === 'email' ? { pattern: EMAIL_PATTERN_SOURCE, title: scripted ? undefined : FORMAT_MESSAGES.email } : {}),
    // An e-mail input drops spaces itself; the others let them through (inputPattern), as the server trims them.
    ...(field.type === 'tel' ? { pattern: inputPattern(PHONE_PATTERN_SOURCE), title: scripted ? undefined : FORMAT_MESSAGES.phone } : {}),
    ...(field.pattern ? { pattern: inputPattern(field.pattern.source), title: scripted ? undefined : field.pattern.message } : {}),
    ...(field.inputMode ? { inputMode: field.inputMode } : {}),
    placeholder: field.type === 'select' || field.type === 'slot' || field.type === 'checkbox' ? undefined : field.placeholder,
    autoComplete: field.autoComplete,
  }
}

export type FieldErrors = Partial<Record<string, string[]>>

/** The form's required fields that are empty: the names, in form order. */
export function missingRequiredFields(form: FormDefinition, values: Partial<Record<string, unknown>>): string[] {
  const empty = (name: string) => {
    const value = values[name]
    return typeof value !== 'string' || value.trim() === ''
  }
  // A group of which one must be filled (phone or e-mail) counts as missing when all of it is empty.
  const groups = new Set((form.anyOf ?? []).filter((group) => group.fields.every(empty)).flatMap((group) => group.fields))
  return form.fields.filter((field) => (field.required || groups.has(field.name)) && empty(field.name)).map((field) => field.name)
}

/** The query parameters of the confirmation after a post without JavaScript (docs/decisions/003). */
export const SENT = {
  contact: { param: 'nachricht', value: 'gesendet' },
  lead: { param: 'anfrage', value: 'gesendet', formParam: 'formular', photosParam: 'fotos', channelParam: 'antwort', slotParam: 'termin' },
} as const
/** `?betreff=termin` preselects a subject (the quick contact's „Termin“ link on /contact). */
export const SUBJECT_PARAM = 'betreff'

/** The id of the sell form's section on that page: a post without JavaScript and the valuation forms' hand-over land there. */
export const SALE_ANCHOR = 'verkaufen'

/**
 * The fields that name or reach a person. A valuation form hands them to the sell request outside
 * the address when it can (with JavaScript, decision 106), and the access log never writes them.
 */
export const PERSONAL_FIELDS: readonly string[] = ['name', 'email', 'phone']

/** The section a post without JavaScript comes back to when it names none (or a bad one). */
export const DEFAULT_ANCHOR = { contact: 'contact', lead: 'anfrage' } as const

/** The confirmation query of a form: `nachricht=gesendet` (contact), `anfrage=gesendet&formular=<anchor>` (leads). */
export function sentQuery(
  kind: FormKind,
  anchor: string,
  { photos, channel, slot }: { photos?: { stored: number; withheld: boolean }; channel?: ReplyChannel; slot?: string } = {},
): string {
  if (kind === 'contact') return new URLSearchParams({ [SENT.contact.param]: SENT.contact.value }).toString()
  const query = new URLSearchParams({ [SENT.lead.param]: SENT.lead.value, [SENT.lead.formParam]: anchor })
  // What the confirmation says of the photos (a form with photos only): their number, or that none were kept.
  if (photos) query.set(SENT.lead.photosParam, photos.withheld ? PHOTOS_WITHHELD : String(photos.stored))
  // The way back given (`email` or `telefon`, never the address or number itself): the confirmation speaks of that one.
  if (channel) query.set(SENT.lead.channelParam, channel)
  // The test drive's window (its value, `2026-11-30T15:00-18:00`): the confirmation names it as the select did.
  if (slot) query.set(SENT.lead.slotParam, slot)
  return query.toString()
}

/** The `fotos` value of a confirmation whose photos were not kept (the sender's photo budget). */
export const PHOTOS_WITHHELD = 'zurueckgehalten'

/**
 * The id of a form's confirmation after a post without JavaScript, also the fragment of the
 * address the post is redirected to: Chromium focuses a focusable fragment target on arrival,
 * while `autofocus` alone is skipped when the address has a fragment (issue 26 item 4).
 */
export function confirmationId(anchor: string): string {
  return `${anchor}-bestaetigung`
}

/**
 * The id of a form's error summary, and the fragment of the address it posts to: after a refused
 * post without JavaScript the browser lands on the summary and focuses it, so a screen reader reads
 * what to fix (a `role=alert` present at load is usually not spoken). A success is redirected to the
 * confirmation's own fragment.
 */
export function errorSummaryId(anchor: string): string {
  return `${anchor}-fehler`
}

export const SUBMITTING_LABEL = 'WIRD GESENDET...'
export const DEFAULT_LEAD_SUBMIT_LABEL = 'ANFRAGE SENDEN'

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
