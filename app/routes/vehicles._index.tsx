import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation, useNavigate, useNavigation, useNavigationType } from '@remix-run/react'
import { type FocusEvent, type FormEvent, type MouseEvent, useEffect, useRef, useState } from 'react'
import { ConsentFrame } from '#app/components/consent-frame.tsx'
import { HydrationBoundary, useHydrated } from '#app/utils/hydration.tsx'
import { ArrowRightIcon, CarIcon, MailIcon, PhoneIcon, SearchIcon } from '#app/components/icons.tsx'
import { PageHeader } from '#app/components/sections/page-header.tsx'
import { EmptySearchHelp, SearchReadingLine, SearchRequestSent } from '#app/components/search-reading.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { CONTROL_CLASSES } from '#app/components/ui/field.tsx'
import { VehicleCard } from '#app/components/vehicle-card.tsx'
import { type loader as rootLoader } from '#app/root.tsx'
import { formatMileage, fuelLabel, mailtoHref, telHref, transmissionLabel } from '#app/utils/format.ts'
import { submissionPageAction } from '#app/submissions/actions.server.ts'
import { CACHE_CONTROL } from '#app/utils/http.server.ts'
import { pageMeta } from '#app/utils/page-meta.ts'
import { scrollToSection } from '#app/utils/scroll.ts'
import { useSiteSettings } from '#app/utils/site-settings.ts'
import { readVehicleFacets, readVehiclePage } from '#app/vehicles/inventory.server.ts'
import { withBadges } from '#app/vehicles/badges.ts'
import { listReturnSearch, RESULTS_ANCHOR } from '#app/vehicles/list-return.ts'
import {
  activeFilterCount,
  hasFilters,
  INVENTORY_TITLE,
  parseVehicleSearch,
  SORT_LABELS,
  VEHICLE_SORTS,
  vehicleCountLabel,
  type VehicleSearch,
  vehicleSearchHref,
} from '#app/vehicles/vehicle-search.ts'
import { FUEL_TYPES, TRANSMISSIONS } from '#schemas/lib/constants.ts'

/*
 * /vehicles: the inventory from the content lake, searchable and filterable, with all state in
 * the URL (app/vehicles/vehicle-search.ts) so every result is shareable, crawlable and works
 * without JavaScript (a GET form; with JavaScript the same form navigates to the clean URL).
 * Below it the dealer's mobile.de portal, loaded only after the visitor agrees.
 */

/**
 * What a navigation of this page asks of the results once they render (history state, so Back and
 * Forward never re-apply it): 'focus' after a search, a page change or a tap on the phones' count bar
 * (the view starts at the results heading, which takes the focus). A filter applied on its own asks
 * nothing: the page stays where it is and the focus in the control, so the next filter is where the
 * visitor left it (issue 29; the count shows in the results heading, on phones in the count bar).
 */
type ResultsIntent = 'focus'
interface ListNavigationState {
  results?: ResultsIntent
  /** The form made this navigation: its fields already show the new state. */
  fromForm?: boolean
}

function listNavigationState(state: unknown): ListNavigationState {
  return typeof state === 'object' && state !== null ? (state as ListNavigationState) : {}
}

/** Debounce of the text and number fields with JavaScript: a pause in typing applies them, not every keystroke. */
const TYPING_PAUSE_MS = 400

const MILEAGE_OPTIONS = [25_000, 50_000, 75_000, 100_000, 150_000, 200_000]
const FIRST_YEAR_OPTION = 2005

/** The dealer portal of spec §2 (DESIGN §4). */
export function mobileDePortalUrl(customerId: string): string {
  return `https://home.mobile.de/home/index.html?partnerHead=false&colorTheme=default&customerId=${encodeURIComponent(customerId)}#ses`
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Junk in the URL is dropped, never an error: the page shows what it can (the API answers 400).
  const { state } = parseVehicleSearch(new URL(request.url).searchParams)
  const { perPage: _ignored, ...pageState } = state
  const now = Date.now()
  const [page, facets] = await Promise.all([readVehiclePage(context.lake, pageState), readVehicleFacets(context.lake)])
  // "Reserviert" and "Neu im Bestand" as of this request (docs/decisions/052).
  const result = { ...page, vehicles: withBadges(page.vehicles, now) }
  return data({ state: pageState as VehicleSearch, result, facets }, { headers: { 'Cache-Control': CACHE_CONTROL.page } })
}

