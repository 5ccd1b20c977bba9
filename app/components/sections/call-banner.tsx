import { OpenNow, RouteLink, yardPlace } from '#app/components/getting-here.tsx'
import { ClockIcon, MapPinIcon, PhoneIcon } from '#app/components/icons.tsx'
import { ActionLink } from '#app/components/ui/action-link.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { telHref } from '#app/utils/format.ts'
import { hoursHeading, pageHours, useSiteSettings } from '#app/utils/site-settings.ts'
import { type SectionProps } from './types'

/**
 * A dark call-to-action band: phone link, a route to the yard, the Essen address (a route link too)
 * with the travel time, the yard's hours with whether it is open now, and the page's phone hours.
 */
export function CallBanner({ section, id, hours: variant, smoothScroll }: SectionProps<'callBanner'>) {
  const settings = useSiteSettings()
  const headingId = `${id}-heading`
  const address = settings.address
  const place = yardPlace(settings)
  // The yard's hours with whether it is open now; the page's own reading, if another, as phone hours (decision 068).
  const { yard, phone } = pageHours(settings, variant)
  return (
    <section id={id} aria-labelledby={headingId} className="bg-zinc-950 py-16 text-white sm:py-20">
      <div className="mx-auto grid grid-cols-1 max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-center lg:px-8">
        <div>
          <h2 id={headingId} className="text-3xl sm:text-4xl">
            {section.heading}
          </h2>
          {section.text ? <p className="mt-4 max-w-2xl text-lg leading-relaxed text-zinc-300">{section.text}</p> : null}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {settings.phone ? (
              <a href={telHref(settings.phone)} className={buttonClasses({ variant: 'primary', size: 'lg', surface: 'dark' })}>
                <PhoneIcon className="size-5" />
                {settings.phone}
              </a>
            ) : null}
            {section.contactLabel ? <ActionLink action={{ label: section.contactLabel, target: '#contact' }} tone="dark" smooth={smoothScroll} /> : null}
            {place ? (
              <RouteLink place={place} className={buttonClasses({ variant: 'outline-light', size: 'lg' })}>
                <MapPinIcon className="size-5" />
                ROUTE PLANEN
              </RouteLink>
            ) : null}
          </div>
        </div>
        <dl className="space-y-5 rounded-xl border border-white/15 bg-white/5 p-6">
          {/* Each group is one <div> directly in the <dl> holding its <dt> and <dd>s (the icon sits in the <dt>). */}
          {address && place ? (
            <div>
              <dt className="flex gap-3 font-bold">
                <MapPinIcon className="mt-0.5 size-5 shrink-0 text-amber-400" />
                {settings.dealerName} in Essen
              </dt>
              <dd className="pl-8 text-zinc-300">
                <RouteLink
                  place={place}
                  className="inline-flex min-h-11 items-center rounded underline decoration-zinc-500 underline-offset-4 hover:text-amber-400 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
                >
                  {address.street}, {address.postalCode} {address.city}
                </RouteLink>
                {typeof section.travelMinutes === 'number' ? (
                  <span className="block font-semibold text-amber-400">ca. {section.travelMinutes} Minuten Fahrzeit</span>
                ) : null}
              </dd>
            </div>
          ) : null}
          {yard?.lines.length ? (
            <div>
              <dt className="flex gap-3 font-bold">
                <ClockIcon className="mt-0.5 size-5 shrink-0 text-amber-400" />
                {hoursHeading(yard)}
              </dt>
              {yard.specs?.length ? (
                <dd className="pl-8">
                  <OpenNow settings={settings} tone="dark" className="text-white" />
                </dd>
              ) : null}
              {yard.lines.map((line) => (
                <dd key={line} className="pl-8 text-zinc-300">
                  {line}
                </dd>
              ))}
            </div>
          ) : null}
          {phone?.lines.length ? (
            <div>
              <dt className="flex gap-3 font-bold">
                <PhoneIcon className="mt-0.5 size-5 shrink-0 text-amber-400" />
                {hoursHeading(phone)}
              </dt>
              {phone.lines.map((line) => (
                <dd key={line} className="pl-8 text-zinc-300">
                  {line}
                </dd>
              ))}
            </div>
          ) : null}
        </dl>
      </div>
    </section>
  )
}
