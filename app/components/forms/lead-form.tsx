import { SubmissionForm, type SubmissionFormProps } from '#app/components/forms/submission-form.tsx'
import { type LeadKind } from '#app/submissions/forms.ts'
import { LEAD_FORMS } from '#app/submissions/lead-forms.ts'

export type LeadFormProps = Omit<SubmissionFormProps, 'form' | 'subjects' | 'rows' | 'idPrefix'> & { kind: LeadKind }

/** A lead form of spec §3 (the lead definitions load only on pages that show one). */
export function LeadForm({ kind, ...props }: LeadFormProps) {
  return <SubmissionForm form={LEAD_FORMS[kind]} {...props} />
}
