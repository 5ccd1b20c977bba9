import { describe, expect, it } from 'vitest'
import { readQuery, suggestedSearch, withReading } from '#app/vehicles/query-reading.ts'
import { displayTerm, searchWords } from '#app/vehicles/search-text.ts'

const limits = (search: string) => {
  const { priceFrom, priceTo, maxMileage, yearFrom, text } = readQuery(search)
  return { priceFrom, priceTo, maxMileage, yearFrom, text }
}

describe('readQuery: price phrases', () => {
  it.each([
    ['unter 20000', 20000],
    ['bis 20000', 20000],
    ['bis zu 20.000 €', 20000],
    ['max 20k', 20000],
    ['max. 25.000€', 25000],
    ['maximal 18 000 Euro', 18000],
    ['höchstens 9.999', 9999],
    ['bis €20.000', 20000],
    ['unter 20 Tsd', 20000],
    ['unter 12,5k', 12500],
    ['20k', 20000],
    ['15.000 €', 15000],
  ])('"%s" is a price ceiling of %i', (search, priceTo) => {
    expect(limits(search)).toEqual({ priceTo, text: '', priceFrom: undefined, maxMileage: undefined, yearFrom: undefined })
  })

  it('"ab N" and "über N" are a floor; both limits in one text', () => {
    expect(readQuery('ab 10000').priceFrom).toBe(10000)
    expect(readQuery('über 10.000 €').priceFrom).toBe(10000)
    expect(limits('Kombi ab 10.000 bis 15.000 €')).toMatchObject({ priceFrom: 10000, priceTo: 15000, text: 'Kombi' })
  })

  it('keeps the rest of the text and says how it read the phrase, with the text that undoes it', () => {
    const reading = readQuery('Diesel Kombi bis 30.000')
    expect(reading.text).toBe('Diesel Kombi')
    expect(reading.parts).toEqual([{ kind: 'priceTo', source: 'bis 30.000', label: 'Preis bis 30.000 €', without: 'Diesel Kombi', at: 13 }])
  })

  it('reads mileage with "km" and a first registration after "ab"', () => {
    expect(limits('unter 100.000 km')).toMatchObject({ maxMileage: 100000, priceTo: undefined, text: '' })
    expect(limits('Automatik ab 2018')).toMatchObject({ yearFrom: 2018, priceFrom: undefined, text: 'Automatik' })
    expect(limits('ab Baujahr 2015')).toMatchObject({ yearFrom: 2015 })
    expect(limits('ab 2018 €')).toMatchObject({ priceFrom: 2018, yearFrom: undefined })
  })

  it('reads „neuer als“, „jünger als“ and „nach“ a year as a first registration from the year after', () => {
    expect(limits('Kombi neuer als 2019')).toMatchObject({ yearFrom: 2020, text: 'Kombi' })
    expect(limits('jünger als Baujahr 2015 Diesel')).toMatchObject({ yearFrom: 2016, text: 'Diesel' })
    expect(limits('Golf nach 2018 unter 20000')).toMatchObject({ yearFrom: 2019, priceTo: 20000, text: 'Golf' })
    expect(readQuery('neuer als 2019').parts.map((part) => part.label)).toEqual(['Erstzulassung ab 2020'])
    // Of „ab 2021“ and „neuer als 2019“ the tighter applies, as for two „ab“.
    expect(limits('ab 2021 neuer als 2019')).toMatchObject({ yearFrom: 2021, text: '' })
    // Not a year: a price or a model number stays what it was.
    expect(limits('neuer als 20000')).toMatchObject({ yearFrom: undefined })
    expect(limits('Fahrt nach 320d')).toMatchObject({ yearFrom: undefined })
  })

  it('leaves numbers that are no price alone', () => {
    for (const search of ['Tesla Model 3', 'T6.1', 'Golf 1.5 TSI', 'bis 300', '718 Cayman', 'BMW 320d', 'Zoe R135 Z.E. 50', 'X5 xDrive45e']) {
      expect(limits(search)).toEqual({ text: search, priceFrom: undefined, priceTo: undefined, maxMileage: undefined, yearFrom: undefined })
    }
  })

  it('reads every phrase of a kind: the tighter applies, the other says so, and neither is left as words to search', () => {
    expect(limits('unter 20000 bis 30000')).toMatchObject({ priceTo: 20000, text: '' })
    expect(limits('unter 20000 bis 15000')).toMatchObject({ priceTo: 15000, text: '' })
    expect(readQuery('unter 20000 bis 15000').parts.map((part) => part.label)).toEqual(['Preis bis 20.000 € (die engere Grenze gilt)', 'Preis bis 15.000 €'])
    expect(limits('Kombi ab 2019 ab 2020 ab 10.000 € über 8.000 €')).toMatchObject({ yearFrom: 2020, priceFrom: 10000, text: 'Kombi' })
    expect(readQuery('bis 300 € im Monat Rate 250').maxRate).toBe(250)
    expect(readQuery('unter 50.000 km bis 50.000 km').parts.map((part) => part.label)).toEqual(['bis 50.000 km', 'bis 50.000 km'])
  })
})

