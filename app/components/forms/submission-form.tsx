import { Form, Link, useActionData, useFormAction, useLocation, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { toast } from '#app/components/ui/toast.ts'
import { CheckboxField, Field, FieldGroup, FieldInput, loneHalves, type DescribeMember } from '#app/components/ui/field.tsx'
import { FormConfirmation, FormErrorSummary, Honeypot, PrivacyNote } from '#app/components/ui/form-parts.tsx'
import {
  chosenSlot,
  confirmationId,
  errorSummaryId,
  DEFAULT_ANCHOR,
  DEFAULT_LEAD_SUBMIT_LABEL,
  FORM_KIND_FIELD,
  formFields,
  HONEYPOT_FIELD,
  inputAttributes,
  PERSONAL_FIELDS,
  replyChannel,
  SALE_ANCHOR,
  SENT,
  SUBJECT_PARAM,
  SUBMITTING_LABEL,
  successText,
  type ContactSubject,
  type FieldDefinition,
  type FieldErrors,
  type FormDefinition,
  type SubmissionActionData,
  type SuccessText,
} from '#app/submissions/forms.ts'
import { SALE_PATH } from '#schemas/lib/constants.ts'
// Only the type: the slots come from the loader. A value import would put the slot computation into
// this form's script chunk and, since the footer's „Heute geöffnet“ uses it too, split it into a chunk
// of its own on every page (docs/decisions/050, 057).
import { type AppointmentSlot } from '#app/submissions/appointment-slots.ts'
import { slotText } from '#app/submissions/slot-text.ts'
import { apiRequest } from '#app/utils/api-client.ts'
import { draftKey, handOverDraft, useFormDraft } from '#app/utils/form-draft.ts'
import { useHydrated } from '#app/utils/hydration.tsx'
import { prefersReducedMotion } from '#app/utils/scroll.ts'
import { useScriptedSubmit } from '#app/utils/use-scripted-submit.ts'
import { refusedBeforeSending } from '#app/utils/form-values.ts'
import { SlotSelect } from './slot-select.tsx'

export interface SubmissionFormProps {
  /** The form's definition (CONTACT_FORM, or a lead form imported by name: passed in, so a page loads only the definitions it shows, decision 112). */
  form: FormDefinition
  /** The page's variant of the kind (valuation: 'sonsbeck', 'uedem', 'muenster'); decides optional fields. */
  variant?: string
  /** The enquired vehicle's public id (vehicle enquiry): it goes along with the submission. */
  vehicleId?: string
  /** Initial values of fields (the vehicle enquiry's message names the vehicle). */
  prefill?: Readonly<Record<string, string>>
  /**
   * Id of the section around the form (`/^[a-z0-9-]{1,40}$/`): the no-JavaScript round trip comes
   * back to it, and it tells the forms of one page apart.
   */
  anchor?: string
  /** Prefix of the element ids (default: the anchor), so two forms on one page do not clash. */
  idPrefix?: string
  submitLabel?: string
  /** Contact form: the subject keys offered in the select, in order (home: four, /contact: six). */
  subjects?: readonly ContactSubject[]
  /** Rows of the message (spec §9: 5 on the home page, 6 on /contact). */
  rows?: number
  /** The slots a `slot` field offers (test drive: from the opening hours, computed by the page's loader). */
  slots?: readonly AppointmentSlot[]
  /** The slot the address names after a post without JavaScript (the loader's: a window begun since is no longer among `slots`). */
  sentSlot?: AppointmentSlot
  /** A note under a field, by field name (the test drive's trade-in: a link into the sell flow). */
  fieldNotes?: Readonly<Record<string, ReactNode>>
  /** Shown with the confirmation, with and without JavaScript. */
  confirmationNote?: ReactNode
  /**
   * A valuation form: a second button takes what was typed into the sell request with photos
   * (issue 26), a plain GET to its page, with or without JavaScript.
   */
  saleHandoff?: boolean
  /** By when the dealer answers, when the page promises it (a seller's valuation): the confirmation says it in these words. */
  answerPromise?: string
}

/**
 * The valuation forms' way into the sell request; its page reads the fields from the query
 * (sale-prefill.server.ts). It lands at the sell form, with what was carried over in view: a GET
 * form keeps its action's fragment, and so does the router's navigation (which then scrolls to it).
 */
export const SALE_HANDOFF = { label: 'MIT FOTOS WEITER', action: `${SALE_PATH}#${SALE_ANCHOR}` } as const

/** The contact subjects of a seller, under which the form points to the sell request. */
const SELLING_SUBJECTS: readonly ContactSubject[] = ['ankauf', 'bewertung']

/** Whether a submit event came from a button that sends the form elsewhere (`formaction`: the hand-over to the sell request). */
function submitsElsewhere(event: FormEvent<HTMLFormElement>): boolean {
  const submitter = (event.nativeEvent as Partial<SubmitEvent>).submitter
  return submitter instanceof HTMLElement && submitter.hasAttribute('formaction')
}

/**
 * The hand-over with JavaScript: what was typed goes to the sell request as the browser's GET would
 * send it, but the name, phone and e-mail address go beside the address, as the sell form's draft
 * (form-draft.ts), so they are not left in the history or in a copied link. Empty fields stay out too.
 * Without JavaScript the browser's GET carries everything.
 */
function handOver(form: HTMLFormElement, navigate: ReturnType<typeof useNavigate>) {
  const query = new URLSearchParams()
  const personal: Array<[string, string]> = []
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string' || value.trim() === '') continue
    if (PERSONAL_FIELDS.includes(name)) personal.push([name, value])
    else query.append(name, value)
  }
  handOverDraft(draftKey(SALE_HANDOFF.action, query), personal)
  navigate(`${SALE_PATH}?${query}#${SALE_ANCHOR}`)
}

