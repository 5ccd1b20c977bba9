import { type MouseEvent, useEffect, useRef, useState, type PointerEvent } from 'react'
import { PauseIcon, PlayIcon } from '#app/components/icons.tsx'
import { HERO_IMAGE_SIZES, SanityImage, type SanityImageSource } from '#app/components/sanity-image.tsx'
import { ActionLink, type ActionTarget } from '#app/components/ui/action-link.tsx'
import { REDUCED_MOTION, useMediaQuery } from '#app/utils/media-query.ts'

/** Spec §9: the slider advances every 5 s. */
export const HERO_INTERVAL_MS = 5000
/** How long after a slide changes by itself a tap on it does nothing: it was aimed at the slide before. */
export const HERO_TAP_GUARD_MS = 800

export interface HeroSlide {
  _key: string
  titleLine1?: string | null
  titleLine2?: string | null
  subtitle?: string | null
  image?: SanityImageSource | null
  buttons?: Array<ActionTarget & { _key: string }> | null
}

export interface HeroSliderProps {
  slides: readonly HeroSlide[]
  /** Accessible name of the carousel. */
  label?: string
}

/**
 * The home hero (spec §2, §4): full-height slides that advance every 5 s and wrap (0→1→2→0),
 * dot buttons to jump, and a pause/play button (WCAG 2.2.2). Rotation also pauses while the
 * pointer rests on the slider or focus is inside it, stops when a finger touches a slide (decision
 * 115), and does not start by itself when the visitor prefers reduced motion. The first slide's
 * title is the page's only h1 and its image the LCP element (eager, high priority); the others load
 * lazily once the page has loaded.
 */
