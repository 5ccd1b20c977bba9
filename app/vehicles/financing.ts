/*
 * The financing example of the vehicle page (issue 5 §4): an annuity loan with equal monthly
 * rates, from the effective annual rate the site settings advertise ("ab 2,9 %",
 * siteSettings.claims.financingFromPercent). Browser-safe: the page recalculates live with it.
 *
 * German price law (PAngV § 17) wants such an example to name the net loan amount, the borrowing
 * rate (Sollzins), the effective annual rate, the term, the monthly rate and the total amount;
 * this module computes exactly those figures.
 */

import { formatEuro } from '#app/utils/format.ts'
import { readWholeNumber } from '#app/utils/form-rules.ts'
import {
  DEFAULT_DOWN_PAYMENT_SHARE,
  DEFAULT_EFFECTIVE_RATE_PERCENT,
  DEFAULT_TERM_MONTHS,
  FINANCING_ANCHOR,
  FINANCING_REQUEST_ANCHOR,
  formatAdvertisedRate,
  formatEuroCents,
  formatRatePercent,
  lenderLine,
  TERM_OPTIONS,
} from './financing-terms.ts'

/** The shortest and longest term the example offers, in months. */
export const MIN_TERM_MONTHS = 12
export const MAX_TERM_MONTHS = 84
/** The select's terms (the server accepts any whole month in between), the defaults and the formats, kept in financing-terms.ts for pages without the calculator. */
export {
  DEFAULT_DOWN_PAYMENT_SHARE,
  DEFAULT_EFFECTIVE_RATE_PERCENT,
  DEFAULT_TERM_MONTHS,
  formatAdvertisedRate,
  formatEuroCents,
  formatRatePercent,
  lenderLine,
  TERM_OPTIONS,
}

/**
 * The smallest net loan the example computes: banks' car loans start around here, and below it
 * the rounded rates of a long term would overshoot a tiny loan.
 */
export const MIN_NET_LOAN_EUR = 1000

/** The GET parameters of the calculator form (shareable, and working without JavaScript). */
export const FINANCING_PARAMS = { downPayment: 'anzahlung', term: 'laufzeit' } as const

/** Rounds to cents, half away from zero, immune to binary noise such as 1.005 → 1.00. */
export function roundToCents(amount: number): number {
  return (Math.sign(amount) * Math.round(Number((Math.abs(amount) * 100).toPrecision(15)))) / 100
}

/** Rounds up to the next cent (a rate rounded down would leave a residue of the loan unpaid). */
export function ceilToCents(amount: number): number {
  return Math.ceil(Number((amount * 100).toPrecision(15))) / 100
}

/**
 * The monthly interest rate equivalent to an effective annual rate: (1 + eff)^(1/12) − 1.
 * (Dividing the effective rate by 12 would overstate it: monthly compounding adds up.)
 */
export function monthlyRateFromEffective(effectiveAnnualRatePercent: number): number {
  return (1 + effectiveAnnualRatePercent / 100) ** (1 / 12) - 1
}

/** The borrowing rate (Sollzins p. a.) of German loan offers: twelve times the monthly rate, in percent. */
export function nominalRatePercentFromEffective(effectiveAnnualRatePercent: number): number {
  return monthlyRateFromEffective(effectiveAnnualRatePercent) * 12 * 100
}

/**
 * The exact (unrounded) annuity: the equal monthly payment repaying `principal` in `months`
 * at the monthly rate `monthlyRate`: P·i / (1 − (1 + i)^−n), and P / n at 0 %.
 */
export function annuityPayment(principal: number, monthlyRate: number, months: number): number {
  if (months <= 0) throw new RangeError('The term must be at least one month')
  if (monthlyRate === 0) return principal / months
  return (principal * monthlyRate) / (1 - (1 + monthlyRate) ** -months)
}

export interface FinancingInput {
  /** Cash price of the vehicle in euros (Barzahlungspreis). */
  price: number
  downPayment: number
  termMonths: number
  effectiveAnnualRatePercent: number
}

