import { Link, useLocation, useNavigationType } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { CarIcon } from '#app/components/icons.tsx'
import { EmptySearchHelp, SearchReadingLine, SearchRequestSent } from './search-reading'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { VehicleCard } from '#app/components/vehicle-card.tsx'
import { scrollToSection } from '#app/utils/scroll.ts'
import { listReturnSearch, RESULTS_ANCHOR } from '#app/vehicles/list-return.ts'
import { DEFAULT_SORT, type VehicleSearch, vehicleCountLabel, vehicleSearchHref } from '#app/vehicles/vehicle-search.ts'
import { listNavigationState } from './navigation-state'
import { Pagination } from './pagination'
import { type VehicleListResult } from './route'
import { SEARCH_FORM_ID, SortControl } from './search-form'

/**
 * The cards' photo width in the list's grid below, for the photo's `sizes`: one column below sm
 * (px-4), two from sm (px-6, gap-6), two beside the 17rem filter column from lg (px-8, gap-8), three
 * from xl, where the page's 80rem leave 912 px for the results.
 */
export const LIST_IMAGE_SIZES = '(min-width: 1280px) 288px, (min-width: 1024px) calc(50vw - 196px), (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)'

/** Whether a list page lies beyond the last one: cars match, but none are left for this page. */
export function isBeyondLastPage(result: { total: number; vehicles: readonly unknown[] }): boolean {
  return result.total > 0 && result.vehicles.length === 0
}

/** The results: their count (the heading the focus goes to) with the sort order beside it, the reading of the search, the cards, the pages. */
export function Results({ state, result }: { state: VehicleSearch; result: VehicleListResult }) {
  const beyondLastPage = isBeyondLastPage(result)
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
      {/*
        The count and „Sortieren nach“ on one line where both fit (from md), the control on the right and
        „(Seite 1 von 2)“ under the count when the line is short; on phones the control goes below the count.
      */}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <h2 id={RESULTS_ANCHOR} ref={heading} tabIndex={-1} className="grow basis-0 text-2xl text-zinc-950 normal-case focus:outline-none" aria-live="polite">
          <span className="whitespace-nowrap">{vehicleCountLabel(result.total)}</span>
          {result.pageCount > 1 && !beyondLastPage ? (
            <>
              {' '}
              <span className="text-base font-semibold whitespace-nowrap text-zinc-600">
                (Seite {result.page} von {result.pageCount})
              </span>
            </>
          ) : null}
        </h2>
        {/* Nothing to order without a car; the chosen order still goes with the next search. */}
        {result.total > 0 && !beyondLastPage ? (
          <SortControl state={state} />
        ) : state.sort !== DEFAULT_SORT ? (
          <input type="hidden" name="sort" form={SEARCH_FORM_ID} value={state.sort} />
        ) : null}
      </div>
      {result.search ? <SearchReadingLine state={state} search={result.search} /> : null}
      {/* An empty result of a search or filter offers the Suchauftrag's form, which then confirms in place. */}
      <SearchRequestSent formShown={result.searchRequest !== undefined} />
      {result.vehicles.length > 0 ? (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {result.vehicles.map((vehicle, index) => (
            <li key={vehicle.id}>
              <VehicleCard
                vehicle={vehicle}
                detailsLabel="DETAILS ANSEHEN"
                detailsSearch={detailsSearch}
                imageSizes={LIST_IMAGE_SIZES}
                photoPriority={index === 0}
              />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-6 rounded-xl border border-dashed border-zinc-400 bg-white p-8 text-center">
          <CarIcon className="mx-auto size-10 text-amber-700" />
          {/* One sentence beside the count (the heading, which speaks): what found nothing, then what to do. */}
          <p className="mt-4 text-lg font-semibold text-zinc-950">
            {beyondLastPage
              ? 'Diese Seite gibt es nicht.'
              : state.search
                ? `Für „${state.search}“ haben wir gerade kein passendes Fahrzeug.`
                : 'Für diese Auswahl haben wir gerade kein passendes Fahrzeug.'}
          </p>
          <p className="mt-2 text-zinc-700">
            {beyondLastPage
              ? 'Die Ergebnisliste ist kürzer.'
              : 'Ändern Sie Ihre Suche oder setzen Sie die Filter zurück. Gern suchen wir Ihr Wunschfahrzeug auch für Sie.'}
          </p>
          {result.searchRequest !== undefined ? <EmptySearchHelp state={state} search={result.search} query={result.searchRequest} /> : null}
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
