import { Form, Link, useLocation, useNavigate, useNavigation, useNavigationType } from '@remix-run/react'
import { type FocusEvent, type FormEvent, type MouseEvent, useEffect, useRef, useState } from 'react'
import { ArrowRightIcon, SearchIcon } from '#app/components/icons.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { CONTROL_CLASSES, Field } from '#app/components/ui/field.tsx'
import { formatDecimal, formatEuro, formatMileage, fuelLabel, transmissionLabel } from '#app/utils/format.ts'
import { wholeNumberInputAttributes } from '#app/utils/form-rules.ts'
import { useHydrated } from '#app/utils/hydration.tsx'
import { scrollToSection } from '#app/utils/scroll.ts'
import { RESULTS_ANCHOR } from '#app/vehicles/list-return.ts'
import {
  activeFilterCount,
  hasFilters,
  parseVehicleSearch,
  SORT_LABELS,
  VEHICLE_SORTS,
  vehicleCountLabel,
  type VehicleSearch,
  vehicleSearchHref,
} from '#app/vehicles/vehicle-search.ts'
import { FUEL_TYPES, TRANSMISSIONS } from '#schemas/lib/constants.ts'
import { type ListNavigationState, listNavigationState, type ResultsIntent } from './navigation-state'
import { type VehicleFacets } from './route'

/** Debounce of the text and number fields with JavaScript: a pause in typing applies them, not every keystroke. */
const TYPING_PAUSE_MS = 400

/** The search form's id: „Sortieren nach“ beside the results' count belongs to it (`form` attribute). */
export const SEARCH_FORM_ID = 'fahrzeugsuche'

const MILEAGE_OPTIONS = [25_000, 50_000, 75_000, 100_000, 150_000, 200_000]
const FIRST_YEAR_OPTION = 2005
/** „Monatsrate bis“ (issue 38 item 3): budgets as buyers name them; a budget from the address joins them. */
const MONTHLY_RATE_OPTIONS = [100, 150, 200, 250, 300, 400, 500, 750, 1000]

/**
 * A key for the form's fields: it changes after a navigation the form did not make itself (a link,
 * Back), so the fields start from the URL's state again. After its own it stays: remounting would drop
 * what was typed meanwhile, and the focus.
 */
function useFieldsGeneration(href: string): number {
  const location = useLocation()
  const navigationType = useNavigationType()
  const [fields, setFields] = useState({ href, generation: 0 })
  if (fields.href !== href) {
    const own = navigationType !== 'POP' && listNavigationState(location.state).fromForm === true
    setFields({ href, generation: own ? fields.generation : fields.generation + 1 })
  }
  return fields.generation
}

/** What an amount field says when its text is no whole amount in euros (the loader would leave it out). */
export const AMOUNT_MESSAGE = 'Bitte geben Sie einen Betrag in ganzen Euro an, z. B. 20.000.'

/** The form's amount fields whose text their pattern refuses, in the form's order. */
function refusedAmounts(form: HTMLFormElement): HTMLInputElement[] {
  return [...form.querySelectorAll<HTMLInputElement>('input[pattern]')].filter((input) => !input.validity.valid)
}

/**
 * Whether a field of the form (those tied to it by `form` too) differs from what the page was rendered with:
 * a choice made while the scripts still loaded, which the browser shows and no one has applied.
 */
function changedSinceRendered(form: HTMLFormElement): boolean {
  return [...form.elements].some((element) => {
    if (element instanceof HTMLSelectElement)
      return (
        element.selectedIndex !==
        Math.max(
          0,
          [...element.options].findIndex((option) => option.defaultSelected),
        )
      )
    if (!(element instanceof HTMLInputElement)) return false
    return element.type === 'checkbox' ? element.checked !== element.defaultChecked : element.value !== element.defaultValue
  })
}

/** Navigates to the form's state (its fields and those tied to it by `form`); false when there was nothing new to apply. */
function useApplySearch(href: string) {
  const navigate = useNavigate()
  const current = useRef(href)
  current.current = href
  return (form: HTMLFormElement, { results, search = false }: { results?: ResultsIntent; search?: boolean } = {}): boolean => {
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value)
    const target = vehicleSearchHref(parseVehicleSearch(params).state)
    if (!search && target === current.current) return false
    // A filter applied on its own replaces the history entry: Back leaves the list, not each tweak.
    const navigationState: ListNavigationState = { fromForm: true, results }
    navigate(target, { replace: !search, preventScrollReset: true, state: navigationState })
    return true
  }
}

