import { SectionShell } from './section-shell'
import { type SectionProps } from './types'

/** Named lists (brands, models, towns, documents): as tags or as bulleted columns. */
export function ListSection({ section, id, muted }: SectionProps<'listSection'>) {
  const columns = section.style === 'columns'
  const several = section.groups.length > 1
  return (
    <SectionShell id={id} eyebrow={section.eyebrow} heading={section.heading} intro={section.intro} muted={muted}>
      <div className={several ? `grid gap-10 ${section.groups.length >= 3 ? 'lg:grid-cols-3' : 'md:grid-cols-2'}` : ''}>
        {section.groups.map((group) => (
          <div key={group._key}>
            {group.title ? <h3 className={`text-xl text-zinc-950 ${several ? '' : 'text-center'}`}>{group.title}</h3> : null}
            {columns ? (
              <ul className={`${group.title ? 'mt-4' : ''} list-disc space-y-2 pl-6 leading-relaxed text-zinc-700 marker:text-amber-600`}>
                {group.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : (
              <ul className={`${group.title ? 'mt-4' : ''} flex flex-wrap gap-2 ${several ? '' : 'justify-center'}`}>
                {group.items.map((item) => (
                  <li key={item} className="rounded-full border border-zinc-300 bg-white px-4 py-2 text-sm font-semibold text-zinc-900">
                    {item}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
      {section.note ? <p className="mx-auto mt-10 max-w-3xl text-center leading-relaxed text-zinc-600">{section.note}</p> : null}
    </SectionShell>
  )
}
