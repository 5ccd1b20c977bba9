import { describe, expect, it } from 'vitest'
import {
  annuityPayment,
  calculateFinancing,
  ceilToCents,
  clampDownPayment,
  clampTerm,
  defaultDownPayment,
  defaultMonthlyRate,
  financingInputFromParams,
  formatEuroCents,
  formatRatePercent,
  monthlyRateFromEffective,
  nominalRatePercentFromEffective,
  roundToCents,
} from './financing'

/*
 * Expected figures were computed independently with Python's decimal module (50 digits):
 * i = exp(ln(1 + eff) / 12) − 1, R = ceil_cents(P·i / (1 − (1 + i)^−n)), then the repayment plan
 * with interest rounded half up to cents each month and the last rate settling the balance.
 */

describe('rates', () => {
  it('converts the effective annual rate to the monthly rate by the twelfth root, not by division', () => {
    expect(monthlyRateFromEffective(2.9)).toBeCloseTo(0.002385127973926, 14)
    expect(monthlyRateFromEffective(2.9)).toBeLessThan(0.029 / 12)
    // Twelve months compound back to exactly the effective rate.
    expect((1 + monthlyRateFromEffective(2.9)) ** 12 - 1).toBeCloseTo(0.029, 14)
    expect(monthlyRateFromEffective(0)).toBe(0)
  })

  it('derives the borrowing rate (Sollzins p. a.) as twelve monthly rates', () => {
    expect(nominalRatePercentFromEffective(2.9)).toBeCloseTo(2.862153568712, 10)
    expect(nominalRatePercentFromEffective(9.9)).toBeCloseTo(9.477296298889, 10)
    expect(nominalRatePercentFromEffective(0)).toBe(0)
  })

  it('computes the exact annuity, and principal / n at 0 %', () => {
    expect(annuityPayment(23_120, monthlyRateFromEffective(2.9), 48)).toBeCloseTo(510.338298898, 8)
    expect(annuityPayment(10_000, monthlyRateFromEffective(2.9), 12)).toBeCloseTo(846.3092017831, 8)
    expect(annuityPayment(50_000, monthlyRateFromEffective(9.9), 60)).toBeCloseTo(1049.538397072, 8)
    expect(annuityPayment(10_000, 0, 12)).toBeCloseTo(833.333333333, 8)
    expect(() => annuityPayment(1000, 0.01, 0)).toThrow(RangeError)
  })

  it('rounds to cents without binary noise', () => {
    expect(roundToCents(1.005)).toBe(1.01)
    expect(roundToCents(2.675)).toBe(2.68)
    expect(roundToCents(-1.005)).toBe(-1.01)
    expect(roundToCents(846.3092)).toBe(846.31)
    expect(ceilToCents(833.3333)).toBe(833.34)
    expect(ceilToCents((0.07 * 100) / 100)).toBe(0.07)
    expect(ceilToCents(510.34)).toBe(510.34)
  })
})

describe('calculateFinancing', () => {
  const at = (price: number, downPayment: number, termMonths: number, effectiveAnnualRatePercent = 2.9) =>
    calculateFinancing({ price, downPayment, termMonths, effectiveAnnualRatePercent })

  it.each([
    // price, down, term, eff, monthly, last, total
    [28_900, 5_780, 48, 2.9, 510.34, 510.25, 24_496.23],
    [10_000, 0, 12, 2.9, 846.31, 846.3, 10_155.71],
    [30_000, 0, 84, 2.9, 394.54, 394.32, 33_141.14],
    [1_000, 0, 24, 5, 43.83, 43.63, 1_051.72],
    [60_000, 10_000, 60, 9.9, 1_049.54, 1_049.43, 62_972.29],
  ])('%d € − %d € over %d months at %d %%: %d € a month, %d € in total', (price, down, term, eff, monthly, last, total) => {
    const example = at(price, down, term, eff)
    expect(example).toMatchObject({
      status: 'financed',
      netLoanAmount: price - down,
      termMonths: term,
      monthlyPayment: monthly,
      finalPayment: last,
      totalAmount: total,
      interest: roundToCents(total - (price - down)),
    })
  })

  it('at 0 %: equal rates rounded up, the last one smaller, the total exactly the loan', () => {
    expect(at(10_000, 0, 12, 0)).toMatchObject({
      status: 'financed',
      monthlyPayment: 833.34,
      finalPayment: 833.26,
      totalAmount: 10_000,
      interest: 0,
      nominalRatePercent: 0,
    })
  })

  it('names the figures of a German financing example', () => {
    const example = at(28_900, 5_780, 48)
    if (example.status !== 'financed') throw new Error('expected a financed example')
    expect(example.price).toBe(28_900)
    expect(example.downPayment).toBe(5_780)
    expect(example.effectiveAnnualRatePercent).toBe(2.9)
    expect(example.nominalRatePercent).toBeCloseTo(2.8622, 4)
    // The rates repay the loan and no more than a cent per rate beyond the exact annuity.
    expect(example.totalAmount).toBeGreaterThan(example.netLoanAmount)
    expect(example.totalAmount).toBeLessThanOrEqual(roundToCents(510.338298898 * 48 + 0.48))
  })

  it('needs no financing when the down payment covers the price', () => {
    expect(at(20_000, 20_000, 48)).toEqual({ status: 'not-needed', price: 20_000, downPayment: 20_000 })
    expect(at(20_000, 25_000, 48)).toEqual({ status: 'not-needed', price: 20_000, downPayment: 25_000 })
  })

  it('refuses to compute a loan below the minimum net loan amount', () => {
    expect(at(20_000, 19_500, 48)).toEqual({ status: 'below-minimum', price: 20_000, downPayment: 19_500, netLoanAmount: 500 })
    expect(at(20_000, 19_000, 84).status).toBe('financed')
  })

  it('clamps the term to 12–84 months and a negative down payment to 0', () => {
    const short = at(10_000, 0, 3)
    const long = at(10_000, 0, 240)
    expect(short.status === 'financed' && short.termMonths).toBe(12)
    expect(long.status === 'financed' && long.termMonths).toBe(84)
    const negative = at(10_000, -500, 12)
    expect(negative.status === 'financed' && negative.downPayment).toBe(0)
    const nan = at(10_000, Number.NaN, Number.NaN)
    expect(nan).toMatchObject({ status: 'financed', downPayment: 0, termMonths: 48 })
  })

  it('the minimum and maximum term both repay the loan', () => {
    for (const term of [12, 84]) {
      const example = at(15_000, 0, term)
      if (example.status !== 'financed') throw new Error('expected a financed example')
      expect(example.finalPayment).toBeGreaterThan(0)
      expect(example.finalPayment).toBeLessThanOrEqual(example.monthlyPayment)
      expect(example.totalAmount).toBeCloseTo(example.monthlyPayment * (term - 1) + example.finalPayment, 2)
    }
  })
})

