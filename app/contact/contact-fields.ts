/*
 * The contact form's fields, limits, subjects and texts: everything the browser needs, without
 * zod (the schema in contact-schema.ts runs on the server; the browser shows its field errors).
 */

import { CONTACT_SUBJECTS as CONTACT_SUBJECT_LIST } from '#schemas/lib/constants.ts'

/** Subjects of the contact form (spec §3), kept once with the Studio's list: the home form offers the first four, /contact all six. */
export const CONTACT_SUBJECTS = Object.fromEntries(CONTACT_SUBJECT_LIST.map((entry) => [entry.value, entry.title])) as {
  readonly [Entry in (typeof CONTACT_SUBJECT_LIST)[number] as Entry['value']]: Entry['title']
}

export type ContactSubject = keyof typeof CONTACT_SUBJECTS

export const HOME_CONTACT_SUBJECTS: readonly ContactSubject[] = ['ankauf', 'verkauf', 'lieferung', 'beratung']
export const ALL_CONTACT_SUBJECTS: readonly ContactSubject[] = CONTACT_SUBJECT_LIST.map((entry) => entry.value)

export const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, message: 5000, page: 200 } as const

/** The fields' labels, on the form and in the toast that names a field's error. */
export const CONTACT_LABELS = { name: 'Name', email: 'E-Mail', phone: 'Telefon', subject: 'Betreff', message: 'Nachricht' } as const

export type ContactField = 'name' | 'email' | 'phone' | 'subject' | 'message' | 'page'
export type ContactFieldErrors = Partial<Record<ContactField, string[]>>

/** The fields whose absence triggers the spec's 'Pflichtfelder fehlen' toast. */
export const REQUIRED_CONTACT_FIELDS = ['name', 'email', 'message'] as const

/** German messages next to the fields, shared by the schema and the browser's required check. */
export const CONTACT_MESSAGES = {
  name: 'Bitte geben Sie Ihren Namen an.',
  email: 'Bitte geben Sie Ihre E-Mail-Adresse an.',
  emailFormat: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
  phoneFormat: 'Bitte geben Sie eine gültige Telefonnummer an.',
  subject: 'Bitte wählen Sie einen Betreff aus der Liste.',
  message: 'Bitte schreiben Sie uns eine Nachricht.',
} as const

/** The spec's required fields that are empty (the 'Pflichtfelder fehlen' case). */
export function missingRequiredContactFields(values: Partial<Record<string, unknown>>) {
  return REQUIRED_CONTACT_FIELDS.filter((field) => {
    const value = values[field]
    return typeof value !== 'string' || value.trim() === ''
  })
}

/** Name of the honeypot input: hidden from people, filled in by naive bots. */
export const HONEYPOT_FIELD = 'website'

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

export const SUBMITTING_LABEL = 'WIRD GESENDET...'
