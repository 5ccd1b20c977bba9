import { useCallback, useSyncExternalStore } from 'react'

/*
 * The media queries the components follow. The stylesheet says the same in its own words: Tailwind's
 * `motion-reduce:` and the `short:` variant of app/tailwind.css. A one-time look at reduced motion
 * (before a scroll) is prefersReducedMotion in scroll.ts.
 */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'
/** A window under 30rem high: a phone held sideways, 200 % zoom of a laptop; the header scrolls away there. */
export const SHORT_WINDOW = '(height < 30rem)'

/**
 * Whether the query matches, following its changes. False during server rendering and hydration (the
 * markup must match) and without matchMedia (jsdom); the browser's answer comes with the render right after.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const media = window.matchMedia(query)
      media.addEventListener('change', onChange)
      return () => media.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  )
}
