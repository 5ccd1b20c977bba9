import { data, type LoaderFunctionArgs, type MetaFunction, type HeadersFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowRightIcon } from '#app/components/icons.tsx'
import { MonthlyRateNote } from '#app/components/monthly-rate-note.tsx'
import { PageHeader } from '#app/components/sections/page-header.tsx'
import { VehiclePhoto } from '#app/components/vehicle-card.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { type loader as rootLoader } from '#app/root.tsx'
import { formatPower, vehicleName } from '#app/routes/vehicles.$id/vehicle-facts.ts'
import { CACHE_CONTROL, redirectToPagePath, routeHeaders } from '#app/utils/http.server.ts'
import {
  displayYear,
  formatDecimal,
  formatEuro,
  formatMileage,
  formatPrice,
  fuelLabel,
  parseAmount,
  transmissionLabel,
  dealerTitle,
} from '#app/utils/format.ts'
import { pageMeta } from '#app/utils/page-meta.ts'
import { useSiteSettings } from '#app/utils/site-settings.ts'
import { advertisedMonthlyRate, effectiveRateOf } from '#app/vehicles/financing.ts'
import { COMPARE_MAX, COMPARE_MIN, COMPARE_PATH, parseSavedIds, SAVED_LIST_PATH } from '#app/vehicles/saved-list.ts'
import { readSavedVehicles, type SavedVehicle } from '#app/vehicles/saved-vehicles.server.ts'
import { titleOf, VAT_OPTIONS } from '#schemas/lib/constants.ts'

/*
 * /merkliste/vergleich?ids=1,4,9 (issue 38 item 1): two or three cars side by side, each as the
 * lake holds it now. Everything is in the address (the Merkliste's GET form, a shared link), nothing
 * from a cookie: cacheable like any page, but not indexed.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  redirectToPagePath(request, COMPARE_PATH)
  const asked = parseSavedIds(new URL(request.url).searchParams.getAll('ids'))
  const entries = await readSavedVehicles(context.lake, asked.slice(0, COMPARE_MAX))
  const vehicles = entries.flatMap((entry) => (entry.vehicle ? [entry.vehicle] : []))
  return data(
    {
      vehicles,
      /** More were ticked than fit side by side: the first three are shown. */
      cut: asked.length > COMPARE_MAX,
      gone: entries.length - vehicles.length,
      // The month the page was made in: an inspection month before it has passed.
      today: new Date().toISOString().slice(0, 7),
    },
    { headers: { 'Cache-Control': CACHE_CONTROL.page } },
  )
}

export const headers: HeadersFunction = (args) => routeHeaders(args, CACHE_CONTROL.page)

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  const site = matches.find((match) => match.id === 'root')?.data
  const dealer = site?.settings.dealerName ?? ''
  const names = (data?.vehicles ?? []).map((vehicle) => vehicleName(vehicle))
  return [
    ...pageMeta({
      site,
      title: dealerTitle(`Fahrzeugvergleich${names.length > 0 ? `: ${names.join(' / ')}` : ''}`, dealer),
      description: `Bis zu drei Fahrzeuge von ${dealer || 'uns'} nebeneinander: Preis, Monatsrate, Erstzulassung, Kilometerstand, Leistung, HU, Garantie und mehr.`,
      path: COMPARE_PATH,
      robots: 'noindex',
    }),
  ]
}

/** `Ja`, `Nein` or a dash for a fact nobody entered. */
function yesNo(value: boolean | null | undefined): string {
  return value === true ? 'Ja' : value === false ? 'Nein' : '–'
}

