import { describe, expect, it } from 'vitest'
import { formatGermanNumber, readGermanNumber } from './german-number'

describe('numbers as Germans write them (staff review 2026-11-29, H1)', () => {
  it.each([
    ['24.500', 24500],
    ['24500', 24500],
    ['1.234.567', 1234567],
    ['24 500 €', 24500],
    ['87.000 km', 87000],
    ['3,9', 3.9],
    ['2.500,50', 2500.5],
    ['0', 0],
    ['-3', -3],
  ])('reads %j as %d', (text, number) => {
    expect(readGermanNumber(text)).toBe(number)
  })

  it.each(['24.5', '12.34', '1.2345', '3,9,1', '1e9', '24,', 'viel', '', '--3', '2.4500'])('refuses %j: not German, not guessed', (text) => {
    expect(readGermanNumber(text)).toBeNull()
  })

  it('shows a stored number as it is read back; four digits (a year) stay ungrouped', () => {
    expect([24500, 1234567, 3.9, 2020, 0, undefined].map(formatGermanNumber)).toEqual(['24.500', '1.234.567', '3,9', '2020', '0', ''])
    for (const number of [24500, 1234567, 3.9, 2500.5, 2020]) expect(readGermanNumber(formatGermanNumber(number))).toBe(number)
  })
})
