import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { prefersReducedMotion } from '#app/utils/scroll.ts'
import { ArrowRightIcon } from '#app/components/icons.tsx'
import { SanityImage, type SanityImageSource } from '#app/components/sanity-image.tsx'
import { VEHICLE_PLACEHOLDER } from '#app/components/vehicle-card.tsx'
import { useHydrated } from '#app/utils/hydration.tsx'
import { imageUrl } from '#app/sanity/image.ts'

/** A photo as VEHICLE_DETAIL_QUERY projects it: a lake image, or a marketplace photo's URL. */
export type GalleryImage = SanityImageSource & { _key?: string | null }

export interface VehicleGalleryProps {
  images: readonly GalleryImage[]
  /** Make and model: the alt text of photos without one, and the gallery's label. */
  name: string
}

/** The main image spans the page column: full width on phones, two thirds from `lg`. */
/** The main photo's layout width; the page's preload link (route meta) names the same. */
export const GALLERY_IMAGE_SIZES = '(min-width: 1280px) 800px, (min-width: 1024px) 66vw, 100vw'
const THUMB_SIZES = '120px'

const slideId = (index: number) => `fahrzeugbild-${index + 1}`

interface PhotoProps {
  image: GalleryImage
  alt: string
  sizes: string
  priority: boolean
  className: string
}

/** One photo; SanityImage shows a marketplace photo (a foreign CDN) as it is, without srcset. */
function Photo({ image, alt, sizes, priority, className }: PhotoProps) {
  return <SanityImage image={{ ...image, alt }} sizes={sizes} priority={priority} className={className} />
}

/**
 * The photos of a vehicle (spec §2, §4): the first one large and loaded at once (the page's LCP
 * image), thumbnails only when there is more than one photo, a placeholder when there is none.
 *
 * The large photos sit side by side in a horizontal scroll-snap strip: a finger swipes between
 * them natively, and without JavaScript the thumbnails are links to each photo (`#fahrzeugbild-2`)
 * that scroll the strip. With JavaScript, buttons 'Vorheriges Bild' / 'Nächstes Bild', the arrow
 * keys (and Home/End) on the focused strip, and the thumbnails move it; the selected index follows
 * the scroll position, so a swipe updates the thumbnails and the 'Bild x von n' counter too.
 */
