import { Form, useActionData, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { FormErrorSummary } from '#app/components/ui/form-parts.tsx'
import { type FieldErrors } from '#app/submissions/forms.ts'
import { SALE_PATH } from '#schemas/lib/constants.ts'
import { APPOINTMENT_ANCHOR, APPOINTMENT_CALENDAR_PATH, APPOINTMENT_INTENT, APPOINTMENT_TEXTS } from '#app/submissions/sale-appointment.ts'
// Only the type: the slots come from the loader (docs/decisions/050, 057).
import { type AppointmentSlot } from '#app/submissions/appointment-slots.ts'
import { useHydrated } from '#app/utils/hydration.tsx'
import { SlotSelect } from './slot-select.tsx'

/** What the sell page's loader hands the confirmation (app/submissions/sale-appointment.server.ts). */
export interface SaleConfirmationData {
  estimate?: string
  appointment?: string
  slots: AppointmentSlot[]
}

const SLOT_ID = `${APPOINTMENT_ANCHOR}-slot`

/** The page action's answer to a refused choice (SubmissionActionData with this section's anchor). */
function readAppointmentErrors(data: unknown): { fieldErrors?: FieldErrors; formError?: string; values: Record<string, string> } | null {
  if (typeof data !== 'object' || data === null) return null
  const record = data as Record<string, unknown>
  if (record.status !== 'error' || record.anchor !== APPOINTMENT_ANCHOR) return null
  return {
    fieldErrors: typeof record.fieldErrors === 'object' && record.fieldErrors !== null ? (record.fieldErrors as FieldErrors) : undefined,
    formError: typeof record.formError === 'string' ? record.formError : undefined,
    values: typeof record.values === 'object' && record.values !== null ? (record.values as Record<string, string>) : {},
  }
}

/**
 * „Besichtigungstermin wählen“ on the sell request's confirmation (issue 38 item 4): the test
 * drive's slot picker in a plain form posting to the sell page (the page action stores the slot on
 * the lead the seller's cookie names), with and without JavaScript alike. Once chosen it names the
 * slot and offers it as a calendar file.
 */
export function SaleAppointment({ appointment, slots }: { appointment?: string; slots: readonly AppointmentSlot[] }) {
  const { search, hash } = useLocation()
  const actionData = useActionData()
  const errors = readAppointmentErrors(actionData)
  const hydrated = useHydrated()
  const section = useRef<HTMLElement>(null)
  // Back from choosing (the address ends in #verkaufen-termin): the section takes the focus from the
  // confirmation above. A refused slot puts it on the select, which reads out its message, as every form does.
  useEffect(() => {
    // Keyed on the action's data itself: the errors read from it are a new object on every render.
    const refused = readAppointmentErrors(actionData)
    if (refused?.fieldErrors?.slot) document.getElementById(SLOT_ID)?.focus()
    else if (hash === `#${APPOINTMENT_ANCHOR}` || refused) section.current?.focus()
  }, [hash, appointment, actionData])

  return (
    <section
      id={APPOINTMENT_ANCHOR}
      ref={section}
      tabIndex={-1}
      aria-labelledby={`${APPOINTMENT_ANCHOR}-heading`}
      className="rounded-xl border border-zinc-200 p-4 outline-none sm:p-6"
    >
      <h3 id={`${APPOINTMENT_ANCHOR}-heading`} className="text-lg font-bold text-zinc-950">
        {appointment ? 'Ihr Besichtigungstermin' : APPOINTMENT_TEXTS.heading}
      </h3>
      {appointment ? (
        <div className="mt-2 space-y-3 text-zinc-800">
          <p>
            {APPOINTMENT_TEXTS.chosen} <strong className="font-semibold text-zinc-950">{appointment}</strong>
          </p>
          <p>{APPOINTMENT_TEXTS.confirmNote}</p>
          <a href={APPOINTMENT_CALENDAR_PATH} download className="inline-flex min-h-11 items-center font-semibold text-zinc-950 underline underline-offset-4">
            {APPOINTMENT_TEXTS.calendar}
          </a>
        </div>
      ) : slots.length === 0 ? (
        <p className="mt-2 text-zinc-800">Gerade können wir online keinen Termin anbieten. Wir vereinbaren ihn gern mit Ihnen am Telefon.</p>
      ) : (
        // No browser bubble once hydrated: an empty choice comes back as the server's message at the field.
        <Form method="post" action={`${SALE_PATH}${search}#${APPOINTMENT_ANCHOR}`} noValidate={hydrated} className="mt-2 space-y-4">
          <p className="text-zinc-800">{APPOINTMENT_TEXTS.intro}</p>
          {errors?.formError ? <FormErrorSummary errors={[]} failure={{ title: 'Termin nicht gespeichert', text: errors.formError }} /> : null}
          <input type="hidden" name={APPOINTMENT_INTENT.field} value={APPOINTMENT_INTENT.value} />
          <Field id={SLOT_ID} name="slot" label="Wunschtermin" required errors={errors?.fieldErrors?.slot}>
            {(control) => <SlotSelect {...control} slots={slots} defaultValue={errors?.values.slot ?? ''} />}
          </Field>
          <Button type="submit" variant="primary" surface="light" size="lg">
            {APPOINTMENT_TEXTS.submit}
          </Button>
        </Form>
      )}
    </section>
  )
}
