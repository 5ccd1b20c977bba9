import { Link } from '@remix-run/react'
import { MapPinIcon } from '#app/components/icons.tsx'
import { SectionShell } from './section-shell'
import { type SectionProps } from './types'

const TILE = 'flex h-full items-start gap-3 rounded-xl border border-zinc-200 bg-white p-5 shadow-sm'

/** Tiles of places or regions, each with a detail such as the distance; linked when the place has a page. */
export function AreaGridSection({ section, id, muted }: SectionProps<'areaGridSection'>) {
  return (
    <SectionShell id={id} eyebrow={section.eyebrow} heading={section.heading} intro={section.intro} muted={muted}>
      <ul className={`grid grid-cols-1 gap-4 sm:grid-cols-2 ${section.areas.length > 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
        {section.areas.map((area) => {
          const content = (
            <>
              <MapPinIcon className="mt-0.5 size-5 shrink-0 text-amber-600" />
              <span>
                <span className="block font-bold text-zinc-950">{area.name}</span>
                {area.detail ? <span className="mt-1 block text-sm leading-relaxed text-zinc-600">{area.detail}</span> : null}
              </span>
            </>
          )
          return (
            <li key={area._key}>
              {area.href ? (
                <Link
                  to={area.href}
                  prefetch="intent"
                  className={`${TILE} transition-shadow hover:shadow-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900`}
                >
                  {content}
                </Link>
              ) : (
                <div className={TILE}>{content}</div>
              )}
            </li>
          )
        })}
      </ul>
    </SectionShell>
  )
}
