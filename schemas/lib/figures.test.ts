import { describe, expect, it } from 'vitest'
import {
  acceptsFigures,
  counterNamingFigure,
  figuresIn,
  figureUsage,
  figureUsageNote,
  figureValues,
  insertPlaceholder,
  placeholderRule,
  placeholdersExplained,
  unknownPlaceholders,
} from './figures'

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
    // Named as staff know them, not by their keys.
    expect(placeholderRule({ a: 'Seit {jahre} Jahren' })).toMatch(
      /^Unbekannte Kennzahl \{jahre\}\. Bitte entfernen und über „Kennzahl einfügen“ eine der Kennzahlen wählen: „Jahre Erfahrung“, „Fahrzeuge im Bestand“/,
    )
    expect(placeholderRule({ a: 'Seit {jahre} Jahren' })).not.toMatch(/\{yearsExperience\}/)
  })
})

describe('the Studio note on where a Kennzahl appears', () => {
  const usage = figureUsage([
    { ...page, _id: 'page-essen', title: 'Autoankauf Essen', path: '/locations/essen' },
    { ...page, _id: 'page-ankauf', title: 'Autoankauf', path: '/autoankauf' },
    { _id: 'homePage', _type: 'homePage', heroSlides: [{ subtitle: 'Lieferung bis {freeDeliveryKm} km' }] },
    { _id: 'page-new', _type: 'page', intro: 'Seit {yearsExperience} Jahren' },
    { _id: 'siteSettings', _type: 'siteSettings', seo: { description: 'ab {financingFromPercent} %' } },
  ])

  it('counts pages, and the settings apart', () => {
    expect(usage.freeDeliveryKm).toMatchObject({ pages: 3, inSettings: false })
    expect(usage.financingFromPercent).toEqual({ pages: 0, documents: [], inSettings: true })
    expect(usage.yearsExperience).toMatchObject({ pages: 1, inSettings: false })
    expect(usage.satisfactionPercent).toEqual({ pages: 0, documents: [], inSettings: false })
  })

  it('names the pages by title and path, the home page first, then by path', () => {
    expect(usage.freeDeliveryKm.documents).toEqual([
      { id: 'homePage', type: 'homePage', title: 'Startseite', path: '/' },
      { id: 'page-ankauf', type: 'page', title: 'Autoankauf', path: '/autoankauf' },
      { id: 'page-essen', type: 'page', title: 'Autoankauf Essen', path: '/locations/essen' },
    ])
    // The count and the list agree; the settings are not a page of their own.
    expect(usage.valuationHours.documents.map((document) => document.id)).toEqual(['page-ankauf', 'page-essen'])
    // A page not yet named or placed is still listed, by what it has.
    expect(usage.yearsExperience.documents).toEqual([{ id: 'page-new', type: 'page', title: 'Ohne Titel', path: '' }])
  })

  it('says it in German', () => {
    expect(figureUsageNote('freeDeliveryKm', usage.freeDeliveryKm)).toBe('Erscheint auf 3 Seiten.')
    expect(figureUsageNote('freeDeliveryKm', { pages: 1, documents: [], inSettings: false })).toBe('Erscheint auf 1 Seite.')
    expect(figureUsageNote('satisfactionPercent', usage.satisfactionPercent)).toBe('Erscheint derzeit auf keiner Seite.')
    expect(figureUsageNote('financingFromPercent', { pages: 8, documents: [], inSettings: true })).toBe(
      'Erscheint auf 8 Seiten, in den Texten der Einstellungen (auf jeder Seite) und im Finanzierungsbeispiel jeder Fahrzeugseite.',
    )
  })
})

describe('„Kennzahl einfügen“ in a plain text field', () => {
  it('replaces the selection with the placeholder and puts the cursor after it', () => {
    expect(insertPlaceholder('Lieferung bis  km', 'freeDeliveryKm', { start: 14, end: 14 })).toEqual({
      value: 'Lieferung bis {freeDeliveryKm} km',
      cursor: 30,
    })
    expect(insertPlaceholder('Lieferung bis 50 km', 'freeDeliveryKm', { start: 14, end: 16 })).toEqual({
      value: 'Lieferung bis {freeDeliveryKm} km',
      cursor: 30,
    })
    // A selection made backwards, or beyond the text, is the same range.
    expect(insertPlaceholder('ab  %', 'financingFromPercent', { start: 3, end: 3 }).value).toBe('ab {financingFromPercent} %')
    expect(insertPlaceholder('bis ', 'freeDeliveryKm', { start: 40, end: 2 }).value).toBe('bi{freeDeliveryKm}')
  })

  it('without a cursor, appends it after a space; an empty field gets the placeholder alone', () => {
    expect(insertPlaceholder('Seit', 'yearsExperience')).toEqual({ value: 'Seit {yearsExperience}', cursor: 22 })
    expect(insertPlaceholder('Seit ', 'yearsExperience').value).toBe('Seit {yearsExperience}')
    expect(insertPlaceholder(undefined, 'yearsExperience')).toEqual({ value: '{yearsExperience}', cursor: 17 })
  })
})

