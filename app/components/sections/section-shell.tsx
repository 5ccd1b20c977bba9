import { type ReactNode } from 'react'
import { SectionHeading } from '#app/components/section-heading.tsx'

export interface SectionShellProps {
  id: string
  eyebrow?: string | null
  heading?: string | null
  intro?: string | null
  muted?: boolean
  align?: 'center' | 'left'
  /** Narrow text column for running text, wide grid otherwise. */
  width?: 'wide' | 'text'
  children: ReactNode
}

/**
 * The frame most page sections share: a full-width band (white or light grey), a centred
 * container, the section heading and the content below it. The heading names the section
 * for screen readers (aria-labelledby).
 */
export function SectionShell({ id, eyebrow, heading, intro, muted = false, align = 'center', width = 'wide', children }: SectionShellProps) {
  const headingId = `${id}-heading`
  return (
    <section id={id} aria-labelledby={heading ? headingId : undefined} className={`py-16 sm:py-24 ${muted ? 'bg-zinc-50' : 'bg-white'}`}>
      <div className={`mx-auto px-4 sm:px-6 lg:px-8 ${width === 'text' ? 'max-w-3xl' : 'max-w-7xl'}`}>
        {heading ? <SectionHeading id={headingId} eyebrow={eyebrow} title={heading} intro={intro} align={width === 'text' ? 'left' : align} /> : null}
        <div className={heading ? 'mt-12' : ''}>{children}</div>
      </div>
    </section>
  )
}
