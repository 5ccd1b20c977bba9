import { OpenNow } from '#app/components/getting-here.tsx'
import { PhoneIcon } from '#app/components/icons.tsx'
import { SearchRequest } from '#app/components/search-request.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { telHref } from '#app/utils/format.ts'
import { useSiteSettings } from '#app/utils/site-settings.ts'

/*
 * The way on from a car that is gone, a sold one or an unknown id (decision 101), below the cars
 * offered instead: a call, with whether the yard is open now, and the Suchauftrag. Its own chunk:
 * the browser loads it only on those pages (route.tsx), not on every car's.
 */

/** For a car that is gone: the phone (a `tel:` link) with whether the yard is open now, and a Suchauftrag for `query`. */
export default function WayOn({ query }: { query: string }) {
  const settings = useSiteSettings()
  return (
    <div className="mt-14 grid items-start gap-8 lg:grid-cols-2 print:hidden">
      {settings.phone ? (
        <section aria-labelledby="anrufen-heading" className="rounded-xl border border-zinc-200 p-5">
          <h2 id="anrufen-heading" className="text-lg text-zinc-950 normal-case">
            Lieber persönlich?
          </h2>
          <p className="mt-1 text-sm text-zinc-700">Rufen Sie uns an: Wir sagen Ihnen, was gerade da ist und was bald kommt.</p>
          <a href={telHref(settings.phone)} className={buttonClasses({ variant: 'primary', surface: 'light', className: 'mt-4' })}>
            <PhoneIcon className="size-4" />
            {settings.phone}
          </a>
          <OpenNow settings={settings} className="mt-4 text-sm text-zinc-800" />
        </section>
      ) : null}
      <SearchRequest query={query} />
    </div>
  )
}
