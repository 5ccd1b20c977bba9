import { type ReactNode } from 'react'
import { type FieldDefinition, type inputAttributes } from '#app/submissions/forms.ts'

/** Attributes a field passes to its control so label and error are announced with it. */
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
  'focus:border-zinc-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-zinc-900 ' +
  'aria-invalid:border-red-700 aria-invalid:bg-red-50/40'

/**
 * The control of a form definition's text, number, e-mail, phone, select or textarea field inside its Field:
 * one rendering for the lead forms and the sell request. `attributes` are the field's (inputAttributes),
 * `control` what Field hands its child; a select offers `options` (default: the field's own).
 */
export function FieldInput({
  field,
  attributes,
  control,
  defaultValue,
  rows,
  options = field.options ?? [],
}: {
  field: Pick<FieldDefinition, 'type' | 'options' | 'optionLabels'>
  attributes: ReturnType<typeof inputAttributes>
  control: FieldControlProps
  defaultValue: string | undefined
  rows: number
  options?: readonly string[]
}) {
  if (field.type === 'select') {
    return (
      <select {...attributes} {...control} defaultValue={defaultValue} className={`${CONTROL_CLASSES} appearance-auto`}>
        <option value="">Bitte wählen</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {field.optionLabels?.[option] ?? option}
          </option>
        ))}
      </select>
    )
  }
  if (field.type === 'textarea')
    return <textarea {...attributes} {...control} rows={rows} defaultValue={defaultValue} className={`${CONTROL_CLASSES} resize-y`} />
  return <input {...attributes} {...control} defaultValue={defaultValue} className={CONTROL_CLASSES} />
}

/**
 * A form definition's checkbox (a consent, „Fahrzeug in Zahlung geben?“) across both columns, with its
 * message and the note under it that describes it.
 */
export function CheckboxField({
  id,
  label,
  attributes,
  checked,
  error,
  note,
}: {
  id: string
  label: string
  attributes: ReturnType<typeof inputAttributes>
  checked: boolean
  error: string | undefined
  note: { id: string; content: ReactNode } | undefined
}) {
  return (
    <div className="sm:col-span-2">
      {/* The whole row, box and words, is the label around the box: 44 px high to tap, not the 20 px box alone. */}
      <label className="flex min-h-11 w-fit items-center gap-3 text-sm font-semibold text-zinc-900">
        <input
          {...attributes}
          id={id}
          value="on"
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error && `${id}-error`, note?.id].filter(Boolean).join(' ') || undefined}
          className="size-5 shrink-0 rounded border-zinc-400 accent-amber-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900"
        />
        {label}
      </label>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {note ? (
        <div id={note.id} className="mt-1 text-sm text-zinc-700">
          {note.content}
        </div>
      ) : null}
    </div>
  )
}

/**
 * A labelled form field. The control (input, select, textarea) comes from `children`, which
 * receives id, name, required and the aria wiring to the error text (and to a group's hint and message).
 * Required fields show an asterisk; the control's `required` attribute tells assistive technology.
 */
export function Field({ id, name, label, required = false, errors, describedBy: outside, invalid = false, className = '', children }: FieldProps) {
  const error = errors?.[0]
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, outside].filter(Boolean).join(' ') || undefined
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
      {error ? (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** What a FieldGroup tells each member's Field (its `invalid` and `describedBy`), from the member's own message. */
export type DescribeMember = (error?: string) => { invalid: boolean; describedBy?: string }

/**
 * Fields of which one must be filled (phone or e-mail), side by side across a two-column form: the
 * hint and each distinct message once below both (not the same sentence under each); every member
 * is described by the hint and by the message it carries, and invalid when it carries one.
 */
export function FieldGroup({
  id,
  hint,
  errors,
  children,
}: {
  id: string
  hint?: string
  errors: ReadonlyArray<string | undefined>
  children: (describe: DescribeMember) => ReactNode
}) {
  const messages = [...new Set(errors.filter(Boolean))] as string[]
  const describe: DescribeMember = (error) => ({
    invalid: !!error,
    describedBy: [hint && `${id}-hint`, error && `${id}-error-${messages.indexOf(error)}`].filter(Boolean).join(' ') || undefined,
  })
  return (
    <div className="sm:col-span-2">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">{children(describe)}</div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-zinc-600">
          {hint}
        </p>
      ) : null}
      {messages.map((message, index) => (
        <p key={message} id={`${id}-error-${index}`} className="mt-1.5 text-sm font-medium text-red-700">
          {message}
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
  let column = 0
  return wide.map((isWide, index) => {
    // A half item starting a row with no half item after it.
    const alone = !isWide && !column && wide[index + 1] !== false
    column = isWide || alone ? 0 : 1 - column
    return alone
  })
}
