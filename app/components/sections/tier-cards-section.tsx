import { CheckIcon } from '#app/components/icons.tsx'
import { SectionShell } from './section-shell'
import { type SectionProps } from './types'

/** Partner tiers side by side; a highlighted tier stands out on a dark card. */
export function TierCardsSection({ section, id, muted }: SectionProps<'tierCardsSection'>) {
  return (
    <SectionShell id={id} eyebrow={section.eyebrow} heading={section.heading} intro={section.intro} muted={muted}>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
        {section.tiers.map((tier) => {
          const dark = tier.highlighted === true
          return (
            <li
              key={tier._key}
              className={`flex flex-col rounded-xl border p-7 shadow-sm ${dark ? 'border-zinc-950 bg-zinc-950 text-white' : 'border-zinc-200 bg-white'}`}
            >
              <h3 className={`text-2xl ${dark ? 'text-amber-400' : 'text-zinc-950'}`}>{tier.name}</h3>
              <p className={`mt-3 text-lg font-bold ${dark ? 'text-white' : 'text-zinc-950'}`}>{tier.volume}</p>
              {tier.paymentTerm ? <p className={dark ? 'text-zinc-300' : 'text-zinc-600'}>{tier.paymentTerm}</p> : null}
              {tier.perks && tier.perks.length > 0 ? (
                <ul className="mt-6 space-y-3">
                  {tier.perks.map((perk) => (
                    <li key={perk} className="flex gap-3">
                      <CheckIcon className={`mt-1 size-4 shrink-0 ${dark ? 'text-amber-400' : 'text-amber-600'}`} />
                      <span className={dark ? 'text-zinc-200' : 'text-zinc-700'}>{perk}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          )
        })}
      </ul>
      {section.note ? <p className="mx-auto mt-8 max-w-3xl text-center leading-relaxed text-zinc-600">{section.note}</p> : null}
    </SectionShell>
  )
}
