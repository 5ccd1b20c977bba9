import { data, type LoaderFunctionArgs, type MetaFunction, type HeadersFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageHeader } from '#app/components/sections/page-header.tsx'
import { type loader as rootLoader } from '#app/root.tsx'
import { pageStructuredData } from '#app/seo/page-graph.ts'
import { submissionPageAction } from '#app/submissions/actions.server.ts'
import { CACHE_CONTROL, redirectToPagePath, routeHeaders } from '#app/utils/http.server.ts'
import { HydrationBoundary } from '#app/utils/hydration.tsx'
import { pageMeta } from '#app/utils/page-meta.ts'
import { useSiteSettings } from '#app/utils/site-settings.ts'
import { withBadges } from '#app/vehicles/badges.ts'
import { readVehicleFacets, readVehiclePage, withAdvertisedRates } from '#app/vehicles/inventory.server.ts'
import { describeSearch } from '#app/vehicles/query-reading.ts'
import {
  hasFilters,
  INVENTORY_HEADING,
  INVENTORY_TITLE,
  parseVehicleSearch,
  vehicleCountLabel,
  type VehicleSearch,
  vehicleSearchHref,
} from '#app/vehicles/vehicle-search.ts'
import { PortalSection } from './portal-section'
import { isBeyondLastPage, LIST_IMAGE_SIZES, Results } from './results'
import { SearchForm } from './search-form'
import { dealerTitle } from '#app/utils/format.ts'

/*
 * /vehicles: the inventory from the content lake, searchable and filterable, with all state in
 * the URL (app/vehicles/vehicle-search.ts) so every result is shareable, crawlable and works
 * without JavaScript (a GET form; with JavaScript the same form navigates to the clean URL).
 * Below it the dealer's mobile.de portal, loaded only after the visitor agrees.
 *
 * One job per file (issue 39 item 5): this route's data and page; the search form
 * (search-form.tsx), the results (results.tsx) with their pages (pagination.tsx), the portal
 * (portal-section.tsx) and the history state they share (navigation-state.ts) beside it.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  redirectToPagePath(request, '/vehicles')
  // Junk in the URL is dropped, never an error: the page shows what it can (the API answers 400).
  const { state } = parseVehicleSearch(new URL(request.url).searchParams)
  const { perPage: _ignored, ...pageState } = state
  const now = Date.now()
  const [page, facets] = await Promise.all([readVehiclePage(context.lake, pageState), readVehicleFacets(context.lake)])
  // "Reserviert" and "Neu im Bestand" as of this request (docs/decisions/052); „ab N €/Monat“ (decision 083).
  const vehicles = await withAdvertisedRates(context.lake, withBadges(page.vehicles, now))
  // An empty result of a search or filter offers a Suchauftrag for it, in words (made here: the reading stays out of the page's script).
  const searchRequest = page.total === 0 && hasFilters(pageState) ? describeSearch(pageState) : undefined
  const result = { ...page, vehicles, ...(searchRequest ? { searchRequest } : {}) }
  // A page beyond the last (an old link after the stock shrank) says so, as a 404 for crawlers.
  const status = isBeyondLastPage(result) ? 404 : 200
  const structuredData = pageStructuredData(context, [{ name: INVENTORY_TITLE, path: '/vehicles' }])
  return data({ state: pageState as VehicleSearch, result, facets, structuredData }, { status, headers: { 'Cache-Control': CACHE_CONTROL.page } })
}

/** The Suchauftrag of an empty search posts here without JavaScript (search-reading.tsx). */
export const action = submissionPageAction

export const headers: HeadersFunction = (args) => routeHeaders(args, CACHE_CONTROL.page)

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  const settings = matches.find((match) => match.id === 'root')?.data?.settings
  const dealer = settings?.dealerName ?? ''
  const page = data?.state.page ?? 1
  const title = dealerTitle(`Gebrauchtwagen in Essen: unsere Fahrzeuge${page > 1 ? ` – Seite ${page}` : ''}`, dealer)
  // Page 2 onwards is indexed too: its description names its page, as its title does.
  const description = `${page > 1 ? `Seite ${page}: ` : ''}Aktueller Fahrzeugbestand von ${dealer || 'uns'} in Essen: ${data ? vehicleCountLabel(data.result.total) : 'Gebrauchtwagen'} mit Preis, Kilometerstand und Ausstattung. Suchen, filtern und direkt anfragen.`
  // Filtered and sorted views are many addresses of the same stock: crawlers follow them but index the list and its pages.
  const narrowed = data ? hasFilters(data.state) || data.state.sort !== 'newest' : false
  const beyond = data ? isBeyondLastPage(data.result) : false
  return pageMeta({
    site: matches.find((match) => match.id === 'root')?.data,
    title,
    description,
    path: vehicleSearchHref({ page: narrowed || beyond ? 1 : page }),
    structuredData: data?.structuredData,
    robots: beyond ? 'noindex' : narrowed ? 'noindex, follow' : undefined,
    // On a phone the first card's photo is the largest thing in the first screen: without a preload it waited
    // for the page's scripts on a slow line (Lighthouse: 1.9 s of 2.7 s LCP in its load).
    lcpImage: { image: data?.result.vehicles[0]?.image, sizes: LIST_IMAGE_SIZES },
  })
}

export default function VehiclesPage() {
  const { state, result, facets } = useLoaderData<typeof loader>()
  const settings = useSiteSettings()
  return (
    <>
      <PageHeader
        compact
        title={INVENTORY_HEADING}
        intro="Unser aktueller Bestand, geprüft und mit Preis: filtern Sie nach Marke, Kraftstoff und Preis und fragen Sie Ihr Wunschfahrzeug direkt an."
      />
      <section aria-labelledby="vehicle-search-heading" className="bg-zinc-50 py-10 sm:py-14 lg:pt-8">
        {/* From lg the filters are a column beside the results, so the first cars show without scrolling. */}
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start lg:gap-8 lg:px-8">
          <h2 id="vehicle-search-heading" className="sr-only">
            Fahrzeugsuche
          </h2>
          <SearchForm state={state} facets={facets} total={result.total} />
          <HydrationBoundary>
            <Results state={state} result={result} />
          </HydrationBoundary>
        </div>
      </section>
      <HydrationBoundary>
        <PortalSection customerId={settings.mobileDeCustomerId} listingUrl={settings.mobileDeUrl} phone={settings.phone} email={settings.email} />
      </HydrationBoundary>
    </>
  )
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
export type VehicleFacets = LoaderData['facets']
export type VehicleListResult = LoaderData['result']
