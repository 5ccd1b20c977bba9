/*
 * The financing example's names that cards and the lead forms need without its arithmetic
 * (financing.ts re-exports them): a module of its own, so a page that shows a card or a lead form
 * loads a few bytes, not the calculator (issue 37 gates JavaScript per route, decision 094).
 */

/** The terms of the calculator's select and of the financing request, in months. */
export const TERM_OPTIONS = [12, 24, 36, 48, 60, 72, 84] as const

/** The id of the vehicle page's financing example: every rate links to `/vehicles/{id}#finanzierung`. */
export const FINANCING_ANCHOR = 'finanzierung'
/** The id of the vehicle page's „Finanzierung anfragen“ form, where the calculator's button lands. */
export const FINANCING_REQUEST_ANCHOR = 'finanzierung-anfragen'
