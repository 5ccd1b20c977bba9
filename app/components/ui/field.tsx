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
  /** The hint is read out with the control but not shown (one hint shared by two fields shows once). */
  hintOnlyForScreenReaders?: boolean
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
export function Field({ id, name, label, required = false, errors, hint, hintOnlyForScreenReaders = false, className = '', children }: FieldProps) {
  const error = errors?.[0]
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
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
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <p id={hintId} className={hintOnlyForScreenReaders ? 'sr-only' : 'mt-1.5 text-sm text-zinc-600'}>
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
