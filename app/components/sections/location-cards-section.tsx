import { Link } from '@remix-run/react'
import { ArrowRightIcon, MapPinIcon } from '#app/components/icons.tsx'
import { SanityImage } from '#app/components/sanity-image.tsx'
import { SectionShell } from './section-shell'
import { type SectionProps } from './types'

/** The city cards of /locations, filled from every page with a location card (PAGE_QUERY). */
export function LocationCardsSection({ section, id, muted }: SectionProps<'locationCardsSection'>) {
  return (
    <SectionShell id={id} eyebrow={section.eyebrow} heading={section.heading} intro={section.intro} muted={muted}>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {section.cards.map((card) => (
          <li
            key={card.path}
            className="group relative flex flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm transition-shadow hover:shadow-xl"
          >
            <div className="aspect-[16/9] overflow-hidden bg-zinc-200">
              <SanityImage
                image={card.image}
                sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
              />
            </div>
            <div className="flex flex-1 flex-col p-6">
              <h3 className="text-xl text-zinc-950">
                {/* The whole card is the link (stretched over it), named by the city. */}
                <Link
                  to={card.path}
                  prefetch="intent"
                  className="after:absolute after:inset-0 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900"
                >
                  {card.name}
                </Link>
              </h3>
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold text-zinc-600">
                <span className="inline-flex items-center gap-1">
                  <MapPinIcon className="size-4 text-amber-600" />
                  {card.distance}
                </span>
                <span>{card.customers}</span>
              </p>
              <p className="mt-3 flex-1 leading-relaxed text-zinc-600">{card.description}</p>
              <p aria-hidden="true" className="mt-5 inline-flex items-center gap-2 text-sm font-bold tracking-wide text-zinc-950 uppercase">
                Zur Stadtseite <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-1" />
              </p>
            </div>
          </li>
        ))}
      </ul>
    </SectionShell>
  )
}
