import { type ReactNode } from 'react'

export interface SectionHeadingProps {
  /** The small line above the title (the content model's `eyebrow`). */
  eyebrow?: string | null
  title: ReactNode
  intro?: string | null
  /** Element id of the title, for `aria-labelledby` on the section. */
  id?: string
  /** h2 for page sections; h3 inside them. */
  level?: 2 | 3
  align?: 'center' | 'left'
  /** Dark surfaces need light text. */
  tone?: 'light' | 'dark'
  className?: string
}

/** Eyebrow, title and intro of a section, in the site's uppercase heading style. */
export function SectionHeading({ eyebrow, title, intro, id, level = 2, align = 'center', tone = 'light', className = '' }: SectionHeadingProps) {
  const Heading = level === 2 ? 'h2' : 'h3'
  const dark = tone === 'dark'
  return (
    <div className={`${align === 'center' ? 'mx-auto max-w-3xl text-center' : 'max-w-2xl'} ${className}`}>
      {eyebrow ? <p className={`mb-3 text-sm font-bold tracking-[0.2em] uppercase ${dark ? 'text-amber-400' : 'text-amber-800'}`}>{eyebrow}</p> : null}
      <Heading id={id} className={`text-2xl min-[25rem]:text-3xl sm:text-4xl lg:text-5xl ${dark ? 'text-white' : 'text-zinc-950'}`}>
        {title}
      </Heading>
      <span aria-hidden="true" className={`mt-5 block h-1 w-16 rounded-full bg-amber-400 ${align === 'center' ? 'mx-auto' : ''}`} />
      {intro ? <p className={`mt-5 text-lg leading-relaxed ${dark ? 'text-zinc-300' : 'text-zinc-600'}`}>{intro}</p> : null}
    </div>
  )
}
