import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { renderToString } from 'react-dom/server'
import { Outlet } from 'react-router-dom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FIGURE_DOCUMENT_TYPES,
  FIGURE_KEYS,
  FIGURE_USAGE_QUERY,
  FIGURE_VALUES_QUERY,
  figureUsage,
  isComputedFigure,
  type ComputedFigureKey,
  type FigureKey,
  typedCompanyFigures,
} from '#schemas/lib/figures.ts'
import { readSeed } from '#schemas/testing/dataset.ts'
import { loader as rootLoader } from '#app/root.tsx'
import ContentPageRoute, { loader as pageLoader } from '#app/routes/$.tsx'
import HomePage, { loader as homeLoader } from '#app/routes/_index.tsx'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { CONTENT_ROUTES } from '#tests/content-routes.ts'
import { fetchFigures, representativeExampleNote, resolveFigures } from './figures.server'
import { type FinancedExample } from '#app/vehicles/financing.ts'
import { createIfNotExists, patchDocument } from '#app/lake/lake.server.ts'
import { FIGURES_QUERY } from './queries/site.ts'

describe('the Studio’s previews', () => {
  it('read the figures with the site’s own query, so they show what visitors read', () => {
    const normalized = (query: string) => query.replace(/\s+/g, ' ').trim()
    expect(normalized(FIGURE_VALUES_QUERY)).toBe(normalized(FIGURES_QUERY))
  })
})

describe('resolveFigures', () => {
  const figures = { freeDeliveryKm: 50, vehiclesSold: 2500, financingFromPercent: 2.9, valuationHours: 24 }

  it('writes the values into placeholders, German style, and leaves other text alone', () => {
    expect(resolveFigures('Lieferung bis {freeDeliveryKm}\u00a0km, {vehiclesSold}+ verkauft, ab {financingFromPercent} %', figures)).toBe(
      'Lieferung bis 50\u00a0km, 2.500+ verkauft, ab 2,9 %',
    )
    expect(resolveFigures({ a: ['{valuationHours} Stunden', 7, null] }, figures)).toEqual({ a: ['24 Stunden', 7, null] })
  })

  it('keeps a placeholder without a value visible instead of writing „undefined“', () => {
    expect(resolveFigures('{yearsExperience}+ Jahre, {lieferung}', figures)).toBe('{yearsExperience}+ Jahre, {lieferung}')
  })

  it('turns an inline „Kennzahl“ into text and gives a counter its number', () => {
    const block = {
      _type: 'block',
      children: [
        { _key: 'a', _type: 'span', text: 'Bis ', marks: [] },
        { _key: 'b', _type: 'figure', key: 'freeDeliveryKm' },
        { _key: 'c', _type: 'span', text: '\u00a0km', marks: [] },
      ],
    }
    expect(resolveFigures(block, figures).children[1]).toEqual({ _key: 'b', _type: 'span', text: '50', marks: [] })
    expect(resolveFigures({ _type: 'statItem', figure: 'vehiclesSold', number: null, suffix: '+' }, figures)).toEqual({
      _type: 'statItem',
      figure: 'vehiclesSold',
      number: 2500,
      suffix: '+',
    })
    // A counter with its own number keeps it.
    expect(resolveFigures({ _type: 'statItem', figure: null, number: 650 }, figures).number).toBe(650)
  })
})

