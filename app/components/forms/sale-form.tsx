import { Form, useActionData, useNavigate, useNavigation, useSearchParams } from '@remix-run/react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { Button } from '#app/components/ui/button.tsx'
import { Field, FieldGroup, FieldInput, loneHalves, type DescribeMember } from '#app/components/ui/field.tsx'
import { FormConfirmation, FormErrorSummary, Honeypot, PrivacyNote } from '#app/components/ui/form-parts.tsx'
import {
  errorSummaryId,
  FORM_KIND_FIELD,
  inputAttributes,
  PHOTOS_WITHHELD,
  SALE_ANCHOR,
  SENT,
  sentQuery,
  SUBMISSION_KEY_FIELD,
  SUBMITTING_LABEL,
  type FieldDefinition,
  type FieldErrors,
} from '#app/submissions/forms.ts'
import { SALE_PATH } from '#schemas/lib/constants.ts'
import { saleAnswerPromise } from '#app/submissions/lead-forms.ts'
import { SALE_GROUPS, VEHICLE_SALE_FORM } from '#app/submissions/sell-request-form.ts'
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_FIELD, PHOTO_MESSAGES, SALE_CONFIRMATION_ID } from '#app/submissions/photos.ts'
import { draftKey, useFormDraft } from '#app/utils/form-draft.ts'
import { sessionDraft } from '#app/utils/form-draft-reloads.ts'
import { focusFirstInvalid, refusedBeforeSending, stringEntries } from '#app/utils/form-values.ts'
import { resizePhoto } from '#app/utils/resize-photo.ts'
import { postWithProgress } from '#app/utils/upload.ts'
import { useHydrated } from '#app/utils/hydration.tsx'
import { useOptionalSiteSettings } from '#app/utils/site-settings.ts'
import { tradeInHref } from '#app/vehicles/contact-links.ts'
import { APPOINTMENT_ANCHOR } from '#app/submissions/sale-appointment.ts'
import { PhotoField } from './photo-field.tsx'
import { SaleAppointment, type SaleConfirmationData } from './sale-appointment.tsx'

const FORM = VEHICLE_SALE_FORM
const ANCHOR = SALE_ANCHOR
const id = (name: string) => `${ANCHOR}-${name}`

/** Names the car a trade-in is for, above the form (issue 26 item 3). */
export const TRADE_IN_NOTE = 'Inzahlungnahme beim Kauf von:'
/** Under the trade-in note when the person came from their test drive (issue 36). */
export const TEST_DRIVE_HANDOFF_NOTE = 'Ihre Kontaktdaten aus der Probefahrt-Anfrage sind schon eingetragen – bitte prüfen Sie sie unten.'

const GROUPS = [
  { key: 'vehicle', legend: '1. Ihr Fahrzeug', names: SALE_GROUPS.vehicle },
  { key: 'condition', legend: '2. Zustand', names: SALE_GROUPS.condition },
] as const
const PERSON = { key: 'person', legend: '4. Ihre Kontaktdaten', names: SALE_GROUPS.person } as const
/** What a reload keeps: the car and its condition, never the person's data or the photos. */
const CAR_ACROSS_RELOADS = sessionDraft([...SALE_GROUPS.vehicle, ...SALE_GROUPS.condition])

interface ErrorData {
  fieldErrors?: FieldErrors
  formError?: string
  values: Record<string, string>
}

function readErrors(data: unknown): ErrorData | null {
  if (typeof data !== 'object' || data === null || (data as { status?: unknown }).status !== 'error') return null
  const record = data as Record<string, unknown>
  // A refused Besichtigungstermin is the confirmation's, not the sell form's.
  if (record.anchor === APPOINTMENT_ANCHOR) return null
  return {
    fieldErrors: typeof record.fieldErrors === 'object' && record.fieldErrors !== null ? (record.fieldErrors as FieldErrors) : undefined,
    formError: typeof record.formError === 'string' ? record.formError : undefined,
    values: typeof record.values === 'object' && record.values !== null ? (record.values as Record<string, string>) : {},
  }
}

