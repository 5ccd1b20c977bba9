import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { ApiError } from '~/utils/api-client'
import { focusFirstInvalid, serverFieldErrors, stringEntries } from '~/utils/form-values'

type FieldErrors = Partial<Record<string, string[]>>

export interface ScriptedSubmitOptions<E extends FieldErrors> {
  /** The fields in the order of the form, for focusing the first invalid one. */
  order: readonly string[]
  /** Errors for the required fields left empty (spec: 'Pflichtfelder fehlen'), or null when all are filled. */
  missingFields: (raw: Record<string, string>) => E | null
  /** Sends the trimmed values; rejects with ApiError on a non-success answer. */
  send: (raw: Record<string, string>) => Promise<unknown>
  toasts: {
    missing: { title: string; description: string }
    failure: { title: string; description: string }
    /** Shown after a successful send. */
    success: () => void
  }
}

/**
 * The submit handler of the site's forms once hydrated (contact and lead forms alike): empty
 * required fields → the 'Pflichtfelder fehlen' toast and nothing sent; then the browser's own
 * format check; then the JSON call while `submitting`; success → toast and reset; failure → the
 * server's field errors beside the fields (400) and the failure toast, the input kept.
 */
export function useScriptedSubmit<E extends FieldErrors>({ order, missingFields, send, toasts }: ScriptedSubmitOptions<E>) {
  const [clientErrors, setClientErrors] = useState<E | null>(null)
  const [submitting, setSubmitting] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting) return
    const form = event.currentTarget
    const raw = stringEntries(new FormData(form))

    const missing = missingFields(raw)
    if (missing) {
      setClientErrors(missing)
      toast.error(toasts.missing.title, { description: toasts.missing.description })
      focusFirstInvalid(form, order, missing)
      return
    }
    setClientErrors(null)
    // Formats and ranges (type="email", min, max, maxLength): the browser's own check and messages.
    if (!form.reportValidity()) return

    setSubmitting(true)
    try {
      await send(raw)
      toasts.success()
      form.reset()
    } catch (error) {
      // The server's verdict on single fields goes next to them (the schemas live on the server).
      const fieldErrors = error instanceof ApiError && error.status === 400 ? serverFieldErrors<E>(error.responseText) : null
      if (fieldErrors) {
        setClientErrors(fieldErrors)
        focusFirstInvalid(form, order, fieldErrors)
      }
      // Any cause (network, 4xx, 5xx): one message, and the visitor keeps the input (spec §8).
      toast.error(toasts.failure.title, { description: toasts.failure.description })
    } finally {
      setSubmitting(false)
    }
  }

  return { clientErrors, submitting, onSubmit }
}
