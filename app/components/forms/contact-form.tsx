import { SubmissionForm } from '#app/components/forms/submission-form.tsx'
import { CONTACT_FORM, type ContactSubject } from '#app/submissions/forms.ts'

export interface ContactFormProps {
  subjects: readonly ContactSubject[]
  rows?: number
  /** The submit button's label from the content ('NACHRICHT SENDEN'). */
  submitLabel: string
  anchor?: string
  idPrefix?: string
}

/** The contact form of spec §5; its element ids start with `contact-` unless told otherwise. */
export function ContactForm({ idPrefix = 'contact', ...props }: ContactFormProps) {
  return <SubmissionForm form={CONTACT_FORM} idPrefix={idPrefix} {...props} />
}
