import { reviewsSourceText } from '#app/components/sections/reviews-section.tsx'
import { StatCounter } from '#app/components/stat-counter.tsx'

export interface StatItem {
  _key: string
  number?: number | null
  suffix?: string | null
  label?: string | null
  /** The reviews behind the rating figure (PAGE_QUERY): the counter names its source (issue 36). */
  reviews?: { count: number; sources: ReadonlyArray<string | null> } | null
}

export interface StatsBandProps {
  /** Visually hidden heading naming the band for screen-reader navigation. */
  heading?: string | null
  items: readonly StatItem[]
  /** Element id; pages with several bands need distinct ones. */
  id?: string
}

/** The home statistics band (spec §2.2): four counters on a dark band. */
export function StatsBand({ heading, items, id = 'stats' }: StatsBandProps) {
  const stats = items.flatMap((item) => (typeof item.number === 'number' && item.label ? [{ ...item, number: item.number, label: item.label }] : []))
  if (stats.length === 0) return null
  return (
    <section id={id} data-testid="stats-band" aria-labelledby={heading ? `${id}-heading` : undefined} className="border-y border-white/10 bg-zinc-900">
      {heading ? (
        <h2 id={`${id}-heading`} className="sr-only">
          {heading}
        </h2>
      ) : null}
      {/* Below 20rem (a larger default font on a phone) two figures („2.500+“, „25 Min.“) are wider than the row: one a row. */}
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 max-[20rem]:grid-cols-1 sm:px-6 lg:grid-cols-4 lg:px-8">
        {stats.map((stat) => (
          <StatCounter
            key={stat._key}
            number={stat.number}
            suffix={stat.suffix}
            label={stat.label}
            source={stat.reviews && stat.reviews.count > 0 ? reviewsSourceText(stat.reviews) : undefined}
          />
        ))}
      </div>
    </section>
  )
}
