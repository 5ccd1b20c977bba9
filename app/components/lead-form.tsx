import { Form, useActionData, useFormAction, useLocation, useSearchParams } from '@remix-run/react'
import { toast } from 'sonner'
import { Button } from '#app/components/ui/button.tsx'
import { CONTROL_CLASSES, Field } from '#app/components/ui/field.tsx'
import { FormConfirmation, FormErrorSummary, Honeypot, PrivacyNote } from '#app/components/ui/form-parts.tsx'
import { CONTACT_TOASTS, FIELD_ERROR_TOAST, HONEYPOT_FIELD, SUBMITTING_LABEL } from '#app/contact/contact-fields.ts'
import {
  formatMessage,
  leadFormFields,
  leadInputAttributes,
  missingFieldMessage,
  missingRequiredLeadFields,
  vehicleEnquiryMessage,
  type LeadFieldDefinition,
  type LeadFieldErrors,
  type LeadKind,
} from '#app/leads/lead-forms.ts'
import { apiRequest } from '#app/utils/api-client.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useScriptedSubmit } from '#app/utils/use-scripted-submit.ts'

/** The query parameters of the page action's success redirect (leadFormAction in lead.server.ts). */
export const LEAD_SENT_PARAM = 'anfrage'
export const LEAD_SENT_VALUE = 'gesendet'
export const LEAD_FORM_PARAM = 'formular'

/** Toast and confirmation texts of the lead forms. */
export const LEAD_TOASTS = {
  missing: CONTACT_TOASTS.missing,
  invalid: FIELD_ERROR_TOAST,
  success: { title: 'Anfrage gesendet!', description: 'Vielen Dank! Wir melden uns schnellstmöglich bei Ihnen.' },
  /** Spec §7: the vehicle enquiry's confirmation, once a browser alert, now a toast. */
  vehicleEnquirySuccess: 'Ihre Anfrage wurde gesendet! Wir melden uns schnellstmöglich bei Ihnen.',
  failure: { title: 'Fehler beim Senden', description: 'Ihre Anfrage konnte nicht gesendet werden. Bitte versuchen Sie es erneut.' },
} as const

export const DEFAULT_LEAD_SUBMIT_LABEL = 'ANFRAGE SENDEN'

export interface LeadFormProps {
  kind: LeadKind
  /** The page's variant of the kind (valuation: 'sonsbeck', 'uedem', 'muenster'); decides optional fields. */
  variant?: string
  /** The enquired vehicle (vehicle enquiry): its public id goes along, make and model pre-fill the message. */
  vehicle?: { id: string; make: string; model: string }
  /**
   * Id of the section around the form (`/^[a-z0-9-]{1,40}$/`): the no-JavaScript round trip comes
   * back to it, and it tells the forms of one page apart. Also the prefix of the element ids.
   */
  anchor?: string
  submitLabel?: string
}

/** What leadFormAction answers to a failed post without JavaScript. */
interface LeadFormActionData {
  anchor?: string
  fieldErrors?: LeadFieldErrors
  formError?: string
  values: Record<string, string>
}

function readActionData(data: unknown): LeadFormActionData | null {
  if (typeof data !== 'object' || data === null || !('status' in data) || data.status !== 'error') return null
  const values = 'values' in data && typeof data.values === 'object' && data.values !== null ? (data.values as Record<string, string>) : {}
  const fieldErrors =
    'fieldErrors' in data && typeof data.fieldErrors === 'object' && data.fieldErrors !== null ? (data.fieldErrors as LeadFieldErrors) : undefined
  const formError = 'formError' in data && typeof data.formError === 'string' ? data.formError : undefined
  const anchor = 'anchor' in data && typeof data.anchor === 'string' ? data.anchor : undefined
  return { values, fieldErrors, formError, anchor }
}

/**
 * A lead form of spec §3 (fields from app/leads/lead-forms.ts), with and without JavaScript,
 * like the contact form (docs/decisions/003).
 *
 * Server HTML: a plain form posting to its own page, whose action is leadFormAction: errors come
 * back beside the fields with the input kept; success redirects to `?anfrage=gesendet`, which shows
 * an inline confirmation. Once hydrated: a missing required field raises the 'Pflichtfelder fehlen'
 * toast; a format the browser's check refuses shows at the field and in a toast naming it; then the lead goes as JSON to POST /api/leads while the
 * button reads 'WIRD GESENDET...'. Success toasts and resets, failure toasts and keeps the input.
 */
