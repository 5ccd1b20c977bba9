import { describe, expect, test } from 'vitest'
import {
  buyerFacts,
  environmentBadge,
  historicPlateNote,
  netPriceLabel,
  SNIPPET_DESCRIPTION_MAX,
  SNIPPET_TITLE_MAX,
  vehicleSearchDescription,
  vehicleSearchTitle,
} from './vehicle-facts'

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

describe('environmentBadge', () => {
  test('green from Euro 4 for every engine, from Euro 1 for petrol and gas; as the stated class is written', () => {
    expect(environmentBadge('DIESEL', 'Euro 6d-TEMP')).toBe('4 (Grün)')
    expect(environmentBadge('DIESEL', 'EURO4')).toBe('4 (Grün)')
    expect(environmentBadge('HYBRID', 'Euro 6')).toBe('4 (Grün)')
    expect(environmentBadge('PETROL', 'Euro 2')).toBe('4 (Grün)')
    expect(environmentBadge('GAS', 'Euro 1')).toBe('4 (Grün)')
  })

  test('no row where the class does not decide it or there is none: a diesel below Euro 4, an electric car, no or an unreadable class', () => {
    expect(environmentBadge('DIESEL', 'Euro 3')).toBeNull()
    expect(environmentBadge('ELECTRIC', 'Euro 6')).toBeNull()
    expect(environmentBadge('PETROL', null)).toBeNull()
    expect(environmentBadge('PETROL', 'Euro')).toBeNull()
    expect(environmentBadge('PETROL', 'EEV')).toBeNull()
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
      'Unfallfahrzeug',
    ])
    expect(buyerFacts({ ...none, accidentFree: false, inspectionDue: '01/2020' }, '2026-11').map((fact) => fact.caution)).toEqual([true, true])
  })

  test('a warranty without months is just "Garantie"; none, or no statement, is no line', () => {
    expect(labels({ ...none, warranty: true }, '2026-11')).toEqual(['Garantie'])
    expect(labels({ ...none, warranty: false, warrantyMonths: 12 }, '2026-11')).toEqual([])
    expect(labels(none, '2026-11')).toEqual([])
  })

  test('the free delivery radius of the site settings comes last; none without a radius (a sold car gets none from the loader)', () => {
    expect(labels({ ...none, accidentFree: true }, '2026-11', 50)).toEqual(['Unfallfrei', 'Kostenlose Lieferung bis 50\u00a0km'])
    expect(labels(none, '2026-11', 1200)).toEqual(['Kostenlose Lieferung bis 1.200\u00a0km'])
    for (const radius of [null, undefined, 0]) expect(labels(none, '2026-11', radius)).toEqual([])
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

describe('the search result of a vehicle page (SEO review 2026-11-29, finding 8)', () => {
  const bmw = {
    make: 'BMW',
    model: '320d Touring',
    title: null,
    status: 'available' as const,
    price: 28_900,
    year: 2020,
    firstRegistration: '03/2020',
    mileage: 68_500,
    fuelType: 'DIESEL' as const,
    transmission: 'AUTOMATIC' as const,
    powerKw: 140,
    powerHp: 190,
  }
  const long = { ...bmw, make: 'Mercedes-Benz', model: 'V 250 d Avantgarde Edition lang', price: 46_900, firstRegistration: '08/2019' }

  test('the title names the state a buyer must know first, the car, its year and the price; the dealer where it still fits what a result shows', () => {
    expect(vehicleSearchTitle(bmw, 'Ruhrstern Automobile')).toBe('BMW 320d Touring (2020) – 28.900\u00a0€ | Ruhrstern Automobile')
    // A long name: the state and the price within what a result shows, no dealer behind them (crawler review 2026-11-30).
    const reserved = vehicleSearchTitle({ ...long, status: 'reserved' }, 'Ruhrstern Automobile')
    expect(reserved).toBe('Reserviert: Mercedes-Benz V 250 d Avantgarde Edition lang (2019) – 46.900\u00a0€')
    expect(reserved.indexOf('Reserviert')).toBe(0)
    expect(vehicleSearchTitle(long, 'Ruhrstern Automobile')).toBe('Mercedes-Benz V 250 d Avantgarde Edition lang (2019) – 46.900\u00a0€')
    expect(vehicleSearchTitle({ ...bmw, status: 'sold' }, 'Ruhrstern Automobile')).toBe('Verkauft: BMW 320d Touring (2020) | Ruhrstern Automobile')
    expect(vehicleSearchTitle({ ...bmw, status: 'reserved' }, 'Ruhrstern Automobile')).toBe('Reserviert: BMW 320d Touring (2020) – 28.900\u00a0€')
    for (const title of [vehicleSearchTitle(bmw, 'Ruhrstern Automobile'), vehicleSearchTitle({ ...bmw, status: 'sold' }, 'Ruhrstern Automobile')]) {
      expect(title.length).toBeLessThanOrEqual(SNIPPET_TITLE_MAX)
    }
  })

  test('the description gives the facts, the price and what to do, and fits what a result shows', () => {
    const plain = (text: string) => text.replace(/\u00a0/g, ' ')
    // In full it would be 161 characters: the power is left out.
    expect(plain(vehicleSearchDescription(bmw, 'Ruhrstern Automobile'))).toBe(
      'BMW 320d Touring: EZ 03/2020, 68.500 km, Diesel, Automatik. 28.900 €. Jetzt bei Ruhrstern Automobile in Essen anfragen – Finanzierung möglich.',
    )
    expect(plain(vehicleSearchDescription({ ...bmw, model: '118i' }, 'Ruhrstern Automobile'))).toContain('140 kW (190 PS)')
    for (const vehicle of [bmw, long, { ...long, status: 'reserved' as const }, { ...long, status: 'sold' as const }]) {
      expect(vehicleSearchDescription(vehicle, 'Ruhrstern Automobile').length, vehicle.status).toBeLessThanOrEqual(SNIPPET_DESCRIPTION_MAX)
    }
    // The long name gives up the facts from the end (power, gearbox, fuel); never the registration or the mileage.
    expect(plain(vehicleSearchDescription(long, 'Ruhrstern Automobile'))).toBe(
      'Mercedes-Benz V 250 d Avantgarde Edition lang: EZ 08/2019, 68.500 km. 46.900 €. Jetzt bei Ruhrstern Automobile in Essen anfragen – Finanzierung möglich.',
    )
    expect(vehicleSearchDescription({ ...long, status: 'reserved' }, 'Ruhrstern Automobile')).toContain('46.900\u00a0€, derzeit reserviert')
    expect(vehicleSearchDescription({ ...long, status: 'sold' }, 'Ruhrstern Automobile')).toContain('ist verkauft')
  })
})
