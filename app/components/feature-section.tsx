import { CheckIcon } from '#app/components/icons.tsx'
import { SanityImage, type SanityImageSource } from '#app/components/sanity-image.tsx'
import { ActionLink, type ActionTarget } from '#app/components/ui/action-link.tsx'

/** The content model's `featureSection` (spec §2: the reusable feature section). */
export interface FeatureSectionContent {
  eyebrow?: string | null
  title?: string | null
  description?: string | null
  checklist?: readonly (string | null)[] | null
  image?: SanityImageSource | null
  button?: ActionTarget | null
  /** Image on the left, text on the right (on wide screens). */
  mirrored?: boolean | null
}

export interface FeatureSectionProps {
  content: FeatureSectionContent
  id?: string
  /** h2 as a section of the page (default), h3 when nested in another section. */
  headingLevel?: 2 | 3
  /** Alternate section backgrounds on long pages. */
  background?: 'white' | 'muted'
  /** In-page button targets animate unless the page wants instant jumps (spec: city pages). */
  smoothScroll?: boolean
}

/**
 * Text and image side by side: eyebrow, title, description, checklist and a button beside an
 * image; `mirrored` swaps the sides on wide screens. On phones the text comes first, then the
 * image, whatever the mirroring, so the reading order never changes.
 */
export function FeatureSection({ content, id, headingLevel = 2, background = 'white', smoothScroll = true }: FeatureSectionProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const headingId = id ? `${id}-heading` : undefined
  const checklist = (content.checklist ?? []).filter((item): item is string => Boolean(item?.trim()))
  const hasImage = Boolean(content.image?.asset?.url)
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      data-mirrored={content.mirrored ? 'true' : 'false'}
      className={`py-20 sm:py-28 ${background === 'muted' ? 'bg-zinc-50' : 'bg-white'}`}
    >
      <div className={`mx-auto grid max-w-7xl grid-cols-1 items-center gap-12 px-4 sm:px-6 lg:px-8 ${hasImage ? 'lg:grid-cols-2 lg:gap-16' : ''}`}>
        <div>
          {content.eyebrow ? <p className="mb-3 text-sm font-bold tracking-[0.2em] text-amber-800 uppercase">{content.eyebrow}</p> : null}
          <Heading id={headingId} className="text-3xl text-zinc-950 sm:text-4xl">
            {content.title}
          </Heading>
          <span aria-hidden="true" className="mt-5 block h-1 w-16 rounded-full bg-amber-400" />
          {content.description ? <p className="mt-6 text-lg leading-relaxed whitespace-pre-line text-zinc-600">{content.description}</p> : null}
          {checklist.length > 0 ? (
            <ul className="mt-7 space-y-3">
              {checklist.map((item) => (
                <li key={item} className="flex items-start gap-3 text-zinc-800">
                  <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-amber-400 text-zinc-950">
                    <CheckIcon className="size-4" strokeWidth={3} />
                  </span>
                  {item}
                </li>
              ))}
            </ul>
          ) : null}
          {content.button ? (
            <div className="mt-9">
              <ActionLink action={content.button} tone="light" smooth={smoothScroll} />
            </div>
          ) : null}
        </div>
        {hasImage ? (
          <div className={content.mirrored ? 'lg:order-first' : undefined}>
            <SanityImage
              image={content.image}
              sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
              className="aspect-[4/3] w-full rounded-xl object-cover shadow-xl"
            />
          </div>
        ) : null}
      </div>
    </section>
  )
}