export type FinancingExample =
  | {
      status: 'financed'
      price: number
      downPayment: number
      /** Nettodarlehensbetrag: price minus down payment. */
      netLoanAmount: number
      termMonths: number
      effectiveAnnualRatePercent: number
      /** Sollzinssatz p. a. (fixed for the whole term). */
      nominalRatePercent: number
      /** The monthly rate, rounded up to the cent; the last rate may be a little lower. */
      monthlyPayment: number
      /** The last rate: what is left after `termMonths − 1` rates (interest rounded to cents monthly). */
      finalPayment: number
      /** Gesamtbetrag: the sum of all rates. */
      totalAmount: number
      /** Total interest: Gesamtbetrag minus Nettodarlehensbetrag. */
      interest: number
    }
  /** The down payment covers the price: nothing to finance. */
  | { status: 'not-needed'; price: number; downPayment: number }
  /** Less than MIN_NET_LOAN_EUR would be left to finance. */
  | { status: 'below-minimum'; price: number; downPayment: number; netLoanAmount: number }

/** What the calculator says when there is nothing to finance, and the request form's refusal of such a down payment. */
export const NO_LOAN_MESSAGES = {
  notNeeded: 'Ihre Anzahlung deckt den Kaufpreis – eine Finanzierung ist nicht nötig.',
  belowMinimum: `Finanzierungen sind ab einem Nettodarlehensbetrag von ${formatEuro(MIN_NET_LOAN_EUR)} möglich. Bitte verringern Sie die Anzahlung.`,
} as const

/**
 * Why a financing request for a car of `price` with this down payment asks for no loan the bank
 * grants, in the calculator's words; undefined when it does (a typed extra zero was sent as
 * „Finanzierung angefragt“ while the calculator above the form said none was needed).
 */
export function noLoanReason(price: number, downPayment: number): string | undefined {
  const example = calculateFinancing({ price, downPayment, termMonths: DEFAULT_TERM_MONTHS, effectiveAnnualRatePercent: 0 })
  if (example.status === 'not-needed') return `${NO_LOAN_MESSAGES.notNeeded} Bitte geben Sie eine Anzahlung unter ${formatEuro(price)} an.`
  return example.status === 'below-minimum' ? NO_LOAN_MESSAGES.belowMinimum : undefined
}

/** Clamps a term to whole months between 12 and 84. */
export function clampTerm(months: number): number {
  if (!Number.isFinite(months)) return DEFAULT_TERM_MONTHS
  return Math.min(MAX_TERM_MONTHS, Math.max(MIN_TERM_MONTHS, Math.round(months)))
}

/** Clamps a down payment to whole euros between 0 and the price. */
export function clampDownPayment(amount: number, price: number): number {
  if (!Number.isFinite(amount) || amount < 0) return 0
  return Math.min(Math.round(amount), Math.max(0, Math.round(price)))
}

/** The suggested down payment for a price: 20 %, rounded down to 100 €. */
export function defaultDownPayment(price: number): number {
  if (!Number.isFinite(price) || price <= 0) return 0
  return Math.floor((price * DEFAULT_DOWN_PAYMENT_SHARE) / 100) * 100
}

/**
 * The financing example for a price, down payment, term and effective annual rate. Inputs are
 * clamped (term 12–84 months, down payment 0–price); a down payment of the whole price or more
 * needs no financing. The monthly rate is rounded up to the cent (rounded down, the rates would
 * not repay the loan); the last rate settles the remainder, so the total amount is the exact sum
 * of what the borrower pays (at 0 % exactly the net loan amount).
 */
