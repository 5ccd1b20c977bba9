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
