import { Suspense, type ReactNode } from 'react'

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
