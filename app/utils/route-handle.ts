/**
 * What a route can tell the app shell through its `handle` export.
 *
 * `transparentHeader`: the page starts with a full-bleed dark hero that sits under the fixed
 * header; the header stays transparent until the page is scrolled, and `<main>` gets no top
 * padding. Pages without it start below the header (80 px padding) under a solid bar.
 * Routes whose pages differ (content pages with or without a hero) pass a function of their
 * loader data.
 */
export interface SiteRouteHandle {
  transparentHeader?: boolean | ((data: unknown) => boolean)
}

export function wantsTransparentHeader(handle: unknown, data?: unknown): boolean {
  if (typeof handle !== 'object' || handle === null || !('transparentHeader' in handle)) return false
  const wish = handle.transparentHeader
  return typeof wish === 'function' ? wish(data) === true : wish === true
}