describe('inputs', () => {
  it('clamps terms and down payments', () => {
    expect(clampTerm(11)).toBe(12)
    expect(clampTerm(85)).toBe(84)
    expect(clampTerm(30.4)).toBe(30)
    expect(clampTerm(Number.POSITIVE_INFINITY)).toBe(48)
    expect(clampDownPayment(-1, 1000)).toBe(0)
    expect(clampDownPayment(5000, 1000)).toBe(1000)
    expect(clampDownPayment(499.6, 1000)).toBe(500)
  })

  it('suggests a fifth of the price, rounded down to 100 €', () => {
    expect(defaultDownPayment(28_900)).toBe(5_700)
    expect(defaultDownPayment(6_490)).toBe(1_200)
    expect(defaultDownPayment(0)).toBe(0)
  })

  it('reads the query string of the calculator form', () => {
    expect(financingInputFromParams(new URLSearchParams('anzahlung=5000&laufzeit=60'), 28_900)).toEqual({ downPayment: 5000, termMonths: 60 })
    expect(financingInputFromParams(new URLSearchParams('anzahlung=5.000&laufzeit=36'), 28_900)).toEqual({ downPayment: 5000, termMonths: 36 })
    expect(financingInputFromParams(new URLSearchParams('anzahlung=2500,50'), 28_900)).toEqual({ downPayment: 2501, termMonths: 48 })
    expect(financingInputFromParams(new URLSearchParams(''), 28_900)).toEqual({ downPayment: 5_700, termMonths: 48 })
    expect(financingInputFromParams(new URLSearchParams('anzahlung=viel&laufzeit=999'), 28_900)).toEqual({ downPayment: 5_700, termMonths: 84 })
    expect(financingInputFromParams(new URLSearchParams('anzahlung=40000'), 28_900)).toEqual({ downPayment: 40_000, termMonths: 48 })
  })

  it('formats euros with cents and rates with two decimals, German style', () => {
    expect(formatEuroCents(1049.5)).toBe('1.049,50\u00a0€')
    expect(formatRatePercent(2.862153)).toBe('2,86\u00a0%')
    expect(formatRatePercent(2.9)).toBe('2,90\u00a0%')
  })
})

describe('defaultMonthlyRate (Merkliste and comparison, issue 38)', () => {
  it('is the monthly rate of the vehicle page’s default example: 20 % down, 48 months', () => {
    const example = calculateFinancing({ price: 28_900, downPayment: defaultDownPayment(28_900), termMonths: 48, effectiveAnnualRatePercent: 2.9 })
    expect(example.status).toBe('financed')
    expect(defaultMonthlyRate(28_900, 2.9)).toBe(example.status === 'financed' ? example.monthlyPayment : NaN)
  })

  it('is null without a price or with too little to finance', () => {
    expect(defaultMonthlyRate(null, 2.9)).toBeNull()
    expect(defaultMonthlyRate(0, 2.9)).toBeNull()
    expect(defaultMonthlyRate(1_000, 2.9)).toBeNull()
  })
})
