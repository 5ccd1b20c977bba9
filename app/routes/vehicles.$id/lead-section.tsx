import { type ReactNode } from 'react'
import { HydrationBoundary } from '#app/utils/hydration.tsx'

/**
 * One of the vehicle page's form boxes: the anchor its buttons jump to (under the sticky header),
 * the heading, what happens next, and the form. Each hydrates on its own (decision 018); none is
 * printed. `highlighted` marks the box of a reserved car's own question.
 */
export function LeadSection({
  id,
  heading,
  intro,
  highlighted = false,
  className,
  children,
}: {
  id: string
  heading: string
  intro: ReactNode
  highlighted?: boolean
  /** The space above it. */
  className: string
  children: ReactNode
}) {
  const colours = highlighted ? 'border-amber-300 bg-amber-50' : 'border-zinc-200 bg-zinc-50'
  return (
    <HydrationBoundary>
      <section id={id} aria-labelledby={`${id}-heading`} className={`${className} print:hidden scroll-mt-24 rounded-xl border ${colours} p-5 sm:p-8`}>
        <h2 id={`${id}-heading`} className="text-2xl text-zinc-950">
          {heading}
        </h2>
        <p className="mt-2 mb-6 text-zinc-700">{intro}</p>
        {children}
      </section>
    </HydrationBoundary>
  )
}