export function VehicleGallery({ images, name }: VehicleGalleryProps) {
  const photos = images.filter((image) => Boolean(image.asset?.url))
  const hydrated = useHydrated()
  const stripRef = useRef<HTMLDivElement>(null)
  const frameRef = useRef<HTMLDivElement>(null)
  const enlargeRef = useRef<HTMLAnchorElement>(null)
  const [selected, setSelected] = useState(0)
  // The photo a button, key or thumbnail sent the strip to: the photos its smooth scroll passes are not the one shown.
  const aimRef = useRef<number>()
  const count = photos.length
  const altOf = (index: number) => photos[index]?.alt?.trim() || `${name}, Bild ${index + 1}`

  const goTo = useCallback(
    (index: number) => {
      const strip = stripRef.current
      if (!strip || count === 0) return
      const target = Math.max(0, Math.min(count - 1, index))
      setSelected(target)
      aimRef.current = target
      strip.scrollTo({ left: target * strip.clientWidth, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
    },
    [count],
  )

  // A swipe or a native scroll moves the strip: follow it. From where it stands when the scripts arrive, too:
  // a link to `#fahrzeugbild-3`, or a thumbnail tapped before them, has moved it already.
  useEffect(() => {
    const strip = stripRef.current
    if (!strip || count < 2) return
    let frame = 0
    let rest = 0
    const follow = () => {
      if (strip.clientWidth > 0) setSelected(Math.max(0, Math.min(count - 1, Math.round(strip.scrollLeft / strip.clientWidth))))
    }
    // On the way to an aim the counter keeps it (a tap then opens the photo it names); once the strip rests, where it stands counts.
    const onScroll = () => {
      cancelAnimationFrame(frame)
      clearTimeout(rest)
      if (aimRef.current === undefined) frame = requestAnimationFrame(follow)
      rest = window.setTimeout(() => {
        aimRef.current = undefined
        follow()
      }, 150)
    }
    onScroll()
    strip.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(rest)
      strip.removeEventListener('scroll', onScroll)
    }
  }, [count])

  if (count === 0) {
    return (
      <div className="overflow-hidden rounded-xl bg-zinc-200">
        <img
          src={VEHICLE_PLACEHOLDER.src}
          width={VEHICLE_PLACEHOLDER.width}
          height={VEHICLE_PLACEHOLDER.height}
          alt={`${name} – Foto folgt`}
          loading="eager"
          {...{ fetchpriority: 'high' }}
          className="aspect-[3/2] w-full object-cover"
        />
      </div>
    )
  }

  // „Vergrößern“: the photo at its largest; with JavaScript the lightbox, loaded on the
  // first click, which shows the frame's photos (their srcset has every width up to each photo's own).
  // Closed, it leaves the page's gallery at the photo it showed last.
  const openLarge = (trigger: HTMLElement) => {
    const frame = frameRef.current
    if (frame) void import('./photo-lightbox').then(({ openLightbox }) => openLightbox(frame.querySelectorAll('img'), selected, trigger, goTo))
  }
  // A tap on the photo opens it too, as on the portals: a swipe fires no
  // click, so the strip keeps its swipe. Keyboard users have the link and Enter on the strip.
  const onFrameClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!hydrated || (event.target as Element).closest('a, button')) return
    openLarge(enlargeRef.current!)
  }
  const enlarge = (
    <a
      ref={enlargeRef}
      href={imageUrl(photos[selected]!.asset!.url!, { width: 2400 })}
      onClick={
        hydrated
          ? (event) => {
              event.preventDefault()
              openLarge(event.currentTarget)
            }
          : undefined
      }
      className="print:hidden absolute top-3 left-3 flex min-h-11 items-center rounded-full bg-zinc-950/75 px-4 text-sm font-semibold text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
    >
      Vergrößern
    </a>
  )
  const frameClass = `relative ${hydrated ? 'cursor-zoom-in' : ''}`

  if (count === 1) {
    return (
      <div ref={frameRef} onClick={onFrameClick} className={`${frameClass} overflow-hidden rounded-xl bg-zinc-200`}>
        <Photo image={photos[0]!} alt={altOf(0)} sizes={GALLERY_IMAGE_SIZES} priority className="aspect-[3/2] w-full object-cover" />
        {enlarge}
      </div>
    )
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter') return openLarge(event.currentTarget)
    const next = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: count - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    goTo(next)
  }

  const arrowButton =
    'print:hidden absolute top-1/2 z-10 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-zinc-950/75 text-white shadow-lg transition-colors hover:bg-zinc-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400 disabled:opacity-40'

  return (
    <section aria-label={`Fotos: ${name}`}>
      <div ref={frameRef} onClick={onFrameClick} className={frameClass}>
        <div
          ref={stripRef}
          role="group"
          tabIndex={0}
          onKeyDown={hydrated ? onKeyDown : undefined}
          aria-label={`${count} Fotos, mit den Pfeiltasten blättern`}
          data-testid="gallery-strip"
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-xl bg-zinc-200 [scrollbar-width:none] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 [&::-webkit-scrollbar]:hidden"
        >
          {photos.map((image, index) => (
            <div
              key={image._key ?? index}
              id={slideId(index)}
              aria-hidden={hydrated && index !== selected ? true : undefined}
              className="w-full shrink-0 snap-center snap-always"
            >
              <Photo image={image} alt={altOf(index)} sizes={GALLERY_IMAGE_SIZES} priority={index === 0} className="aspect-[3/2] w-full object-cover" />
            </div>
          ))}
        </div>
        {hydrated ? (
          <>
            <button type="button" onClick={() => goTo(selected - 1)} disabled={selected === 0} aria-label="Vorheriges Bild" className={`${arrowButton} left-3`}>
              <ArrowRightIcon className="size-5 rotate-180" />
            </button>
            <button
              type="button"
              onClick={() => goTo(selected + 1)}
              disabled={selected === count - 1}
              aria-label="Nächstes Bild"
              className={`${arrowButton} right-3`}
            >
              <ArrowRightIcon className="size-5" />
            </button>
          </>
        ) : null}
        {enlarge}
        {/* Only a script follows the position; without one a fixed 'Bild 1' would be wrong after a swipe. */}
        <p
          aria-live="polite"
          className={hydrated ? 'print:hidden absolute right-3 bottom-3 rounded-full bg-zinc-950/75 px-3 py-1 text-sm font-semibold text-white' : 'sr-only'}
        >
          {hydrated ? `Bild ${selected + 1} von ${count}` : ''}
        </p>
      </div>

      {/* The ring on the selected thumbnail, before the scripts too: `gallery-thumbs` in app/tailwind.css. */}
      <ul aria-label="Alle Fotos" className="gallery-thumbs mt-3 flex gap-2 overflow-x-auto pb-1 print:hidden">
        {photos.map((image, index) => (
          <li key={image._key ?? index} className="shrink-0">
            <a
              href={`#${slideId(index)}`}
              // Only the scripts know the photo shown; before them no thumbnail claims to be it.
              aria-current={hydrated && index === selected ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault()
                goTo(index)
              }}
              className="block overflow-hidden rounded-lg border-2 transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900"
            >
              <span className="sr-only">
                Bild {index + 1} von {count} anzeigen
              </span>
              <Photo image={image} alt="" sizes={THUMB_SIZES} priority={false} className="aspect-[3/2] w-24 object-cover sm:w-28" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