/** The Suchauftrag of an empty search posts here without JavaScript (components/search-reading.tsx). */
export const action = submissionPageAction

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  if (errorHeaders) return errorHeaders
  return { 'Cache-Control': loaderHeaders.get('Cache-Control') ?? CACHE_CONTROL.page }
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  const settings = matches.find((match) => match.id === 'root')?.data?.settings
  const dealer = settings?.dealerName ?? ''
  const page = data?.state.page ?? 1
  const title = `Gebrauchtwagen in Essen: unsere Fahrzeuge${page > 1 ? ` – Seite ${page}` : ''}${dealer ? ` | ${dealer}` : ''}`
  const description = `Aktueller Fahrzeugbestand von ${dealer || 'uns'} in Essen: ${data ? vehicleCountLabel(data.result.total) : 'Gebrauchtwagen'} mit Preis, Kilometerstand und Ausstattung. Suchen, filtern und direkt anfragen.`
  // Filtered and sorted views are many addresses of the same stock: crawlers follow them but index the list and its pages.
  const narrowed = data ? hasFilters(data.state) || data.state.sort !== 'newest' : false
  const canonicalPage = !narrowed && data && page > 1 && page <= data.result.pageCount ? page : 1
  return [
    ...pageMeta({
      site: matches.find((match) => match.id === 'root')?.data,
      title,
      description,
      path: vehicleSearchHref({ page: canonicalPage }),
      breadcrumbs: [{ name: INVENTORY_TITLE, path: '/vehicles' }],
    }),
    ...(narrowed ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ]
}

