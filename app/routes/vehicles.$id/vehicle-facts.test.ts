import { describe, expect, test } from 'vitest'
import { historicPlateNote } from './vehicle-facts'

describe('historicPlateNote', () => {
  test('possible from the month 30 years after the first registration', () => {
    expect(historicPlateNote('04/1996', '2026-04')).toBe('möglich')
    expect(historicPlateNote('04/1996', '2026-11')).toBe('möglich')
    expect(historicPlateNote('04/1990', '2026-11')).toBe('möglich')
  })

  test('announces the date within the two years before', () => {
    expect(historicPlateNote('04/1996', '2026-03')).toBe('ab 04/2026 möglich')
    expect(historicPlateNote('12/1997', '2026-01')).toBe('ab 12/2027 möglich')
  })

  test('no row for younger cars or a missing or malformed date', () => {
    expect(historicPlateNote('03/2020', '2026-11')).toBeNull()
    expect(historicPlateNote('01/1999', '2026-11')).toBeNull()
    expect(historicPlateNote(null, '2026-11')).toBeNull()
    expect(historicPlateNote('1996', '2026-11')).toBeNull()
  })
})
