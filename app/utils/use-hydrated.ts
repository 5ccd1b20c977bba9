import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False in the server HTML and while React hydrates the component, true once React runs in the
 * browser; a component that first mounts after hydration (a client navigation) gets true at once.
 * Used to switch forms from native behaviour (no JavaScript) to scripted behaviour. React hydrates
 * with the server value even in a part it hydrates later (HydrationBoundary), then re-renders.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
