import { formatDecimal, formatLongDate } from '#app/utils/format.ts'
import { reviewSourceTitle, roundRating } from '#schemas/lib/reviews.ts'
import { SectionShell } from './section-shell'
import { type SectionOf, type SectionProps } from './types'

type Review = SectionOf<'reviewsSection'>['reviews'][number]

/** Where a review was written, as „auf Google“ names it: the platform, else the link's host. */
export function reviewPlace(review: Pick<Review, 'source' | 'sourceUrl'>): string {
  const title = review.source === 'other' ? undefined : reviewSourceTitle(review.source)
  if (title) return title
  try {
    return new URL(review.sourceUrl ?? '').hostname.replace(/^www\./, '')
  } catch {
    return 'einer Bewertungsplattform'
  }
}

/** The platforms named in a list: „Google und mobile.de“, „Google, mobile.de und Facebook“. */
function joinGerman(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} und ${names.at(-1)}`
}

/** „Google und mobile.de“ for the platforms of the reviews (the summary's and the stat band's source). */
export function reviewPlaces(sources: ReadonlyArray<string | null>): string {
  return joinGerman([
    ...new Set(sources.map((source) => reviewSourceTitle(source === 'other' || source === null ? undefined : source) ?? 'weiteren Plattformen')),
  ])
}

/** „aus 10 Bewertungen auf Google und mobile.de“: where a rating comes from. */
export function reviewsSourceText(reviews: { count: number; sources: ReadonlyArray<string | null> }): string {
  return `aus ${formatDecimal(reviews.count)} ${reviews.count === 1 ? 'Bewertung' : 'Bewertungen'} auf ${reviewPlaces(reviews.sources)}`
}

function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  return (
    <span aria-hidden="true" className={`tracking-widest ${className}`}>
      <span className="text-amber-500">{'★'.repeat(rating)}</span>
      <span className="text-zinc-300">{'★'.repeat(5 - rating)}</span>
    </span>
  )
}

/**
 * The latest customer reviews with the average of all, their count and where they were written.
 * Each review links to its source, so a visitor can check it; without reviews the section is
 * left out rather than showing an empty promise.
 */
export function ReviewsSection({ section, id, muted }: SectionProps<'reviewsSection'>) {
  const { reviews, summary } = section
  if (summary.count === 0 || typeof summary.average !== 'number') return null
  const average = formatDecimal(roundRating(summary.average), { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const places = reviewPlaces(summary.sources)
  const shown = reviews.slice(0, section.count ?? 3)
  return (
    <SectionShell id={id} eyebrow={section.eyebrow} heading={section.heading} intro={section.intro} muted={muted}>
      <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-center text-lg text-zinc-800" data-testid="reviews-summary">
        <Stars rating={Math.round(summary.average)} className="text-2xl" />
        <span>
          <strong className="text-zinc-950">{average} von 5 Sternen</strong> aus {formatDecimal(summary.count)}{' '}
          {summary.count === 1 ? 'Bewertung' : 'Bewertungen'} auf {places}
        </span>
      </p>
      <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-3">
        {shown.map((review) => (
          <li key={review._id}>
            <figure className="flex h-full flex-col rounded-xl border border-zinc-200 bg-white p-6 shadow-sm">
              <p className="sr-only">{`${review.rating} von 5 Sternen`}</p>
              <Stars rating={review.rating} className="text-lg" />
              <blockquote className="mt-3 grow leading-relaxed text-zinc-700">
                <p>{review.text}</p>
              </blockquote>
              <figcaption className="mt-4 text-sm text-zinc-600">
                <span className="font-bold text-zinc-950">{review.authorName}</span>, {formatLongDate(review.date)}, auf{' '}
                {/* 28 px high to tap (WCAG 2.5.8: 24), the line itself as high as before (the negative margin). */}
                <a
                  href={review.sourceUrl}
                  className="-my-1 inline-block py-1 underline decoration-zinc-400 underline-offset-2 hover:text-zinc-950"
                  rel="nofollow noopener"
                  target="_blank"
                >
                  {reviewPlace(review)}
                  <span className="sr-only"> (öffnet in neuem Tab)</span>
                </a>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </SectionShell>
  )
}
