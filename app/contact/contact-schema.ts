import { z } from 'zod'
import {
  ALL_CONTACT_SUBJECTS,
  CONTACT_LABELS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type ContactFieldErrors,
  type ContactSubject,
} from '#app/contact/contact-fields.ts'
import { formatDecimal } from '#app/utils/format.ts'
import { forbiddenCharactersMessage, hasForbiddenCharacters, isValidEmail, isValidPhone } from '#app/utils/form-rules.ts'

/*
 * Server only: zod's core and locales weigh ~90 KB gzipped, too much for the browser. The form
 * checks the spec's required fields itself, lets the browser check formats (the e-mail and phone
 * rules of app/utils/form-rules.ts are also the inputs' `pattern`), and shows the field errors this
 * schema produces (API 400 or the page action).
 */

const maxLength = (max: number, label: string) => z.string().max(max, { error: `${label} darf höchstens ${formatDecimal(max)} Zeichen lang sein.` })

/** How a text field is named in messages, and whether it may span lines (the message). */
interface TextRule {
  /** 'Der Name', for the length message. */
  label: string
  /** 'Name', the field's label, for the forbidden-characters message; none when a format rule refuses them anyway (phone). */
  field?: string
  multiLine?: boolean
}

/** No control characters, bidi overrides or lone surrogates (app/utils/form-rules.ts). */
const withoutForbiddenCharacters = <T extends z.ZodType<string | undefined>>(schema: T, { field, multiLine = false }: TextRule) =>
  schema.refine((value) => field === undefined || value === undefined || !hasForbiddenCharacters(value, { multiLine }), {
    error: forbiddenCharactersMessage(field ?? '', { multiLine }),
  })

/** A required text: trimmed, not empty, not longer than `max`, no forbidden characters; one message when missing. */
const requiredText = (max: number, rule: TextRule, missing: string) =>
  withoutForbiddenCharacters(z.string({ error: missing }).trim().min(1, { error: missing, abort: true }).pipe(maxLength(max, rule.label)), rule)

/** An optional text: trimmed; empty means absent. */
const optionalText = (max: number, rule: TextRule) =>
  withoutForbiddenCharacters(
    z
      .string({ error: `${rule.label} muss Text sein.` })
      .trim()
      .pipe(maxLength(max, rule.label))
      .optional()
      .transform((value) => (value ? value : undefined)),
    rule,
  )

/** The contact message, for the JSON API `POST /api/contacts` and the page action alike. */
export const contactSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name, { label: 'Der Name', field: CONTACT_LABELS.name }, CONTACT_MESSAGES.name),
  // The forms' one e-mail rule, also the input's pattern: the browser refuses what this refuses.
  email: requiredText(CONTACT_LIMITS.email, { label: 'Die E-Mail-Adresse', field: CONTACT_LABELS.email }, CONTACT_MESSAGES.email).refine(isValidEmail, {
    error: CONTACT_MESSAGES.emailFormat,
  }),
  phone: optionalText(CONTACT_LIMITS.phone, { label: 'Die Telefonnummer' }).refine((value) => value === undefined || isValidPhone(value), {
    error: CONTACT_MESSAGES.phoneFormat,
  }),
  // The select's placeholder option submits '', which means no subject.
  subject: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(ALL_CONTACT_SUBJECTS as [ContactSubject, ...ContactSubject[]], { error: CONTACT_MESSAGES.subject }).optional(),
  ),
  message: requiredText(CONTACT_LIMITS.message, { label: 'Die Nachricht', field: CONTACT_LABELS.message, multiLine: true }, CONTACT_MESSAGES.message),
  page: optionalText(CONTACT_LIMITS.page, { label: 'Die Seite', field: 'Seite' }).refine((value) => value === undefined || value.startsWith('/'), {
    error: 'Die Seite muss ein Pfad sein.',
  }),
})

export type ContactInput = z.output<typeof contactSchema>

/** The schema's issues as German messages per field. */
export function contactFieldErrors(error: z.ZodError): ContactFieldErrors {
  return z.flattenError(error).fieldErrors as ContactFieldErrors
}
