import { SectionHeading } from '#app/components/section-heading.tsx'

export interface ProcessStep {
  _key: string
  number?: string | null
  title?: string | null
  description?: string | null
}

export interface ProcessStepsProps {
  id?: string
  eyebrow?: string | null
  heading?: string | null
  intro?: string | null
  steps: readonly ProcessStep[]
}

/** The four-step process (spec §2.5): big step numbers, title and text, in reading order. */
export function ProcessSteps({ id = 'process', eyebrow, heading, intro, steps }: ProcessStepsProps) {
  const headingId = `${id}-heading`
  return (
    <section id={id} aria-labelledby={heading ? headingId : undefined} className="bg-zinc-950 py-20 text-white sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {heading ? <SectionHeading id={headingId} eyebrow={eyebrow} title={heading} intro={intro} tone="dark" /> : null}
        <ol className="mt-14 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step._key} className="relative rounded-xl border border-white/10 bg-zinc-900 p-7">
              <span aria-hidden="true" className="block text-5xl font-extrabold tracking-tight text-amber-400">
                {step.number ?? String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="mt-5 text-lg text-white">{step.title}</h3>
              {step.description ? <p className="mt-3 leading-relaxed text-zinc-300">{step.description}</p> : null}
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
