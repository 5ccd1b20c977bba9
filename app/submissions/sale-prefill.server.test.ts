import { describe, expect, it } from 'vitest'
import { salePrefill } from './sale-prefill.server.ts'

const prefill = (query: string) => salePrefill(new URLSearchParams(query)).values
const refusals = (query: string) => salePrefill(new URLSearchParams(query)).errors

describe('salePrefill: a valuation form’s query → the sell request’s initial values', () => {
  it('maps what a city page’s valuation form sends, hidden fields and honeypot left out', () => {
    expect(
      prefill(
        'brand=VW&model=Golf&year=2018&mileage=85000&phone=0201+123456&website=&leadKind=valuation&variant=sonsbeck&page=%2Flocations%2Fsonsbeck&anchor=bewertung',
      ),
    ).toEqual({ make: 'VW', model: 'Golf', year: '2018', mileage: '85000', phone: '0201 123456' })
  })

  it('takes the student form’s „Marke und Modell“ as the model and the make from single-make pages', () => {
    expect(prefill('vehicle=VW+Polo&leadKind=student')).toEqual({ model: 'VW Polo' })
    expect(prefill('model=320d&leadKind=valuation-bmw')).toEqual({ make: 'BMW', model: '320d' })
    expect(prefill('model=C-Klasse&leadKind=brand-purchase&variant=mercedes')).toEqual({ make: 'Mercedes-Benz', model: 'C-Klasse' })
    expect(prefill('model=A4&leadKind=brand-purchase&variant=audi')).toEqual({ make: 'Audi', model: 'A4' })
  })

  it('takes a mileage typed the German way, thousands grouped by dots or spaces, with its unit or without, as the form does', () => {
    expect(prefill('mileage=123.456')).toEqual({ mileage: '123.456' })
    expect(prefill('mileage=123+456')).toEqual({ mileage: '123 456' })
    expect(refusals('mileage=123.456&year=2018')).toEqual({})
    expect(refusals('mileage=85000+km')).toEqual({})
    expect(refusals('mileage=85.000KM')).toEqual({})
  })

  it('fills in a value its field’s rule refuses all the same, with the field’s message (visitor review 2026-11-30, M1)', () => {
    const query = 'brand=VW&year=1800&mileage=9999999&phone=call+me&email=name%40web&model=Golf&fuel=Raketentreibstoff&postcode=4532'
    expect(prefill(query)).toEqual({
      make: 'VW',
      model: 'Golf',
      year: '1800',
      mileage: '9999999',
      phone: 'call me',
      email: 'name@web',
      fuel: 'Raketentreibstoff',
      postcode: '4532',
    })
    const nextYear = new Date().getFullYear() + 1
    expect(refusals(query)).toEqual({
      year: [`„Erstzulassung (Jahr)“ muss zwischen 1950 und ${nextYear} liegen.`],
      mileage: ['„Kilometerstand (km)“ muss zwischen 0 und 2.000.000 km liegen.'],
      phone: [expect.stringContaining('Telefonnummer')],
      email: ['Bitte geben Sie eine gültige E-Mail-Adresse an.'],
      fuel: ['Bitte wählen Sie für „Kraftstoff“ einen Eintrag aus der Liste.'],
      postcode: [expect.stringContaining('Postleitzahl')],
    })
    expect(refusals('mileage=123,5&year=2.017')).toEqual({
      mileage: ['Bitte geben Sie den Kilometerstand in ganzen Kilometern an, z. B. 85.000.'],
      year: [expect.stringContaining('vier Ziffern')],
    })
  })

  it('never takes a value with an invisible control character, nor a field the sell request does not have', () => {
    expect(prefill('model=Golf%0AInjected&make=VW%E2%80%AEfoo&leadKind=valuation&page=%2Flocations%2Fsonsbeck')).toEqual({})
  })

  it('ignores unknown parameters and over-long values, keeps the first of repeated ones, trims', () => {
    expect(prefill(`foo=bar&note=${'a'.repeat(501)}&brand=+Opel+&brand=Audi&make=Skoda`)).toEqual({ make: 'Opel' })
    expect(prefill('')).toEqual({})
  })

  it('passes markup through as text (React escapes it when shown), never as anything else', () => {
    expect(prefill('model=%3Cscript%3Ealert(1)%3C%2Fscript%3E')).toEqual({ model: '<script>alert(1)</script>' })
  })
})
