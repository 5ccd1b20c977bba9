import { useCallback, useSyncExternalStore } from 'react'

/** As Tailwind's `motion-reduce:` in the stylesheet. A one-time look (before a scroll) is prefersReducedMotion in scroll.ts. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

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
