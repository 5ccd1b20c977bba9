import { RichText } from '#app/components/portable-text.tsx'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { type SectionProps } from './types'

/** Running text in a readable column; `notice` frames it as an important statement. */
export function RichTextSection({ section, id, muted }: SectionProps<'richTextSection'>) {
  const headingId = `${id}-heading`
  const notice = section.tone === 'notice'
  const background = notice || section.tone === 'muted' || (!section.tone && muted) ? 'bg-zinc-50' : 'bg-white'
  return (
    <section id={id} aria-labelledby={section.heading ? headingId : undefined} className={`py-16 sm:py-24 ${background}`}>
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <div className={notice ? 'rounded-xl border-l-4 border-amber-400 bg-white p-6 shadow-sm sm:p-10' : ''}>
          {section.heading ? <SectionHeading id={headingId} eyebrow={section.eyebrow} title={section.heading} align="left" /> : null}
          <div className={`text-lg text-zinc-700 ${section.heading ? 'mt-8' : ''}`}>
            <RichText value={section.body} />
          </div>
        </div>
      </div>
    </section>
  )
}
