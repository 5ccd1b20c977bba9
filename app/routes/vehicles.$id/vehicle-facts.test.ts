import { describe, expect, test } from 'vitest'
import { buyerFacts, historicPlateNote, netPriceLabel } from './vehicle-facts'

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

describe('buyerFacts', () => {
  const labels = (...args: Parameters<typeof buyerFacts>) => buyerFacts(...args).map((fact) => fact.label)
  const none = { vat: null, inspectionDue: null, warranty: null, warrantyMonths: null, accidentFree: null }

  test('every fact in the words of the page', () => {
    expect(labels({ vat: 'deductible', inspectionDue: '05/2027', warranty: true, warrantyMonths: 12, accidentFree: true }, '2026-11')).toEqual([
      'MwSt. ausweisbar',
      'HU bis 05/2027',
      'Garantie 12 Monate',
      'Unfallfrei',
    ])
    expect(labels({ vat: 'margin', inspectionDue: null, warranty: true, warrantyMonths: 1, accidentFree: false }, '2026-11')).toEqual([
      'Differenzbesteuert nach § 25a UStG',
      'Garantie 1 Monat',
      'Nicht unfallfrei',
    ])
    expect(buyerFacts({ ...none, accidentFree: false, inspectionDue: '01/2020' }, '2026-11').map((fact) => fact.caution)).toEqual([true, true])
  })

  test('a warranty without months is just "Garantie"; none, or no statement, is no line', () => {
    expect(labels({ ...none, warranty: true }, '2026-11')).toEqual(['Garantie'])
    expect(labels({ ...none, warranty: false, warrantyMonths: 12 }, '2026-11')).toEqual([])
    expect(labels(none, '2026-11')).toEqual([])
  })

  test('the inspection month counts until its end; a passed one says so; a malformed one is left out', () => {
    expect(labels({ ...none, inspectionDue: '11/2026' }, '2026-11')).toEqual(['HU bis 11/2026'])
    expect(labels({ ...none, inspectionDue: '10/2026' }, '2026-11')).toEqual(['HU abgelaufen (10/2026)'])
    expect(labels({ ...none, inspectionDue: '2027-05' }, '2026-11')).toEqual([])
  })
})

describe('netPriceLabel', () => {
  test('the gross price divided by 1,19, in cents rounded half up, German format', () => {
    // 46.900 / 1,19 = 39.411,764… ; 64.900 / 1,19 = 54.537,815… ; 22.900 / 1,19 = 19.243,697…
    expect(netPriceLabel('deductible', 46900)).toBe('39.411,76 € netto (zzgl. 19 % MwSt.)')
    expect(netPriceLabel('deductible', 64900)).toBe('54.537,82 € netto (zzgl. 19 % MwSt.)')
    expect(netPriceLabel('deductible', 22900)).toBe('19.243,70 € netto (zzgl. 19 % MwSt.)')
    expect(netPriceLabel('deductible', 119)).toBe('100,00 € netto (zzgl. 19 % MwSt.)')
  })

  test('none for the margin scheme, no statement, or no price', () => {
    expect(netPriceLabel('margin', 28900)).toBeNull()
    expect(netPriceLabel(null, 28900)).toBeNull()
    expect(netPriceLabel('deductible', null)).toBeNull()
    expect(netPriceLabel('deductible', 0)).toBeNull()
  })
})
