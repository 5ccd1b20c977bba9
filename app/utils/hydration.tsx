import { Suspense, useSyncExternalStore, type ReactNode } from 'react'

/*
 * The two hydration helpers live in one module on purpose: the browser build puts each module that
 * a different set of routes imports into a chunk of its own, and these two tiny ones cost the home
 * page a script request each when apart (docs/decisions/050).
 */

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

/**
 * A part of the page that React hydrates on its own (docs/decisions/018). React 18 leaves a
 * server-rendered Suspense boundary for later when it hydrates the page around it, then hydrates
 * it at low priority in a render and commit of its own: a page of several boundaries hydrates in
 * short tasks instead of a few long ones, and a boundary the visitor interacts with goes first.
 * Nothing inside suspends, so the fallback is never shown, on the server or in the browser.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