describe('the advertised rate’s footnote mark (PAngV § 17 Abs. 4; copy review 2026-11-29, H2; decision 111)', () => {
  const figures = { freeDeliveryKm: 50, financingFromPercent: 2.9 }
  const page = {
    title: 'Finanzierung ab {financingFromPercent} %',
    parents: [{ title: 'Leistungen ab {financingFromPercent} %', path: '/services' }],
    seo: { title: 'Ab {financingFromPercent} % finanzieren', description: 'Finanzierung ab {financingFromPercent} % und Lieferung bis {freeDeliveryKm} km.' },
    sections: [
      {
        _type: 'heroSection',
        subtitle: 'Finanzierung ab {financingFromPercent}\u00a0% effektivem Jahreszins',
        checklist: ['Finanzierung ab {financingFromPercent} %', 'Lieferung bis {freeDeliveryKm}\u00a0km', 'Zins {financingFromPercent} Prozent'],
        cards: [{ _key: 'c', _type: 'serviceCard', title: 'AB {financingFromPercent} %', seo: { description: 'ab {financingFromPercent} %' } }],
      },
    ],
  }

  it('marks every mention in the copy behind its unit, and records the figure; the search texts and the page’s name stay bare', () => {
    const footnotes = new Set<FigureKey>()
    const resolved = resolveFigures(page, figures, footnotes)
    expect(footnotes).toEqual(new Set(['financingFromPercent']))
    const [hero] = resolved.sections
    expect(hero?.subtitle).toBe('Finanzierung ab 2,9\u00a0%* effektivem Jahreszins')
    expect(hero?.checklist).toEqual(['Finanzierung ab 2,9 %*', 'Lieferung bis 50\u00a0km', 'Zins 2,9* Prozent'])
    // A card's title is copy (and a heading: soft hyphens only in long words).
    expect(hero?.cards[0]?.title).toBe('AB 2,9 %*')
    // <title>, meta description, breadcrumbs and structured data: no mark.
    expect(resolved.title).toBe('Finanzierung ab 2,9 %')
    expect(resolved.parents[0]?.title).toBe('Leistungen ab 2,9 %')
    expect(resolved.seo).toEqual({ title: 'Ab 2,9 % finanzieren', description: 'Finanzierung ab 2,9 % und Lieferung bis 50 km.' })
    expect(hero?.cards[0]?.seo.description).toBe('ab 2,9 %')
  })

  it('a page without the rate records nothing; without the set (the site settings) nothing is marked', () => {
    const footnotes = new Set<FigureKey>()
    expect(resolveFigures({ sections: [{ text: 'Lieferung bis {freeDeliveryKm} km' }] }, figures, footnotes)).toEqual({
      sections: [{ text: 'Lieferung bis 50 km' }],
    })
    expect(footnotes.size).toBe(0)
    expect(resolveFigures({ footerText: 'Finanzierung ab {financingFromPercent} %' }, figures)).toEqual({ footerText: 'Finanzierung ab 2,9 %' })
    // A rate without a value stays visible as its placeholder, unmarked and not recorded.
    expect(resolveFigures({ text: 'ab {financingFromPercent} %' }, {}, footnotes)).toEqual({ text: 'ab {financingFromPercent} %' })
    expect(footnotes.size).toBe(0)
  })

  it('an inline „Kennzahl“ in formatted text gets the mark behind the per cent sign of the next span, else behind the number', () => {
    const footnotes = new Set<FigureKey>()
    const block = (after: string) => ({
      _type: 'block',
      children: [
        { _key: 'a', _type: 'span', text: 'Finanzierung ab ', marks: [] },
        { _key: 'b', _type: 'figure', key: 'financingFromPercent' },
        { _key: 'c', _type: 'span', text: after, marks: [] },
      ],
    })
    const text = (value: { children: Array<{ text?: string }> }) => value.children.map((span) => span.text).join('')
    expect(text(resolveFigures(block('\u00a0% effektiv.'), figures, footnotes))).toBe('Finanzierung ab 2,9\u00a0%* effektiv.')
    expect(text(resolveFigures(block(' Prozent.'), figures, footnotes))).toBe('Finanzierung ab 2,9* Prozent.')
    expect(footnotes).toEqual(new Set(['financingFromPercent']))
    // Other figures and an unmarked read: no mark.
    expect(text(resolveFigures(block('\u00a0% effektiv.'), figures))).toBe('Finanzierung ab 2,9\u00a0% effektiv.')
  })
})

/** The settings' own texts (footer, default description): on every page, checked once. */
const SETTINGS = '(Einstellungen)'

