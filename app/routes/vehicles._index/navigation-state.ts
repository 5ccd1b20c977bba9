/*
 * The state a navigation of /vehicles carries in the history (shared by the search form, the
 * results and the pagination): what the results should do once they render.
 */

/**
 * What a navigation of this page asks of the results once they render (history state, so Back and
 * Forward never re-apply it): 'focus' after a search, a page change or a tap on the phones' count bar
 * (the view starts at the results heading, which takes the focus). A filter applied on its own asks
 * nothing: the page stays where it is and the focus in the control, so the next filter is where the
 * visitor left it (issue 29; the count shows in the results heading, on phones in the count bar).
 */
export type ResultsIntent = 'focus'
export interface ListNavigationState {
  results?: ResultsIntent
  /** The form made this navigation: its fields already show the new state. */
  fromForm?: boolean
}

export function listNavigationState(state: unknown): ListNavigationState {
  return typeof state === 'object' && state !== null ? (state as ListNavigationState) : {}
}
