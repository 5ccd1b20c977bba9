import { type ReactNode, useSyncExternalStore } from 'react'
import { useHydrated } from '#app/utils/hydration.tsx'
import { type OpenNow as OpenNowState, openNowText } from '#app/utils/open-now.ts'
import { googleDirectionsHref, type Place, routeHref } from '#app/utils/route-href.ts'
import { openingHoursFor, type SiteSettings, YARD_HOURS } from '#app/utils/site-settings.ts'

/*
 * The way to the yard (issue 29): the route link and „Heute geöffnet bis …“. Both depend on the
 * visitor (their device, their clock) while the pages are cached and the same for everyone, so
 * both are settled in the browser after hydration (docs/decisions/057).
 */

/** The yard as a route destination, from the site settings; undefined without an address. */
export function yardPlace(settings: Pick<SiteSettings, 'address' | 'geo' | 'dealerName'>): Place | undefined {
  const { address, geo } = settings
  if (!address) return undefined
  return {
    coordinates: geo ? { lat: geo.lat, lng: geo.lng } : null,
    address: `${address.street}, ${address.postalCode} ${address.city}`,
    name: settings.dealerName,
  }
}

export interface RouteLinkProps {
  place: Place
  className?: string
  children: ReactNode
}

/**
 * A link to a route to the yard. The HTML has Google Maps' directions URL (every device, no script);
 * once hydrated, Android gets a `geo:` URI and iOS Apple Maps. A plain link: nothing is requested
 * from a map provider before the tap.
 */
export function RouteLink({ place, className, children }: RouteLinkProps) {
  const hydrated = useHydrated()
  const href = hydrated ? routeHref(navigator.userAgent, place) : googleDirectionsHref(place)
  return (
    <a href={href} rel="noopener noreferrer" className={className} data-route-link="">
      {children}
    </a>
  )
}

export interface OpenNowProps {
  /** The site settings: the yard's hours and today's special opening hours are read from them, nothing else. */
  settings: Pick<SiteSettings, 'openingHours' | 'specialOpeningHours'>
  /** The dot's colours: on the dark footer and banner, or on a light card. */
  tone?: 'dark' | 'light'
  className?: string
}

const MINUTE = 60_000
const NBSP = '\u00a0'

/*
 * The minute every „open now“ of the page reads: one clock for the page (issue 36). Each statement
 * used to keep its own timer, so a footer and a banner could straddle a minute's turn; now one timer,
 * armed for the next full minute while anything listens, tells them all at once.
 */
const minuteListeners = new Set<() => void>()
let minuteTimer: ReturnType<typeof setTimeout> | undefined

function armMinuteTimer() {
  minuteTimer = setTimeout(
    () => {
      for (const listener of minuteListeners) listener()
      armMinuteTimer()
    },
    MINUTE - (Date.now() % MINUTE),
  )
}

function subscribeMinute(listener: () => void) {
  minuteListeners.add(listener)
  if (minuteTimer === undefined) armMinuteTimer()
  return () => {
    minuteListeners.delete(listener)
    if (minuteListeners.size === 0) {
      clearTimeout(minuteTimer)
      minuteTimer = undefined
    }
  }
}

const currentMinute = () => Math.floor(Date.now() / MINUTE) * MINUTE
const noMinute = () => undefined

/**
 * Whether the yard is open now, from its own hours (YARD_HOURS, docs/decisions/068) and today's
 * special opening hours, at the page's minute: every statement on a page is this one computation.
 * Undefined in the server HTML and while hydrating (pages are cached for everyone, decision 057),
 * and when the yard's hours never open.
 */
export function useYardOpenNow(settings: OpenNowProps['settings']): OpenNowState | undefined {
  const minute = useSyncExternalStore(subscribeMinute, currentMinute, noMinute)
  const yard = openingHoursFor(settings, YARD_HOURS)
  return minute === undefined || !yard?.specs?.length ? undefined : openNowText(yard, settings.specialOpeningHours, new Date(minute))
}

/**
 * „Heute geöffnet / bis 18:00 Uhr“ or „Jetzt geschlossen / öffnet Montag um 09:00 Uhr“ on two lines,
 * always about the yard. The server and the first render in the browser show two empty lines of the
 * same height, so the text arrives without moving anything and without a hydration mismatch; it
 * follows the clock. Nothing when the yard has no hours.
 */
export function OpenNow({ settings, tone = 'light', className = '' }: OpenNowProps) {
  const state = useYardOpenNow(settings)
  if (!openingHoursFor(settings, YARD_HOURS)?.specs?.length) return null
  const dot = state?.open ? (tone === 'dark' ? 'bg-emerald-400' : 'bg-emerald-600') : tone === 'dark' ? 'bg-zinc-400' : 'bg-zinc-500'
  return (
    <p className={className} data-testid="open-now">
      <span className="flex items-center gap-2 font-bold">
        {state ? <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${dot}`} /> : null}
        {state?.status ?? NBSP}
      </span>
      {/* The separator makes one sentence for screen readers and for copying. */}
      {state ? <span className="sr-only">{state.open ? ' ' : ' – '}</span> : null}
      <span className="block">{state?.detail ?? NBSP}</span>
    </p>
  )
}