export function LeadForm({ kind, variant, vehicle, anchor = 'anfrage', submitLabel = DEFAULT_LEAD_SUBMIT_LABEL }: LeadFormProps) {
  const hydrated = useHydrated()
  const { pathname } = useLocation()
  const [searchParams] = useSearchParams()
  const formAction = useFormAction()
  const actionData = readActionData(useActionData())
  // The page may show several forms; the answer belongs to the one that was sent.
  const server = actionData?.anchor === anchor ? actionData : null
  const fields = leadFormFields(kind, variant)
  const order = fields.map((field) => field.name)
  const { clientErrors, submitting, onSubmit } = useScriptedSubmit<LeadFieldErrors>({
    order,
    labels: Object.fromEntries(fields.map((field) => [field.name, field.label])),
    formatMessage: (name, control) => {
      const field = fields.find((candidate) => candidate.name === name)
      return field ? formatMessage(field) : control.validationMessage
    },
    missingFields: (raw) => {
      const missing = missingRequiredLeadFields(kind, raw).filter((name) => order.includes(name))
      return missing.length > 0 ? Object.fromEntries(missing.map((name) => [name, [missingFieldMessage(kind, name)]])) : null
    },
    send: (raw) => apiRequest<unknown>('POST', '/api/leads', leadBody(raw)),
    toasts: {
      missing: LEAD_TOASTS.missing,
      invalid: LEAD_TOASTS.invalid,
      failure: LEAD_TOASTS.failure,
      success: () =>
        kind === 'vehicle-enquiry'
          ? toast.success(LEAD_TOASTS.vehicleEnquirySuccess)
          : toast.success(LEAD_TOASTS.success.title, { description: LEAD_TOASTS.success.description }),
    },
  })
  const errors: LeadFieldErrors = clientErrors ?? server?.fieldErrors ?? {}
  const values = server?.values ?? {}
  const sentForm = searchParams.get(LEAD_FORM_PARAM)
  const sent = !server && searchParams.get(LEAD_SENT_PARAM) === LEAD_SENT_VALUE && (sentForm === null || sentForm === anchor)
  const id = (field: string) => `${anchor}-${field}`

  /** The JSON body of POST /api/leads: kind, context and the filled-in fields of this form. */
  function leadBody(raw: Record<string, string>): Record<string, string> {
    const body: Record<string, string> = { kind }
    if (variant) body.variant = variant
    if (vehicle) body.vehicleId = vehicle.id
    if (raw.page) body.page = raw.page
    for (const name of order) {
      const value = raw[name]
      if (value) body[name] = value
    }
    const honeypot = raw[HONEYPOT_FIELD]
    if (honeypot) body[HONEYPOT_FIELD] = honeypot
    return body
  }

  const summary = server
    ? order.flatMap((field) => {
        const message = server.fieldErrors?.[field]?.[0]
        return message ? [{ field, href: `#${id(field)}`, message }] : []
      })
    : []

  const renderControl = (field: LeadFieldDefinition) => {
    const attributes = leadInputAttributes(field)
    const fieldErrors = errors[field.name]
    if (field.type === 'checkbox') {
      const error = fieldErrors?.[0]
      return (
        <div key={field.name} className="sm:col-span-2">
          <div className="flex min-h-11 items-center gap-3">
            <input
              {...attributes}
              id={id(field.name)}
              value="on"
              defaultChecked={values[field.name] === 'on'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id(field.name)}-error` : undefined}
              className="size-5 shrink-0 rounded border-zinc-400 accent-amber-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
            />
            <label htmlFor={id(field.name)} className="text-sm font-semibold text-zinc-900">
              {field.label}
            </label>
          </div>
          {error ? (
            <p id={`${id(field.name)}-error`} className="mt-1.5 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      )
    }
    const wide = field.type === 'textarea'
    return (
      <Field
        key={field.name}
        id={id(field.name)}
        name={field.name}
        label={field.label}
        required={field.required}
        errors={fieldErrors}
        className={wide ? 'sm:col-span-2' : undefined}
      >
        {(control) => {
          if (field.type === 'select') {
            return (
              <select {...attributes} {...control} defaultValue={values[field.name] ?? ''} className={`${CONTROL_CLASSES} appearance-auto`}>
                <option value="">Bitte wählen</option>
                {field.options?.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            )
          }
          if (field.type === 'textarea') {
            const prefilled = field.name === 'message' && vehicle ? vehicleEnquiryMessage(vehicle.make, vehicle.model) : undefined
            return <textarea {...attributes} {...control} rows={5} defaultValue={values[field.name] ?? prefilled} className={`${CONTROL_CLASSES} resize-y`} />
          }
          return <input {...attributes} {...control} defaultValue={values[field.name]} className={CONTROL_CLASSES} />
        }}
      </Field>
    )
  }

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
      {sent ? (
        kind === 'vehicle-enquiry' ? (
          <FormConfirmation>{LEAD_TOASTS.vehicleEnquirySuccess}</FormConfirmation>
        ) : (
          <FormConfirmation title={LEAD_TOASTS.success.title}>{LEAD_TOASTS.success.description}</FormConfirmation>
        )
      ) : null}

      {server ? (
        <FormErrorSummary errors={summary} failure={server.formError ? { title: LEAD_TOASTS.failure.title, text: server.formError } : undefined} />
      ) : null}

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">{fields.map(renderControl)}</div>

      <Honeypot id={id(HONEYPOT_FIELD)} />
      <input type="hidden" name="leadKind" value={kind} />
      {variant ? <input type="hidden" name="variant" value={variant} /> : null}
      {vehicle ? <input type="hidden" name="vehicleId" value={vehicle.id} /> : null}
      <input type="hidden" name="page" value={pathname} />
      <input type="hidden" name="anchor" value={anchor} />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <PrivacyNote />
        <Button type="submit" variant="primary" surface="light" size="lg" disabled={submitting} className="shrink-0">
          {submitting ? SUBMITTING_LABEL : submitLabel}
        </Button>
      </div>
    </Form>
  )
}