/** The page action's answer to a failed post without JavaScript (SubmissionActionData), narrowed from unknown. */
function readActionData(data: unknown): SubmissionActionData | null {
  if (typeof data !== 'object' || data === null || !('status' in data) || data.status !== 'error') return null
  const field = <T,>(name: string, is: (value: unknown) => boolean) =>
    name in data && is((data as Record<string, unknown>)[name]) ? ((data as Record<string, unknown>)[name] as T) : undefined
  const isObject = (value: unknown) => typeof value === 'object' && value !== null
  const isString = (value: unknown) => typeof value === 'string'
  return {
    status: 'error',
    values: field<Record<string, string>>('values', isObject) ?? {},
    fieldErrors: field<FieldErrors>('fieldErrors', isObject),
    formError: field<string>('formError', isString),
    anchor: field<string>('anchor', isString),
  }
}

/**
 * Every form of the site (the contact form and the lead forms, fields from
 * app/submissions/forms.ts), with and without JavaScript (docs/decisions/003).
 *
 * Server HTML: a plain form posting to its own page, whose action is submissionPageAction: errors
 * come back beside the fields with the input kept; success redirects to the confirmation query
 * (`?nachricht=gesendet`, `?anfrage=gesendet&formular=<anchor>`), which shows an inline
 * confirmation. Once hydrated: a missing required field raises the 'Pflichtfelder fehlen' toast; a
 * format the browser's check refuses shows at the field and in a toast naming it; then the
 * submission goes as JSON to POST /api/contacts or /api/leads while the button reads
 * 'WIRD GESENDET...'. Success toasts and resets, failure toasts and keeps the input.
 */
