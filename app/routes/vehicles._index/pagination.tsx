import { Link } from '@remix-run/react'
import { ArrowRightIcon } from '#app/components/icons.tsx'
import { RESULTS_ANCHOR } from '#app/vehicles/list-return.ts'
import { type VehicleSearch, vehicleSearchHref } from '#app/vehicles/vehicle-search.ts'
import { type ListNavigationState } from './navigation-state'

/** Page numbers around the current one, with the first and the last: 1 … 4 5 6 … 12. */
export function pageWindow(page: number, pageCount: number): Array<number | 'gap'> {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((number) => number >= 1 && number <= pageCount))
  const sorted = [...pages].sort((a, b) => a - b)
  return sorted.flatMap((number, index) => (index > 0 && number - sorted[index - 1]! > 1 ? ['gap' as const, number] : [number]))
}

export function Pagination({ state, page, pageCount }: { state: VehicleSearch; page: number; pageCount: number }) {
  // Page links land at the results, also without JavaScript (the anchor); with it the heading takes the focus.
  const pageLink = (number: number) => ({
    to: `${vehicleSearchHref({ ...state, page: number })}#${RESULTS_ANCHOR}`,
    preventScrollReset: true,
    state: { results: 'focus' } satisfies ListNavigationState,
  })
  const linkClasses =
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-3 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900'
  return (
    <nav aria-label="Seiten der Ergebnisliste" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link {...pageLink(page - 1)} rel="prev" className={`${linkClasses} border-zinc-300 bg-white text-zinc-950 hover:border-zinc-900`}>
              Zurück
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pageCount).map((entry, index) =>
          entry === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-zinc-600">
              …
            </li>
          ) : (
            <li key={entry}>
              <Link
                {...pageLink(entry)}
                aria-current={entry === page ? 'page' : undefined}
                aria-label={`Seite ${entry}`}
                className={`${linkClasses} ${entry === page ? 'border-zinc-950 bg-zinc-950 text-white' : 'border-zinc-300 bg-white text-zinc-950 hover:border-zinc-900'}`}
              >
                {entry}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link {...pageLink(page + 1)} rel="next" className={`${linkClasses} gap-1 border-zinc-300 bg-white text-zinc-950 hover:border-zinc-900`}>
              Weiter
              <ArrowRightIcon className="size-4" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