export default function VehiclesPage() {
  const { state, result, facets } = useLoaderData<typeof loader>()
  const settings = useSiteSettings()
  return (
    <>
      <PageHeader
        compact
        title={INVENTORY_TITLE}
        intro="Geprüfte Gebrauchtwagen in Essen: durchsuchen Sie unseren aktuellen Bestand, filtern Sie nach Marke, Kraftstoff und Preis und fragen Sie Ihr Wunschfahrzeug direkt an."
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

/**
 * The search form. On phones it sits in a <details> behind a "Filter (n aktiv)" summary, which opens
 * natively before any script runs; from md up the content is shown as if open (::details-content)
 * and the summary hidden. Without JavaScript it is a GET form landing at the results (#ergebnisse).
 * With JavaScript it goes to the clean address (no empty parameters): a changed select applies at
 * once, text and number fields after a pause in typing or on leaving them, the button and Enter as a
 * search of their own (a history entry, the focus to the results). Nothing is disabled while the
 * scripts load: until then the button submits natively.
 */
function SearchForm({ state, facets, total }: { state: VehicleSearch; facets: LoaderData['facets']; total: number }) {
  const navigate = useNavigate()
  const location = useLocation()
  const navigationType = useNavigationType()
  const hydrated = useHydrated()
  const loading = useNavigation().state === 'loading'
  const href = vehicleSearchHref(state)
  const current = useRef(href)
  current.current = href
  const typing = useRef<ReturnType<typeof setTimeout>>()
  const details = useRef<HTMLDetailsElement>(null)
  // The fields start from the URL's state again after a navigation the form did not make itself (a link,
  // Back): a new key remounts them. After its own, remounting would drop what was typed meanwhile.
  const [fields, setFields] = useState({ href, generation: 0 })
  if (fields.href !== href) {
    const own = navigationType !== 'POP' && listNavigationState(location.state).fromForm === true
    setFields({ href, generation: own ? fields.generation : fields.generation + 1 })
  }
  useEffect(() => () => clearTimeout(typing.current), [])
  // Browsers without ::details-content show the summary on wide screens too: open the form there.
  useEffect(() => {
    if (details.current && window.matchMedia?.('(min-width: 48rem)').matches) details.current.open = true
  }, [])

  /** Navigates to the form's state; false when there was nothing new to apply. */
  const apply = (form: HTMLFormElement, { results, search = false }: { results?: ResultsIntent; search?: boolean } = {}): boolean => {
    clearTimeout(typing.current)
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value)
    const target = vehicleSearchHref(parseVehicleSearch(params).state)
    if (!search && target === current.current) return false
    // A filter applied on its own replaces the history entry: Back leaves the list, not each tweak.
    const navigationState: ListNavigationState = { fromForm: true, results }
    navigate(target, { replace: !search, preventScrollReset: true, state: navigationState })
    return true
  }
  // The count bar: what was typed and not yet applied goes first; the results then take the view and the focus.
  const showResults = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form
    if (!form || !apply(form, { results: 'focus' })) scrollToSection(RESULTS_ANCHOR)
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    apply(event.currentTarget, { results: 'focus', search: true })
  }
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget
    // A select or a checkbox is one deliberate choice: it applies at once, and the page stays where it is.
    if (event.target instanceof HTMLSelectElement || (event.target instanceof HTMLInputElement && event.target.type === 'checkbox')) apply(form)
    else if (event.target instanceof HTMLInputElement) {
      clearTimeout(typing.current)
      typing.current = setTimeout(() => apply(form), TYPING_PAUSE_MS)
    }
  }
  // Leaving a text field applies it at once; no scrolling, the visitor is on the way to the next field.
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLInputElement && event.target.type !== 'checkbox') apply(event.currentTarget)
  }
  const count = activeFilterCount(state)
  const thisYear = new Date().getFullYear()
  const years = Array.from({ length: thisYear - FIRST_YEAR_OPTION + 1 }, (_, index) => thisYear - index)
  const select = (
    name: string,
    label: string,
    value: string | number | undefined,
    options: Array<{ value: string | number; label: string }>,
    empty: string,
  ) => (
    <div>
      <label htmlFor={`filter-${name}`} className="mb-1.5 block text-sm font-semibold text-zinc-900">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ''} className={CONTROL_CLASSES}>
        {empty ? <option value="">{empty}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
  const number = (name: string, label: string, value: number | undefined, placeholder: string) => (
    <div>
      <label htmlFor={`filter-${name}`} className="mb-1.5 block text-sm font-semibold text-zinc-900">
        {label}
      </label>
      <input
        id={`filter-${name}`}
        name={name}
        type="number"
        min={0}
        step={500}
        inputMode="numeric"
        defaultValue={value ?? ''}
        placeholder={placeholder}
        className={CONTROL_CLASSES}
      />
    </div>
  )
  return (
    <details ref={details} className="group rounded-xl border border-zinc-200 bg-white shadow-sm md:[&::details-content]:[content-visibility:visible]">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-5 py-3 font-semibold text-zinc-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 md:supports-[selector(::details-content)]:hidden [&::-webkit-details-marker]:hidden">
        <span className="inline-flex items-center gap-2">
          <SearchIcon className="size-4" />
          Filter{count > 0 ? ` (${count} aktiv)` : ''}
        </span>
        <ArrowRightIcon className="size-5 rotate-90 transition-transform group-open:-rotate-90 motion-reduce:transition-none" />
      </summary>
      <Form
        key={fields.generation}
        method="get"
        action={`/vehicles#${RESULTS_ANCHOR}`}
        role="search"
        aria-label="Fahrzeuge durchsuchen"
        onSubmit={onSubmit}
        onChange={onChange}
        onBlur={onBlur}
        className="p-5 pt-1 sm:p-6 sm:pt-1 md:pt-6 lg:p-5"
      >
        <div>
          <label htmlFor="filter-search" className="mb-1.5 block text-sm font-semibold text-zinc-900">
            Suche
          </label>
          <input
            id="filter-search"
            name="search"
            type="search"
            defaultValue={state.search ?? ''}
            placeholder="z. B. Golf, Kombi, Automatik"
            className={CONTROL_CLASSES}
          />
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 md:grid-cols-4 lg:grid-cols-1">
          {select(
            'make',
            'Marke',
            state.make && facets.makes.find((make) => make.toLowerCase() === state.make!.toLowerCase()),
            facets.makes.map((make) => ({ value: make, label: make })),
            'Alle Marken',
          )}
          {select(
            'fuel',
            'Kraftstoff',
            state.fuel?.toLowerCase(),
            FUEL_TYPES.map((fuel) => ({ value: fuel.value.toLowerCase(), label: fuelLabel(fuel.value) })),
            'Alle',
          )}
          {select(
            'transmission',
            'Getriebe',
            state.transmission?.toLowerCase(),
            TRANSMISSIONS.map((item) => ({ value: item.value.toLowerCase(), label: transmissionLabel(item.value) })),
            'Alle',
          )}
          {select(
            'body',
            'Karosserie',
            state.body,
            facets.bodyTypes.map((body) => ({ value: body, label: body })),
            'Alle',
          )}
          {number('priceFrom', 'Preis ab (€)', state.priceFrom, 'beliebig')}
          {number('priceTo', 'Preis bis (€)', state.priceTo, 'beliebig')}
          {select(
            'maxMileage',
            'Kilometerstand bis',
            state.maxMileage,
            MILEAGE_OPTIONS.map((km) => ({ value: km, label: formatMileage(km) })),
            'Beliebig',
          )}
          {select(
            'yearFrom',
            'Erstzulassung ab',
            state.yearFrom,
            years.map((year) => ({ value: year, label: String(year) })),
            'Beliebig',
          )}
        </div>
        {/* For business buyers (issue 29): only cars whose VAT can be shown on the invoice. */}
        <div className="mt-4">
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold text-zinc-900">
            <input
              id="filter-vat"
              name="vat"
              type="checkbox"
              value="deductible"
              defaultChecked={state.vat === 'deductible'}
              className="size-5 rounded border-zinc-400 accent-zinc-900"
            />
            MwSt. ausweisbar (für Gewerbekunden)
          </label>
        </div>
        <div className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between lg:flex-col lg:items-stretch">
          <div className="sm:w-72 lg:w-auto">
            {select(
              'sort',
              'Sortierung',
              state.sort,
              VEHICLE_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] })),
              '',
            )}
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            {hasFilters(state) ? (
              <Link
                to="/vehicles"
                className="inline-flex min-h-11 items-center justify-center text-sm font-semibold text-zinc-950 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900"
              >
                Filter zurücksetzen
              </Link>
            ) : null}
            <button type="submit" className={buttonClasses({ variant: 'dark', size: 'md' })}>
              <SearchIcon className="size-4" />
              FAHRZEUGE SUCHEN
            </button>
          </div>
        </div>
        {/*
          Phones with JavaScript: the live count stays at the bottom of the screen while the filters are
          in view (sticky within the form) and leads to the results. Without JavaScript nothing applies
          before the form is sent, so a count would be stale: the button above sends it.
        */}
        {hydrated ? (
          <div
            data-count-bar
            className="sticky bottom-0 z-10 -mx-5 mt-5 -mb-5 border-t border-zinc-200 bg-white/95 px-5 py-3 sm:-mx-6 sm:-mb-6 sm:px-6 md:hidden"
          >
            <button
              type="button"
              onClick={showResults}
              aria-busy={loading}
              className={buttonClasses({ variant: 'primary', size: 'md', className: `w-full ${loading ? 'opacity-70' : ''}` })}
            >
              {vehicleCountLabel(total)} anzeigen
            </button>
          </div>
        ) : null}
      </Form>
    </details>
  )
}

