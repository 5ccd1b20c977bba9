import { useLocation, useNavigation, useNavigationType } from '@remix-run/react'
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

/**
 * Back to a page (the browser's Back, in the site's own navigation) puts the focus on the link that
 * left it, as a browser does for a page from its cache: without it the focus fell to <body>, and a
 * keyboard or screen-reader user started again from the top of a list restored far down. Each page
 * of the history remembers the link taken from it (which of the links to that address, in order).
 */
export function FocusOnReturn() {
  const { key } = useLocation()
  const navigationType = useNavigationType()
  // Per page of the history, the link taken from it: its place among the page's links, and its href.
  const left = useRef(new Map<string, Taken>())
  // The link last clicked, until the navigation it started (or the next one) arrives.
  const clicked = useRef<Taken>()
  const shown = useRef(key)
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest?.('a')
      if (link) clicked.current = [[...document.links].indexOf(link), link.getAttribute('href')]
    }
    // Captured: a link's own handler (the router's) may stop the event.
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
  }, [])
  useEffect(() => {
    if (shown.current === key) return
    // Left by a link, or otherwise (a form, a script): then there is nothing to return to.
    if (navigationType === 'PUSH') left.current.set(shown.current, clicked.current)
    clicked.current = undefined
    shown.current = key
    const taken = navigationType === 'POP' && left.current.get(key)
    // Something on the page took the focus itself (a dialog, a form's message): that stays.
    if (!taken || document.activeElement !== document.body) return
    // The same link at the same place: the page is drawn again from the same address.
    const link = document.links[taken[0]]
    // The router restored the scroll position before this effect; the browser scrolls only for a link
    // out of view (or under the header: scroll-padding).
    if (link?.getAttribute('href') === taken[1]) link.focus()
  }, [key, navigationType])
  return null
}

type Taken = [index: number, href: string | null] | undefined
