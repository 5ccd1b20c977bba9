import { formatDecimal, formatEuro } from '~/utils/format'
import { SectionShell } from './section-shell'
import { type SectionProps } from './types'

/** `ab 25.000 €` or `3.000 – 8.000 €` (German format, no decimals, spec §9). */
export function priceRangeLabel(from: number, to?: number | null): string {
  return typeof to === 'number' ? `${formatDecimal(from)} – ${formatEuro(to)}` : `ab ${formatEuro(from)}`
}

/** Example prices or price bands as a real table (readable by screen readers, row by row). */
export function PriceTableSection({ section, id, muted }: SectionProps<'priceTableSection'>) {
  const labels = section.columnLabels
  const hasDetail = section.rows.some((row) => row.detail)
  return (
    <SectionShell id={id} eyebrow={section.eyebrow} heading={section.heading} intro={section.intro} muted={muted}>
      {/* On narrow screens the table scrolls sideways: the scroll box takes keyboard focus so it can be scrolled without a mouse (WCAG 2.1.1). */}
      <div
        tabIndex={0}
        role="region"
        aria-label={section.heading ? `${section.heading} (Tabelle)` : 'Preistabelle'}
        className="mx-auto max-w-4xl overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900"
      >
        <table className="w-full text-left">
          <thead className="bg-zinc-950 text-sm tracking-wide text-white uppercase">
            <tr>
              <th scope="col" className="px-5 py-4">
                {labels?.label ?? 'Fahrzeug'}
              </th>
              {hasDetail ? (
                <th scope="col" className="px-5 py-4">
                  {labels?.detail ?? 'Details'}
                </th>
              ) : null}
              <th scope="col" className="px-5 py-4 text-right">
                {labels?.price ?? 'Preis'}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200">
            {section.rows.map((row) => (
              <tr key={row._key}>
                <th scope="row" className="px-5 py-4 font-bold text-zinc-950">
                  {row.label}
                </th>
                {hasDetail ? <td className="px-5 py-4 text-zinc-600">{row.detail}</td> : null}
                <td className="px-5 py-4 text-right font-bold whitespace-nowrap text-zinc-950 tabular-nums">{priceRangeLabel(row.priceFrom, row.priceTo)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {section.note ? <p className="mx-auto mt-6 max-w-4xl text-sm leading-relaxed text-zinc-600">{section.note}</p> : null}
    </SectionShell>
  )
}
