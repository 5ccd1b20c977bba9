import { HONEYPOT_FIELD, missingRequiredFields, type FieldDefinition, type FieldErrors, type FormDefinition } from '#app/submissions/forms.ts'
import { readWholeNumber } from '#app/utils/form-rules.ts'

/*
 * Helpers of the site's forms (contact and lead forms): read the form, show the server's verdict
 * on single fields, echo the input back. No zod here: the schemas run on the server.
 */

/** A form's text values, trimmed (files and other non-strings are left out). */
export function stringEntries(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of formData.entries()) if (typeof value === 'string') values[key] = value.trim()
  return values
}

/** The `fieldErrors` of a 400 answer of the JSON API (`{error, fieldErrors}`), if it has any. */
export function serverFieldErrors<T extends Partial<Record<string, string[]>>>(responseText: string): T | null {
  try {
    const body: unknown = JSON.parse(responseText)
    if (typeof body === 'object' && body !== null && 'fieldErrors' in body && typeof body.fieldErrors === 'object' && body.fieldErrors) {
      return body.fieldErrors as T
    }
  } catch {
    // Not JSON: nothing to show beside the fields.
  }
  return null
}

/**
 * The description of the toast that names the fields to fix: `Label: message` per field, in form
 * order, then any field the form does not show (its message alone).
 */
export function fieldErrorsDescription(
  fieldErrors: Partial<Record<string, readonly string[]>>,
  order: readonly string[],
  labels: Partial<Record<string, string>>,
): string {
  const names = [...order.filter((name) => name in fieldErrors), ...Object.keys(fieldErrors).filter((name) => !order.includes(name))]
  return names
    .flatMap((name) => {
      const message = fieldErrors[name]?.[0]
      if (!message) return []
      const label = labels[name]
      return [label ? `${label}: ${message}` : message]
    })
    .join(' ')
}

/** The German `error` text of a JSON API answer (`{error}`), if it has one. */
export function serverErrorMessage(responseText: string): string | null {
  try {
    const body: unknown = JSON.parse(responseText)
    if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' && body.error) return body.error
  } catch {
    // Not JSON.
  }
  return null
}

/** What a form refuses before sending: each field's message, and whether a required one was left empty. */
export interface RefusedFields {
  errors: FieldErrors
  /** A required field (or a whole group of which one must be filled) is empty: 'Pflichtfelder fehlen'. */
  missing: boolean
}

/**
 * What the page refuses before sending, all in one pass and in the server's words (decision 109):
 * every required field of `fields` left empty, the members of a group
 * of which one must be filled (phone or e-mail) with the group's message, every filled field whose
 * format the browser's constraints (type, pattern, maxLength) refuse, and every number outside its
 * range. Null when the form may go.
 * The one check of every form of the site, the sell form's as the scripted ones'.
 */
export function refusedBeforeSending(
  form: FormDefinition,
  fields: readonly FieldDefinition[],
  element: HTMLFormElement,
  raw: Record<string, string>,
): RefusedFields | null {
  const errors: FieldErrors = {}
  for (const field of fields) {
    const control = element.elements.namedItem(field.name)
    const isControl = control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement
    if (!isControl) continue
    // An empty field is the missing check's below.
    if (!control.validity.valid && !control.validity.valueMissing) errors[field.name] = [form.messages.format(field)]
    else if (field.number && control.value.trim() !== '') {
      // A number in its format may still be out of its range („9.999.999“ km): the server's check, here.
      const number = readWholeNumber(control.value.trim())
      const outOfRange = number === null ? undefined : form.messages.range?.(field, number)
      if (outOfRange) errors[field.name] = [outOfRange]
    }
  }
  const missing = missingRequiredFields(form, raw).filter((name) => fields.some((field) => field.name === name))
  for (const name of missing) {
    const field = fields.find((candidate) => candidate.name === name)!
    const group = field.required ? undefined : form.anyOf?.find((any) => any.fields.includes(name))
    errors[name] = [group?.message ?? form.messages.missing(field)]
  }
  return Object.keys(errors).length > 0 ? { errors, missing: missing.length > 0 } : null
}

/** Focuses the first control, in `order`, that has an error. */
export function focusFirstInvalid(form: HTMLFormElement, order: readonly string[], fieldErrors: Partial<Record<string, readonly string[]>>) {
  const first = order.find((field) => fieldErrors[field]?.length)
  const control = first ? form.elements.namedItem(first) : null
  if (control instanceof HTMLElement) control.focus()
}

/**
 * Whether a submission filled the honeypot: any value but absent, null or a blank string. A form
 * post only sends strings; anything else (`website: ["x"]`, a number) comes from a script.
 */
export function isHoneypotFilled(raw: Record<string, unknown>): boolean {
  const value = raw[HONEYPOT_FIELD]
  if (value === undefined || value === null) return false
  return typeof value !== 'string' || value.trim() !== ''
}

/** The submitted text fields to put back into a form after a failed post (never the honeypot). */
export function echoFormValues(raw: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of Object.entries(raw)) {
    if (key !== HONEYPOT_FIELD && typeof value === 'string') values[key] = value
  }
  return values
}
