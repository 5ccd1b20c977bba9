import { describe, expect, it } from 'vitest'
import { fixtureAd } from '#tests/mocks/mobile-de.ts'
import { type MarketplaceAd } from './adapter'
import { creoleToPlainText, emissionClassLabel, firstRegistrationLabel, inspectionDueLabel, largestImageUrl, makeLabel, mapAdToVehicle } from './mapping.server'

describe('mapAdToVehicle', () => {
  it('maps every field of the sample ad', () => {
    const vehicle = mapAdToVehicle(fixtureAd('ad-detail'))
    expect(vehicle).toEqual({
      _id: 'vehicle-4312045670012345',
      _type: 'vehicle',
      id: '4312045670012345',
      title: 'Golf VIII 1.5 TSI Life LED Navi ACC SHZ',
      make: 'Volkswagen',
      model: 'Golf',
      price: 21980,
      year: 2022,
      firstRegistration: '03/2022',
      mileage: 34500,
      fuelType: 'PETROL',
      transmission: 'MANUAL',
      bodyType: 'Limousine',
      color: 'Moonstone Grey Metallic',
      powerKw: 96,
      powerHp: 131,
      doors: 5,
      seats: 5,
      previousOwners: 1,
      features: [
        'Navigationssystem',
        'ABS',
        'ESP',
        'Sitzheizung',
        'Multifunktionslenkrad',
        'Isofix',
        'Start-Stopp-Automatik',
        'Scheckheftgepflegt',
        'HU/AU neu',
        'Klimaautomatik (2 Zonen)',
        'Abstandstempomat (ACC)',
        'LED-Scheinwerfer',
        'Einparkhilfe vorne',
        'Einparkhilfe hinten',
        'Rückfahrkamera',
      ],
      description: 'Scheckheftgepflegt, 1. Hand\nNavi, ACC, Sitzheizung, Rückfahrkamera.\n• Garantie 12 Monate\n• Inspektion neu & HU neu',
      consumption: { combinedLitersPer100Km: 5.6, co2GramsPerKm: 127, co2Class: 'D', emissionClass: 'Euro 6d' },
      vat: 'deductible',
      inspectionDue: '04/2028',
      warranty: true,
      accidentFree: true,
      externalImages: [
        {
          _key: '99c3997d960b89eae1b66fb104c8d8a2',
          _type: 'externalImage',
          url: 'https://img.classistatic.de/api/v1/mo-prod/images/3c/3caae5b2-0000-0000-0000-000000000001?rule=mo-1600.jpg',
          alt: 'Volkswagen Golf VIII 1.5 TSI Life LED Navi ACC SHZ – Bild 1',
        },
        {
          _key: '4f1e0c2b7a9d3e5f6a8b0c1d2e3f4a5b',
          _type: 'externalImage',
          url: 'https://img.classistatic.de/api/v1/mo-prod/images/7d/7d01aa00-0000-0000-0000-000000000002?rule=mo-1280.jpg',
          alt: 'Volkswagen Golf VIII 1.5 TSI Life LED Navi ACC SHZ – Bild 2',
        },
        {
          _key: '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
          _type: 'externalImage',
          url: 'https://img.classistatic.de/api/v1/mo-prod/images/e2/e2b3cc00-0000-0000-0000-000000000003?rule=mo-480.jpg',
          alt: 'Volkswagen Golf VIII 1.5 TSI Life LED Navi ACC SHZ – Bild 3',
        },
      ],
      status: 'available',
      listedAt: '2026-05-04T07:12:31.400Z',
      source: 'mobile.de',
      marketplaceId: '4312045670012345',
      marketplaceModifiedAt: '2026-05-11T14:40:02.000Z',
      marketplaceUrl: 'https://suchen.mobile.de/auto-inserat/vw-golf-essen/4312045670012345.html?source=api',
    })
  })

  it('maps a plug-in hybrid without images and description markup: fallbacks, kWh, CO₂ class, labels', () => {
    const vehicle = mapAdToVehicle(fixtureAd('ad-detail-ev'), { listedAt: '2026-01-01T00:00:00.000Z', status: 'reserved' })
    expect(vehicle).toMatchObject({
      _id: 'vehicle-9007199254740993',
      id: '9007199254740993',
      make: 'Land Rover',
      title: 'Range Rover Evoque P300e R-Dynamic "Black"',
      fuelType: 'HYBRID',
      transmission: 'AUTOMATIC',
      bodyType: 'SUV',
      color: 'Schwarz Metallic',
      powerKw: 227,
      powerHp: 309,
      year: 2021,
      firstRegistration: '11/2021',
      previousOwners: 2,
      price: 38490,
      description: 'Plug-in-Hybrid, Panoramadach, AHK.',
      consumption: { combinedLitersPer100Km: 1.4, combinedKwhPer100Km: 19.1, co2GramsPerKm: 32, co2Class: 'B', emissionClass: 'Euro 6d-TEMP' },
      externalImages: [],
      status: 'reserved',
      listedAt: '2026-01-01T00:00:00.000Z',
    })
    // No vatRate on a euro price: the margin scheme; nothing said about HU, warranty or accidents.
    expect(vehicle).toMatchObject({ vat: 'margin' })
    expect(vehicle).not.toHaveProperty('inspectionDue')
    expect(vehicle).not.toHaveProperty('warranty')
    expect(vehicle).not.toHaveProperty('accidentFree')
    expect(vehicle.features).toEqual(['Panorama-Glasdach', 'Anhängerkupplung', 'Allradantrieb', 'Klimaanlage', 'Tempomat', 'Lederausstattung', '360°-Kamera'])
    expect(vehicle.marketplaceUrl).toMatch(/^https:\/\/suchen\.mobile\.de\//)
  })

  it('maps fuels and gearboxes as DESIGN.md §4 says', () => {
    const base = fixtureAd('ad-detail')
    const fuel = (value: string) => mapAdToVehicle({ ...base, fuel: value }).fuelType
    expect(['PETROL', 'DIESEL', 'ELECTRICITY', 'HYBRID', 'HYBRID_DIESEL', 'LPG', 'CNG'].map(fuel)).toEqual([
      'PETROL',
      'DIESEL',
      'ELECTRIC',
      'HYBRID',
      'HYBRID',
      'GAS',
      'GAS',
    ])
    expect(fuel('OTHER')).toBeUndefined()
    const gearbox = (value: string) => mapAdToVehicle({ ...base, gearbox: value }).transmission
    expect(['MANUAL_GEAR', 'AUTOMATIC_GEAR', 'SEMIAUTOMATIC_GEAR'].map(gearbox)).toEqual(['MANUAL', 'AUTOMATIC', 'SEMI_AUTOMATIC'])
  })

  it('leaves out what the ad does not say: no price in another currency, no price at all, constructionYear as the year', () => {
    const base = fixtureAd('ad-detail')
    const bare = mapAdToVehicle({
      mobileAdId: '1',
      modificationDate: '2026-05-11T16:40:02+02:00',
      make: 'TESLA',
      model: 'Model 3',
      constructionYear: 2020,
      price: { consumerPriceGross: '100.00', currency: 'CHF' },
    })
    expect(bare).toEqual({
      _id: 'vehicle-1',
      _type: 'vehicle',
      id: '1',
      make: 'Tesla',
      model: 'Model 3',
      year: 2020,
      mileage: 0,
      features: [],
      externalImages: [],
      status: 'available',
      listedAt: '2026-05-11T14:40:02.000Z',
      source: 'mobile.de',
      marketplaceId: '1',
      marketplaceModifiedAt: '2026-05-11T14:40:02.000Z',
    })
    expect(mapAdToVehicle({ ...base, price: undefined }).price).toBeUndefined()
  })
})

describe('buyer facts (issue 29)', () => {
  const base = fixtureAd('ad-detail')
  it('VAT: shown on the invoice only with a vatRate; a euro price without one is the margin scheme; no price says nothing', () => {
    const vat = (price: MarketplaceAd['price']) => mapAdToVehicle({ ...base, price }).vat
    expect(vat({ consumerPriceGross: '21980.00', vatRate: '19.00', currency: 'EUR' })).toBe('deductible')
    expect(vat({ consumerPriceGross: '21980.00', vatRate: '7', currency: 'EUR' })).toBe('deductible')
    expect(vat({ consumerPriceGross: '21980.00', currency: 'EUR' })).toBe('margin')
    expect(vat({ consumerPriceGross: '21980.00', vatRate: '0.00' })).toBe('margin')
    expect(vat({ consumerPriceGross: '21980.00', vatRate: '19.00', currency: 'CHF' })).toBeUndefined()
    expect(vat({ vatRate: '19.00' })).toBeUndefined()
    expect(vat(undefined)).toBeUndefined()
  })

  it('HU: the inspection month as MM/YYYY from YYYY-MM (also YYYYMM and MM/YYYY); anything else is left out', () => {
    expect(['2027-05', '202705', '05/2027', ' 2027-05 '].map(inspectionDueLabel)).toEqual(['05/2027', '05/2027', '05/2027', '05/2027'])
    expect(['2027-13', '2027', 'bald', '', undefined, 202705].map(inspectionDueLabel)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })

  it('warranty and accidents only from real booleans; "Garantie" is a fact now, not an equipment line', () => {
    expect(mapAdToVehicle({ ...base, warranty: false, accidentDamaged: true })).toMatchObject({ warranty: false, accidentFree: false })
    const unsaid = mapAdToVehicle({ ...base, warranty: 'yes', accidentDamaged: undefined })
    expect(unsaid).not.toHaveProperty('warranty')
    expect(unsaid).not.toHaveProperty('accidentFree')
    expect(mapAdToVehicle(base).features).not.toContain('Garantie')
  })
})

describe('helpers', () => {
  it('labels makes', () => {
    expect(['VW', 'LAND ROVER', 'MERCEDES-BENZ', 'BMW', 'SKODA', 'Tesla', 'ALFA ROMEO'].map(makeLabel)).toEqual([
      'Volkswagen',
      'Land Rover',
      'Mercedes-Benz',
      'BMW',
      'Skoda',
      'Tesla',
      'Alfa Romeo',
    ])
  })

  it('turns YYYYMM into MM/YYYY', () => {
    expect(firstRegistrationLabel('202203')).toBe('03/2022')
    expect(firstRegistrationLabel('202213')).toBeUndefined()
    expect(firstRegistrationLabel(undefined)).toBeUndefined()
  })

  it('takes the largest image size present', () => {
    expect(largestImageUrl({ s: 's', m: 'm', l: 'l', xl: 'xl', xxl: 'xxl', xxxl: 'xxxl' })).toBe('xxxl')
    expect(largestImageUrl({ s: 's', l: 'l' })).toBe('l')
    expect(largestImageUrl({ hash: 'x' })).toBeUndefined()
  })

  it('turns Creole markup into plain text with line breaks', () => {
    expect(creoleToPlainText('**Top**\\\\Zeile 2\\\\\\\\\\\\\\\\Absatz\n* Punkt\n- Strich\n//kursiv// und https://example.de')).toBe(
      'Top\nZeile 2\n\nAbsatz\n• Punkt\n• Strich\nkursiv und https://example.de',
    )
    expect(creoleToPlainText('A &amp; B &lt;3&gt; <b>fett</b>')).toBe('A & B <3> fett')
  })

  it('labels emission classes', () => {
    expect(emissionClassLabel('EURO6D')).toBe('Euro 6d')
    expect(emissionClassLabel('EURO6D_TEMP')).toBe('Euro 6d-TEMP')
    expect(emissionClassLabel('EURO5')).toBe('Euro 5')
  })
})
