import { useState, type FormEvent } from 'react'
import { toast } from '#app/components/ui/toast.ts'
import { ApiError } from '#app/utils/api-client.ts'
import { type FormFailure } from '#app/components/ui/form-parts.tsx'
import { type FieldErrors } from '#app/submissions/forms.ts'
import { fieldErrorsDescription, focusFirstInvalid, serverErrorMessage, serverFieldErrors, stringEntries, type RefusedFields } from '#app/utils/form-values.ts'

export interface ScriptedSubmitOptions {
  /** The fields in the order of the form, for focusing the first invalid one. */
  order: readonly string[]
  /** The fields' labels, to name them in the toast of a field error. */
  labels: Partial<Record<string, string>>
  /** What the page refuses before sending (refusedBeforeSending), or null when the form may go. */
  check: (form: HTMLFormElement, raw: Record<string, string>) => RefusedFields | null
  /** Sends the trimmed values; rejects with ApiError on a non-success answer. */
  send: (raw: Record<string, string>) => Promise<unknown>
  toasts: {
    missing: { title: string; description: string }
    /** Title of the toast naming the fields to fix (browser check or the server's 400). */
    invalid: { title: string }
    failure: { title: string; description: string }
    /** Shown after a successful send; `raw` is what was sent (its words may depend on it: the Suchauftrag's way back). */
    success: (raw: Record<string, string>) => void
  }
  /** After a successful send and the reset: the form shows its inline confirmation (issue 26). */
  onSuccess?: (raw: Record<string, string>) => void
}

/**
 * The submit handler of the site's forms once hydrated (contact and lead forms alike), one voice
 * for every outcome:
 * - required fields left empty and filled fields the browser's constraints refuse (the e-mail and
 *   phone `pattern` are the server's rules, app/utils/form-rules.ts), all in one pass → each message
 *   at its field, and the 'Pflichtfelder fehlen' toast (or, with nothing missing, one naming the fields);
 * - the server's 400 with field errors → the same, never 'Fehler beim Senden' (no retry fixes it);
 * - another refusal (429, 413, …) → the server's German message;
 * - network failure or 5xx → 'Fehler beim Senden'.
 * The last two also stay at the form (`failure`) until the next try. The input is kept in every case.
 */
export function useScriptedSubmit({ order, labels, check, send, toasts, onSuccess }: ScriptedSubmitOptions) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  // Why the last send failed, shown at the form until the next try (a toast alone is gone after 5 s).
  const [failure, setFailure] = useState<FormFailure | null>(null)
  const [submitting, setSubmitting] = useState(false)

  function showFieldErrors(form: HTMLFormElement, fieldErrors: FieldErrors) {
    setClientErrors(fieldErrors)
    focusFirstInvalid(form, order, fieldErrors)
    toast.error(toasts.invalid.title, { description: fieldErrorsDescription(fieldErrors, order, labels) })
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The button stays focusable while sending (aria-disabled, not disabled): a second press sends nothing.
    if (submitting) return
    const form = event.currentTarget
    const raw = stringEntries(new FormData(form))

    setFailure(null)
    // Every problem at once: the empty fields' messages, and the refused ones' beside them.
    const refused = check(form, raw)
    if (refused?.missing) {
      setClientErrors(refused.errors)
      toast.error(toasts.missing.title, { description: toasts.missing.description })
      focusFirstInvalid(form, order, refused.errors)
      return
    }
    if (refused) return showFieldErrors(form, refused.errors)
    setClientErrors(null)

    setSubmitting(true)
    try {
      await send(raw)
      toasts.success(raw)
      form.reset()
      onSuccess?.(raw)
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        // The server's verdict on single fields goes next to them (the schemas live on the server).
        const fieldErrors = error.status === 400 ? serverFieldErrors<FieldErrors>(error.responseText) : null
        if (fieldErrors && Object.keys(fieldErrors).length > 0) return showFieldErrors(form, fieldErrors)
        const message = serverErrorMessage(error.responseText)
        if (message) {
          toast.error(message)
          setFailure({ text: message })
          return
        }
      }
      // Network failure or 5xx: worth another try; the visitor keeps the input (spec §8).
      toast.error(toasts.failure.title, { description: toasts.failure.description })
      setFailure({ title: toasts.failure.title, text: toasts.failure.description })
    } finally {
      setSubmitting(false)
    }
  }

  return { clientErrors, failure, submitting, onSubmit }
}
