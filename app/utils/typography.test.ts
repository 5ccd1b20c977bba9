import { describe, expect, test } from 'vitest'
import { bindLineBreaks } from './typography'

describe('bindLineBreaks', () => {
  test('a number stays with its unit', () => {
    expect(bindLineBreaks('ab 2,9 % im Umkreis von 50 km, ab 5.000 €')).toBe('ab 2,9\u00a0% im Umkreis von 50\u00a0km, ab 5.000\u00a0€')
    expect(bindLineBreaks('150 PS und 110 kW')).toBe('150\u00a0PS und 110\u00a0kW')
    // Tonnes (copy review 2026-11-29, L1): „Lkw von 3,5 t bis 40 t“.
    expect(bindLineBreaks('Lkw von 3,5 t bis 40 t.')).toBe('Lkw von 3,5\u00a0t bis 40\u00a0t.')
  })

  test('a number joined to a word and a leading hyphen keep their hyphen', () => {
    expect(bindLineBreaks('unserem kostenlosen 50-km-Radius')).toBe('unserem kostenlosen 50\u2011km-Radius')
    expect(bindLineBreaks('Autokauf und -verkauf')).toBe('Autokauf und \u2011verkauf')
  })

  test('leaves everything else alone: words with hyphens, trailing hyphens, paths, words after numbers', () => {
    for (const text of ['Mercedes-Benz', 'An-, Ab- und Ummeldung', '/locations/xanten/bmw-ankauf', '15 Jahre', '50 kmh', 'A42 – Essen', '5 tolle Autos']) {
      expect(bindLineBreaks(text)).toBe(text)
    }
  })
})