export function SubmissionForm({
  form,
  variant,
  vehicleId,
  prefill,
  anchor: givenAnchor,
  idPrefix,
  submitLabel = DEFAULT_LEAD_SUBMIT_LABEL,
  subjects,
  rows = 5,
  slots = [],
  sentSlot,
  fieldNotes,
  confirmationNote,
  saleHandoff = false,
  answerPromise,
}: SubmissionFormProps) {
  const kind = form.kind
  const isContact = kind === 'contact'
  const anchor = givenAnchor ?? DEFAULT_ANCHOR[isContact ? 'contact' : 'lead']
  const hydrated = useHydrated()
  const { pathname } = useLocation()
  const [searchParams] = useSearchParams()
  const formAction = useFormAction()
  const navigate = useNavigate()
  // What was typed survives a look at another page (the privacy link below the form, the menu) and Back.
  const draft = useFormDraft(draftKey(`${pathname}#${anchor}`))
  const actionData = readActionData(useActionData())
  // The page may show several forms; the answer belongs to the one that was sent. A refusal that
  // names no form (403, 413, 415: the body was not read) shows in the contact form.
  const server = actionData && (actionData.anchor === anchor || (isContact && actionData.anchor === undefined)) ? actionData : null
  const fields = formFields(form, variant)
  const order = fields.map((field) => field.name)
  const { texts } = form
  // With JavaScript the confirmation replaces the form and takes focus, as lasting as the no-JS one (issue 26);
  // it holds the words for what was sent (the Suchauftrag's way back).
  const [sentHere, setSentHere] = useState<SuccessText | null>(null)
  const confirmation = useRef<HTMLDivElement>(null)
  // „Weitere Anfrage senden“ unmounts the focused button: focus goes to the fresh form's first field
  // (else it falls to <body>), with its label scrolled into view.
  const reopened = useRef(false)
  useEffect(() => {
    if (sentHere) confirmation.current?.focus()
    else if (reopened.current) {
      reopened.current = false
      const first = fields.find((field) => field.type !== 'hidden')
      const control = first ? document.getElementById(id(first.name)) : null
      control?.focus({ preventScroll: true })
      control?.parentElement?.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'instant' : 'smooth' })
    }
  }, [sentHere])
  /** The confirmation's words: the form's for the way back and the slot, with the page's promise of when we answer. */
  const confirmationText = (channel: string | null | undefined, slot: string | undefined): SuccessText => {
    const text = successText(form, channel, slot)
    return answerPromise ? { ...text, description: `Vielen Dank! ${answerPromise}` } : text
  }
  /** A chosen slot's words as its select named them (with JavaScript, the slots stay the ones the page was made with). */
  const slotNamed = (value: string | null | undefined) => {
    const slot = value ? slots.find((candidate) => candidate.value === value) : undefined
    return slot ? slotText(slot) : undefined
  }
  // An optional field in a group of which one must be filled (phone or e-mail): its note and message are the group's.
  const groupOf = (name: string) =>
    fields.find((field) => field.name === name)?.required ? undefined : form.anyOf?.find((group) => group.fields.includes(name))
  const { clientErrors, failure, submitting, onSubmit } = useScriptedSubmit({
    onSuccess: (raw) => {
      draft.forget()
      setSentHere(confirmationText(replyChannel(form, raw), slotNamed(chosenSlot(form, raw))))
    },
    order,
    labels: Object.fromEntries(fields.map((field) => [field.name, field.label])),
    check: (element, raw) => refusedBeforeSending(form, fields, element, raw),
    send: (raw) => apiRequest<unknown>('POST', isContact ? '/api/contacts' : '/api/leads', jsonBody(raw)),
    toasts: {
      ...texts.toasts,
      success: (raw) => {
        const { title, description } = confirmationText(replyChannel(form, raw), slotNamed(chosenSlot(form, raw)))
        if (title) toast.success(title, { description })
        else toast.success(description)
      },
    },
  })
  const errors: FieldErrors = clientErrors ?? server?.fieldErrors ?? {}
  const values = server?.values ?? {}
  const sentForm = searchParams.get(SENT.lead.formParam)
  const sent =
    !server &&
    (isContact
      ? searchParams.get(SENT.contact.param) === SENT.contact.value
      : searchParams.get(SENT.lead.param) === SENT.lead.value && (sentForm === null || sentForm === anchor))
  // After a post without JavaScript the address names the way back given (sentQuery).
  const sentText = confirmationText(searchParams.get(SENT.lead.channelParam), sentSlot ? slotText(sentSlot) : undefined)
  const id = (field: string) => `${idPrefix ?? anchor}-${field}`
  const noteId = (field: string) => `${id(field)}-note`
  const requested = searchParams.get(SUBJECT_PARAM)
  const preselected = subjects?.find((subject) => subject === requested) ?? ''

  /** The JSON body: the lead kind (POST /api/leads), context and the filled-in fields of this form. */
  function jsonBody(raw: Record<string, string>): Record<string, string> {
    const body: Record<string, string> = isContact ? {} : { kind }
    if (variant) body.variant = variant
    if (vehicleId) body.vehicleId = vehicleId
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

  // The form's cells: a group of which one field must be filled (phone or e-mail) is one across both
  // columns, its hint and message once; a note under a text field (an alert's consent text, issue 38)
  // sits below it across the grid; a checkbox carries its own.
  const cells: Array<[wide: boolean, render: (alone: boolean) => ReactNode]> = []
  for (const field of fields) {
    const group = groupOf(field.name)
    const members = group ? fields.filter((member) => groupOf(member.name) === group) : []
    if (field.type === 'hidden' || (group && members[0] !== field)) continue
    if (group) {
      cells.push([
        true,
        () => (
          <FieldGroup key={field.name} id={id(group.fields.join('-'))} hint={group.hint} errors={members.map((member) => errors[member.name]?.[0])}>
            {(describe) => members.map((member) => renderBareControl(member, false, describe(errors[member.name]?.[0])))}
          </FieldGroup>
        ),
      ])
      continue
    }
    cells.push([field.type === 'textarea' || field.type === 'slot' || field.type === 'checkbox', (alone) => renderBareControl(field, alone)])
    const note = field.type === 'checkbox' ? undefined : fieldNotes?.[field.name]
    if (note)
      cells.push([
        true,
        () => (
          <div key={`${field.name}-note`} id={noteId(field.name)} className="text-sm text-zinc-700 sm:col-span-2">
            {note}
          </div>
        ),
      ])
  }
  const alone = loneHalves(cells.map(([wide]) => wide))

  const renderBareControl = (field: FieldDefinition, alone: boolean, member?: ReturnType<DescribeMember>) => {
    const attributes = inputAttributes(field, hydrated)
    // A group's member shows no message of its own: the group shows it once, below both.
    const fieldErrors = member ? undefined : errors[field.name]
    // A note under the field (an alert's consent text, the trade-in link) describes it for a screen reader.
    const note = fieldNotes?.[field.name] ? noteId(field.name) : undefined
    if (field.type === 'hidden') return <input key={field.name} type="hidden" name={field.name} defaultValue={values[field.name] ?? prefill?.[field.name]} />
    if (field.type === 'checkbox') {
      return (
        <CheckboxField
          key={field.name}
          id={id(field.name)}
          label={field.label}
          attributes={attributes}
          checked={values[field.name] === 'on'}
          error={fieldErrors?.[0]}
          note={note ? { id: note, content: fieldNotes?.[field.name] } : undefined}
        />
      )
    }
    const wide = field.type === 'textarea' || field.type === 'slot'
    return (
      <Field
        key={field.name}
        id={id(field.name)}
        name={field.name}
        label={field.label}
        required={field.required}
        errors={fieldErrors}
        invalid={member?.invalid}
        describedBy={[member?.describedBy, note].filter(Boolean).join(' ') || undefined}
        className={wide || alone ? 'sm:col-span-2' : undefined}
      >
        {(control) => {
          if (field.type === 'slot') {
            return <SlotSelect {...attributes} {...control} slots={slots} defaultValue={values[field.name] ?? ''} />
          }
          // The contact form offers the page's subjects; `?betreff=termin` preselects one. Keyed by the
          // preselection: a client-side jump to ?betreff=termin must change the select too.
          const subject = field.name === 'subject'
          const input = (
            <FieldInput
              key={subject ? preselected : undefined}
              field={field}
              attributes={attributes}
              control={control}
              defaultValue={values[field.name] ?? (subject ? preselected : prefill?.[field.name])}
              rows={rows}
              options={subject && subjects ? subjects : undefined}
            />
          )
          if (!subject || !subjects?.some((key) => SELLING_SUBJECTS.includes(key))) return input
          // Shown by CSS while a seller's subject is chosen (tailwind.css, [data-sell-hint]): with or without JavaScript.
          return (
            <>
              {input}
              <p data-sell-hint className="mt-1.5 text-sm text-zinc-700">
                Schneller zum Angebot, mit Fotos und allen Fahrzeugdaten:{' '}
                <Link to={`${SALE_PATH}#${SALE_ANCHOR}`} className="font-semibold text-zinc-900 underline underline-offset-2 hover:text-amber-800">
                  zum Verkaufsformular
                </Link>
              </p>
            </>
          )
        }}
      </Field>
    )
  }

  if (sentHere) {
    return (
      <div
        ref={confirmation}
        tabIndex={-1}
        className="space-y-4 rounded-xl focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-zinc-900"
      >
        <FormConfirmation title={sentHere.title}>{sentHere.description}</FormConfirmation>
        {confirmationNote}
        {form.once ? null : (
          <Button
            type="button"
            variant="outline-dark"
            onClick={() => {
              reopened.current = true
              setSentHere(null)
            }}
          >
            {isContact ? 'Weitere Nachricht senden' : 'Weitere Anfrage senden'}
          </Button>
        )}
      </div>
    )
  }

  return (
    <Form
      ref={draft.ref}
      method="post"
      // Without JavaScript the browser comes back to the form after the round trip: to its error summary.
      action={`${formAction}#${errorSummaryId(anchor)}`}
      noValidate={hydrated}
      onSubmit={
        hydrated
          ? (event) => {
              if (!submitsElsewhere(event)) return onSubmit(event)
              event.preventDefault()
              handOver(event.currentTarget, navigate)
            }
          : undefined
      }
      aria-busy={submitting || undefined}
      className="space-y-5"
    >
      {sent ? (
        // The redirect's fragment names this id: without JavaScript the browser focuses the confirmation on arrival.
        <div
          id={confirmationId(anchor)}
          tabIndex={-1}
          autoFocus
          className="space-y-4 rounded-xl focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-zinc-900"
        >
          <FormConfirmation title={sentText.title}>{sentText.description}</FormConfirmation>
          {confirmationNote}
        </div>
      ) : null}

      {server ? (
        <FormErrorSummary
          id={errorSummaryId(anchor)}
          errors={summary}
          failure={server.formError ? { title: texts.toasts.failure.title, text: server.formError } : undefined}
        />
      ) : null}

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">{cells.map(([, render], index) => render(alone[index]!))}</div>
      {fields.filter((field) => field.type === 'hidden').map((field) => renderBareControl(field, false))}

      <Honeypot id={id(HONEYPOT_FIELD)} />
      <input type="hidden" name={FORM_KIND_FIELD} value={kind} />
      {variant ? <input type="hidden" name="variant" value={variant} /> : null}
      {vehicleId ? <input type="hidden" name="vehicleId" value={vehicleId} /> : null}
      <input type="hidden" name="page" value={pathname} />
      <input type="hidden" name="anchor" value={anchor} />

      {/* Beside the button that was pressed, where a zoomed-in or magnified view still is. */}
      {failure ? <FormErrorSummary errors={[]} failure={failure} /> : null}

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <PrivacyNote />
        {/* aria-disabled, not disabled: the button keeps focus while sending (a disabled one drops it to <body>). */}
        <Button
          type="submit"
          variant="primary"
          surface="light"
          size="lg"
          aria-disabled={submitting || undefined}
          className="shrink-0 aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          {submitting ? SUBMITTING_LABEL : submitLabel}
        </Button>
      </div>
      {saleHandoff ? (
        <div className="flex flex-col gap-2 border-t border-zinc-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p id={id('mit-fotos')} className="text-sm text-zinc-700">
            Sie möchten Fotos und Angaben zum Zustand ergänzen? Ihre bisherigen Eingaben übernehmen wir ins Verkaufsformular.
          </p>
          {/* formnovalidate: nothing is sent yet, the sell request checks the fields when it is sent. */}
          <Button
            type="submit"
            formAction={SALE_HANDOFF.action}
            formMethod="get"
            formNoValidate
            variant="outline-dark"
            size="md"
            aria-describedby={id('mit-fotos')}
            className="shrink-0"
          >
            {SALE_HANDOFF.label}
          </Button>
        </div>
      ) : null}
    </Form>
  )
}
