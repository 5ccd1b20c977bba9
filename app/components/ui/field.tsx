import { type ReactNode } from 'react'

/** Attributes a field passes to its control so label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string
  name: string
  required?: boolean
  'aria-invalid'?: true
  'aria-describedby'?: string
}

export interface FieldProps {
  id: string
  name: string
  label: string
  required?: boolean
  /** Error messages of this field; the first one is shown. */
  errors?: readonly string[] | null
  hint?: string
  /** Ids of texts outside the field that describe its control (the hint and message of its FieldGroup). */
  describedBy?: string
  /** The control is invalid for a message shown outside the field (its FieldGroup's). */
  invalid?: boolean
  className?: string
  children: (control: FieldControlProps) => ReactNode
}

/** Text fields share one look; light surfaces, zinc-300 borders ≥ 3:1 against white (WCAG 1.4.11). */
export const CONTROL_CLASSES =
  'block w-full min-h-11 rounded-lg border border-zinc-400 bg-white px-3.5 py-2.5 text-base text-zinc-900 ' +
  'placeholder:text-zinc-500 shadow-xs transition-colors ' +
  'focus:border-zinc-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-amber-400 ' +
  'aria-invalid:border-red-700 aria-invalid:bg-red-50/40'

/**
 * A labelled form field. The control (input, select, textarea) comes from `children`, which
 * receives id, name, required and the aria wiring to the hint and error texts.
 * Required fields show an asterisk; the control's `required` attribute tells assistive technology.
 */
export function Field({ id, name, label, required = false, errors, hint, describedBy: outside, invalid = false, className = '', children }: FieldProps) {
  const error = errors?.[0]
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId, outside].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-zinc-900">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        name,
        required: required || undefined,
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-zinc-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The wiring of fields of which one must be filled (phone or e-mail): one hint and each distinct
 * message once for the pair (not the same sentence under both), every control described by the
 * hint and by the message it carries, and marked invalid when it carries one.
 */
export function fieldGroup(id: string, hint: string | undefined, errors: ReadonlyArray<string | undefined>) {
  const messages = [...new Set(errors.filter((error): error is string => Boolean(error)))]
  const messageId = (message: string) => `${id}-error${messages.length > 1 ? `-${messages.indexOf(message) + 1}` : ''}`
  const hintId = hint ? `${id}-hint` : undefined
  return {
    hint: hint && hintId ? { id: hintId, text: hint } : undefined,
    messages: messages.map((text) => ({ id: messageId(text), text })),
    /** The props of a member's Field, from the member's own message. */
    member: (error: string | undefined) => ({
      invalid: Boolean(error),
      describedBy: [hintId, error ? messageId(error) : undefined].filter(Boolean).join(' ') || undefined,
    }),
  }
}

/** The members of a fieldGroup side by side across a two-column form, its hint and messages below both. */
export function FieldGroup({ group, children }: { group: ReturnType<typeof fieldGroup>; children: ReactNode }) {
  return (
    <div className="sm:col-span-2">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">{children}</div>
      {group.hint ? (
        <p id={group.hint.id} className="mt-1.5 text-sm text-zinc-600">
          {group.hint.text}
        </p>
      ) : null}
      {group.messages.map((message) => (
        <p key={message.id} id={message.id} className="mt-1.5 text-sm font-medium text-red-700">
          {message.text}
        </p>
      ))}
    </div>
  )
}

/**
 * For the items of a two-column form in order (true: takes a whole row), which half-width items
 * would sit alone beside an empty column: those span the row instead.
 */
export function loneHalves(wide: readonly boolean[]): boolean[] {
  const alone = wide.map(() => false)
  let column = 0
  wide.forEach((isWide, index) => {
    if (isWide) {
      column = 0
      return
    }
    if (column === 0 && (index === wide.length - 1 || wide[index + 1])) alone[index] = true
    else column = 1 - column
  })
  return alone
}