/** The comparison's rows, in the order of issue 38, each value as the vehicle page words it. */
export function comparisonRows(vehicles: readonly SavedVehicle[], today: string, effectiveRatePercent: number): Array<{ label: string; values: string[] }> {
  const row = (label: string, value: (vehicle: SavedVehicle) => string | null | undefined) => ({
    label,
    values: vehicles.map((vehicle) => value(vehicle) || '–'),
  })
  return [
    row('Preis', (vehicle) => (vehicle.status === 'sold' ? 'verkauft' : formatPrice(vehicle.price))),
    row('Monatliche Rate*', (vehicle) => {
      const rate = vehicle.status === 'sold' ? undefined : advertisedMonthlyRate(parseAmount(vehicle.price), effectiveRatePercent)
      return rate === undefined ? null : `ab ${formatEuro(rate)}`
    }),
    row('Stand', (vehicle) => (vehicle.status === 'sold' ? 'Verkauft' : vehicle.status === 'reserved' ? 'Reserviert' : 'Verfügbar')),
    // The year where the month is missing; never spec §3's stand-in 2020 for a car without either, which no registration says.
    row('Erstzulassung', (vehicle) => vehicle.firstRegistration ?? (displayYear(vehicle.year) === vehicle.year ? String(vehicle.year) : null)),
    row('Kilometerstand', (vehicle) => formatMileage(vehicle.mileage)),
    row('Kraftstoff', (vehicle) => fuelLabel(vehicle.fuelType)),
    row('Getriebe', (vehicle) => transmissionLabel(vehicle.transmission)),
    row('Leistung', (vehicle) => formatPower(vehicle.powerKw, vehicle.powerHp)),
    row('HU bis', (vehicle) => {
      const due = /^(\d{2})\/(\d{4})$/.exec(vehicle.inspectionDue ?? '')
      if (!due) return null
      return `${due[2]}-${due[1]}` < today ? `abgelaufen (${due[0]})` : due[0]
    }),
    row('Garantie', (vehicle) => {
      if (vehicle.warranty !== true) return yesNo(vehicle.warranty)
      const months = vehicle.warrantyMonths
      return typeof months === 'number' && months > 0 ? `${formatDecimal(months)} ${months === 1 ? 'Monat' : 'Monate'}` : 'Ja'
    }),
    row('MwSt.', (vehicle) => titleOf(VAT_OPTIONS, vehicle.vat)),
    row('Unfallfrei', (vehicle) => yesNo(vehicle.accidentFree)),
  ]
}

const vehiclePath = (vehicle: SavedVehicle) => `/vehicles/${encodeURIComponent(vehicle.id)}`

/**
 * The long compounds of the comparison's fixed wording, with a soft hyphen where a phone's narrow
 * column may break them („Differenz-“ / „besteuert“): `hyphens: auto` finds these only where the
 * browser has a German dictionary (not Chromium on Linux), and unmarked they would widen the column.
 */
const SOFT_HYPHENS: Readonly<Record<string, string>> = {
  Differenzbesteuert: 'Differenz\u00adbesteuert',
  Schaltgetriebe: 'Schalt\u00adgetriebe',
  Halbautomatik: 'Halb\u00adautomatik',
}

/**
 * A value as its cell shows it: a number never parts from the unit after it („45.200 km“,
 * „140 kW (190 PS)“), nor „§“ from its number (a no-break space between them); the long compounds
 * may break at their joint.
 */
function cellText(value: string): string {
  return value.replace(/(\d|§) /g, '$1\u00a0').replace(/\p{L}{13,}/gu, (word) => SOFT_HYPHENS[word] ?? word)
}

