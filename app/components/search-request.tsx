import { SEARCH_ALERT_CONSENT } from '#app/alerts/consent.ts'
import { SubmissionForm } from '#app/components/forms/submission-form.tsx'
import { type FormDefinition } from '#app/submissions/forms.ts'
import { SEARCH_REQUEST_FORM } from '#app/submissions/search-request-form.ts'

/*
 * The Suchauftrag (issue 29): an empty search result on /vehicles offers it, and so does the page of
 * a car that is gone (sold or unknown, decision 101). A module of its own, so the vehicle page's
 * script takes the form without the list's search reading.
 */

/** The anchor of the Suchauftrag (its no-JavaScript round trip and confirmation). */
export const SEARCH_REQUEST_ANCHOR = 'suchauftrag'

const SEARCH_REQUEST = SEARCH_REQUEST_FORM

/**
 * With nothing known of the search (a link to an unknown car), the visitor types it: the same form
 * and lead, its `query` a text field, first. The server's schema takes either (a required string).
 */
const SEARCH_REQUEST_TYPED: FormDefinition = {
  ...SEARCH_REQUEST,
  fields: [
    ...SEARCH_REQUEST.fields
      .filter((field) => field.name === 'query')
      .map((field) => ({ ...field, type: 'text' as const, placeholder: 'z. B. Kombi bis 20.000 €' })),
    ...SEARCH_REQUEST.fields.filter((field) => field.name !== 'query'),
  ],
}

/**
 * The Suchauftrag: e-mail or phone, and the search (`query`, a hidden field; typed by the visitor
 * when empty). With an e-mail it is an alert with double opt-in (issue 38, decision 080).
 */
export function SearchRequest({ query }: { query: string }) {
  return (
    <section id={SEARCH_REQUEST_ANCHOR} aria-labelledby="suchauftrag-heading" className="mx-auto max-w-xl rounded-xl border border-zinc-200 bg-zinc-50 p-5">
      <h3 id="suchauftrag-heading" className="text-lg text-zinc-950 normal-case">
        Benachrichtigen, wenn ein passendes Auto kommt
      </h3>
      <p className="mt-1 mb-4 text-sm text-zinc-700">
        {query ? `Ihr Suchauftrag für „${query}“: ` : 'Ihr Suchauftrag: '}Mit Ihrer E-Mail-Adresse schreiben wir Ihnen automatisch, sobald ein passendes Auto in
        den Bestand kommt; mit Ihrer Telefonnummer rufen wir Sie an.
      </p>
      {/* Keyed by the query: a new search starts a fresh form with its own hidden value. */}
      <SubmissionForm
        key={query}
        form={query ? SEARCH_REQUEST : SEARCH_REQUEST_TYPED}
        anchor={SEARCH_REQUEST_ANCHOR}
        prefill={{ query }}
        submitLabel="SUCHAUFTRAG SPEICHERN"
        fieldNotes={{ emailOrPhone: SEARCH_ALERT_CONSENT }}
      />
    </section>
  )
}