export function HeroSlider({ slides, label = 'Highlights' }: HeroSliderProps) {
  const count = slides.length
  const [active, setActive] = useState(0)
  // null: follow the reduced-motion preference; true/false: the visitor's explicit choice.
  const [userPaused, setUserPaused] = useState<boolean | null>(null)
  const [hovered, setHovered] = useState(false)
  const [focusWithin, setFocusWithin] = useState(false)
  const reducedMotion = useMediaQuery(REDUCED_MOTION)
  // The other slides' images wait for the page's load event: the first image (the LCP) gets
  // the bandwidth, and visitors without JavaScript, who only ever see slide 1, never download them.
  const [pageLoaded, setPageLoaded] = useState(false)

  useEffect(() => {
    if (document.readyState === 'complete') return setPageLoaded(true)
    const onLoad = () => setPageLoaded(true)
    window.addEventListener('load', onLoad, { once: true })
    return () => window.removeEventListener('load', onLoad)
  }, [])

  const changedAt = useRef(0)
  const paused = userPaused ?? reducedMotion
  const rotating = count > 1 && !paused && !hovered && !focusWithin

  useEffect(() => {
    if (!rotating) return
    // A timeout per slide (not one interval): a jump by dot restarts the full 5 s.
    const timer = setTimeout(() => {
      changedAt.current = Date.now()
      setActive((index) => (index + 1) % count)
    }, HERO_INTERVAL_MS)
    return () => clearTimeout(timer)
  }, [rotating, active, count])

  if (count === 0) return null

  // Touch "hover" would stick after a tap on a dot and stop the slider for good; only a mouse pauses it.
  const onPointerEnter = (event: PointerEvent) => event.pointerType === 'mouse' && setHovered(true)
  const onPointerLeave = (event: PointerEvent) => event.pointerType === 'mouse' && setHovered(false)
  // A finger on the slides stops the rotation for good, and a tap that arrives just after a change by itself
  // does nothing rather than open the new slide's button under the thumb.
  const onSlidesPointerDown = (event: PointerEvent) => event.pointerType !== 'mouse' && setUserPaused(true)
  const onSlidesClickCapture = (event: MouseEvent) => {
    if (Date.now() - changedAt.current < HERO_TAP_GUARD_MS) event.preventDefault()
  }

  return (
    <section
      aria-roledescription="Karussell"
      aria-label={label}
      className="relative isolate grid min-h-[clamp(36rem,100svh,64rem)] overflow-hidden bg-zinc-950 text-white"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={() => setFocusWithin(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusWithin(false)
      }}
    >
      {/* The page's heading stays while the slides change (a hidden slide leaves the accessibility tree):
          the first slide's title, read here; on the slide itself it is drawn, not read twice. */}
      <h1 className="sr-only">
        <SlideTitle slide={slides[0]!} />
      </h1>
      {/* The slides share one grid cell: the hero is a screen high, or as high as its tallest slide where the
          text needs more (a larger default font on a phone), so no title slides under the header. */}
      <div aria-live={rotating ? 'off' : 'polite'} className="grid" onPointerDown={onSlidesPointerDown} onClickCapture={onSlidesClickCapture}>
        {slides.map((slide, index) => {
          const current = index === active
          const Title = index === 0 ? 'p' : 'h2'
          return (
            <div
              key={slide._key}
              role="group"
              aria-roledescription="Folie"
              aria-label={`${index + 1} von ${count}`}
              // visibility (not only opacity) takes hidden slides out of the tab order and the
              // accessibility tree; it switches at the end of the fade.
              className={`relative col-start-1 row-start-1 transition-[opacity,visibility] duration-700 ease-out ${current ? 'visible opacity-100' : 'invisible opacity-0'}`}
            >
              {index === 0 || current || pageLoaded ? (
                <SanityImage image={slide.image} sizes={HERO_IMAGE_SIZES} priority={index === 0} className="absolute inset-0 -z-10 size-full object-cover" />
              ) : null}
              <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-r from-zinc-950/95 via-zinc-950/75 to-zinc-950/35" />
              <div aria-hidden="true" className="absolute inset-x-0 bottom-0 -z-10 h-40 bg-linear-to-t from-zinc-950/80 to-transparent" />

              <div className="mx-auto flex h-full max-w-7xl flex-col justify-center px-4 pt-header pb-24 sm:px-6 lg:px-8">
                <Title
                  aria-hidden={index === 0 || undefined}
                  className="max-w-4xl text-4xl leading-[1.05] font-extrabold tracking-tight text-balance uppercase hyphens-auto wrap-anywhere sm:text-6xl lg:text-7xl"
                >
                  <SlideTitle slide={slide} />
                </Title>
                {slide.subtitle ? <p className="mt-6 max-w-2xl text-lg leading-relaxed text-zinc-200 sm:text-xl">{slide.subtitle}</p> : null}
                {slide.buttons && slide.buttons.length > 0 ? (
                  <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-4">
                    {slide.buttons.map((button) => (
                      <ActionLink key={button._key} action={button} tone="dark" />
                    ))}
                  </div>
                ) : null}
              </div>
            </div>
          )
        })}
      </div>

      {count > 1 ? (
        // Without JavaScript only the first slide shows and these buttons could do nothing: not drawn then.
        <div className="absolute inset-x-0 bottom-6 flex items-center justify-center gap-2 noscript:hidden">
          <button
            type="button"
            onClick={() => setUserPaused(!paused)}
            aria-label={paused ? 'Automatischen Folienwechsel starten' : 'Automatischen Folienwechsel anhalten'}
            className="inline-flex size-11 items-center justify-center rounded-full bg-zinc-950/60 text-white hover:bg-zinc-950/80 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
          >
            {paused ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
          </button>
          {/* Forced colours (Windows high contrast) paint the dots' backgrounds as Canvas, dark on the dark photo: there the
              dots sit on a Canvas plate in its text colour, and the current one in the selection's. */}
          <ul className="flex items-center forced-colors:rounded-full forced-colors:bg-[Canvas]">
            {slides.map((slide, index) => (
              <li key={slide._key}>
                <button
                  type="button"
                  onClick={() => setActive(index)}
                  aria-label={`Folie ${index + 1} anzeigen`}
                  aria-current={index === active ? 'true' : undefined}
                  className="group inline-flex size-11 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-offset-[-4px] focus-visible:outline-amber-400"
                >
                  {/* Every dot is as wide as the current one's bar and clipped to a circle: a change of slide then redraws the
                      dots without moving them (a width that grew and shrank shifted them, a layout shift every 5 s). */}
                  <span
                    aria-hidden="true"
                    className="block h-2.5 w-8 rounded-full bg-white/60 transition-[clip-path,background-color] duration-300 [clip-path:inset(0_11px_round_5px)] group-hover:bg-white group-aria-[current=true]:bg-amber-400 group-aria-[current=true]:[clip-path:inset(0_round_5px)] forced-colors:bg-[CanvasText] forced-colors:group-aria-[current=true]:bg-[Highlight]"
                  />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

/** A slide's two title lines, the second in the accent colour. */
function SlideTitle({ slide }: { slide: HeroSlide }) {
  return (
    <>
      <span className="block">{slide.titleLine1}</span> <span className="block text-amber-400">{slide.titleLine2}</span>
    </>
  )
}
