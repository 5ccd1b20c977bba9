import { Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { AlertIcon, CheckIcon } from '#app/components/icons.tsx'
import { HONEYPOT_FIELD } from '#app/submissions/forms.ts'

/*
 * The pieces the site's forms (contact form, lead forms) share around their fields: the inline
 * confirmation after a post without JavaScript, the error summary, the honeypot and the note
 * below the fields.
 */

/** The inline confirmation a page shows after the post/redirect/get of a form sent without JavaScript. */
export function FormConfirmation({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border border-green-300 bg-green-50 p-5 text-green-900">
      <CheckIcon className="mt-0.5 size-5 shrink-0" />
      <p>
        {title ? <strong className="block font-bold">{title}</strong> : null}
        {children}
      </p>
    </div>
  )
}

/** Why a send failed, shown at the form until the next try or the next page. */
export interface FormFailure {
  /** 'Fehler beim Senden' when another try may work; none for a refusal, whose text says it all. */
  title?: string
  text: string
}

export interface FormErrorSummaryProps {
  /** The id the form's address ends in (errorSummaryId): the browser focuses the summary on arrival. */
  id?: string
  /** Field errors in form order, each linking to its control; a message several fields share is listed once, at the first. */
  errors: ReadonlyArray<{ field: string; href: string; message: string }>
  /** Shown when there are no field errors: the form-level failure (its title, if any, and text). */
  failure?: FormFailure
}

/** After a post without JavaScript: what to fix (with links to the fields), or why it failed. */
export function FormErrorSummary({ id, errors: fieldErrors, failure }: FormErrorSummaryProps) {
  // Phone and e-mail of a form that needs one of them carry the same message; each field keeps its own.
  const errors = fieldErrors.filter((error, index) => fieldErrors.findIndex((other) => other.message === error.message) === index)
  if (errors.length === 0 && !failure) return null
  return (
    <div
      id={id}
      tabIndex={id ? -1 : undefined}
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-5 text-red-900 focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-zinc-900"
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0" />
      {errors.length > 0 ? (
        <div>
          <p className="font-bold">Bitte prüfen Sie Ihre Eingaben:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {errors.map(({ field, href, message }) => (
              <li key={`${field} ${message}`}>
                <a href={href} className="underline underline-offset-2 hover:no-underline">
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p>
          {failure?.title ? <strong className="block font-bold">{failure.title}</strong> : null}
          {failure?.text}
        </p>
      )}
    </div>
  )
}

/** Honeypot: invisible to people and assistive technology, irresistible to naive bots. */
export function Honeypot({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Bitte leer lassen</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}

/**
 * The note beside the submit button: required marker and the privacy policy. It informs, it asks no
 * consent: an enquiry is processed to answer it (Art. 6 Abs. 1 lit. b DSGVO, as the policy says), and a
 * consent nobody needs would only read like fine print.
 */
export function PrivacyNote({ required = true }: { required?: boolean }) {
  return (
    <p className="text-sm text-zinc-600">
      {required ? <span aria-hidden="true">* </span> : null}
      {required ? 'Pflichtangaben. ' : null}Ihre Angaben verwenden wir nur, um Ihre Anfrage zu bearbeiten. Mehr dazu in unserer{' '}
      <Link to="/datenschutz" className="font-semibold text-zinc-900 underline underline-offset-2 hover:text-amber-800">
        Datenschutzerklärung
      </Link>
      .
    </p>
  )
}
