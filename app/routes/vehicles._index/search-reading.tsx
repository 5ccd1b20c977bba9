import { Link, useSearchParams } from '@remix-run/react'
import { SEARCH_REQUEST_ANCHOR, SearchRequest } from '#app/components/search-request.tsx'
import { FormConfirmation } from '#app/components/ui/form-parts.tsx'
import { confirmationId, SENT, successText } from '#app/submissions/forms.ts'
import { SEARCH_REQUEST_FORM } from '#app/submissions/search-request-form.ts'
import { RESULTS_ANCHOR } from '#app/vehicles/list-return.ts'
import { type QueryReading, suggestedSearch } from '#app/vehicles/query-reading.ts'
import { displayTerm, isFillerWord, searchWords } from '#app/vehicles/search-text.ts'
import { type VehicleSearch, vehicleSearchHref } from '#app/vehicles/vehicle-search.ts'
import { type ListNavigationState } from './navigation-state'

/*
 * How /vehicles read the buyer's search (issue 29, docs/decisions/022): a line of parts, each a
 * plain link that removes it from the URL (works without JavaScript), and the help of an empty
 * result: "Meinten Sie …?" and the Suchauftrag (the result's box names the query, results.tsx). Kept apart from the route so
 * the filter layout can change around it.
 */

/** What the page's loader hands over (inventory.server.ts SearchOutcome, serialised). */
export interface SearchReadingData {
  reading: QueryReading
  corrections: ReadonlyArray<{ from: string; to: string }>
  unmatched: readonly string[]
}

const foldWord = (word: string) => searchWords(word)[0]

function withSearch(state: VehicleSearch, search: string): string {
  return `${vehicleSearchHref({ ...state, search: search || undefined, page: 1 })}#${RESULTS_ANCHOR}`
}

/** "Gesucht: Preis bis 20.000 € ✕ · Kombi (statt „Kombie“) ✕". */
export function SearchReadingLine({ state, search }: { state: VehicleSearch; search: SearchReadingData }) {
  const corrected = new Map(search.corrections.map((correction) => [correction.from, correction.to]))
  const chips = [
    ...search.reading.parts.map((part) => ({ at: part.at, label: part.label, without: part.without })),
    ...search.reading.words
      .filter((word) => !isFillerWord(word.source))
      .map((word) => {
        const to = corrected.get(foldWord(word.source) ?? '')
        return { at: word.at, label: to === undefined ? word.source : `${displayTerm(to)} (statt „${word.source}“)`, without: word.without }
      }),
  ].sort((a, b) => a.at - b.at)
  if (chips.length === 0) return null
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="search-reading">
      <span className="font-semibold text-zinc-700">Gesucht:</span>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={`${chip.at}-${chip.label}`}>
            <Link
              to={withSearch(state, chip.without)}
              preventScrollReset
              // The chip goes with its link, so the results heading takes the focus (not the page's body).
              state={{ results: 'focus' } satisfies ListNavigationState}
              aria-label={`„${chip.label}“ aus der Suche entfernen`}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-zinc-300 bg-white px-3 py-1 font-medium text-zinc-900 hover:border-amber-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900"
            >
              {chip.label}
              <span aria-hidden="true" className="text-zinc-500">
                ✕
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * The help of an empty result: for a typed search "Meinten Sie …?" (or a wider search), and the
 * Suchauftrag for `query`, the search with its filters in words (the loader's describeSearch).
 */
export function EmptySearchHelp({ state, search, query }: { state: VehicleSearch; search?: SearchReadingData; query: string }) {
  const suggestion = search ? suggestedSearch(search.reading, search, foldWord, displayTerm) : undefined
  return (
    <div className="mt-4 space-y-4 text-left">
      {suggestion ? (
        <p className="text-center text-zinc-700">
          {suggestion.corrected ? 'Meinten Sie' : 'Suche erweitern:'}{' '}
          <Link to={withSearch(state, suggestion.text)} className="font-semibold text-amber-800 underline underline-offset-2">
            „{suggestion.text}“
          </Link>
          {suggestion.corrected ? '?' : null}
        </p>
      ) : null}
      <SearchRequest query={query} />
    </div>
  )
}

/**
 * The Suchauftrag's confirmation after a post without JavaScript, above the list: the redirect keeps
 * the search, and where the form is shown (an empty result) it confirms in place itself; this one is
 * for a search that has found cars since, or an address without the search.
 */
export function SearchRequestSent({ formShown }: { formShown: boolean }) {
  const [params] = useSearchParams()
  if (formShown || params.get(SENT.lead.param) !== SENT.lead.value || params.get(SENT.lead.formParam) !== SEARCH_REQUEST_ANCHOR) return null
  const { title, description } = successText(SEARCH_REQUEST_FORM, params.get(SENT.lead.channelParam))
  return (
    <div id={confirmationId(SEARCH_REQUEST_ANCHOR)} tabIndex={-1} autoFocus className="mt-4 rounded-xl focus-visible:outline-3 focus-visible:outline-zinc-900">
      <FormConfirmation title={title}>{description}</FormConfirmation>
    </div>
  )
}