/**
 * The confirmation's words for what arrived (the `fotos` parameter of the address): the number of
 * photos kept, or that the sender's photo budget kept none; with none (or no parameter: an older
 * link) only the details. Then by when we answer: `estimate`, the deadline the server counted for
 * this request, else the promise of the Kennzahl `answerHours`.
 */
export function saleConfirmationText(photos: string | null, answerHours?: number | null, estimate?: string): string {
  // By when: the deadline the server counted for this request (issue 38), else the Kennzahl „Bewertung innerhalb (Stunden)“ (issue 36).
  const next = estimate ?? saleAnswerPromise(answerHours)
  if (photos === PHOTOS_WITHHELD) {
    return `Vielen Dank! Ihre Angaben sind bei uns eingegangen. Ihre Fotos konnten wir gerade nicht annehmen – zeigen Sie uns Ihr Fahrzeug gern bei der Besichtigung. ${next}`
  }
  const count = photos !== null && /^\d{1,2}$/.test(photos) ? Number(photos) : 0
  if (count === 0) return `Vielen Dank! Ihre Angaben sind bei uns eingegangen. ${next}`
  return `Vielen Dank! Ihre Angaben und ${count === 1 ? 'Ihr Foto sind' : `Ihre ${count} Fotos sind`} bei uns eingegangen. ${next}`
}

/** Where the form posts with JavaScript: the one door's JSON answer (app/submissions/actions.server.ts). */
const LEADS_API = '/api/leads'

/**
 * The sell request of /auto-verkaufen (issue 26): one page of fieldsets (vehicle, condition,
 * photos, person), phone first. Without JavaScript a plain multipart post to the page; errors come
 * back with the input kept and a summary that links each field. With JavaScript the browser's own
 * checks run first, the photos are shrunk to JPEG of at most 2000 px (no metadata) and the same
 * fields go to POST /api/leads, with the share sent shown while it uploads (issue 35 item 4); a
 * refusal leaves everything typed and chosen in place. The button stays focusable and reads
 * „WIRD GESENDET...“ from the first tap to the confirmation. The submission key (rendered by the
 * loader) makes a post sent again after a time-out store nothing new. The confirmation replaces
 * the form and takes focus, on both paths.
 */
