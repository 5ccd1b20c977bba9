import { Form, useActionData, useFormAction, useLocation, useSearchParams } from '@remix-run/react'
import { toast } from 'sonner'
import { Button } from '#app/components/ui/button.tsx'
import { CONTROL_CLASSES, Field } from '#app/components/ui/field.tsx'
import { FormConfirmation, FormErrorSummary, Honeypot, PrivacyNote } from '#app/components/ui/form-parts.tsx'
import {
  CONTACT_LABELS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_SUBJECTS,
  CONTACT_TOASTS,
  FIELD_ERROR_TOAST,
  HONEYPOT_FIELD,
  missingRequiredContactFields,
  SUBMITTING_LABEL,
  type ContactFieldErrors,
  type ContactSubject,
} from '#app/contact/contact-fields.ts'
import { sendContactMessage } from '#app/utils/api-client.ts'
import { EMAIL_PATTERN_SOURCE, PHONE_PATTERN_SOURCE } from '#app/utils/form-rules.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useScriptedSubmit } from '#app/utils/use-scripted-submit.ts'

/** The query parameter the page action's success redirect sets (docs/decisions/003). */
export const SENT_PARAM = 'nachricht'
export const SENT_VALUE = 'gesendet'
/** `?betreff=termin` preselects a subject (the quick contact's „Termin“ link on /contact). */
export const SUBJECT_PARAM = 'betreff'

const FIELD_ORDER = ['name', 'email', 'phone', 'subject', 'message'] as const

export interface ContactFormProps {
  /** Subject keys offered in the select, in order (home: four, /contact: six). */
  subjects: readonly ContactSubject[]
  /** Spec §9: 5 rows on the home page, 6 on /contact. */
  rows?: number
  /** The submit button's label from the content ('NACHRICHT SENDEN'). */
  submitLabel: string
  /** Id of the section around the form: the no-JavaScript round trip comes back to it. */
  anchor?: string
  /** Prefix of the element ids, so two forms on one page do not clash. */
  idPrefix?: string
}

/** What the page action (contactFormAction) answers to a failed post without JavaScript. */
interface ContactFormActionData {
  fieldErrors?: ContactFieldErrors
  formError?: string
  values: Record<string, string>
}

function readActionData(data: unknown): ContactFormActionData | null {
  if (typeof data !== 'object' || data === null || !('status' in data) || data.status !== 'error') return null
  const values = 'values' in data && typeof data.values === 'object' && data.values !== null ? (data.values as Record<string, string>) : {}
  const fieldErrors =
    'fieldErrors' in data && typeof data.fieldErrors === 'object' && data.fieldErrors !== null ? (data.fieldErrors as ContactFieldErrors) : undefined
  const formError = 'formError' in data && typeof data.formError === 'string' ? data.formError : undefined
  return { values, fieldErrors, formError }
}

/**
 * The contact form of spec §5, with and without JavaScript (docs/decisions/003).
 *
 * Server HTML: a plain form posting to its own page; the page action validates, re-renders
 * errors beside the fields with the input kept, or redirects to `?nachricht=gesendet`, which
 * shows an inline confirmation. Once hydrated the form validates itself: a missing required
 * field raises the 'Pflichtfelder fehlen' toast and nothing is sent; a refused format shows at the
 * field and in a toast naming it (useScriptedSubmit); otherwise the message
 * goes as JSON to POST /api/contacts while the button reads 'WIRD GESENDET...'; success
 * toasts and resets, failure toasts and keeps the input.
 */
