import { type ReactNode, useEffect, useRef, useState } from 'react'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { useHydrated } from '#app/utils/hydration.tsx'

export interface ConsentFrameProps {
  /** The embedded page; not requested before the visitor clicks `loadLabel`. */
  src: string
  /** Accessible name of the frame once loaded. */
  title: string
  /** What loading the frame transmits to whom (shown before the visitor agrees). */
  consentText: string
  /** The button that loads the frame, e.g. „KARTE LADEN“; without JavaScript a link to `externalHref`. */
  loadLabel: string
  /** The same content on the provider's site: the way there without JavaScript or consent. */
  externalHref: string
  externalLabel: string
  icon?: ReactNode
  /** Size of placeholder and frame alike, so nothing jumps, e.g. `aspect-[4/3]`. */
  sizeClassName?: string
  testId?: string
}

/**
 * A third-party frame behind a click-to-load placeholder: nothing is requested from the provider
 * until the visitor clicks the button (loading the frame transmits their IP address). Without
 * JavaScript, and until this part is hydrated, the button is a plain link to the content on the
 * provider's site, so a tap is never lost (issue 29); hydrated, it loads the frame in place and
 * moves focus to it: the button is gone, and focus would fall to <body>, where a screen reader says
 * nothing; on the frame it hears its title („Karte: …“), and Tab goes on from there. Used for the
 * map (OpenStreetMap) and the dealer portal (mobile.de).
 */
export function ConsentFrame({
  src,
  title,
  consentText,
  loadLabel,
  externalHref,
  externalLabel,
  icon,
  sizeClassName = 'aspect-[4/3]',
  testId,
}: ConsentFrameProps) {
  const [loaded, setLoaded] = useState(false)
  const hydrated = useHydrated()
  const frame = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    if (loaded) frame.current?.focus()
  }, [loaded])
  if (loaded) {
    return (
      <iframe
        ref={frame}
        title={title}
        src={src}
        className={`${sizeClassName} w-full rounded-xl border border-zinc-200 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900`}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    )
  }
  return (
    <div
      data-testid={testId}
      className={`flex ${sizeClassName} w-full flex-col items-center justify-center gap-5 rounded-xl border border-dashed border-zinc-400 bg-zinc-100 p-6 text-center`}
    >
      {icon}
      <p className="max-w-md text-sm leading-relaxed text-zinc-700">{consentText}</p>
      <div className="flex flex-col items-center gap-3">
        {hydrated ? (
          <button type="button" onClick={() => setLoaded(true)} className={buttonClasses({ variant: 'dark', size: 'md' })}>
            {loadLabel}
          </button>
        ) : (
          <a href={externalHref} rel="noopener noreferrer" className={buttonClasses({ variant: 'dark', size: 'md' })}>
            {loadLabel}
          </a>
        )}
        <a
          href={externalHref}
          rel="noopener noreferrer"
          className="text-sm font-semibold text-zinc-950 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900"
        >
          {externalLabel}
        </a>
      </div>
    </div>
  )
}
