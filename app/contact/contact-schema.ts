import { z } from 'zod'

/** Subjects of the contact form (spec §3): the home form offers the first four, /contact all six. */
export const CONTACT_SUBJECTS = {
  ankauf: 'Fahrzeug verkaufen',
  verkauf: 'Fahrzeug kaufen',
  lieferung: 'Fahrzeuglieferung',
  beratung: 'Allgemeine Beratung',
  bewertung: 'Fahrzeugbewertung',
  termin: 'Termin vereinbaren',
} as const

export type ContactSubject = keyof typeof CONTACT_SUBJECTS

export const HOME_CONTACT_SUBJECTS: readonly ContactSubject[] = ['ankauf', 'verkauf', 'lieferung', 'beratung']
export const ALL_CONTACT_SUBJECTS = Object.keys(CONTACT_SUBJECTS) as ContactSubject[]

export const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, message: 5000, page: 200 } as const

/** The fields whose absence triggers the spec's 'Pflichtfelder fehlen' toast. */
export const REQUIRED_CONTACT_FIELDS = ['name', 'email', 'message'] as const

/** Name of the honeypot input: hidden from people, filled in by naive bots. */
export const HONEYPOT_FIELD = 'website'

const trimmed = (max: number, label: string) =>
  z
    .string({ error: `${label} fehlt.` })
    .trim()
    .max(max, { error: `${label} darf höchstens ${max.toLocaleString('de-DE')} Zeichen lang sein.` })

const optionalText = (max: number, label: string) =>
  trimmed(max, label)
    .optional()
    .transform((value) => (value ? value : undefined))

/**
 * One schema for the contact message, used by the browser form, the page action
 * (form posts without JavaScript) and the JSON API `POST /api/contacts`.
 */
export const contactSchema = z.object({
  name: trimmed(CONTACT_LIMITS.name, 'Der Name').min(1, { error: 'Bitte geben Sie Ihren Namen an.' }),
  email: trimmed(CONTACT_LIMITS.email, 'Die E-Mail-Adresse')
    .min(1, { error: 'Bitte geben Sie Ihre E-Mail-Adresse an.' })
    .pipe(z.email({ error: 'Bitte geben Sie eine gültige E-Mail-Adresse an.' })),
  phone: optionalText(CONTACT_LIMITS.phone, 'Die Telefonnummer').refine(
    (value) => value === undefined || /^[+\d][\d\s/()-]{3,}$/.test(value),
    { error: 'Bitte geben Sie eine gültige Telefonnummer an.' },
  ),
  // The select's placeholder option submits '', which means no subject.
  subject: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(ALL_CONTACT_SUBJECTS as [ContactSubject, ...ContactSubject[]], { error: 'Bitte wählen Sie einen Betreff aus der Liste.' }).optional(),
  ),
  message: trimmed(CONTACT_LIMITS.message, 'Die Nachricht').min(1, { error: 'Bitte schreiben Sie uns eine Nachricht.' }),
  page: optionalText(CONTACT_LIMITS.page, 'Die Seite').refine((value) => value === undefined || value.startsWith('/'), {
    error: 'Die Seite muss ein Pfad sein.',
  }),
})

export type ContactInput = z.infer<typeof contactSchema>
export type ContactFieldErrors = Partial<Record<keyof ContactInput, string[]>>

/** Whether one of the spec's required fields is empty (the 'Pflichtfelder fehlen' case). */
export function missingRequiredContactFields(values: Partial<Record<string, unknown>>): boolean {
  return REQUIRED_CONTACT_FIELDS.some((field) => {
    const value = values[field]
    return typeof value !== 'string' || value.trim() === ''
  })
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

export const SUBMITTING_LABEL = 'WIRD GESENDET...'