export function SaleForm({
  prefill = {},
  prefillErrors = {},
  tradeIn,
  testDriveLead,
  submissionKey,
  confirmation,
  sourcePage,
}: {
  prefill?: Readonly<Record<string, string>>
  /** The message of each value of `prefill` its field refuses (a valuation form's „85000 km“ out of range): shown on arrival. */
  prefillErrors?: FieldErrors
  /** The car the seller wants to buy with this one (a vehicle page's trade-in link): named on the page, its id sent along. */
  tradeIn?: { id: string; name: string }
  /** The test drive this request follows (issue 36): its lead's id, sent along so the dealer sees one customer; its contact details are in `prefill`. */
  testDriveLead?: string
  /** This rendering's key (SUBMISSION_KEY_FIELD): one key, one lead. */
  submissionKey: string
  /** After the request, what the seller's cookie tells of it (issue 38): the estimate's deadline and the Besichtigungstermin. */
  confirmation?: SaleConfirmationData
  /** The page of the site the seller came from (issue 38: which page brings sellers), kept across a refused post. */
  sourcePage?: string
}) {
  const hydrated = useHydrated()
  const answerHours = useOptionalSiteSettings()?.claims?.valuationHours
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const navigate = useNavigate()
  const [scripted, setScripted] = useState<ErrorData | null>(null)
  /**
   * What the page's own check refused before sending (refusedBeforeSending); the server's answer replaces it.
   * On arrival, what the valuation form handed over and the field refuses, so the seller sees it before sending.
   */
  const [checked, setChecked] = useState<FieldErrors | null>(Object.keys(prefillErrors).length > 0 ? prefillErrors : null)
  const actionData = useActionData()
  const actionErrors = readErrors(actionData)
  const server = scripted ?? actionErrors
  const [preparing, setPreparing] = useState(false)
  /** The share of the body sent (0 to 1) while uploading; `done` once stored, until the confirmation shows. */
  const [upload, setUpload] = useState<number | 'done' | null>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  // The trade-in query stays on the address: a refused post re-renders the page with the note and the hidden id.
  const page = tradeIn ? tradeInHref(tradeIn.id) : SALE_PATH
  // What was typed, photos included, survives a look at another page (the privacy link, the menu) and Back,
  // the car's fields a reload too; a valuation form's new hand-over (its query) starts from what it hands over.
  const draft = useFormDraft(draftKey(`${page}#${ANCHOR}`, searchParams), CAR_ACROSS_RELOADS)
  const sending = preparing || upload !== null || (navigation.state !== 'idle' && navigation.formAction?.startsWith(SALE_PATH) === true)
  const sent = !server && searchParams.get(SENT.lead.param) === SENT.lead.value && searchParams.get(SENT.lead.formParam) === ANCHOR

  const errors: FieldErrors = checked ?? server?.fieldErrors ?? {}
  const values = server?.values ?? prefill
  const fields = new Map(FORM.fields.map((field) => [field.name, field]))
  const order = [...SALE_GROUPS.vehicle, ...SALE_GROUPS.condition, PHOTO_FIELD, ...SALE_GROUPS.person]
  // A field's first message; every photo's, each naming its file (the server checks them all at once).
  const summary = order.flatMap((name) =>
    (errors[name] ?? []).slice(0, name === PHOTO_FIELD ? undefined : 1).map((message) => ({ field: name, href: `#${id(name)}`, message })),
  )

  // Shown, the confirmation ends the sending: Back to the form (its own history entry) finds it ready to send.
  useEffect(() => {
    if (sent) setUpload(null)
  }, [sent])
  // After a refused post with JavaScript, focus goes to the summary (without, the address's fragment takes it there).
  useEffect(() => {
    if (scripted) summaryRef.current?.focus()
  }, [scripted])
  // Keyed on the action's data itself: the errors read from it are a new object on every render
  // (an upload's progress, a chosen file), which would pull the focus back to the summary each time.
  useEffect(() => {
    if (readErrors(actionData)) summaryRef.current?.focus()
  }, [actionData])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    const form = event.currentTarget
    const body = new FormData(form)
    // Checked here, all at once and before the photos are prepared or sent, by the check of every form:
    // the browser's own showed one bubble at a time, outside the page.
    // As on the site's other forms the first refused field takes the focus; the summary above lists them all.
    const refused = refusedBeforeSending(FORM, FORM.fields, form, stringEntries(body))?.errors ?? null
    // Drawn first, then focused: the summary above the fields would push the focused one out of view.
    flushSync(() => setChecked(refused))
    if (refused) {
      focusFirstInvalid(form, order, refused)
      return
    }
    const files = body.getAll(PHOTO_FIELD).filter((value): value is File => value instanceof File && value.size > 0)
    // The photos' own refusals come second (their check takes a decode of each), in the summary and at the field.
    const refusePhotos = (messages: string[]) => {
      flushSync(() => setChecked({ [PHOTO_FIELD]: messages }))
      document.getElementById(id(PHOTO_FIELD))?.focus()
    }
    if (files.length > MAX_PHOTOS) return refusePhotos([PHOTO_MESSAGES.tooMany])
    setPreparing(true)
    // Every photo is looked at before one is refused, so that the seller hears of all of them at once.
    const photoErrors: string[] = []
    try {
      body.delete(PHOTO_FIELD)
      for (const file of files) {
        const resized = await resizePhoto(file)
        if (!resized) photoErrors.push(PHOTO_MESSAGES.notAnImage(file.name))
        else if (resized.size > MAX_PHOTO_BYTES) photoErrors.push(PHOTO_MESSAGES.tooLarge(file.name))
        else body.append(PHOTO_FIELD, resized, resized.name)
      }
    } finally {
      setPreparing(false)
    }
    if (photoErrors.length > 0) return refusePhotos(photoErrors)
    // The API names the form by `kind`; the page's hidden fields go along unread.
    body.set('kind', 'vehicle-sale')
    setUpload(0)
    let stored = false
    try {
      const answer = await postWithProgress(LEADS_API, body, setUpload)
      const json = (typeof answer.json === 'object' && answer.json !== null ? answer.json : {}) as {
        error?: unknown
        fieldErrors?: FieldErrors
        photos?: { stored: number; withheld: boolean }
      }
      if (answer.status === 201) {
        stored = true
        draft.forget()
        setUpload('done')
        setScripted(null)
        navigate(`${SALE_PATH}?${sentQuery('vehicle-sale', ANCHOR, { photos: json.photos })}#${SALE_CONFIRMATION_ID}`, { preventScrollReset: true })
        return
      }
      if (answer.status === 400 && json.fieldErrors) setScripted({ fieldErrors: json.fieldErrors, values: {} })
      else setScripted({ formError: typeof json.error === 'string' ? json.error : FORM.texts.toasts.failure.description, values: {} })
    } catch {
      setScripted({ formError: FORM.texts.toasts.failure.description, values: {} })
    } finally {
      if (!stored) setUpload(null)
    }
  }

  if (sent) {
    return (
      <div className="space-y-6">
        <div id={SALE_CONFIRMATION_ID} tabIndex={-1} autoFocus ref={(element) => element?.focus()} className="outline-none">
          <FormConfirmation title={FORM.texts.success.title}>
            {saleConfirmationText(searchParams.get(SENT.lead.photosParam), answerHours, confirmation?.estimate)}
          </FormConfirmation>
        </div>
        {confirmation ? <SaleAppointment appointment={confirmation.appointment} slots={confirmation.slots} /> : null}
      </div>
    )
  }

  const control = (field: FieldDefinition, alone = false, member?: ReturnType<DescribeMember>) => {
    const attributes = inputAttributes(field, hydrated)
    const wide = field.type === 'textarea'
    return (
      <Field
        key={field.name}
        id={id(field.name)}
        name={field.name}
        label={field.label}
        required={field.required}
        // A group's member (phone, e-mail) shows no message of its own: the group shows it once.
        errors={member ? undefined : errors[field.name]}
        invalid={member?.invalid}
        describedBy={member?.describedBy}
        className={wide || alone ? 'sm:col-span-2' : undefined}
      >
        {(props) => <FieldInput field={field} attributes={attributes} control={props} defaultValue={values[field.name] ?? ''} rows={4} />}
      </Field>
    )
  }

  const fieldset = (group: { key: string; legend: string; names: readonly string[] }) => (
    <fieldset key={group.key} className="rounded-xl border border-zinc-200 p-4 sm:p-6">
      <legend className="px-1 text-lg font-bold text-zinc-950">{group.legend}</legend>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">{rows(group.names)}</div>
    </fieldset>
  )

  // A fieldset's rows: phone and e-mail (one of them needed) side by side with their message once;
  // a field that would sit alone beside an empty column takes the row.
  const rows = (names: readonly string[]) => {
    const pair = FORM.anyOf?.find((any) => any.fields.every((name) => names.includes(name)))
    const items = names.filter((name) => !pair || !pair.fields.includes(name) || name === pair.fields[0])
    const alone = loneHalves(items.map((name) => name === pair?.fields[0] || fields.get(name)!.type === 'textarea'))
    return items.map((name, index) => {
      if (name !== pair?.fields[0]) return control(fields.get(name)!, alone[index])
      return (
        <FieldGroup key={name} id={id(pair.fields.join('-'))} hint={pair.hint} errors={pair.fields.map((member) => errors[member]?.[0])}>
          {(describe) => pair.fields.map((member) => control(fields.get(member)!, false, describe(errors[member]?.[0])))}
        </FieldGroup>
      )
    })
  }

  const photoError = errors[PHOTO_FIELD]
  return (
    <Form
      ref={draft.ref}
      method="post"
      encType="multipart/form-data"
      // Without JavaScript a refused post comes back to the summary, which the browser then focuses.
      action={`${page}#${errorSummaryId(ANCHOR)}`}
      onSubmit={hydrated ? onSubmit : undefined}
      // Once hydrated the form checks itself (refusedBeforeSending); without JavaScript the browser does.
      noValidate={hydrated}
      aria-busy={sending || undefined}
      className="space-y-6"
    >
      {server || checked ? (
        <div id={errorSummaryId(ANCHOR)} ref={summaryRef} tabIndex={-1} className="outline-none">
          <FormErrorSummary
            errors={summary}
            failure={!checked && server?.formError ? { title: FORM.texts.toasts.failure.title, text: server.formError } : undefined}
          />
        </div>
      ) : null}

      {tradeIn ? (
        <p id={id('inzahlungnahme')} className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-zinc-900">
          {TRADE_IN_NOTE} <strong className="font-semibold">{tradeIn.name}</strong>
          {testDriveLead ? <span className="mt-1 block">{TEST_DRIVE_HANDOFF_NOTE}</span> : null}
        </p>
      ) : null}

      {GROUPS.map((group) => fieldset(group))}

      {/* min-w-0: a fieldset is at least as wide as its content, and a long file name would widen the page. */}
      <fieldset className="min-w-0 rounded-xl border border-zinc-200 p-4 sm:p-6">
        <legend className="px-1 text-lg font-bold text-zinc-950">3. Fotos (freiwillig)</legend>
        <PhotoField
          inputId={id(PHOTO_FIELD)}
          errors={photoError}
          // A new choice: the page's refusal of the photos no longer holds (a refusal of other fields does).
          onChoose={() => setChecked((current) => (current?.[PHOTO_FIELD] ? null : current))}
        />
      </fieldset>

      {fieldset(PERSON)}

      <Honeypot id={id('website')} />
      <input type="hidden" name={FORM_KIND_FIELD} value="vehicle-sale" />
      {tradeIn ? <input type="hidden" name="vehicleId" value={tradeIn.id} /> : null}
      {testDriveLead ? <input type="hidden" name="testDriveLead" value={testDriveLead} /> : null}
      <input type="hidden" name="page" value={SALE_PATH} />
      {(server?.values.sourcePage ?? sourcePage) ? <input type="hidden" name="sourcePage" value={server?.values.sourcePage ?? sourcePage} /> : null}
      <input type="hidden" name="anchor" value={ANCHOR} />
      <input type="hidden" name={SUBMISSION_KEY_FIELD} value={submissionKey} />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <PrivacyNote />
        <Button type="submit" variant="primary" surface="light" size="lg" aria-disabled={sending || undefined} className="shrink-0">
          {sending ? SUBMITTING_LABEL : 'VERKAUFSANFRAGE SENDEN'}
        </Button>
      </div>
      <UploadProgress preparing={preparing} upload={upload} />
    </Form>
  )
}

/**
 * What the seller sees while the request leaves the phone: the photos being prepared, then the
 * share uploaded. The live text changes in steps of ten percent, so a screen reader is not flooded.
 */
function UploadProgress({ preparing, upload }: { preparing: boolean; upload: number | 'done' | null }) {
  const percent = upload === 'done' ? 100 : upload === null ? null : Math.floor(upload * 100)
  const text = preparing
    ? 'Fotos werden vorbereitet …'
    : percent === null
      ? ''
      : percent >= 100
        ? 'Gesendet, wird gespeichert …'
        : `Wird gesendet: ${Math.floor(percent / 10) * 10} %`
  return (
    <div className={preparing || percent !== null ? 'space-y-2' : 'sr-only'}>
      <p role="status" className="text-sm font-semibold text-zinc-900">
        {text}
      </p>
      {percent !== null ? (
        <progress
          max={100}
          value={percent}
          aria-label="Anteil gesendet"
          className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-amber-500 [&::-webkit-progress-bar]:bg-zinc-200 [&::-webkit-progress-value]:bg-amber-500"
        >
          {percent} %
        </progress>
      ) : null}
    </div>
  )
}