/** Every page of the site as the server renders it (HTML text plus title and description), and the settings' texts. */
async function renderSite(test: TestLake): Promise<Map<string, string>> {
  const context = { lake: test.lake, env: test.env }
  const unwrap = (result: unknown) => (typeof result === 'object' && result !== null && 'init' in result && 'data' in result ? result.data : result)
  const routes = [
    {
      id: 'root',
      path: '/',
      loader: ({ request }: { request: Request }) => rootLoader({ request, params: {}, context }),
      element: <Outlet />,
      children: [
        { index: true, loader: ({ request }: { request: Request }) => homeLoader({ request, params: {}, context }), element: <HomePage /> },
        {
          path: '*',
          loader: async ({ request, params }: { request: Request; params: Record<string, string | undefined> }) =>
            unwrap(await pageLoader({ request, params, context })),
          element: <ContentPageRoute />,
        },
      ],
    },
  ]
  const handler = createStaticHandler(routes)
  const pages = new Map<string, string>()
  for (const path of ['/', ...CONTENT_ROUTES]) {
    const state = await handler.query(new Request(`http://localhost${path}`))
    if (state instanceof Response) throw new Error(`${path} answered ${state.status}`)
    const html = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, state)} context={state} hydrate={false} />)
    const data = state.loaderData as Record<string, { settings?: Record<string, unknown>; home?: { seo?: unknown }; page?: { seo?: unknown } }>
    const seo = JSON.stringify([data['0-0']?.home?.seo, data['0-1']?.page?.seo])
    if (path === '/') {
      const { tagline, footerText, seo } = data.root?.settings ?? {}
      pages.set(SETTINGS, JSON.stringify([tagline, footerText, seo]).replace(/\\u00a0|\u00a0/g, ' '))
    }
    const text = html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
    pages.set(path, `${text} ${seo.replace(/\u00a0|\\u00a0/g, ' ')}`)
  }
  return pages
}

/**
 * The figures as a reader finds them in the seed's copy (old) and after staff changed every
 * Kennzahl (new), and the texts of a page's own figures that happen to share the old value.
 */
