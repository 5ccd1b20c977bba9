import { CheckIcon } from '#app/components/icons.tsx'
import { SectionShell } from './section-shell'
import { type SectionProps } from './types'

/** Benefits or facts as a checklist in two columns. */
export function ChecklistSection({ section, id, muted }: SectionProps<'checklistSection'>) {
  return (
    <SectionShell id={id} eyebrow={section.eyebrow} heading={section.heading} intro={section.intro} muted={muted}>
      <ul className="grid grid-cols-1 gap-x-10 gap-y-6 md:grid-cols-2">
        {section.items.map((item) => (
          <li key={item._key} className="flex gap-4">
            <span aria-hidden="true" className="mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-amber-400 text-zinc-950">
              <CheckIcon className="size-4" />
            </span>
            <div>
              <p className="font-bold text-zinc-950">{item.title}</p>
              {item.text ? <p className="mt-1 leading-relaxed text-zinc-600">{item.text}</p> : null}
            </div>
          </li>
        ))}
      </ul>
      {section.note ? <p className="mt-10 rounded-lg border-l-4 border-amber-400 bg-amber-50 p-5 leading-relaxed text-zinc-800">{section.note}</p> : null}
    </SectionShell>
  )
}
