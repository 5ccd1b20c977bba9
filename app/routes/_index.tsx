import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ContactSection } from '#app/components/contact-section.tsx'
import { RateFootnote } from '#app/components/rate-footnote.tsx'
import { HydrationBoundary } from '#app/utils/hydration.tsx'
import { HeroSlider } from '#app/components/hero-slider.tsx'
import { HERO_IMAGE_SIZES } from '#app/components/sanity-image.tsx'
import { ProcessSteps } from '#app/components/process-steps.tsx'
import { ServiceCards } from '#app/components/service-cards.tsx'
import { StatsBand } from '#app/components/stats-band.tsx'
import { VehicleHighlights } from '#app/components/vehicle-highlights.tsx'
import { type loader as rootLoader } from '#app/root.tsx'
import { HOME_PAGE_QUERY } from '#app/sanity/queries/site.ts'
import { fetchPageWithFigures } from '#app/sanity/figures.server.ts'
import { type HOME_PAGE_QUERYResult } from '#app/sanity/types.ts'
import { homeStructuredData } from '#app/seo/page-graph.ts'
import { submissionPageAction } from '#app/submissions/actions.server.ts'
import { HOME_CONTACT_SUBJECTS } from '#app/submissions/forms.ts'
import { pageMeta } from '#app/utils/page-meta.ts'
import { type SiteRouteHandle } from '#app/utils/route-handle.ts'
import { openingHoursFor, useSiteSettings } from '#app/utils/site-settings.ts'
import { readVehicleHighlights } from '#app/vehicles/highlights.server.ts'
import { loggerOf } from '#app/server/logging.server.ts'
import { skipRevalidationForSubject } from '#app/utils/should-revalidate.ts'

/** Spec §9: the home page highlights three vehicles (VEHICLE_HIGHLIGHTS_QUERY slices as many). */
const HIGHLIGHT_COUNT = 3

/**
 * How long the loader waits for the vehicles before it streams them instead. A fast lake puts
 * them into the first HTML (visitors without JavaScript, LCP); a slow one does not hold up the
 * page, which shows 'Lade Fahrzeuge...' until they arrive.
 */
const STREAM_AFTER_MS = 150

/** Whether the promise resolved within `ms`, and its value if so (a rejection counts as not settled). */
async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<{ settled: true; value: T } | { settled: false }> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<{ settled: false }>((resolve) => (timer = setTimeout(() => resolve({ settled: false }), ms)))
  try {
    return await Promise.race([promise.then((value) => ({ settled: true as const, value })), late])
  } catch {
    return { settled: false }
  } finally {
    clearTimeout(timer)
  }
}

/** A changed `?betreff=` preselects the contact form's subject; no loader reads it. */
export const shouldRevalidate = skipRevalidationForSubject

export const handle: SiteRouteHandle = { transparentHeader: true }

export async function loader({ context }: LoaderFunctionArgs) {
  // With the representative example that its „ab 2,9 %*“ calls for (decision 111).
  const [{ content: home, financingFootnote }, structuredData] = await Promise.all([
    fetchPageWithFigures<HOME_PAGE_QUERYResult>(context.lake, HOME_PAGE_QUERY),
    // The dealership with the yard's hours, the home reading of spec §1 as its phone hours (decision 068), and every served city.
    homeStructuredData(context),
  ])
  // The home page is a singleton the site cannot do without: its absence is a broken site, not a 404.
  if (!home) throw new Response('Die Startseite fehlt im Content Lake (Dokument „homePage“).', { status: 500 })
  // The badges as of the request, also when the vehicles arrive streamed (docs/decisions/052).
  const now = Date.now()
  // With their „ab N €/Monat“ (decision 083).
  const query = readVehicleHighlights(context.lake, now)
  const early = await settleWithin(query, STREAM_AFTER_MS)
  if (early.settled) return { home, financingFootnote, structuredData, vehicles: early.value }
  // Streamed: a failure shows a note (errorElement); the operator needs the cause, which Remix does
  // not log for a streamed promise. The original promise still rejects for <Await>.
  query.catch((error: unknown) => loggerOf(context).error({ err: error }, 'Die Fahrzeuge der Startseite konnten nicht geladen werden'))
  return { home, financingFootnote, structuredData, vehicles: query }
}

/** Posts of the contact form without JavaScript (with JavaScript it calls POST /api/contacts). */
export const action = submissionPageAction

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  const site = matches.find((match) => match.id === 'root')?.data
  const seo = data?.home.seo
  return pageMeta({
    site,
    title: seo?.title ?? '',
    description: seo?.description,
    image: seo?.image,
    path: '/',
    lcpImage: { image: data?.home.heroSlides?.[0]?.image, sizes: HERO_IMAGE_SIZES },
    structuredData: data?.structuredData,
  })
}

export default function HomePage() {
  const { home, financingFootnote, vehicles } = useLoaderData<typeof loader>()
  const settings = useSiteSettings()
  return (
    <>
      <HeroSlider slides={home.heroSlides ?? []} />
      <HydrationBoundary>
        <StatsBand heading={home.stats?.heading} items={home.stats?.items ?? []} />
      </HydrationBoundary>
      <HydrationBoundary>
        <ServiceCards eyebrow={home.services?.eyebrow} heading={home.services?.heading} intro={home.services?.intro} cards={home.services?.cards ?? []} />
      </HydrationBoundary>
      <HydrationBoundary>
        <VehicleHighlights content={home.inventory ?? {}} vehicles={vehicles} limit={HIGHLIGHT_COUNT} />
      </HydrationBoundary>
      <HydrationBoundary>
        <ProcessSteps eyebrow={home.process?.eyebrow} heading={home.process?.heading} intro={home.process?.intro} steps={home.process?.steps ?? []} />
      </HydrationBoundary>
      <HydrationBoundary>
        {/* The home reading of spec §1 as phone hours beside the yard's: what the page's structured data says (decision 068). */}
        <ContactSection content={home.contact ?? {}} settings={settings} subjects={HOME_CONTACT_SUBJECTS} rows={5} hours={openingHoursFor(settings, 'home')} />
      </HydrationBoundary>
      {financingFootnote ? <RateFootnote text={financingFootnote} /> : null}
    </>
  )
}
