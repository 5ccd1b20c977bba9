/**
 * What a route can tell the app shell through its `handle` export.
 *
 * `transparentHeader`: the page starts with a full-bleed dark hero that sits under the fixed
 * header; the header stays transparent until the page is scrolled, and `<main>` gets no top
 * padding. Pages without it start below the header (80 px padding) under a solid bar.
 */
export interface SiteRouteHandle {
  transparentHeader?: boolean
}

export function wantsTransparentHeader(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && 'transparentHeader' in handle && handle.transparentHeader === true
}
