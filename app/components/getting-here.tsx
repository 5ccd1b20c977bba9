import { type ReactNode, useEffect, useReducer } from 'react'
import { useHydrated } from '#app/utils/hydration.tsx'
import { openNowText, type OpenNowHours, type OpenNowSpecialDay } from '#app/utils/open-now.ts'
import { googleDirectionsHref, type Place, routeHref } from '#app/utils/route-href.ts'
import { type SiteSettings } from '#app/utils/site-settings.ts'

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
  hours: OpenNowHours
  special: readonly OpenNowSpecialDay[]
  /** The dot's colours: on the dark footer and banner, or on a light card. */
  tone?: 'dark' | 'light'
  className?: string
}

const MINUTE = 60_000
const NBSP = '\u00a0'

/**
 * „Heute geöffnet / bis 18:00 Uhr“ or „Jetzt geschlossen / öffnet Montag um 09:00 Uhr“ on two lines.
 * The server and the first render in the browser show two empty lines of the same height, so the
 * text arrives without moving anything and without a hydration mismatch; it follows the clock.
 */
export function OpenNow({ hours, special, tone = 'light', className = '' }: OpenNowProps) {
  const hydrated = useHydrated()
  const [, tick] = useReducer((count: number) => count + 1, 0)
  useEffect(() => {
    const timer = setInterval(tick, MINUTE)
    return () => clearInterval(timer)
  }, [])
  const state = hydrated ? openNowText(hours, special, new Date()) : undefined
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