describe('readQuery: series and generations', () => {
  it.each([
    ['BMW 3er', 'BMW 3er', '3er-Reihe'],
    ['3er-Reihe Touring', '3er Touring', '3er-Reihe'],
    ['C-Klasse', 'cklasse', 'C-Klasse'],
    ['c klasse diesel', 'cklasse diesel', 'C-Klasse'],
    ['golf 7', 'golf7', 'Golf 7 (Erstzulassung 2012–2020)'],
    ['Golf VII', 'golf7', 'Golf 7 (Erstzulassung 2012–2020)'],
    ['Golf7 Variant', 'golf7 Variant', 'Golf 7 (Erstzulassung 2012–2020)'],
    ['Golf 8', 'golf8', 'Golf 8 (Erstzulassung ab 2019)'],
  ])('"%s" is searched as "%s" (%s)', (search, text, label) => {
    const reading = readQuery(search)
    expect(reading.text).toBe(text)
    expect(reading.parts.map((part) => part.label)).toEqual([label])
  })

  it('does not read a trim or a class word as a series', () => {
    for (const search of ['Golf Variant', 'Golf 1.5 TSI', 'Mittelklasse', 'Oberklasse Limousine', '2 Erstbesitzer']) {
      expect(readQuery(search)).toMatchObject({ text: search, parts: [] })
    }
  })

  it('undoes one part or word and keeps the others as typed', () => {
    const reading = readQuery('Kombi golf 7 unter 15.000 € Navi')
    expect(reading.parts.map((part) => [part.label, part.without])).toEqual([
      ['Golf 7 (Erstzulassung 2012–2020)', 'Kombi unter 15.000 € Navi'],
      ['Preis bis 15.000 €', 'Kombi golf 7 Navi'],
    ])
    expect(reading.words).toEqual([
      { source: 'Kombi', without: 'golf 7 unter 15.000 € Navi', at: 0 },
      { source: 'Navi', without: 'Kombi golf 7 unter 15.000 €', at: 28 },
    ])
  })
})

describe('withReading', () => {
  it('puts the limits into the filters; the stricter wins over the URL', () => {
    const { state } = withReading({ search: 'Kombi bis 30.000', priceTo: 25000, sort: 'newest', page: 1 })
    expect(state).toMatchObject({ search: 'Kombi', priceTo: 25000 })
    expect(withReading({ search: 'unter 20000', priceTo: 25000, sort: 'newest', page: 1 }).state).toMatchObject({ search: undefined, priceTo: 20000 })
  })

  it('changes nothing without a search text', () => {
    const state = { priceTo: 25000, sort: 'newest' as const, page: 1 }
    expect(withReading(state).state).toBe(state)
  })
})