/**
 * The search form. On phones it sits in a <details> behind a "Filter (n aktiv)" summary, which opens
 * natively before any script runs; from md up the content is shown as if open (::details-content)
 * and the summary hidden; on phones the closed content is `display: none`, not the browser's
 * content-visibility lock (docs/decisions/123). Without JavaScript it is a GET form landing at the
 * results (#ergebnisse). With JavaScript it goes to the clean address (no empty parameters): a
 * changed select applies at once, text and number fields after a pause in typing or on leaving
 * them, the button and Enter as a search of their own (a history entry, the focus to the results).
 * Nothing is disabled while the scripts load: until then the button submits natively. Its sort order
 * is chosen beside the results' count (SortControl), in a select that belongs to this form.
 */
export function SearchForm({ state, facets, total }: { state: VehicleSearch; facets: VehicleFacets; total: number }) {
  const hydrated = useHydrated()
  const loading = useNavigation().state === 'loading'
  const href = vehicleSearchHref(state)
  const generation = useFieldsGeneration(href)
  const applySearch = useApplySearch(href)
  const typing = useRef<ReturnType<typeof setTimeout>>()
  const details = useRef<HTMLDetailsElement>(null)
  useEffect(() => () => clearTimeout(typing.current), [])
  // Browsers without ::details-content show the summary on wide screens too: open the form there.
  useEffect(() => {
    if (details.current && window.matchMedia?.('(min-width: 48rem)').matches) details.current.open = true
  }, [])

  // The amount fields whose text is no whole amount: said at the field (the search leaves them out), not in a browser bubble.
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set())
  useEffect(() => setRefused(new Set()), [generation])
  const markRefused = (form: HTMLFormElement) => {
    const inputs = refusedAmounts(form)
    setRefused(new Set(inputs.map((input) => input.name)))
    return inputs
  }
  const apply = (form: HTMLFormElement, options?: Parameters<typeof applySearch>[1]): boolean => {
    clearTimeout(typing.current)
    markRefused(form)
    return applySearch(form, options)
  }
  // The count bar: what was typed and not yet applied goes first; the results then take the view and the focus.
  const showResults = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form
    if (!form || !apply(form, { results: 'focus' })) scrollToSection(RESULTS_ANCHOR)
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    // A search with an amount it cannot read waits for it: the field says why and keeps the focus.
    const [first] = markRefused(form)
    if (first) first.focus()
    else apply(form, { results: 'focus', search: true })
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
  // A filter chosen before the scripts ran is shown by the browser: it applies once they run, as it would have then.
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (form.current && changedSinceRendered(form.current)) apply(form.current)
    // Once, at hydration: afterwards every change applies itself.
  }, [])
  const count = activeFilterCount(state)
  return (
    // Chromium's content-visibility lock on a closed <details> was lifted again at the end of the parse: a second style
    // and layout of the whole form after the first paint (85 ms at a phone's CPU; docs/decisions/123).
    <details
      ref={details}
      className="group rounded-xl border border-zinc-200 bg-white shadow-sm [&::details-content]:[content-visibility:visible] max-md:[&:not([open])::details-content]:hidden"
    >
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-5 py-3 font-semibold text-zinc-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 md:supports-[selector(::details-content)]:hidden [&::-webkit-details-marker]:hidden">
        <span className="inline-flex items-center gap-2">
          <SearchIcon className="size-4" />
          Filter{count > 0 ? ` (${count} aktiv)` : ''}
        </span>
        <ArrowRightIcon className="size-5 rotate-90 transition-transform group-open:-rotate-90 motion-reduce:transition-none" />
      </summary>
      <Form
        key={generation}
        ref={form}
        id={SEARCH_FORM_ID}
        method="get"
        action={`/vehicles#${RESULTS_ANCHOR}`}
        role="search"
        aria-label="Fahrzeuge durchsuchen"
        // Back to a list without JavaScript shows the fields of the address, not those the browser kept of the search after it.
        autoComplete="off"
        onSubmit={onSubmit}
        onChange={onChange}
        onBlur={onBlur}
        // Once hydrated the amounts are checked here (refusedAmounts); without JavaScript the browser does.
        noValidate={hydrated}
        className="p-5 pt-1 sm:p-6 sm:pt-1 md:pt-6 lg:p-5"
      >
        <FilterFields state={state} facets={facets} refused={refused} hydrated={hydrated} />
        {/* In the narrow column from lg the button takes the full width above the reset link (side by side it stuck out). */}
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end lg:flex-col-reverse lg:items-stretch">
          {hasFilters(state) ? (
            <Link
              to="/vehicles"
              // The link goes with the filters it clears, so the results heading takes the focus (not the page's body).
              state={{ results: 'focus' } satisfies ListNavigationState}
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
        {/* Without JavaScript nothing applies before the form is sent, so a count would be stale: the button above sends it. */}
        {hydrated ? <CountBar total={total} loading={loading} onClick={showResults} /> : null}
      </Form>
    </details>
  )
}

/** The search's fields: the words, the selects and amounts of the filters, the business buyers' VAT. */
function FilterFields({
  state,
  facets,
  refused,
  hydrated,
}: {
  state: VehicleSearch
  facets: VehicleFacets
  /** The amount fields whose text is no whole amount (said at the field). */
  refused: ReadonlySet<string>
  hydrated: boolean
}) {
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
    <Field id={`filter-${name}`} name={name} label={label} errors={refused.has(name) ? [AMOUNT_MESSAGE] : undefined}>
      {(control) => (
        <input
          {...control}
          {...wholeNumberInputAttributes(AMOUNT_MESSAGE, hydrated)}
          defaultValue={value === undefined ? '' : formatDecimal(value)}
          placeholder={placeholder}
          className={CONTROL_CLASSES}
        />
      )}
    </Field>
  )
  return (
    <>
      <div>
        <label htmlFor="filter-search" className="mb-1.5 block text-sm font-semibold text-zinc-900">
          Suche
        </label>
        <input
          id="filter-search"
          name="search"
          type="search"
          defaultValue={state.search ?? ''}
          // Short enough for the filter column from lg; more examples would be cut off.
          placeholder="z. B. Golf, Kombi"
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
        {/* The rate of each car's financing example, as its card says „ab N €/Monat“ (decision 083). */}
        {select(
          'maxRate',
          'Monatsrate bis',
          state.maxRate,
          [...new Set([...MONTHLY_RATE_OPTIONS, ...(state.maxRate === undefined ? [] : [state.maxRate])])]
            .sort((a, b) => a - b)
            .map((euros) => ({ value: euros, label: formatEuro(euros) })),
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
    </>
  )
}

/**
 * Phones with JavaScript: the live count stays at the bottom of the screen while the filters are in view
 * (sticky within the form) and leads to the results.
 */
function CountBar({ total, loading, onClick }: { total: number; loading: boolean; onClick: (event: MouseEvent<HTMLButtonElement>) => void }) {
  return (
    <div data-count-bar className="sticky bottom-0 z-10 -mx-5 mt-5 -mb-5 border-t border-zinc-200 bg-white/95 px-5 py-3 sm:-mx-6 sm:-mb-6 sm:px-6 md:hidden">
      <button
        type="button"
        onClick={onClick}
        aria-busy={loading}
        className={buttonClasses({ variant: 'primary', size: 'md', className: `w-full ${loading ? 'opacity-70' : ''}` })}
      >
        {vehicleCountLabel(total)} anzeigen
      </button>
    </div>
  )
}

/**
 * „Sortieren nach“ beside the results' count, where buyers look for it on mobile.de and AutoScout24.
 * One select of the search form, outside its element: the `form`
 * attribute makes the browser send it with the form, and it applies at once like the form's own selects
 * (its change does not bubble to the form's element, hence its own handler). Without JavaScript
 * („noscript“, scripting: none) a button beside it sends the form.
 */
export function SortControl({ state }: { state: VehicleSearch }) {
  const href = vehicleSearchHref(state)
  const generation = useFieldsGeneration(href)
  const apply = useApplySearch(href)
  return (
    <div className="flex max-w-full min-w-0 flex-wrap items-center gap-x-2 gap-y-1.5">
      <label htmlFor="filter-sort" className="text-sm font-semibold whitespace-nowrap text-zinc-900">
        Sortieren nach
      </label>
      <select
        key={generation}
        id="filter-sort"
        name="sort"
        form={SEARCH_FORM_ID}
        defaultValue={state.sort}
        onChange={(event) => {
          if (event.currentTarget.form) apply(event.currentTarget.form)
        }}
        className={`${CONTROL_CLASSES} max-w-full sm:w-auto`}
      >
        {VEHICLE_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
      <div className="hidden noscript:block">
        <button type="submit" form={SEARCH_FORM_ID} className={buttonClasses({ variant: 'dark', size: 'md' })}>
          Sortieren
        </button>
      </div>
    </div>
  )
}
