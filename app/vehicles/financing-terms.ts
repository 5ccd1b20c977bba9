import { formatDecimal, formatEuro } from '#app/utils/format.ts'

/*
 * The financing example's names, defaults and formats that cards, the lead forms and the rate's
 * footnote (MonthlyRateNote) need without its arithmetic (financing.ts re-exports them): a module of
 * its own, so a page that shows a card, a lead form or a footnote loads a few bytes, not the
 * calculator (issue 37 gates JavaScript per route, decision 094).
 */

/** The terms of the calculator's select and of the financing request, in months. */
export const TERM_OPTIONS = [12, 24, 36, 48, 60, 72, 84] as const

/** The id of the vehicle page's financing example: every rate links to `/vehicles/{id}#finanzierung`. */
export const FINANCING_ANCHOR = 'finanzierung'
/** The id of the vehicle page's „Finanzierung anfragen“ form, where the calculator's „Mit diesen Werten anfragen“ lands. */
export const FINANCING_REQUEST_ANCHOR = 'finanzierung-anfragen'

/** The example's default term, in months. */
export const DEFAULT_TERM_MONTHS = 48
/** The default down payment: a fifth of the price, rounded down to 100 €. */
export const DEFAULT_DOWN_PAYMENT_SHARE = 0.2
/** Used when the site settings carry no rate (spec §1, §9: "financing from 2.9%"). */
export const DEFAULT_EFFECTIVE_RATE_PERCENT = 2.9

/** `1.234,56 €` */
export function formatEuroCents(amount: number): string {
  return formatEuro(amount, { cents: true })
}

/** `2,90 %` (two decimals, as loan offers write rates). */
export function formatRatePercent(percent: number): string {
  // A no-break space: `2,90` / `%` must not be split over two lines.
  return `${formatDecimal(percent, { minimumFractionDigits: 2 })}\u00a0%`
}

/**
 * `2,9 %`: the advertised rate as the copy writes its Kennzahl („Finanzierung ab 2,9 %“, formatFigure:
 * up to two decimals, none trailing), for a heading that advertises it; the example's own figures keep
 * formatRatePercent's two decimals, as loan offers list them.
 */
export function formatAdvertisedRate(percent: number): string {
  return `${formatDecimal(percent, { maximumFractionDigits: 2 })}\u00a0%`
}

/**
 * The lender as every example names it (PAngV § 17: name and address): „Darlehensgeber: …“ from the
 * Impressum's setting (legal.lender); null while the settings name none.
 */
export function lenderLine(lender: string | null | undefined): string | null {
  const named = lender?.trim()
  return named ? `Darlehensgeber: ${named}` : null
}

/** The lender's sentence of a footnote: „Darlehensgeber: ….“, or the partner bank while the settings name none. */
export function lenderSentence(lender: string | null | undefined): string {
  return `${lenderLine(lender) ?? 'Darlehensgeber: eine unserer Partnerbanken'}.`
}