describe('figureValues', () => {
  it('takes the settings’ numbers, and the live count for an empty „Fahrzeuge im Bestand“', () => {
    expect(figureValues({ claims: { freeDeliveryKm: 50, unknown: 3, vehiclesSold: '2500' }, vehiclesOnSale: 23 })).toEqual({
      freeDeliveryKm: 50,
      vehiclesInStock: 23,
      reviewCount: 0,
    })
    expect(figureValues({ claims: { vehiclesInStock: 150 }, vehiclesOnSale: null })).toEqual({ vehiclesInStock: 150, reviewCount: 0 })
    expect(figureValues(null)).toEqual({ reviewCount: 0 })
  })

  it('computes the customer rating from the reviews (one decimal), and ignores one typed into the settings', () => {
    expect(figureValues({ claims: { customerRating: 5, reviewCount: 99 }, reviews: { count: 11, average: 49 / 11 } })).toEqual({
      customerRating: 4.5,
      reviewCount: 11,
    })
    // Without reviews there is no rating to claim.
    expect(figureValues({ claims: { customerRating: 4.8 }, reviews: { count: 0, average: null } })).toEqual({ reviewCount: 0 })
  })
})

describe('which fields offer „Kennzahl einfügen“', () => {
  const copy = { documentType: 'page', typeName: 'string', hasList: false }
  it('the copy of the home page, content pages and settings, in one-line and multi-line fields and lists of texts', () => {
    expect(acceptsFigures({ ...copy, path: ['sections', { _key: 'a' }, 'heading'] })).toBe(true)
    expect(acceptsFigures({ ...copy, typeName: 'text', documentType: 'homePage', path: ['heroSlides', { _key: 'a' }, 'subtitle'] })).toBe(true)
    expect(acceptsFigures({ ...copy, path: ['sections', { _key: 'a' }, 'checklist', 3] })).toBe(true)
    expect(acceptsFigures({ ...copy, documentType: 'siteSettings', path: ['tagline'] })).toBe(true)
  })

  it('not ids, paths, links, contact data, pick lists, other field types or other documents', () => {
    expect(acceptsFigures({ ...copy, path: ['path'] })).toBe(false)
    expect(acceptsFigures({ ...copy, path: ['sections', { _key: 'a' }, 'anchor'] })).toBe(false)
    expect(acceptsFigures({ ...copy, path: ['sections', { _key: 'a' }, 'buttons', { _key: 'b' }, 'target'] })).toBe(false)
    expect(acceptsFigures({ ...copy, documentType: 'siteSettings', path: ['phone'] })).toBe(false)
    expect(acceptsFigures({ ...copy, hasList: true, path: ['openingHours'] })).toBe(false)
    expect(acceptsFigures({ ...copy, typeName: 'url', path: ['website'] })).toBe(false)
    expect(acceptsFigures({ ...copy, documentType: 'vehicle', path: ['model'] })).toBe(false)
    expect(acceptsFigures({ ...copy, documentType: undefined, path: ['heading'] })).toBe(false)
  })

  it('not the names among the copy: the city of a city card, the occasion of a special day, the label of a counter, the alt text of an image (staff review 2026-11-30, N11)', () => {
    expect(acceptsFigures({ ...copy, path: ['location', 'name'] })).toBe(false)
    expect(acceptsFigures({ ...copy, documentType: 'siteSettings', path: ['specialOpeningHours', { _key: 'a' }, 'note'] })).toBe(false)
    expect(acceptsFigures({ ...copy, path: ['sections', { _key: 'a' }, 'items', { _key: 'b' }, 'label'] })).toBe(false)
    expect(acceptsFigures({ ...copy, documentType: 'homePage', path: ['stats', 'items', { _key: 'b' }, 'label'] })).toBe(false)
    expect(acceptsFigures({ ...copy, path: ['sections', { _key: 'a' }, 'image', 'alt'] })).toBe(false)
    // The same names elsewhere are copy: a section's note under a list, a button's label, a tier's name.
    expect(acceptsFigures({ ...copy, path: ['sections', { _key: 'a' }, 'note'] })).toBe(true)
    expect(acceptsFigures({ ...copy, path: ['sections', { _key: 'a' }, 'buttons', { _key: 'b' }, 'label'] })).toBe(true)
    expect(acceptsFigures({ ...copy, path: ['sections', { _key: 'a' }, 'tiers', { _key: 'b' }, 'name'] })).toBe(true)
    expect(acceptsFigures({ ...copy, path: ['sections', { _key: 'a' }, 'items', { _key: 'b' }, 'suffix'] })).toBe(false)
  })
})

describe('placeholders as staff know them', () => {
  it('name each figure of a text once, with its current value, German style', () => {
    expect(
      placeholdersExplained('Bis {freeDeliveryKm} km, ab {freePickupFromEur} €, {freeDeliveryKm} km, {lieferung}', {
        freeDeliveryKm: 50,
        freePickupFromEur: 5000,
      }),
    ).toEqual(['{freeDeliveryKm} = „Kostenlose Lieferung und Anfahrt bis (km)“ (50)', '{freePickupFromEur} = „Kostenlose Abholung ab (€)“ (5.000)'])
    // Before the values are read: the name alone.
    expect(placeholdersExplained('{vehiclesSold}+', {})).toEqual(['{vehiclesSold} = „Verkaufte Fahrzeuge“'])
  })
})

describe('a counter under a Kennzahl’s name', () => {
  it('is one whose number is typed and whose label is the figure’s name, without the unit in brackets', () => {
    expect(counterNamingFigure({ number: 2200, label: 'Verkaufte Fahrzeuge' })).toBe('vehiclesSold')
    expect(counterNamingFigure({ number: 99, label: 'kundenzufriedenheit ' })).toBe('satisfactionPercent')
    expect(counterNamingFigure({ number: 99, label: 'Kundenzufriedenheit in Dortmund' })).toBeUndefined()
    expect(counterNamingFigure({ figure: 'vehiclesSold', label: 'Verkaufte Fahrzeuge' })).toBeUndefined()
  })
})
