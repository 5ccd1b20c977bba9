import { MapPinIcon } from '#app/components/icons.tsx'
import { HERO_IMAGE_SIZES, SanityImage } from '#app/components/sanity-image.tsx'
import { ActionLink } from '#app/components/ui/action-link.tsx'
import { type SectionProps } from './types'

/**
 * The opening of a content page: background image (the page's LCP image, loaded eagerly),
 * the H1, the subtitle, an optional claim such as the distance from Essen, and up to two buttons.
 * It sits under the transparent header, so its text starts below the header's height.
 */
export function PageHero({ section, id, smoothScroll }: SectionProps<'heroSection'>) {
  const headingId = `${id}-heading`
  return (
    <section id={id} aria-labelledby={headingId} className="relative isolate overflow-hidden bg-zinc-950 text-white">
      <SanityImage image={section.image} sizes={HERO_IMAGE_SIZES} priority className="absolute inset-0 -z-10 size-full object-cover" />
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-r from-zinc-950/95 via-zinc-950/80 to-zinc-950/40" />
      <div className="mx-auto max-w-7xl px-4 pt-header pb-16 sm:px-6 sm:pb-24 lg:px-8">
        {/* Wider and smaller from lg, so that heading, text and buttons fit a 1280×720 laptop's first screen. */}
        <div className="max-w-3xl pt-14 sm:pt-20 lg:max-w-4xl lg:pt-14">
          {section.eyebrow ? <p className="mb-4 text-sm font-bold tracking-[0.2em] text-amber-400 uppercase">{section.eyebrow}</p> : null}
          <h1 id={headingId} className="text-3xl leading-[1.08] font-extrabold min-[25rem]:text-4xl sm:text-5xl 2xl:text-6xl">
            {section.heading}
          </h1>
          {section.claim ? (
            <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-amber-400 px-4 py-2 text-sm font-bold text-zinc-950 sm:text-base">
              <MapPinIcon className="size-5 shrink-0" />
              {section.claim}
            </p>
          ) : null}
          {section.subtitle ? <p className="mt-6 max-w-2xl text-lg leading-relaxed text-zinc-200 sm:text-xl">{section.subtitle}</p> : null}
          {section.buttons && section.buttons.length > 0 ? (
            <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-4">
              {section.buttons.map((button) => (
                <ActionLink key={button._key} action={button} tone="dark" smooth={smoothScroll} />
              ))}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  )
}
