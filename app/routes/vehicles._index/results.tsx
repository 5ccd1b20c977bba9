import { Link, useLocation, useNavigationType } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { CarIcon } from '#app/components/icons.tsx'
import { EmptySearchHelp, SearchReadingLine, SearchRequestSent } from '#app/components/search-reading.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { VehicleCard } from '#app/components/vehicle-card.tsx'
import { scrollToSection } from '#app/utils/scroll.ts'
import { listReturnSearch, RESULTS_ANCHOR } from '#app/vehicles/list-return.ts'
import { type VehicleSearch, vehicleCountLabel, vehicleSearchHref } from '#app/vehicles/vehicle-search.ts'
import { listNavigationState } from './navigation-state'
import { Pagination } from './pagination'
import { type VehicleListResult } from './route'

/** Whether a list page lies beyond the last one: cars match, but none are left for this page. */
export function isBeyondLastPage(result: { total: number; vehicles: readonly unknown[] }): boolean {
  return result.total > 0 && result.vehicles.length === 0
}

/** The results: their count (the heading the focus goes to), the reading of the search, the cards, the pages. */
export function Results({ state, result }: { state: VehicleSearch; result: VehicleListResult }) {
  const beyondLastPage = isBeyondLastPage(result)
  // An empty result for a search offers help and the Suchauftrag's form (which then confirms in place).
  const searchHelp = result.vehicles.length === 0 && !beyondLastPage && result.search ? result.search : undefined
  const heading = useRef<HTMLHeadingElement>(null)
  const location = useLocation()
  const navigationType = useNavigationType()
  // After a search or a page change the view starts at the results (ListNavigationState); Back and Forward restore the old position instead.
  useEffect(() => {
    const intent = listNavigationState(location.state).results
    if (navigationType === 'POP' || !intent || !heading.current) return
    if (intent === 'focus') scrollToSection(RESULTS_ANCHOR)
  }, [location.key, location.state, navigationType])
  const detailsSearch = listReturnSearch(state)
  return (
    <div className="mt-10 lg:mt-0">
      <h2 id={RESULTS_ANCHOR} ref={heading} tabIndex={-1} className="text-2xl text-zinc-950 normal-case focus:outline-none" aria-live="polite">
        {vehicleCountLabel(result.total)}
        {result.pageCount > 1 && !beyondLastPage ? (
          <span className="ml-2 text-base font-semibold text-zinc-600">
            (Seite {result.page} von {result.pageCount})
          </span>
        ) : null}
      </h2>
      {result.search ? <SearchReadingLine state={state} search={result.search} /> : null}
      <SearchRequestSent formShown={searchHelp !== undefined} />
      {result.vehicles.length > 0 ? (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {result.vehicles.map((vehicle) => (
            <li key={vehicle.id}>
              <VehicleCard vehicle={vehicle} detailsLabel="DETAILS ANSEHEN" detailsSearch={detailsSearch} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-6 rounded-xl border border-dashed border-zinc-400 bg-white p-8 text-center">
          <CarIcon className="mx-auto size-10 text-amber-700" />
          <p className="mt-4 text-lg font-semibold text-zinc-950">{beyondLastPage ? 'Diese Seite gibt es nicht.' : 'Keine Fahrzeuge gefunden.'}</p>
          <p className="mt-2 text-zinc-700">
            {beyondLastPage
              ? 'Die Ergebnisliste ist kürzer.'
              : 'Ändern Sie Ihre Suche oder setzen Sie die Filter zurück. Gern suchen wir Ihr Wunschfahrzeug auch für Sie.'}
          </p>
          {searchHelp ? <EmptySearchHelp state={state} search={searchHelp} /> : null}
          <Link
            to={beyondLastPage ? vehicleSearchHref({ ...state, page: 1 }) : '/vehicles'}
            className={buttonClasses({ variant: 'dark', size: 'md', className: 'mt-6' })}
          >
            {beyondLastPage ? 'ZUR ERSTEN SEITE' : 'ALLE FAHRZEUGE ANZEIGEN'}
          </Link>
        </div>
      )}
      {result.pageCount > 1 && !beyondLastPage ? <Pagination state={state} page={result.page} pageCount={result.pageCount} /> : null}
    </div>
  )
}
