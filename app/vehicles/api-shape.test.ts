import { describe, expect, it } from 'vitest'
import { toApiVehicle, toApiVehicleDetail } from './api-shape'

const source = {
  id: '7',
  make: 'Toyota',
  model: 'Corolla',
  year: 2020,
  mileage: 41_000,
  fuelType: 'HYBRID',
  transmission: 'AUTOMATIC',
  price: 21_490,
  images: [{ asset: { url: '/media/a-1200x800.jpg' } }, null, { asset: { url: 'https://img.example/b.jpg' } }, { asset: null }],
  features: ['Rückfahrkamera', null, ''],
  bodyType: 'Kombi',
  powerKw: 90,
  powerHp: 122,
  firstRegistration: '10/2020',
  status: 'reserved',
}

describe('toApiVehicle', () => {
  it('maps to the list shape of spec §3, keeping relative URLs without an origin', () => {
    expect(toApiVehicle(source)).toEqual({
      id: '7',
      make: 'Toyota',
      model: 'Corolla',
      year: 2020,
      mileage: 41_000,
      fuel_type: 'HYBRID',
      transmission: 'AUTOMATIC',
      price: 21_490,
      images: ['/media/a-1200x800.jpg', 'https://img.example/b.jpg'],
      features: ['Rückfahrkamera'],
    })
  })

  it('resolves relative image URLs against the origin; absolute ones stay', () => {
    expect(toApiVehicle(source, { origin: 'https://www.example.de' }).images).toEqual([
      'https://www.example.de/media/a-1200x800.jpg',
      'https://img.example/b.jpg',
    ])
  })

  it('turns missing fields into null and empty lists, never undefined', () => {
    const body = toApiVehicleDetail({ id: '8', make: 'VW', model: 'Up' })
    expect(Object.values(body).every((value) => value !== undefined)).toBe(true)
    expect(body).toMatchObject({ year: null, price: null, images: [], features: [], body_type: null, consumption: null, status: 'available', sold_at: null })
  })
})

describe('toApiVehicleDetail', () => {
  it('adds the buyer facts; months only with a warranty; an unknown tax key is null', () => {
    expect(
      toApiVehicleDetail({ ...source, vat: 'deductible', inspectionDue: '05/2027', warranty: true, warrantyMonths: 12, accidentFree: true }),
    ).toMatchObject({ vat: 'deductible', general_inspection_due: '05/2027', warranty: true, warranty_months: 12, accident_free: true })
    expect(toApiVehicleDetail({ ...source, vat: 'brutto', warranty: false, warrantyMonths: 12, accidentFree: false })).toMatchObject({
      vat: null,
      general_inspection_due: null,
      warranty: false,
      warranty_months: null,
      accident_free: false,
    })
    // The list shape of spec §3 stays as it is.
    expect(toApiVehicle({ ...source, vat: 'deductible' })).not.toHaveProperty('vat')
  })

  it('adds the detail fields in snake_case', () => {
    expect(toApiVehicleDetail(source)).toMatchObject({
      body_type: 'Kombi',
      power_kw: 90,
      power_hp: 122,
      first_registration: '10/2020',
      previous_owners: null,
      status: 'reserved',
    })
  })
})
