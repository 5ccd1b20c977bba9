import { describe, expect, test } from 'vitest'
import {
  askingPrice,
  displayYear,
  formatDecimal,
  formatEuro,
  formatMileage,
  formatPrice,
  fuelLabel,
  mailtoHref,
  parseAmount,
  telHref,
  transmissionLabel,
} from './format'

// Intl puts a no-break space (U+00A0) between amount and currency sign; compare honestly.
const euro = (amount: string) => `${amount}\u00a0€`

describe('formatDecimal and formatEuro write what Intl de-DE writes', () => {
  // A fixed pseudo-random sequence, so a failure names a value that can be replayed.
  let seed = 20261122
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const values = [
    0,
    -0,
    1,
    999,
    1000,
    1234,
    12345,
    999999,
    1_000_000,
    0.5,
    1.5,
    2.5,
    -2.5,
    0.05,
    1.005,
    1.045,
    2.675,
    123.455,
    9.995,
    99.95,
    0.001,
    -0.001,
    -1234.5,
    Number.MAX_SAFE_INTEGER,
    1e20,
    5e-7,
    ...Array.from({ length: 400 }, (_, index) => {
      const magnitude = 10 ** (index % 10)
      const value = random() * magnitude
      // Every fourth value ends in an exact half of its last kept digit, where rounding differs most.
      return index % 4 === 0 ? Math.round(value * 100) / 100 + 0.005 : index % 7 === 0 ? -value : value
    }),
  ]
  const digitOptions = [
    { minimumFractionDigits: 0, maximumFractionDigits: 0 },
    { minimumFractionDigits: 0, maximumFractionDigits: 1 },
    { minimumFractionDigits: 1, maximumFractionDigits: 1 },
    { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    { minimumFractionDigits: 0, maximumFractionDigits: 3 },
  ]

  test.each(digitOptions)('%o over %# values', (options) => {
    const intl = new Intl.NumberFormat('de-DE', options)
    const mismatches = values.filter((value) => formatDecimal(value, options) !== intl.format(value))
    expect(mismatches.map((value) => [value, formatDecimal(value, options), intl.format(value)])).toEqual([])
  })

  test('the default is a whole number, like Intl with maximumFractionDigits 0', () => {
    expect(formatDecimal(1234.5)).toBe(new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }).format(1234.5))
    expect(formatDecimal(1234.5)).toBe('1.235')
  })

  test('euros with and without cents', () => {
    const whole = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 0 })
    const cents = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 })
    const mismatches = values.filter((value) => formatEuro(value) !== whole.format(value) || formatEuro(value, { cents: true }) !== cents.format(value))
    expect(mismatches).toEqual([])
    expect(formatEuro(312.449, { cents: true })).toBe('312,45\u00a0€')
  })

  test('a value that is no number reads as missing instead of NaN', () => {
    expect(formatDecimal(Number.NaN)).toBe('–')
    expect(formatDecimal(Number.POSITIVE_INFINITY)).toBe('–')
  })
})

describe('formatPrice', () => {
  test.each([
    [28500, euro('28.500')],
    [28500.4, euro('28.500')],
    [28500.5, euro('28.501')],
    [999, euro('999')],
    [1_250_000, euro('1.250.000')],
    [Number.MAX_SAFE_INTEGER, euro('9.007.199.254.740.991')],
  ])('number %s → %s', (input, expected) => {
    expect(formatPrice(input)).toBe(expected)
  })

  test.each([
    ['28500', euro('28.500')],
    ['28.500', euro('28.500')],
    ['1.250.000', euro('1.250.000')],
    ['28500.00', euro('28.500')],
    ['28500.60', euro('28.501')],
    ['28.500,00', euro('28.500')],
    ['28,500', euro('28.500')],
    ['28,500.00', euro('28.500')],
    ['28500,5', euro('28.501')],
    [' 28.500 € ', euro('28.500')],
    ['28.500\u00a0EUR', euro('28.500')],
    ['EUR 28500', euro('28.500')],
  ])('string %j → %s', (input, expected) => {
    expect(formatPrice(input)).toBe(expected)
  })

  test.each([
    undefined,
    null,
    '',
    '   ',
    'abc',
    'auf Anfrage',
    '28.5.00',
    '1.2,5',
    '12,34,5',
    '-28500',
    NaN,
    Infinity,
    -1,
    -28500,
    0,
    0.4,
    1e21,
    Number.MAX_SAFE_INTEGER + 2,
    true,
    {},
    [28500],
  ])('%j → Preis auf Anfrage', (input) => {
    expect(formatPrice(input)).toBe('Preis auf Anfrage')
  })
})