export function calculateFinancing(input: FinancingInput): FinancingExample {
  const price = Math.max(0, input.price)
  const termMonths = clampTerm(input.termMonths)
  const rawDown = Number.isFinite(input.downPayment) ? Math.max(0, Math.round(input.downPayment)) : 0
  if (rawDown >= price) return { status: 'not-needed', price, downPayment: rawDown }
  const downPayment = clampDownPayment(rawDown, price)
  const effective = Math.max(0, input.effectiveAnnualRatePercent)
  const netLoanAmount = roundToCents(price - downPayment)
  if (netLoanAmount < MIN_NET_LOAN_EUR) return { status: 'below-minimum', price, downPayment, netLoanAmount }
  const monthlyRate = monthlyRateFromEffective(effective)
  const monthlyPayment = ceilToCents(annuityPayment(netLoanAmount, monthlyRate, termMonths))
  // The repayment plan as a bank books it: interest in cents each month, the last rate settles the rest.
  let balance = netLoanAmount
  for (let month = 1; month < termMonths; month++) {
    balance = roundToCents(balance + roundToCents(balance * monthlyRate) - monthlyPayment)
  }
  const finalPayment = roundToCents(balance + roundToCents(balance * monthlyRate))
  const totalAmount = roundToCents(monthlyPayment * (termMonths - 1) + finalPayment)
  return {
    status: 'financed',
    price,
    downPayment,
    netLoanAmount,
    termMonths,
    effectiveAnnualRatePercent: effective,
    nominalRatePercent: nominalRatePercentFromEffective(effective),
    monthlyPayment,
    finalPayment,
    totalAmount,
    interest: roundToCents(totalAmount - netLoanAmount),
  }
}

/**
 * The calculator's inputs from the page's query string (`?anzahlung=5000&laufzeit=60`), clamped;
 * missing or unreadable values fall back to the defaults.
 */
export function financingInputFromParams(params: URLSearchParams, price: number): { downPayment: number; termMonths: number } {
  const read = (name: string) => readWholeNumber(params.get(name) ?? '')
  const down = read(FINANCING_PARAMS.downPayment)
  const term = read(FINANCING_PARAMS.term)
  return {
    // Above the price is kept: it tells the visitor that nothing needs financing.
    downPayment: down === null ? defaultDownPayment(price) : Math.max(0, down),
    termMonths: term === null ? DEFAULT_TERM_MONTHS : clampTerm(term),
  }
}

/*
 * The monthly rate everywhere (issue 38 item 3, docs/decisions/083): a card's „ab N €/Monat“, the
 * list's „Monatsrate bis“ filter and the comparison all read the ONE example the vehicle page opens
 * with (its default down payment and term, the advertised effective rate), so every rate the site
 * names is the one a tap on it shows with the full Pflichtangaben (FINANCING_ANCHOR).
 */

export { FINANCING_ANCHOR, FINANCING_REQUEST_ANCHOR }

/** The effective annual rate the site advertises (site settings' Kennzahl), or the spec's 2.9 %. */
export function effectiveRateOf(settings: { claims?: { financingFromPercent?: number | null } | null } | null | undefined): number {
  const rate = settings?.claims?.financingFromPercent
  return typeof rate === 'number' && Number.isFinite(rate) && rate >= 0 ? rate : DEFAULT_EFFECTIVE_RATE_PERCENT
}

/** The example the vehicle page opens with for a price: a fifth down (defaultDownPayment), 48 months. */
export function representativeExample(price: number, effectiveRatePercent: number): FinancingExample {
  return calculateFinancing({
    price,
    downPayment: defaultDownPayment(price),
    termMonths: DEFAULT_TERM_MONTHS,
    effectiveAnnualRatePercent: effectiveRatePercent,
  })
}

export type FinancedExample = Extract<FinancingExample, { status: 'financed' }>

/**
 * The cash price (Barzahlungspreis) of the site's one representative example for the advertised rate,
 * the footnote of every „Finanzierung ab 2,9 %*“ in the copy (PAngV § 17 Abs. 4, docs/decisions/111):
 * a round price in the middle of a used-car stock of about 10.000–40.000 € (the seed's median is
 * 22.900 €). Fixed rather than taken from the stock, so the example does not change with every car
 * sold and reads the same on every page; the settings have no field for it.
 */
export const REPRESENTATIVE_CASH_PRICE_EUR = 20_000

