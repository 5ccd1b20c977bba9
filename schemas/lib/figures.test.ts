import { describe, expect, it } from 'vitest'
import { figuresIn, figureUsage, figureUsageNote, placeholderRule, unknownPlaceholders } from './figures'

const page = {
  _type: 'page',
  seo: { description: 'Lieferung bis {freeDeliveryKm} km' },
  sections: [
    { _type: 'richTextSection', body: [{ _type: 'block', children: [{ _type: 'figure', key: 'valuationHours' }] }] },
    {
      _type: 'statsSection',
      items: [
        { _type: 'statItem', figure: 'vehiclesSold' },
        { _type: 'statItem', number: 650 },
      ],
    },
  ],
}

describe('figuresIn', () => {
  it('finds a figure in all three forms: placeholder, inline „Kennzahl“, counter', () => {
    expect([...figuresIn(page)].sort()).toEqual(['freeDeliveryKm', 'valuationHours', 'vehiclesSold'])
  })

  it('ignores what only looks like one', () => {
    expect(figuresIn({ text: '{lieferung} und {} und { freeDeliveryKm }', item: { _type: 'statItem', figure: 'nope' } }).size).toBe(0)
  })
})

describe('unknown placeholders', () => {
  it('are any text in braces that names no figure', () => {
    expect(unknownPlaceholders({ a: 'ab {freePickupFromEur} €', b: ['{lieferung}', '{}', '{lieferung}'] })).toEqual(['{lieferung}', '{}'])
    expect(placeholderRule(page)).toBe(true)
    expect(placeholderRule({ a: 'Seit {jahre} Jahren' })).toMatch(/^Unbekannte Kennzahl \{jahre\}\. Erlaubt sind: \{yearsExperience\}, \{vehiclesInStock\}/)
  })
})

describe('the Studio note on where a Kennzahl appears', () => {
  const usage = figureUsage([page, { ...page, _id: 'other' }, { _type: 'siteSettings', seo: { description: 'ab {financingFromPercent} %' } }])

  it('counts pages, and the settings apart', () => {
    expect(usage.freeDeliveryKm).toEqual({ pages: 2, inSettings: false })
    expect(usage.financingFromPercent).toEqual({ pages: 0, inSettings: true })
    expect(usage.yearsExperience).toEqual({ pages: 0, inSettings: false })
  })

  it('says it in German', () => {
    expect(figureUsageNote('freeDeliveryKm', usage.freeDeliveryKm)).toBe('Erscheint auf 2 Seiten.')
    expect(figureUsageNote('freeDeliveryKm', { pages: 1, inSettings: false })).toBe('Erscheint auf 1 Seite.')
    expect(figureUsageNote('yearsExperience', usage.yearsExperience)).toBe('Erscheint derzeit auf keiner Seite.')
    expect(figureUsageNote('financingFromPercent', { pages: 8, inSettings: true })).toBe(
      'Erscheint auf 8 Seiten, in den Texten der Einstellungen (auf jeder Seite) und im Finanzierungsbeispiel jeder Fahrzeugseite.',
    )
  })
})