describe('askingPrice', () => {
  test('is the whole euros a car is offered at, and null wherever formatPrice says „Preis auf Anfrage“', () => {
    expect(askingPrice(28900)).toBe(28900)
    expect(askingPrice('28.500,50')).toBe(28501)
    for (const none of [undefined, null, '', 'auf Anfrage', 0, '0', 0.4]) {
      expect(askingPrice(none), String(none)).toBeNull()
      expect(formatPrice(none), String(none)).toBe('Preis auf Anfrage')
    }
  })
})

describe('parseAmount', () => {
  test('keeps decimals; formatting rounds', () => {
    expect(parseAmount('28500.55')).toBe(28500.55)
    expect(parseAmount('1.5')).toBe(1.5)
    expect(parseAmount('28.50')).toBe(28.5)
  })
  test('zero is a number (mileage of a new car), only the price treats it as unset', () => {
    expect(parseAmount(0)).toBe(0)
    expect(parseAmount('0')).toBe(0)
  })
})

describe('formatMileage', () => {
  test.each([
    [45000, '45.000 km'],
    [0, '0 km'],
    [123456.7, '123.457 km'],
    ['45000', '45.000 km'],
    ['45.000', '45.000 km'],
    ['45.000 km', '45.000 km'],
  ])('%j → %s', (input, expected) => {
    expect(formatMileage(input)).toBe(expected)
  })

  test.each([undefined, null, '', 'viel', NaN, -5])('%j → –', (input) => {
    expect(formatMileage(input)).toBe('–')
  })
})

describe('fuelLabel', () => {
  test.each([
    ['DIESEL', 'Diesel'],
    ['PETROL', 'Benzin'],
    ['ELECTRIC', 'Elektro'],
    ['HYBRID', 'Hybrid'],
    ['GAS', 'Gas'],
    ['diesel', 'Diesel'],
    ['ELECTRICITY', 'Elektro'],
    ['LPG', 'Gas'],
    ['HYDROGENIUM', 'Hydrogenium'],
    ['PLUGIN_HYBRID', 'Plugin Hybrid'],
  ])('%s → %s', (input, expected) => {
    expect(fuelLabel(input)).toBe(expected)
  })

  test.each([undefined, null, '', '  ', 42])('%j → –', (input) => {
    expect(fuelLabel(input)).toBe('–')
  })
})

describe('transmissionLabel', () => {
  test.each([
    ['AUTOMATIC', 'Automatik'],
    ['MANUAL', 'Schaltgetriebe'],
    ['SEMI_AUTOMATIC', 'Halbautomatik'],
    ['MANUAL_GEAR', 'Schaltgetriebe'],
    ['CVT', 'Cvt'],
  ])('%s → %s', (input, expected) => {
    expect(transmissionLabel(input)).toBe(expected)
  })

  test('missing → –', () => {
    expect(transmissionLabel(undefined)).toBe('–')
    expect(transmissionLabel(null)).toBe('–')
  })
})

describe('displayYear', () => {
  test.each([
    [2018, 2018],
    ['2019', 2019],
    [undefined, 2020],
    [null, 2020],
    ['', 2020],
    ['abc', 2020],
    [NaN, 2020],
    [-2018, 2020],
    [2018.5, 2020],
    [0, 2020],
    [99999, 2020],
  ])('%j → %s', (input, expected) => {
    expect(displayYear(input)).toBe(expected)
  })
})

describe('telHref', () => {
  test.each([
    ['0201 8512 3400', 'tel:+4920185123400'],
    ['0201/8512-3400', 'tel:+4920185123400'],
    ['+49 201 8512 3400', 'tel:+4920185123400'],
    ['0049 201 8512 3400', 'tel:+4920185123400'],
    ['+49 (0)201 8512 3400', 'tel:+4920185123400'],
    ['8512 3400', 'tel:85123400'],
    ['', ''],
    ['keine', ''],
  ])('%j → %s', (input, expected) => {
    expect(telHref(input)).toBe(expected)
  })

  test('mailto', () => {
    expect(mailtoHref(' info@example.de ')).toBe('mailto:info@example.de')
  })
})
