import { ArrowRightIcon, ServiceIcon } from '#app/components/icons.tsx'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { ActionLink, type ActionTarget } from '#app/components/ui/action-link.tsx'

export interface ServiceCard {
  _key: string
  icon?: string | null
  title?: string | null
  description?: string | null
  action?: ActionTarget | null
}

export interface ServiceCardsProps {
  id?: string
  eyebrow?: string | null
  heading?: string | null
  intro?: string | null
  cards: readonly ServiceCard[]
  /** In-page jumps of the card buttons animate unless a page asks for instant jumps. */
  smoothScroll?: boolean
}

/**
 * Columns for a number of cards, so that no card sits alone on the last row of a wide screen:
 * four go 2 × 2, then 4 across; two stay two; any other count fills rows of three.
 */
export function serviceGridColumns(count: number): string {
  if (count === 4) return 'sm:grid-cols-2 xl:grid-cols-4'
  if (count <= 2) return 'sm:grid-cols-2'
  return 'sm:grid-cols-2 lg:grid-cols-3'
}

/**
 * Labels that more than one card's button carries („MEHR ERFAHREN“ twice on /services, spec §2). Such a
 * button's name also says which card it belongs to, for a list of the page's links (WCAG 2.4.9).
 */
function repeatedLabels(cards: readonly ServiceCard[]): Set<string> {
  const labels = cards.flatMap((card) => (card.action?.label?.trim() ? [card.action.label.trim()] : []))
  return new Set(labels.filter((label, index) => labels.indexOf(label) !== index))
}

/** The services grid (spec §2.3): icon, title, description and a button per card. */
export function ServiceCards({ id = 'services', eyebrow, heading, intro, cards, smoothScroll = true }: ServiceCardsProps) {
  const headingId = `${id}-heading`
  const repeated = repeatedLabels(cards)
  return (
    <section id={id} aria-labelledby={heading ? headingId : undefined} className="bg-zinc-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {heading ? <SectionHeading id={headingId} eyebrow={eyebrow} title={heading} intro={intro} /> : null}
        <ul className={`mt-14 grid grid-cols-1 gap-6 ${serviceGridColumns(cards.length)}`}>
          {cards.map((card) => (
            <li
              key={card._key}
              className="group flex flex-col rounded-xl border border-zinc-200 bg-white p-7 shadow-sm transition-shadow duration-300 hover:shadow-xl"
            >
              <span className="inline-flex size-14 items-center justify-center rounded-xl bg-zinc-950 text-amber-400 transition-colors duration-300 group-hover:bg-amber-400 group-hover:text-zinc-950">
                <ServiceIcon name={card.icon} className="size-7" />
              </span>
              <h3 className="mt-6 text-xl text-zinc-950">{card.title}</h3>
              {card.description ? <p className="mt-3 flex-1 leading-relaxed text-zinc-600">{card.description}</p> : <div className="flex-1" />}
              {card.action ? (
                <div className="mt-6">
                  <ActionLink action={card.action} tone="light" size="md" smooth={smoothScroll}>
                    {card.title && repeated.has(card.action.label?.trim() ?? '') ? <span className="sr-only"> zu {card.title}</span> : null}
                    <ArrowRightIcon className="size-4" />
                  </ActionLink>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
