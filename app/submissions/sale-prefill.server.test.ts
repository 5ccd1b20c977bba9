import { describe, expect, it } from 'vitest'
import { salePrefill } from './sale-prefill.server.ts'

const prefill = (query: string) => salePrefill(new URLSearchParams(query))

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

  it('takes a mileage typed the German way, thousands grouped by dots or spaces, as the form does', () => {
    expect(prefill('mileage=123.456')).toEqual({ mileage: '123.456' })
    expect(prefill('mileage=123+456')).toEqual({ mileage: '123 456' })
    expect(prefill('mileage=123,5&year=2.017')).toEqual({})
  })

  it('drops each value its field’s rule refuses and keeps the others', () => {
    expect(prefill('brand=VW&year=1800&mileage=-5&phone=call+me&email=name%40web&model=Golf')).toEqual({ make: 'VW', model: 'Golf' })
    expect(prefill(`brand=${'x'.repeat(101)}&model=Golf%0AInjected`)).toEqual({})
    expect(prefill('fuel=Raketentreibstoff&gearbox=Automatik&postcode=4532')).toEqual({ gearbox: 'Automatik' })
  })

  it('ignores unknown parameters and over-long values, keeps the first of repeated ones, trims', () => {
    expect(prefill(`foo=bar&note=${'a'.repeat(501)}&brand=+Opel+&brand=Audi&make=Skoda`)).toEqual({ make: 'Opel' })
    expect(prefill('')).toEqual({})
  })

  it('passes markup through as text (React escapes it when shown), never as anything else', () => {
    expect(prefill('model=%3Cscript%3Ealert(1)%3C%2Fscript%3E')).toEqual({ model: '<script>alert(1)</script>' })
  })
})
