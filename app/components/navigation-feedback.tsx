import { useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'

/*
 * What a visitor perceives of the site's own navigations (a tap on a link or a form's post that
 * Remix answers in the page): the browser shows neither progress nor a new page for them, as it does
 * for its own page loads.
 */

/**
 * A thin bar at the top of the screen while the next page loads. On a phone on a slow line this
 * takes over a second (a tap on a car to its page: 1.1–1.3 s on slow 4G, `scripts/bench-phone.mjs`,
 * docs/performance.md), in which nothing on the screen answered the tap. Animated by CSS
 * (`--animate-navigation-progress`, tailwind.css) from 150 ms after the tap, so a fast answer shows
 * nothing; decorative, so hidden from assistive technology, which hears RouteAnnouncer.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle'
  return (
    <div
      aria-hidden="true"
      data-navigation-progress
      data-busy={busy ? '' : undefined}
      className="pointer-events-none fixed inset-x-0 top-0 z-[70] h-[3px] origin-left scale-x-0 bg-amber-400 print:hidden data-busy:animate-navigation-progress"
    />
  )
}

/**
 * Says the new page's title to screen readers after a navigation to another path, as Next.js's route
 * announcer does: without it, a tap on a link changed the page in silence. A search or filter on the
 * same path is not a new page; the results say their own count.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation()
  const [title, setTitle] = useState('')
  const shown = useRef(pathname)
  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    // The new route's <title> was written in the same commit, before any effect runs.
    setTitle(document.title)
  }, [pathname])
  return (
    <p aria-live="assertive" aria-atomic="true" className="sr-only">
      {title}
    </p>
  )
}
