import { ServiceIcon } from '#app/components/icons.tsx'
import { SectionShell } from './section-shell'
import { type SectionProps } from './types'

/** Four cards go 2 × 2 and then 4 across, never 3 + 1; three or more otherwise fill rows of three. */
function whyUsColumns(count: number): string {
  if (count === 4) return 'md:grid-cols-2 xl:grid-cols-4'
  if (count >= 3) return 'md:grid-cols-3'
  return 'md:grid-cols-2'
}

/** "Warum wir": a few reasons as cards with an icon. */
export function WhyUsSection({ section, id, muted }: SectionProps<'whyUsSection'>) {
  return (
    <SectionShell id={id} eyebrow={section.eyebrow} heading={section.heading} intro={section.intro} muted={muted}>
      <ul className={`grid grid-cols-1 gap-6 ${whyUsColumns(section.cards.length)}`}>
        {section.cards.map((card) => (
          <li key={card._key} className="rounded-xl border border-zinc-200 bg-white p-7 shadow-sm">
            <span className="inline-flex size-12 items-center justify-center rounded-lg bg-amber-400 text-zinc-950">
              <ServiceIcon name={card.icon} className="size-6" />
            </span>
            <h3 className="mt-5 text-xl text-zinc-950">{card.title}</h3>
            <p className="mt-3 leading-relaxed text-zinc-600">{card.text}</p>
          </li>
        ))}
      </ul>
    </SectionShell>
  )
}
