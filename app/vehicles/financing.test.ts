import { describe, expect, it } from 'vitest'
import { resolvePlaceholders } from '#schemas/lib/figures.ts'
import {
  advertisedMonthlyRate,
  advertisedRateExample,
  annuityPayment,
  calculateFinancing,
  ceilToCents,
  clampDownPayment,
  clampTerm,
  defaultDownPayment,
  effectiveRateOf,
  financingInputFromParams,
  formatAdvertisedRate,
  formatEuroCents,
  formatRatePercent,
  lenderLine,
  monthlyRateFromEffective,
  nominalRatePercentFromEffective,
  priceRangesForMonthlyRate,
  REPRESENTATIVE_CASH_PRICE_EUR,
  representativeExample,
  roundToCents,
  withMonthlyRates,
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

describe('the monthly rate everywhere (issue 38 item 3, decision 083)', () => {
  /** The figure the vehicle page opens with for `price`: its own defaults from an address without parameters. */
  const pageRate = (price: number, effective = 2.9) => {
    const input = financingInputFromParams(new URLSearchParams(), price)
    const example = calculateFinancing({ price, downPayment: input.downPayment, termMonths: input.termMonths, effectiveAnnualRatePercent: effective })
    return example.status === 'financed' ? example.monthlyPayment : undefined
  }

  it('a card says the vehicle page’s opening rate, rounded up to whole euros: 28.820 € → 5.700 € down, 48 × 510,34 € → „ab 511 €“', () => {
    expect(pageRate(28_820)).toBe(510.34)
    expect(advertisedMonthlyRate(28_820, 2.9)).toBe(511)
    // Whole euros stay: 0 % and a price whose rate is exact.
    expect(advertisedMonthlyRate(6_000, 0)).toBe(100)
    for (const price of [1_200, 4_999, 9_990, 15_500, 23_456.78, 89_000]) {
      for (const effective of [0, 2.9, 5.99]) expect(advertisedMonthlyRate(price, effective)).toBe(Math.ceil(pageRate(price, effective)!))
    }
  })

  it('no rate without an example: no price, or under 1.000 € to finance', () => {
    expect(advertisedMonthlyRate(null, 2.9)).toBeUndefined()
    expect(advertisedMonthlyRate(0, 2.9)).toBeUndefined()
    expect(advertisedMonthlyRate(1_199, 2.9)).toBeUndefined()
    expect(advertisedMonthlyRate(1_200, 2.9)).toBe(23)
  })

  it('cards carry `monthlyRate` only where there is one; the lake’s objects stay untouched', () => {
    const cards = Object.freeze([
      Object.freeze({ id: '1', price: 28_820 }),
      Object.freeze({ id: '2', price: null }),
      Object.freeze({ id: '3', price: '9.990' }),
    ])
    expect(withMonthlyRates(cards, 2.9)).toEqual([
      { id: '1', price: 28_820, monthlyRate: 511 },
      { id: '2', price: null },
      { id: '3', price: '9.990' },
    ])
  })

  it('reads the advertised effective rate from the site settings, else the spec’s 2,9 %', () => {
    expect(effectiveRateOf({ claims: { financingFromPercent: 3.49 } })).toBe(3.49)
    expect(effectiveRateOf({ claims: { financingFromPercent: null } })).toBe(2.9)
    expect(effectiveRateOf(null)).toBe(2.9)
  })

  it('„Monatsrate bis B“ as price ranges holds exactly the prices whose card says at most B (every euro to 40.000 €, and cents)', () => {
    const prices: number[] = []
    for (let euro = 0; euro <= 40_000; euro++) prices.push(...(euro % 3 === 0 ? [euro, euro + 0.37] : [euro]))
    for (const effective of [2.9, 0, 7.5]) {
      const rates = prices.map((price) => advertisedMonthlyRate(price, effective))
      for (const budget of [20, 99, 150, 250, 283, 300, 301, 512, 999]) {
        const ranges = priceRangesForMonthlyRate(budget, effective)
        expect(ranges.length, `${budget} € at ${effective} %`).toBeLessThanOrEqual(2)
        const wrong = prices.filter((price, at) => {
          const rate = rates[at]
          return ranges.some((range) => price >= range.from && price <= range.to) !== (rate !== undefined && rate <= budget)
        })
        expect(wrong, `${budget} € at ${effective} %`).toEqual([])
      }
    }
  }, 60_000)

  it('the gap the down payment’s steps make: at 283 € a month a car at 15.999 € is out, one at 16.000 € (3.200 € down) back in', () => {
    expect(priceRangesForMonthlyRate(283, 2.9)).toEqual([
      { from: 1_200, to: 15_920.82 },
      { from: 16_000, to: 16_020.82 },
    ])
    expect(advertisedMonthlyRate(15_999, 2.9)).toBe(285)
    expect(advertisedMonthlyRate(16_000, 2.9)).toBe(283)
    // One range where the last step adds nothing new; none below the smallest loan's rate.
    expect(priceRangesForMonthlyRate(300, 2.9)).toEqual([{ from: 1_200, to: 16_890.98 }])
    expect(priceRangesForMonthlyRate(10, 2.9)).toEqual([])
  })
})

describe('the representative example of the advertised rate (copy review 2026-11-29, H2; decision 111)', () => {
  it('is the vehicle page’s opening example for 20.000 €: a fifth down, 48 months, the advertised rate (Python decimal reference)', () => {
    expect(REPRESENTATIVE_CASH_PRICE_EUR).toBe(20_000)
    const example = advertisedRateExample(2.9)
    expect(example).toEqual(representativeExample(20_000, 2.9))
    expect(example).toMatchObject({
      price: 20_000,
      downPayment: 4_000,
      netLoanAmount: 16_000,
      termMonths: 48,
      effectiveAnnualRatePercent: 2.9,
      monthlyPayment: 353.18,
      finalPayment: 352.92,
      totalAmount: 16_952.38,
      interest: 952.38,
    })
    expect(example.nominalRatePercent).toBeCloseTo(2.862153568712597, 12)
    expect(formatRatePercent(example.nominalRatePercent)).toBe('2,86\u00a0%')
  })

  it('at 0 % by hand: 16.000 € / 48 = 333,33… → 47 rates of 333,34 € and a last one of 333,02 €, exactly the loan', () => {
    const example = advertisedRateExample(0)
    expect(example).toMatchObject({ netLoanAmount: 16_000, monthlyPayment: 333.34, finalPayment: 333.02, totalAmount: 16_000, interest: 0 })
    expect(47 * 333.34 + 333.02).toBeCloseTo(16_000, 9)
  })

  it('follows the Kennzahl: a changed advertised rate changes the example', () => {
    expect(advertisedRateExample(4.7).monthlyPayment).toBeGreaterThan(advertisedRateExample(2.9).monthlyPayment)
    expect(advertisedRateExample(4.7).effectiveAnnualRatePercent).toBe(4.7)
  })

  it('names the lender as the vehicle page does, trimmed; none while the settings name none', () => {
    expect(lenderLine(' Musterbank AG, Bankstraße 1, 45127 Essen ')).toBe('Darlehensgeber: Musterbank AG, Bankstraße 1, 45127 Essen')
    expect(lenderLine('  ')).toBeNull()
    expect(lenderLine(null)).toBeNull()
  })

  it('a heading writes the advertised rate as the copy writes its Kennzahl, „2,9 %“, not „2,90 %“ (copy review 2026-11-29, L4)', () => {
    for (const rate of [2.9, 3.49, 4, 2.95, 0]) {
      expect(formatAdvertisedRate(rate)).toBe(resolvePlaceholders('{financingFromPercent}\u00a0%', { financingFromPercent: rate }))
    }
    expect(formatAdvertisedRate(2.9)).toBe('2,9\u00a0%')
  })
})