/** The example behind the copy's advertised rate: the vehicle page's default example for REPRESENTATIVE_CASH_PRICE_EUR. */
export function advertisedRateExample(effectiveRatePercent: number): FinancedExample {
  const example = representativeExample(REPRESENTATIVE_CASH_PRICE_EUR, effectiveRatePercent)
  // 16.000 € to finance, far above MIN_NET_LOAN_EUR: another outcome is a broken constant.
  if (example.status !== 'financed') throw new Error(`No financing example for ${REPRESENTATIVE_CASH_PRICE_EUR} €`)
  return example
}

/**
 * „ab N €/Monat“: the monthly rate of the representative example, rounded UP to whole euros (never
 * less than the page's figure), or undefined when there is none (no price, or under MIN_NET_LOAN_EUR).
 */
export function advertisedMonthlyRate(price: number | null | undefined, effectiveRatePercent: number): number | undefined {
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) return undefined
  const example = representativeExample(price, effectiveRatePercent)
  return example.status === 'financed' ? Math.ceil(example.monthlyPayment) : undefined
}

/**
 * Cards as the loaders send them, each with its `monthlyRate` (advertisedMonthlyRate) when it has
 * one: worked out on the server like the badges, so no card ships the financing code. New objects
 * (the lake's results are shared and frozen).
 */
export function withMonthlyRates<V extends { price?: unknown }>(vehicles: readonly V[], effectiveRatePercent: number): Array<V & { monthlyRate?: number }> {
  return vehicles.map((vehicle) => {
    const monthlyRate = advertisedMonthlyRate(typeof vehicle.price === 'number' ? vehicle.price : Number.NaN, effectiveRatePercent)
    return monthlyRate === undefined ? vehicle : { ...vehicle, monthlyRate }
  })
}

/** An inclusive range of prices in euros. */
export interface PriceRange {
  from: number
  to: number
}

/** The largest net loan in cents whose representative rate (48 months) is at most `maxRate` euros; -1 when none. */
function largestNetLoanCents(maxRate: number, effectiveRatePercent: number): number {
  const monthly = monthlyRateFromEffective(Math.max(0, effectiveRatePercent))
  const rate = (cents: number) => ceilToCents(annuityPayment(cents / 100, monthly, DEFAULT_TERM_MONTHS))
  // The rate repays at least the loan itself, so no larger loan than 48 rates can fit.
  let low = -1
  let high = Math.ceil(maxRate * DEFAULT_TERM_MONTHS * 100)
  while (low < high) {
    const middle = low + Math.ceil((high - low) / 2)
    if (rate(middle) <= maxRate) low = middle
    else high = middle - 1
  }
  return low
}

/**
 * The prices whose advertised rate is at most `maxRate` euros a month: the „Monatsrate bis“ filter
 * as price ranges the lake filters by, exactly (no vehicle scanned beyond what the list reads). The
 * default down payment grows by 100 € with every 500 € of price, so the net loan, and with it the
 * rate, drops a little at each step: the prices form one range, or two where the last step gives a
 * few prices above a gap back (a car at 10.500 € has a lower rate than one at 10.499 €).
 * Empty when no price has such a rate.
 */
export function priceRangesForMonthlyRate(maxRate: number, effectiveRatePercent: number): PriceRange[] {
  const loan = largestNetLoanCents(maxRate, effectiveRatePercent) / 100
  const ranges: PriceRange[] = []
  // Step k: prices from 500·k to just under 500·(k + 1) pay 100·k down (defaultDownPayment).
  for (let step = 0; 400 * step <= loan; step++) {
    const from = Math.max(500 * step, MIN_NET_LOAN_EUR + 100 * step)
    const to = Math.min(500 * step + 499.99, loan + 100 * step)
    if (from > to) continue
    const last = ranges.at(-1)
    if (last && from - last.to <= 0.01 + 1e-9) last.to = to
    else ranges.push({ from, to })
  }
  return ranges.map((range) => ({ from: roundToCents(range.from), to: roundToCents(range.to) }))
}