describe('suggestedSearch ("Meinten Sie …?" of an empty result)', () => {
  const suggest = (search: string, corrections: Array<{ from: string; to: string }>, unmatched: string[]) =>
    suggestedSearch(readQuery(search), { corrections, unmatched }, (word) => searchWords(word)[0], displayTerm)

  it('drops the words that matched nothing and spells out the corrections', () => {
    expect(suggest('Kombie Lamborghini', [{ from: 'kombie', to: 'kombi' }], ['lamborghini'])).toEqual({ text: 'Kombi', corrected: true })
    expect(suggest('Mercedez golf 6 unter 20.000 €', [{ from: 'mercedez', to: 'mercedes' }], ['golf6'])).toEqual({
      text: 'Mercedes unter 20.000 €',
      corrected: true,
    })
  })

  it('says when it only drops words: a wider search, not a spelling ("VW Polo unter 10000" without a Polo in stock)', () => {
    expect(suggest('VW Polo unter 10000', [], ['vw', 'polo'])).toEqual({ text: 'unter 10000', corrected: false })
  })

  it('offers nothing when nothing is dropped or nothing would be left', () => {
    expect(suggest('Kombie Elektro', [{ from: 'kombie', to: 'kombi' }], [])).toBeUndefined()
    expect(suggest('Zeppelin', [], ['zeppelin'])).toBeUndefined()
  })
})

describe('readQuery: intent words (decision 070)', () => {
  const read = (search: string) => {
    const reading = readQuery(search)
    return { text: reading.text, labels: reading.parts.map((part) => part.label), priceTo: reading.priceTo, yearFrom: reading.yearFrom }
  }

  it.each([
    ['Familienauto', 'i0familienauto', 'Familienauto: Kombi, Van oder SUV ab 5 Sitzplätzen'],
    ['Familienwagen', 'i0familienauto', 'Familienauto: Kombi, Van oder SUV ab 5 Sitzplätzen'],
    ['Anfängerauto', 'i0anfangerauto', 'Anfängerauto: Kleinwagen bis 120 PS'],
    ['Auto für Fahranfänger', 'Auto für i0anfangerauto', 'Anfängerauto: Kleinwagen bis 120 PS'],
    ['7-Sitzer', 'i0sitze7', 'ab 7 Sitzplätzen'],
    ['7 Sitzer', 'i0sitze7', 'ab 7 Sitzplätzen'],
    ['Siebensitzer', 'i0sitze7', 'ab 7 Sitzplätzen'],
    ['Zweisitzer', 'i0sitze2', '2 Sitzplätze'],
    ['Allrad', 'i0allrad', 'Allrad (4MOTION, xDrive, quattro, 4MATIC, 4x4)'],
    ['4x4', 'i0allrad', 'Allrad (4MOTION, xDrive, quattro, 4MATIC, 4x4)'],
    ['Bulli', 'i0bulli', 'Bulli: VW Transporter, Multivan, Caravelle oder California'],
    ['VW Bus', 'i0bulli', 'Bulli: VW Transporter, Multivan, Caravelle oder California'],
    ['Garantie', 'i0garantie', 'mit Garantie'],
    ['unfallfreie', 'i0unfallfrei', 'Unfallfrei'],
    ['MwSt ausweisbar', 'i0mwst', 'MwSt. ausweisbar'],
    ['MwSt. ausweisbar', 'i0mwst', 'MwSt. ausweisbar'],
    ['Mehrwertsteuer', 'i0mwst', 'MwSt. ausweisbar'],
    ['Euro 6', 'i0euro6', 'Schadstoffklasse Euro 6'],
    ['Euro6', 'i0euro6', 'Schadstoffklasse Euro 6'],
    ['EURO-6', 'i0euro6', 'Schadstoffklasse Euro 6'],
    ['Euro VI', 'i0euro6', 'Schadstoffklasse Euro 6'],
    ['Euro 6c', 'i0euro6', 'Schadstoffklasse Euro 6'],
    ['Schadstoffklasse 6', 'i0euro6', 'Schadstoffklasse Euro 6'],
    ['Euro 6d', 'i0euro6d', 'Schadstoffklasse Euro 6d-TEMP oder neuer'],
    ['Euro 6d-TEMP', 'i0euro6d', 'Schadstoffklasse Euro 6d-TEMP oder neuer'],
    ['euro 6 d temp', 'i0euro6d', 'Schadstoffklasse Euro 6d-TEMP oder neuer'],
  ])('"%s" is searched as %s and shown as „%s“', (search, text, label) => {
    expect(read(search)).toMatchObject({ text, labels: [label] })
  })

  it('„günstig“ is a price ceiling unless the buyer typed one, which then wins', () => {
    expect(read('günstiger Diesel')).toEqual({ text: 'Diesel', labels: ['günstig: Preis bis 15.000 €'], priceTo: 15000, yearFrom: undefined })
    expect(read('billig')).toMatchObject({ text: '', priceTo: 15000 })
    expect(read('günstig bis 20000')).toMatchObject({ text: '', priceTo: 20000, labels: ['günstig (Ihre Preisgrenze gilt)', 'Preis bis 20.000 €'] })
  })

  it.each(['wenig Kilometer', 'wenig km', 'wenige Kilometer', 'geringe Laufleistung', 'niedriger Kilometerstand', 'kaum gefahren'])(
    '„%s“ is a mileage ceiling of 50.000 km',
    (search) => {
      expect(read(`Kombi ${search}`)).toMatchObject({ text: 'Kombi', labels: ['wenig Kilometer: bis 50.000 km'] })
      expect(limits(`Kombi ${search}`).maxMileage).toBe(50000)
    },
  )

  it('a mileage the buyer typed wins over „wenig Kilometer“, and a price over „günstig“ beside it', () => {
    expect(limits('wenig km unter 30.000 km')).toMatchObject({ maxMileage: 30000, text: '' })
    expect(read('wenig km unter 30.000 km').labels).toEqual(['wenig Kilometer (Ihre Kilometergrenze gilt)', 'bis 30.000 km'])
    expect(limits('günstig mit wenig Kilometern')).toMatchObject({ priceTo: 15000, maxMileage: 50000 })
    expect(limits('Wenigfahrer')).toMatchObject({ maxMileage: undefined, text: 'Wenigfahrer' })
  })

  it('„Baujahr 2019“ and „EZ 2020“ read like „ab 2019“, and the label says so', () => {
    expect(read('Baujahr 2019')).toMatchObject({ text: '', yearFrom: 2019, labels: ['Erstzulassung ab 2019'] })
    expect(read('Kombi EZ 2020')).toMatchObject({ text: 'Kombi', yearFrom: 2020 })
  })

  it('leaves words that only contain an intent alone', () => {
    expect(read('Familienvater Garantiezeit')).toMatchObject({ text: 'Familienvater Garantiezeit', labels: [] })
  })
})

