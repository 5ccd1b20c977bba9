import { z } from 'zod'
import {
  ALL_CONTACT_SUBJECTS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type ContactFieldErrors,
  type ContactSubject,
} from '~/contact/contact-fields'
import { formatDecimal } from '~/utils/format'

/*
 * Server only: zod's core and locales weigh ~90 KB gzipped, too much for the browser. The form
 * checks the spec's required fields itself, lets the browser check formats, and shows the field
 * errors this schema produces (API 400 or the page action).
 */

const maxLength = (max: number, label: string) =>
  z.string().max(max, { error: `${label} darf höchstens ${formatDecimal(max)} Zeichen lang sein.` })

/** A required text: trimmed, not empty, not longer than `max`; one message when missing. */
const requiredText = (max: number, label: string, missing: string) =>
  z.string({ error: missing }).trim().min(1, { error: missing, abort: true }).pipe(maxLength(max, label))

/** An optional text: trimmed; empty means absent. */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} muss Text sein.` })
    .trim()
    .pipe(maxLength(max, label))
    .optional()
    .transform((value) => (value ? value : undefined))

/** The contact message, for the JSON API `POST /api/contacts` and the page action alike. */
export const contactSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name, 'Der Name', CONTACT_MESSAGES.name),
  email: requiredText(CONTACT_LIMITS.email, 'Die E-Mail-Adresse', CONTACT_MESSAGES.email).pipe(
    z.email({ error: CONTACT_MESSAGES.emailFormat }),
  ),
  phone: optionalText(CONTACT_LIMITS.phone, 'Die Telefonnummer').refine(
    (value) => value === undefined || /^[+\d][\d\s/()-]{3,}$/.test(value),
    { error: CONTACT_MESSAGES.phoneFormat },
  ),
  // The select's placeholder option submits '', which means no subject.
  subject: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(ALL_CONTACT_SUBJECTS as [ContactSubject, ...ContactSubject[]], { error: CONTACT_MESSAGES.subject }).optional(),
  ),
  message: requiredText(CONTACT_LIMITS.message, 'Die Nachricht', CONTACT_MESSAGES.message),
  page: optionalText(CONTACT_LIMITS.page, 'Die Seite').refine((value) => value === undefined || value.startsWith('/'), {
    error: 'Die Seite muss ein Pfad sein.',
  }),
})

export type ContactInput = z.output<typeof contactSchema>

/** The schema's issues as German messages per field. */
export function contactFieldErrors(error: z.ZodError): ContactFieldErrors {
  return z.flattenError(error).fieldErrors as ContactFieldErrors
}
