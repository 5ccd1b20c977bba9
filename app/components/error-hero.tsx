import { type ReactNode } from 'react'

/** What the 500 page says (app/root.tsx), and the plain answer of the server when no page can be rendered at all. */
export const SERVER_ERROR_TEXT = 'Diese Seite kann gerade nicht angezeigt werden. Bitte versuchen Sie es in einigen Minuten erneut. Wir kümmern uns darum.'

/**
 * The dark block every error page opens with (the not-found page, an unknown vehicle, the 500 page):
 * the status large, the heading, the explanation, then `children` (the ways on). `compact` when the
 * page goes on below it (an unknown vehicle's alternatives).
 */
export function ErrorHero({
  status,
  title,
  text,
  compact = false,
  children,
}: {
  status: number
  title: string
  text: string
  compact?: boolean
  children: ReactNode
}) {
  return (
    <section className={`bg-zinc-950 px-4 text-white sm:px-6 lg:px-8 ${compact ? 'py-16 sm:py-20' : 'py-24 sm:py-32'}`}>
      <div className="mx-auto max-w-2xl text-center">
        <p aria-hidden="true" className={`text-8xl font-extrabold tracking-tight text-amber-400 ${compact ? '' : 'sm:text-9xl'}`}>
          {status}
        </p>
        <h1 className="mt-6 text-4xl font-extrabold sm:text-5xl">{title}</h1>
        <p className="mt-6 text-lg leading-relaxed text-zinc-300">{text}</p>
        {children}
      </div>
    </section>
  )
}