export function ContactForm({ subjects, rows = 5, submitLabel, anchor = 'contact', idPrefix = 'contact' }: ContactFormProps) {
  const hydrated = useHydrated()
  const { pathname } = useLocation()
  const [searchParams] = useSearchParams()
  const formAction = useFormAction()
  const server = readActionData(useActionData())
  const requested = searchParams.get(SUBJECT_PARAM)
  const preselected = subjects.find((subject) => subject === requested) ?? ''
  const { clientErrors, submitting, onSubmit } = useScriptedSubmit<ContactFieldErrors>({
    order: FIELD_ORDER,
    labels: CONTACT_LABELS,
    // Only e-mail and phone carry constraints a filled field can break (type and pattern).
    formatMessage: (name, control) =>
      name === 'email' ? CONTACT_MESSAGES.emailFormat : name === 'phone' ? CONTACT_MESSAGES.phoneFormat : control.validationMessage,
    missingFields: (raw) => {
      const missing = missingRequiredContactFields(raw)
      return missing.length > 0 ? Object.fromEntries(missing.map((field) => [field, [CONTACT_MESSAGES[field]]])) : null
    },
    send: (raw) => {
      const { name = '', email = '', phone, subject, message = '', page } = raw
      const honeypot = raw[HONEYPOT_FIELD]
      return sendContactMessage({ name, email, phone, subject, message, page, ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}) })
    },
    toasts: {
      missing: CONTACT_TOASTS.missing,
      invalid: FIELD_ERROR_TOAST,
      failure: CONTACT_TOASTS.failure,
      success: () => toast.success(CONTACT_TOASTS.success.title, { description: CONTACT_TOASTS.success.description }),
    },
  })

  const errors: ContactFieldErrors = clientErrors ?? server?.fieldErrors ?? {}
  const values = server?.values ?? {}
  const sent = !server && searchParams.get(SENT_PARAM) === SENT_VALUE
  const id = (field: string) => `${idPrefix}-${field}`

  const summary = server
    ? FIELD_ORDER.flatMap((field) => {
        const message = server.fieldErrors?.[field]?.[0]
        return message ? [{ field, href: `#${id(field)}`, message }] : []
      })
    : []

  return (
    <Form
      method="post"
      // Without JavaScript the browser comes back to the form after the round trip.
      action={`${formAction}#${anchor}`}
      noValidate={hydrated}
      onSubmit={hydrated ? onSubmit : undefined}
      aria-busy={submitting || undefined}
      className="space-y-5"
    >
      {sent ? <FormConfirmation title={CONTACT_TOASTS.success.title}>{CONTACT_TOASTS.success.description}</FormConfirmation> : null}

      {server ? (
        <FormErrorSummary errors={summary} failure={server.formError ? { title: CONTACT_TOASTS.failure.title, text: server.formError } : undefined} />
      ) : null}

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field id={id('name')} name="name" label={CONTACT_LABELS.name} required errors={errors.name}>
          {(control) => (
            <input {...control} type="text" autoComplete="name" maxLength={CONTACT_LIMITS.name} defaultValue={values.name} className={CONTROL_CLASSES} />
          )}
        </Field>
        <Field id={id('email')} name="email" label={CONTACT_LABELS.email} required errors={errors.email}>
          {(control) => (
            <input
              {...control}
              type="email"
              // The server's e-mail rule: without JavaScript the browser refuses what the server would.
              pattern={EMAIL_PATTERN_SOURCE}
              title={CONTACT_MESSAGES.emailFormat}
              autoComplete="email"
              inputMode="email"
              maxLength={CONTACT_LIMITS.email}
              defaultValue={values.email}
              className={CONTROL_CLASSES}
            />
          )}
        </Field>
        <Field id={id('phone')} name="phone" label={CONTACT_LABELS.phone} errors={errors.phone}>
          {(control) => (
            <input
              {...control}
              type="tel"
              pattern={PHONE_PATTERN_SOURCE}
              title={CONTACT_MESSAGES.phoneFormat}
              autoComplete="tel"
              maxLength={CONTACT_LIMITS.phone}
              defaultValue={values.phone}
              className={CONTROL_CLASSES}
            />
          )}
        </Field>
        <Field id={id('subject')} name="subject" label={CONTACT_LABELS.subject} errors={errors.subject}>
          {(control) => (
            // Keyed by the preselection: a client-side jump to ?betreff=termin must change the select too.
            <select key={preselected} {...control} defaultValue={values.subject ?? preselected} className={`${CONTROL_CLASSES} appearance-auto`}>
              <option value="">Bitte wählen</option>
              {subjects.map((subject) => (
                <option key={subject} value={subject}>
                  {CONTACT_SUBJECTS[subject]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field id={id('message')} name="message" label={CONTACT_LABELS.message} required errors={errors.message}>
        {(control) => (
          <textarea {...control} rows={rows} maxLength={CONTACT_LIMITS.message} defaultValue={values.message} className={`${CONTROL_CLASSES} resize-y`} />
        )}
      </Field>

      <Honeypot id={id(HONEYPOT_FIELD)} />
      <input type="hidden" name="page" value={pathname} />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <PrivacyNote />
        <Button type="submit" variant="primary" surface="light" size="lg" disabled={submitting} className="shrink-0">
          {submitting ? SUBMITTING_LABEL : submitLabel}
        </Button>
      </div>
    </Form>
  )
}