type EditableFigure = Exclude<FigureKey, ComputedFigureKey>
const CHANGES: Record<EditableFigure, { value: number; old: RegExp; new: RegExp; own?: RegExp }> = {
  yearsExperience: { value: 37, old: /(?<![\d.,])15 ?\+/g, new: /(?<![\d.,])37 ?\+/g },
  vehiclesInStock: {
    value: 431,
    old: /(?<![\d.,])150(?![\d.,])/g,
    new: /(?<![\d.,])431(?![\d.,])/g,
    // Xanten's own figures: vehicles sold there, not the stock.
    own: /150 ?\+ ?(verkaufte Fahrzeuge|Gebrauchtwagen verkauft)/g,
  },
  vehiclesSold: {
    value: 8642,
    old: /(?<![\d.,])2\.?500(?![\d.,])/g,
    new: /(?<![\d.,])8\.642(?![\d.,])/g,
    // The purchase page counts cars bought: the Kennzahl „Angekaufte Fahrzeuge“, with the same seed value.
    own: /2\.?500 ?\+ ?Fahrzeuge angekauft/g,
  },
  // The spec's own figures of /locations and /services/autoankauf, Kennzahlen since issue 36.
  vehiclesSoldLocations: { value: 2871, old: /(?<![\d.,])2\.?200(?![\d.,])/g, new: /(?<![\d.,])2\.871(?![\d.,])/g },
  vehiclesBought: { value: 3170, old: /(?<![\d.,])2\.?500 ?\+ ?Fahrzeuge angekauft/g, new: /(?<![\d.,])3\.170 ?\+ ?Fahrzeuge angekauft/g },
  happyCustomers: { value: 2345, old: /(?<![\d.,])1\.?800(?![\d.,])/g, new: /(?<![\d.,])2\.345(?![\d.,])/g },
  citiesServed: { value: 17, old: /(?<![\d.,])12 ?Städte/g, new: /(?<![\d.,])17 ?Städte/g },
  catchmentKm: { value: 104, old: /(?<![\d.,])95 ?km ?Einzugsgebiet/g, new: /(?<![\d.,])104 ?km ?Einzugsgebiet/g },
  satisfactionPercent: { value: 83, old: /(?<![\d.,])98 ?%/g, new: /(?<![\d.,])83 ?%/g },
  financingFromPercent: { value: 4.7, old: /(?<![\d.,])2,9 ?%/g, new: /(?<![\d.,])4,7 ?%/g },
  freeDeliveryKm: { value: 73, old: /(?<![\d.,])50 ?-?km/g, new: /(?<![\d.,])73 ?-?km/g },
  freePickupFromEur: { value: 6100, old: /(?<![\d.,])5\.000 ?€/g, new: /(?<![\d.,])6\.100 ?€/g },
  valuationHours: {
    value: 19,
    old: /(?<![\d.,:])24 ?(Stunden|h)(?![\p{L}])/gu,
    new: /(?<![\d.,:])19 ?(Stunden|h)(?![\p{L}])/gu,
    // The about page promises a call back within a day: not the valuation.
    own: /Rückruf innerhalb von 24 Stunden/g,
  },
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0
const EDITABLE = FIGURE_KEYS.filter((key): key is EditableFigure => !isComputedFigure(key))
const figureCount = (text: string, key: EditableFigure, which: 'old' | 'new') => {
  const { own } = CHANGES[key]
  return count(text, CHANGES[key][which]) - (which === 'old' && own ? count(text, own) : 0)
}

describe('company figures in the seed', () => {
  const documents = readSeed().filter((document) => FIGURE_DOCUMENT_TYPES.includes(document._type))

  it('are never typed: every count the site states outside a city page, and every counter under a Kennzahl’s name, is a Kennzahl', () => {
    const typed = documents.flatMap((document) => typedCompanyFigures(document).map((found) => `${String(document.path ?? document._id)}: ${found}`))
    expect(typed).toEqual([])
  })

  it('keep the spec’s figures as the seed values of their Kennzahlen: 2.200+ on /locations, 2.500+ and 1.800+ on /services/autoankauf', () => {
    const claims = documents.find((document) => document._id === 'siteSettings')?.claims
    expect(claims).toMatchObject({
      vehiclesSold: 2500,
      vehiclesSoldLocations: 2200,
      vehiclesBought: 2500,
      happyCustomers: 1800,
      citiesServed: 12,
      catchmentKm: 95,
    })
    const counters = (path: string) => JSON.stringify(documents.find((document) => document.path === path)?.sections).match(/"_type":"statItem"[^}]*/g)
    expect(counters('/locations')?.join()).toMatch(/"figure":"vehiclesSoldLocations","suffix":"\+","label":"verkaufte Fahrzeuge"/)
    expect(counters('/services/autoankauf')?.join()).toMatch(/"figure":"vehiclesBought","suffix":"\+","label":"Fahrzeuge angekauft"/)
  })

  it('label each counter as the phrase a screen reader hears after its number, in natural case: „2.500+ verkaufte Fahrzeuge“, „95 % zufriedene Studierende“ (copy review 2026-11-29, L13)', () => {
    const labels = documents.flatMap((document) =>
      [...JSON.stringify(document).matchAll(/"_type":"statItem"[^}]*?"label":"([^"]*)"/g)].map((match) => match[1]),
    )
    expect(labels.length).toBeGreaterThan(40)
    // The page shows labels in capitals; an adjective leading the phrase is written small, and none stands alone.
    expect(labels.filter((label) => /^(Verkaufte|Angekaufte|Zufriedene|Kostenlose?|Geprüfte)\b/.test(label!))).toEqual([])
    expect(labels).not.toContain('zufrieden')
    const student = documents.find((document) => document.path === '/locations/muenster/studenten-autoankauf')
    expect(JSON.stringify(student)).toContain('"number":95,"suffix":"%","label":"zufriedene Studierende"')
  })

  it('the rule catches what issue 36 found: a typed 2200 „Verkaufte Fahrzeuge“ on /locations, a typed 2.500+ in a text', () => {
    expect(
      typedCompanyFigures({ _type: 'page', path: '/locations', sections: [{ _type: 'statItem', number: 2200, suffix: '+', label: 'Verkaufte Fahrzeuge' }] }),
    ).toEqual(['counter 2200+ „Verkaufte Fahrzeuge“'])
    expect(typedCompanyFigures({ _type: 'homePage', text: 'Über 2.500+ Autos verkauft' })).toEqual(['text „Über 2.500+ Autos verkauft“'])
    // A city page's own figures are listed on it, where staff look for them; under a Kennzahl's name they still count.
    expect(
      typedCompanyFigures({
        _type: 'page',
        path: '/locations/dortmund',
        customers: '650+ Kunden',
        sections: [{ _type: 'statItem', number: 99, suffix: '%', label: 'Kundenzufriedenheit in Dortmund' }],
      }),
    ).toEqual([])
    expect(
      typedCompanyFigures({
        _type: 'page',
        path: '/locations/dortmund',
        sections: [{ _type: 'statItem', number: 99, suffix: '%', label: 'Kundenzufriedenheit' }],
      }),
    ).toEqual(['counter 99% „Kundenzufriedenheit“'])
  })
})

