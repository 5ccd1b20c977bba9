import { SubmissionForm, type SubmissionFormProps } from '#app/components/forms/submission-form.tsx'
import { type FormDefinition, type LeadKind } from '#app/submissions/forms.ts'
import { saleAnswerPromise } from '#app/submissions/lead-forms.ts'
import { financingRequestPrefill, vehicleEnquiryMessage } from '#app/submissions/lead-prefill.ts'
import { useOptionalSiteSettings } from '#app/utils/site-settings.ts'
import { SELL_FLOW_FORMS } from '#schemas/lib/links.ts'

export type LeadFormProps = Omit<SubmissionFormProps, 'form' | 'subjects' | 'rows' | 'idPrefix' | 'vehicleId' | 'prefill' | 'saleHandoff'> & {
  /**
   * The form's definition, imported by name where the page knows which it shows (vehicle-lead-forms.ts,
   * page-lead-forms.ts for content): a page loads only the definitions it imports (decision 112).
   */
  form: FormDefinition<LeadKind>
  /** The enquired vehicle (vehicle enquiry): its public id goes along, make and model pre-fill the message. */
  vehicle?: { id: string; make: string; model: string }
  /** The financing request: the calculator's term and down payment, pre-filled. */
  financing?: { termMonths: number; downPayment: number }
}

/** A lead form of spec §3 (the lead definitions and their wording load only on pages that show one). */
/** The forms that value a seller's car: they lead into the sell request with what was typed (issue 26). */
// One list with the Studio's rule for seller buttons (schemas/lib/links.ts, issue 36).
export const VALUATION_KINDS: ReadonlySet<LeadKind> = new Set(SELL_FLOW_FORMS as ReadonlyArray<LeadKind>)

export function LeadForm({ form, vehicle, financing, ...props }: LeadFormProps) {
  const { kind } = form
  // The test drive's message is optional and starts empty; the enquiry's names the car (spec §7).
  const prefill =
    vehicle && kind === 'vehicle-enquiry'
      ? { message: vehicleEnquiryMessage(vehicle.make, vehicle.model) }
      : kind === 'financing-request' && financing
        ? financingRequestPrefill(financing)
        : undefined
  // A seller is told by when we answer, as the valuation pages promise it (the Kennzahl „Bewertung innerhalb (Stunden)“).
  const answerHours = useOptionalSiteSettings()?.claims?.valuationHours
  const valuation = VALUATION_KINDS.has(kind)
  return (
    <SubmissionForm
      form={form}
      vehicleId={vehicle?.id}
      prefill={prefill}
      saleHandoff={valuation}
      answerPromise={valuation ? saleAnswerPromise(answerHours) : undefined}
      {...props}
    />
  )
}
