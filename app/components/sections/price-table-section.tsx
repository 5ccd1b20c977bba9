import { formatDecimal, formatEuro } from '#app/utils/format.ts'
import { SectionShell } from './section-shell'
import { type SectionProps } from './types'

/** `ab 25.000 €` or `3.000–8.000 €` (German format, no decimals, spec §9; the bis-Strich unspaced, as Duden sets it). */
export function priceRangeLabel(from: number, to?: number | null): string {
  return typeof to === 'number' ? `${formatDecimal(from)}–${formatEuro(to)}` : `ab ${formatEuro(from)}`
}

/** Example prices or price bands as a real table (readable by screen readers, row by row). */
export function PriceTableSection({ section, id, muted }: SectionProps<'priceTableSection'>) {
  const labels = section.columnLabels
  const hasDetail = section.rows.some((row) => row.detail)
  return (
    <SectionShell id={id} eyebrow={section.eyebrow} heading={section.heading} intro={section.intro} muted={muted}>
      {/*
        Phones stack the rows: each row becomes a small card (name, details, price) instead of a table
        wider than the screen whose price column hides behind a sideways scroll. `display: block` takes
        the table semantics away in some browsers, so the roles are written out. From `sm` up it is a
        normal table; the box scrolls sideways if it must, and takes keyboard focus for that (WCAG 2.1.1).
      */}
      <section
        tabIndex={0}
        // The heading's soft hyphens (docs/decisions/102) have no business in a name that is only read out.
        aria-label={section.heading ? `${section.heading.replaceAll('\u00AD', '')} (Tabelle)` : 'Preistabelle'}
        className="mx-auto max-w-4xl rounded-xl border border-zinc-200 bg-white shadow-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 sm:overflow-x-auto"
      >
        <table role="table" className="block w-full text-left sm:table">
          <thead role="rowgroup" className="sr-only bg-zinc-950 text-sm tracking-wide text-white uppercase sm:not-sr-only sm:table-header-group">
            <tr role="row">
              <th role="columnheader" scope="col" className="px-5 py-4">
                {labels?.label ?? 'Fahrzeug'}
              </th>
              {hasDetail ? (
                <th role="columnheader" scope="col" className="px-5 py-4">
                  {labels?.detail ?? 'Details'}
                </th>
              ) : null}
              <th role="columnheader" scope="col" className="px-5 py-4 text-right">
                {labels?.price ?? 'Preis'}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup" className="block divide-y divide-zinc-200 sm:table-row-group">
            {section.rows.map((row) => (
              <tr key={row._key} role="row" className="block px-5 py-4 sm:table-row sm:p-0">
                <th role="rowheader" scope="row" className="block font-bold text-zinc-950 sm:table-cell sm:px-5 sm:py-4">
                  {row.label}
                </th>
                {hasDetail ? (
                  <td role="cell" className="mt-1 block text-zinc-600 sm:mt-0 sm:table-cell sm:px-5 sm:py-4">
                    {row.detail}
                  </td>
                ) : null}
                <td
                  role="cell"
                  data-label={labels?.price ?? 'Preis'}
                  // On phones the column header is gone from view: the price says what it is.
                  className="mt-2 flex items-baseline justify-between gap-4 font-bold whitespace-nowrap text-zinc-950 tabular-nums before:text-sm before:font-semibold before:text-zinc-600 before:content-[attr(data-label)] sm:mt-0 sm:table-cell sm:px-5 sm:py-4 sm:text-right sm:before:content-none"
                >
                  {priceRangeLabel(row.priceFrom, row.priceTo)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {section.note ? <p className="mx-auto mt-6 max-w-4xl text-sm leading-relaxed text-zinc-600">{section.note}</p> : null}
    </SectionShell>
  )
}