export default function ComparePage() {
  const { vehicles, cut, gone, today } = useLoaderData<typeof loader>()
  const settings = useSiteSettings()
  const enough = vehicles.length >= COMPARE_MIN
  const swipe = vehicles.length > 2
  const rows = comparisonRows(vehicles, today, effectiveRateOf(settings))
  return (
    <>
      {/* A soft hyphen: on a 360 px phone the capitals break as „FAHRZEUG-“ / „VERGLEICH“, not mid-syllable. */}
      <PageHeader compact title={'Fahrzeug\u00advergleich'} intro="Ihre ausgewählten Fahrzeuge nebeneinander, mit aktuellem Preis und Stand." />
      <section aria-label="Vergleich" className="bg-zinc-50 py-10 sm:py-14">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <Link to={SAVED_LIST_PATH} className="inline-flex min-h-11 items-center gap-2 font-semibold text-zinc-800 hover:text-zinc-950">
            <ArrowRightIcon className="size-4 rotate-180" />
            Zurück zur Merkliste
          </Link>
          {cut ? <p className="mt-4 text-zinc-800">Es lassen sich höchstens drei Fahrzeuge vergleichen: Hier sehen Sie die ersten drei.</p> : null}
          {gone > 0 ? <p className="mt-4 text-zinc-800">{gone === 1 ? 'Ein Fahrzeug ist' : `${gone} Fahrzeuge sind`} nicht mehr im Angebot.</p> : null}
          {swipe ? (
            // Three cars do not fit a phone side by side. Said in words from the server (no script needed); a
            // screen reader reads the table cell by cell and has no use for „wischen“.
            <p aria-hidden="true" className="mt-6 flex items-center justify-end gap-1.5 text-sm font-semibold text-zinc-700 sm:hidden print:hidden">
              Weitere Fahrzeuge: seitlich wischen
              <ArrowRightIcon className="size-4" />
            </p>
          ) : null}
          {enough ? (
            /*
             * Two cars fit a phone of 360 px side by side: the box reaches the screen's edges, the
             * cells' padding is narrow, and a column is as wide as its longest word (long compounds
             * break at a soft hyphen, names between words). Wider content (three cars, or two at
             * 320 px) scrolls in this box, with the row labels pinned at its left edge and a shadow at
             * its right edge while more follows; the page itself never gets wider than the screen.
             */
            <div
              data-testid="comparison-scroller"
              className={`scroll-shadow-x -mx-4 overflow-x-auto overscroll-x-contain border-y border-zinc-200 shadow-sm sm:mx-0 sm:rounded-xl sm:border-x ${swipe ? 'mt-2 sm:mt-6' : 'mt-6'}`}
            >
              {/* From 768 px the cars' columns are equal (fixed layout): none looks more important for a longer name. */}
              <table className="w-full border-separate border-spacing-0 text-sm md:table-fixed">
                <caption className="sr-only">Vergleich von {vehicles.length} Fahrzeugen</caption>
                <thead>
                  {/*
                   * The photos, from 768 px (a phone keeps the facts in its first screen): the same link as
                   * the name below, so hidden from the keyboard and screen readers.
                   */}
                  <tr className="hidden md:table-row">
                    <td className="sticky left-0 z-10 w-28 border-r border-zinc-200 bg-white py-2 pr-1.5 pl-3 sm:w-40 sm:p-3" />
                    {vehicles.map((vehicle) => (
                      <td key={vehicle.id} className="p-2 pb-0 align-top sm:p-3 sm:pb-0">
                        <Link to={vehiclePath(vehicle)} tabIndex={-1} aria-hidden="true" className="block aspect-[3/2] overflow-hidden rounded-lg bg-zinc-200">
                          <VehiclePhoto image={vehicle.image} name={vehicleName(vehicle)} sizes="(min-width: 768px) 16rem, 9rem" />
                        </Link>
                      </td>
                    ))}
                  </tr>
                  <tr>
                    <td className="sticky left-0 z-10 w-28 border-r border-zinc-200 bg-white py-2 pr-1.5 pl-3 sm:w-40 sm:p-3" />
                    {vehicles.map((vehicle) => (
                      <th
                        key={vehicle.id}
                        scope="col"
                        className="px-1.5 py-2 text-left align-top text-sm font-bold text-zinc-950 normal-case sm:min-w-36 sm:p-3 sm:text-base"
                      >
                        <Link to={vehiclePath(vehicle)} className="underline underline-offset-4 hover:text-amber-800">
                          {vehicleName(vehicle)}
                        </Link>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.label}>
                      <th
                        scope="row"
                        className="sticky left-0 z-10 border-t border-r border-zinc-200 bg-white py-2 pr-1.5 pl-3 text-left align-top text-xs font-semibold text-zinc-700 sm:p-3 sm:text-sm"
                      >
                        {row.label}
                      </th>
                      {row.values.map((value, index) => (
                        <td key={index} className="border-t border-zinc-200 px-1.5 py-2 align-top font-semibold text-zinc-950 sm:p-3">
                          {cellText(value)}
                        </td>
                      ))}
                    </tr>
                  ))}
                  {/* The way to ask about a car, at the end of what was compared; a sold one has none. */}
                  <tr>
                    <th
                      scope="row"
                      className="sticky left-0 z-10 border-t border-r border-zinc-200 bg-white py-2 pr-1.5 pl-3 text-left align-top text-xs font-semibold text-zinc-700 sm:p-3 sm:text-sm"
                    >
                      Anfrage
                    </th>
                    {vehicles.map((vehicle) => (
                      <td key={vehicle.id} className="border-t border-zinc-200 px-1.5 py-2 align-top sm:p-3">
                        {vehicle.status === 'sold' ? (
                          '–'
                        ) : (
                          <Link
                            to={`${vehiclePath(vehicle)}#anfrage`}
                            aria-label={`Anfragen: ${vehicleName(vehicle)}`}
                            // Narrower on phones, so the button does not make its column the widest.
                            className={buttonClasses({ variant: 'dark', size: 'md', className: 'w-full max-sm:px-2 max-sm:text-xs' })}
                          >
                            ANFRAGEN
                          </Link>
                        )}
                      </td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </div>
          ) : (
            <div className="mt-6 rounded-xl border border-dashed border-zinc-400 bg-white p-8 text-center">
              <p className="text-lg font-semibold text-zinc-950">Wählen Sie zwei oder drei Fahrzeuge zum Vergleichen.</p>
              <p className="mt-2 text-zinc-700">Auf Ihrer Merkliste setzen Sie bei den Fahrzeugen ein Häkchen bei „Vergleichen“.</p>
              <Link to={SAVED_LIST_PATH} className={buttonClasses({ variant: 'dark', size: 'md', className: 'mt-6' })}>
                ZUR MERKLISTE
              </Link>
            </div>
          )}
          {enough ? <MonthlyRateNote /> : null}
        </div>
      </section>
    </>
  )
}