describe.each(BACKENDS)('Kennzahlen on every page, %s lake', (backend) => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake(backend)
  })
  afterAll(() => test.close())

  it('staff change each Kennzahl once: every page that showed the old value shows the new one, and none the old', async () => {
    const before = await renderSite(test)
    const usage = figureUsage(await test.lake.fetch<Array<{ _type: string }>>(FIGURE_USAGE_QUERY))
    await patchDocument(test.lake, 'siteSettings', {
      set: Object.fromEntries(EDITABLE.map((key) => [`claims.${key}`, CHANGES[key].value])),
    })
    const after = await renderSite(test)

    for (const key of EDITABLE) {
      const showedOld = [...before].filter(([, text]) => figureCount(text, key, 'old') > 0).map(([path]) => path)
      const showsNew = [...after].filter(([, text]) => figureCount(text, key, 'new') > 0).map(([path]) => path)
      expect(showedOld.length, key).toBeGreaterThan(0)
      expect(showsNew, key).toEqual(showedOld)
      for (const [path, text] of after) {
        expect(figureCount(text, key, 'old'), `${key}: old value left on ${path}`).toBe(0)
        // As often as before: no reference got lost on the way.
        expect(figureCount(text, key, 'new'), `${key} on ${path}`).toBe(figureCount(before.get(path)!, key, 'old'))
      }
      // The Studio's note counts the same pages.
      expect(usage[key].pages, key).toBe(showedOld.filter((path) => path !== SETTINGS).length)
      expect(usage[key].inSettings, key).toBe(showedOld.includes(SETTINGS))
    }
  }, 120_000)

  it('long words in headings reach the HTML with soft hyphens at their hyphenation points (decision 102); page titles stay as typed', async () => {
    const site = await renderSite(test)
    // The tablet review's two: a card on /services at 1024 px, a card on /locations/dortmund at 768 px.
    expect(site.get('/services')).toContain('FAHR\u00ADZEUG\u00ADBE\u00ADWER\u00ADTUNG')
    expect(site.get('/locations/dortmund')).toContain('Geprüft und nach\u00ADvoll\u00ADzieh\u00ADbar')
    expect(site.get('/services')).not.toContain('FAHRZEUGBEWERTUNG')
    // A button's label too (decision 110: a card's button at a larger default font on a phone).
    expect(site.get('/locations/dortmund')).toContain('IN\u00ADZAH\u00ADLUNG\u00ADNAH\u00ADME ANFRAGEN')
    // The hero's title lines from 8 letters on: twice a heading's size, „AUTOANKAUF“ fills a phone's line at 24 px.
    expect(site.get('/')).toContain('AU\u00ADTO\u00ADAN\u00ADKAUF')
    expect(site.get('/')).toContain('FI\u00ADNAN\u00ADZIE\u00ADRUNG')
    // The page's SEO title (its <title>) is no heading: as typed.
    expect(site.get('/locations/dortmund')).toContain('"title":"Autoankauf Dortmund: für Pendler & Familien | Ruhrstern"')
  })

  it('the customer rating is the average of the reviews: a new review changes the counter, the search text and the reviews section', async () => {
    const locations = async () => (await renderSite(test)).get('/locations')!
    // The seed's ten reviews average 4.8 (the spec's figure), typed nowhere.
    expect(await locations()).toMatch(/4,8 ?\/5 Kundenbewertung/)
    // The stat band names its source (issue 36): the count and the platforms of the reviews.
    expect(await locations()).toMatch(/4,8 ?\/5 Kundenbewertung aus 10 Bewertungen auf Google und mobile\.de/)
    expect(await locations()).toContain('Kundenbewertung 4,8 von 5.')
    expect(await locations()).toMatch(/4,8 von 5 Sternen aus 10 Bewertungen auf Google und mobile\.de/)
    // A value typed into the settings does not override the reviews.
    await patchDocument(test.lake, 'siteSettings', { set: { 'claims.customerRating': 5 } })
    await createIfNotExists(test.lake, {
      _id: 'review-new',
      _type: 'review',
      authorName: 'Uwe',
      date: '2026-11-20',
      rating: 1,
      text: 'Auf den Rückruf habe ich eine Woche gewartet.',
      source: 'google',
      sourceUrl: 'https://www.google.com/maps',
    })
    // (8 × 5 + 2 × 4 + 1) / 11 = 4.45…, shown as 4,5.
    const after = await locations()
    expect(after).toMatch(/4,5 ?\/5 Kundenbewertung aus 11 Bewertungen auf Google und mobile\.de/)
    expect(after).toContain('Kundenbewertung 4,5 von 5.')
    expect(after).toMatch(/4,5 von 5 Sternen aus 11 Bewertungen/)
    expect(after).toContain('Auf den Rückruf habe ich eine Woche gewartet.')
    expect(after).not.toMatch(/4,8/)
  }, 120_000)

  it('shows the live number of vehicles on sale when „Fahrzeuge im Bestand“ is left empty', async () => {
    await patchDocument(test.lake, 'siteSettings', { unset: ['claims.vehiclesInStock'] })
    const onSale = await test.lake.fetch<number>('count(*[_type == "vehicle" && status != "sold"])')
    expect(onSale).toBeGreaterThan(0)
    expect((await fetchFigures(test.lake)).vehiclesInStock).toBe(onSale)
    const home = (await homeLoader({ request: new Request('http://localhost/'), params: {}, context: { lake: test.lake, env: test.env } })).home
    expect(home.stats?.items?.find((item) => item.figure === 'vehiclesInStock')?.number).toBe(onSale)
    // A car sold: one fewer, whether the count comes from Sanity's GROQ or the embedded lake's vehicle index.
    const [carOnSale] = await test.lake.fetch<string[]>('*[_type == "vehicle" && status != "sold"][0..0]._id')
    await patchDocument(test.lake, carOnSale!, { set: { status: 'sold' } })
    expect((await fetchFigures(test.lake)).vehiclesInStock).toBe(onSale - 1)
  })
})