function Results({ state, result }: { state: VehicleSearch; result: LoaderData['result'] }) {
  const beyondLastPage = result.total > 0 && result.vehicles.length === 0
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
      <SearchRequestSent />
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
          {!beyondLastPage && result.search ? <EmptySearchHelp state={state} search={result.search} /> : null}
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

/** Page numbers around the current one, with the first and the last: 1 … 4 5 6 … 12. */
export function pageWindow(page: number, pageCount: number): Array<number | 'gap'> {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((number) => number >= 1 && number <= pageCount))
  const sorted = [...pages].sort((a, b) => a - b)
  return sorted.flatMap((number, index) => (index > 0 && number - sorted[index - 1]! > 1 ? ['gap' as const, number] : [number]))
}

function Pagination({ state, page, pageCount }: { state: VehicleSearch; page: number; pageCount: number }) {
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

function PortalSection({
  customerId,
  listingUrl,
  phone,
  email,
}: {
  customerId?: string | null
  listingUrl?: string | null
  phone?: string | null
  email?: string | null
}) {
  return (
    <section aria-labelledby="portal-heading" className="bg-white py-14 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="portal-heading" className="text-3xl text-zinc-950">
          Unser Bestand auf mobile.de
        </h2>
        <p className="mt-4 max-w-3xl text-lg leading-relaxed text-zinc-700">
          Nichts Passendes dabei? Rufen Sie uns an oder schreiben Sie uns: Wir finden Ihr Wunschfahrzeug.
        </p>
        {/* The dealer's page on mobile.de from the settings (issue 36); without one, no link. */}
        {listingUrl ? (
          <p className="mt-4">
            <a href={listingUrl} rel="noopener" target="_blank" className="font-semibold text-amber-800 underline underline-offset-2 hover:text-zinc-950">
              Unseren Bestand auf mobile.de ansehen
              <span className="sr-only"> (öffnet in neuem Tab)</span>
            </a>
          </p>
        ) : null}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {phone ? (
            <a href={telHref(phone)} className={buttonClasses({ variant: 'dark', size: 'md' })}>
              <PhoneIcon className="size-4" />
              {phone} anrufen
            </a>
          ) : null}
          {email ? (
            <a href={mailtoHref(email)} className={buttonClasses({ variant: 'outline-dark', size: 'md' })}>
              <MailIcon className="size-4" />
              E-Mail an {email}
            </a>
          ) : null}
        </div>
        {customerId ? (
          <div className="mt-8">
            <ConsentFrame
              src={mobileDePortalUrl(customerId)}
              title="Händlerportal auf mobile.de"
              consentText="Hier können Sie unser Händlerportal auf mobile.de laden. Erst nach Ihrem Klick werden Daten (unter anderem Ihre IP-Adresse) an mobile.de übertragen; mobile.de setzt dabei eigene Cookies."
              loadLabel="MOBILE.DE LADEN"
              externalHref={mobileDePortalUrl(customerId)}
              externalLabel="Bestand auf mobile.de öffnen"
              icon={<CarIcon className="size-10 text-amber-600" />}
              sizeClassName="h-[80vh] min-h-[32rem]"
              testId="mobile-de-placeholder"
            />
          </div>
        ) : null}
      </div>
    </section>
  )
}