describe('readQuery: a monthly budget (issue 38 item 3, decision 083)', () => {
  it.each([
    ['bis 300 € im Monat', 300],
    ['300 Euro monatlich', 300],
    ['Rate 250', 250],
    ['Monatsrate bis 300 €', 300],
    ['max. 250 € mtl.', 250],
    ['300€/Monat', 300],
    ['unter 199 Euro pro Monat', 199],
    ['monatlich 200 Euro', 200],
    ['höchstens 1.000 € im Monat', 1000],
  ])('"%s" is a rate of at most %i € and no price', (search, maxRate) => {
    const { priceFrom, priceTo, text } = readQuery(search)
    expect({ maxRate: readQuery(search).maxRate, priceFrom, priceTo, text }).toEqual({ maxRate, priceFrom: undefined, priceTo: undefined, text: '' })
  })

  it('„bis 600 € im Monat“ is a rate, never a price of 600 €; the rest of the text is searched, both limits apply', () => {
    const reading = readQuery('Kombi bis 600 € im Monat')
    expect(reading).toMatchObject({ maxRate: 600, text: 'Kombi' })
    expect(reading.priceTo).toBeUndefined()
    expect(reading.parts).toEqual([{ kind: 'maxRate', source: 'bis 600 € im Monat', label: 'Monatsrate bis 600 €', without: 'Kombi', at: 6 }])
    expect(readQuery('Automatik unter 20.000 € Rate 250')).toMatchObject({ priceTo: 20000, maxRate: 250, text: 'Automatik' })
  })

  it('a rate in the text and one in the filter: the stricter counts', () => {
    expect(withReading({ search: 'bis 300 € im Monat', maxRate: 250, sort: 'newest', page: 1 }).state).toMatchObject({ maxRate: 250, search: undefined })
    expect(withReading({ search: 'Rate 200', maxRate: 250, sort: 'newest', page: 1 }).state.maxRate).toBe(200)
  })

  it('leaves words that only look like it alone', () => {
    for (const search of ['Monatswagen', 'Rate', 'Zoe R135', 'bis 300']) expect(readQuery(search).maxRate).toBeUndefined()
  })
})