/** An example whose last rate settles the rounding (figures made up, the note only formats them). */
const example: FinancedExample = {
  status: 'financed',
  price: 20_000,
  downPayment: 4_000,
  netLoanAmount: 16_000,
  termMonths: 48,
  effectiveAnnualRatePercent: 3.49,
  nominalRatePercent: 3.4365,
  monthlyPayment: 357.5,
  finalPayment: 357.01,
  totalAmount: 17_159.51,
  interest: 1_159.51,
}

/** The note with no-break spaces as plain ones, to compare with a readable string. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

describe('the footnote of „ab 2,9 %*“ (PAngV § 17 Abs. 4; copy review 2026-11-29, H2; decision 111)', () => {
  it('the page’s footnote of „ab 3,49 %*“: every figure of the representative example, the instalments by number and amount, the lender', () => {
    expect(plain(representativeExampleNote(example, 'Musterbank AG, Bankstraße 1, 45127 Essen'))).toBe(
      '* Repräsentatives Beispiel nach § 17 Abs. 4 PAngV: Barzahlungspreis 20.000,00 €, Anzahlung 4.000,00 €, Nettodarlehensbetrag 16.000,00 €, ' +
        'Laufzeit 48 Monate, gebundener Sollzinssatz 3,44 % p. a., effektiver Jahreszins 3,49 %, 47 monatliche Raten zu je 357,50 € und eine letzte Rate von 357,01 €, ' +
        'Gesamtbetrag 17.159,51 €. Darlehensgeber: Musterbank AG, Bankstraße 1, 45127 Essen. Bonität vorausgesetzt.',
    )
  })

  it('equal instalments are one figure; without a lender in the settings it says so instead of naming none', () => {
    const text = plain(representativeExampleNote({ ...example, finalPayment: 357.5, totalAmount: 17_160 }, null))
    expect(text).toContain('48 monatliche Raten zu je 357,50 €, Gesamtbetrag 17.160,00 €. Darlehensgeber: eine unserer Partnerbanken. Bonität vorausgesetzt.')
  })
})
