// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { type OpeningHoursVariant, type SiteSettings } from '#app/utils/site-settings.ts'
import { priceRangeLabel } from './price-table-section'
import { PageSections } from './page-sections'
import { type PageSection } from './types'

afterEach(cleanup)

const IMAGE = {
  alt: 'Illustration: Skyline von Bochum',
  asset: { url: '/media/abc-1600x900.jpg', metadata: { dimensions: { width: 1600, height: 900 }, lqip: null } },
}
const block = (key: string, text: string, style = 'normal') => ({
  _key: key,
  _type: 'block' as const,
  style,
  markDefs: [],
  children: [{ _key: `${key}s`, _type: 'span' as const, text, marks: [] }],
})

const SETTINGS = {
  dealerName: 'Ruhrstern Automobile',
  legalName: 'Ruhrstern Automobile GmbH',
  legal: {
    managingDirector: 'Markus Brandt (Beispiel)',
    registerCourt: 'Amtsgericht Essen',
    registerNumber: 'HRB 00000 (Beispiel)',
    vatId: 'DE000000000 (Beispiel)',
    contentResponsible: 'Markus Brandt (Beispiel)',
    privacyContact: null,
  },
  phone: '0201 8512 3400',
  email: 'info@ruhrstern-automobile.de',
  address: { street: 'Gladbecker Straße 250', postalCode: '45326', city: 'Essen' },
  geo: { lat: 51.4845, lng: 7.0003 },
  openingHours: [
    {
      key: 'general',
      label: null,
      specs: [
        { days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '09:00', closes: '18:00' },
        { days: ['Sa'], opens: '09:00', closes: '16:00' },
      ],
      byAppointmentDays: ['Su'],
      note: null,
      lines: ['Mo–Fr: 09:00–18:00 Uhr', 'Sa: 09:00–16:00 Uhr', 'So: nach Vereinbarung'],
    },
  ],
  specialOpeningHours: [],
} as unknown as SiteSettings

/** The page's opening-hours variant as the root loader derives it. */
const CITY_HOURS: OpeningHoursVariant = {
  key: 'city',
  label: null,
  specs: [{ days: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'], opens: '08:00', closes: '20:00' }],
  byAppointmentDays: null,
  note: null,
  lines: ['Mo–Sa: 08:00–20:00 Uhr'],
}

/** One section of every type, in an order a real page could have. */
const SECTIONS = [
  {
    _key: 'hero',
    _type: 'heroSection',
    heading: 'Autoankauf in Bochum',
    claim: 'Nur ca. 15 Minuten von Essen',
    subtitle: 'Fair und schnell.',
    buttons: [{ _key: 'b', _type: 'link', label: 'JETZT ANFRAGEN', target: '#contact', primary: true }],
    image: IMAGE,
  },
  {
    _key: 'stats',
    _type: 'statsSection',
    items: [
      { _key: 's1', _type: 'statItem', number: 650, suffix: '+', label: 'Kunden' },
      { _key: 's2', _type: 'statItem', number: 4.8, suffix: '/5', label: 'Bewertung' },
    ],
  },
  {
    _key: 'cards',
    _type: 'serviceCardsSection',
    heading: 'Leistungen',
    cards: [
      {
        _key: 'c1',
        _type: 'serviceCard',
        icon: 'ankauf',
        title: 'AUTOANKAUF',
        description: 'Wir kaufen.',
        action: { label: 'MEHR ERFAHREN', target: '/services/autoankauf' },
      },
      { _key: 'c2', _type: 'serviceCard', icon: 'export', title: 'EXPORT', description: 'Wir exportieren.' },
    ],
    // A service page no card links to yet (PAGE_QUERY: withServicePages).
    pageCards: [
      {
        _key: 'page-services-leasing',
        title: 'Leasing',
        description: 'Leasing für Gebrauchtwagen.',
        action: { _key: 'mehr', label: 'MEHR ERFAHREN', primary: false, target: '/services/leasing' },
      },
    ],
  },
  { _key: 'feature', _type: 'featureSection', title: 'Text mit Bild', description: 'Beschreibung.', image: IMAGE, mirrored: true },
  {
    _key: 'why',
    _type: 'whyUsSection',
    heading: 'Warum wir',
    cards: [
      { _key: 'r1', _type: 'reason', title: 'Fair', text: 'Faire Preise.' },
      { _key: 'r2', _type: 'reason', title: 'Schnell', text: 'In 24 Stunden.' },
    ],
  },
  {
    _key: 'process',
    _type: 'processSection',
    heading: 'Ablauf',
    steps: [{ _key: 'p1', _type: 'processStep', number: '01', title: 'KONTAKT', description: 'Sie rufen an.' }],
  },
  { _key: 'banner', _type: 'callBanner', heading: 'Rufen Sie an', travelMinutes: 25, contactLabel: 'ZUM FORMULAR' },
  {
    _key: 'check',
    _type: 'checklistSection',
    heading: 'Vorteile',
    items: [{ _key: 'i1', _type: 'checklistItem', title: 'Kostenlose Abholung ab 5.000 €' }],
    note: 'Darunter eine geringe Pauschale.',
  },
  { _key: 'list', _type: 'listSection', heading: 'Marken', style: 'chips', groups: [{ _key: 'g1', _type: 'listGroup', items: ['BMW', 'Audi'] }] },
  {
    _key: 'area',
    _type: 'areaGridSection',
    heading: 'Einzugsgebiet',
    areas: [
      { _key: 'a1', _type: 'area', name: 'Xanten', detail: '65 km', href: '/locations/xanten' },
      { _key: 'a2', _type: 'area', name: 'NRW' },
    ],
  },
  {
    _key: 'prices',
    _type: 'priceTableSection',
    heading: 'Richtpreise',
    rows: [
      { _key: 'r1', _type: 'priceRow', label: 'BMW 320d', detail: 'Baujahr 2018', priceFrom: 25000 },
      { _key: 'r2', _type: 'priceRow', label: 'Kleinwagen', priceFrom: 3000, priceTo: 8000 },
    ],
  },
  {
    _key: 'tiers',
    _type: 'tierCardsSection',
    heading: 'Partnerstufen',
    tiers: [
      { _key: 't1', _type: 'tier', name: 'Bronze', volume: '5–15 Fahrzeuge pro Jahr', paymentTerm: '7 Tage Zahlungsziel' },
      { _key: 't2', _type: 'tier', name: 'Gold', volume: '50+ Fahrzeuge pro Jahr', highlighted: true },
    ],
  },
  {
    _key: 'text',
    _type: 'richTextSection',
    heading: 'Gekauft wie gesehen',
    tone: 'notice',
    body: [block('b1', 'Zwischentitel', 'h3'), block('b2', 'Ein Absatz.')],
  },
  {
    _key: 'locations',
    _type: 'locationCardsSection',
    heading: 'Standorte',
    cards: [{ path: '/locations/bochum', name: 'Bochum', distance: '15 Min.', customers: '450+ Kunden', description: 'Über die A40.', image: IMAGE }],
  },
  {
    _key: 'directions',
    _type: 'directionsSection',
    heading: 'Anfahrt',
    directions: [{ _key: 'd1', _type: 'direction', mode: 'transit', title: 'Mit dem Bus', text: 'Linie 145' }],
    mapConsentText: 'Die Karte wird von OpenStreetMap geladen.',
  },
  { _key: 'legal', _type: 'legalNoticeSection' },
  {
    _key: 'reviews',
    _type: 'reviewsSection',
    heading: 'Bewertungen',
    count: 2,
    reviews: [
      { _id: 'r3', authorName: 'Sabine', date: '2026-11-18', rating: 5, text: 'Alles bestens.', source: 'google', sourceUrl: 'https://www.google.com/maps' },
      {
        _id: 'r2',
        authorName: 'Jens',
        date: '2026-10-07',
        rating: 4,
        text: 'Gute Beratung.',
        source: 'other',
        sourceUrl: 'https://www.autoscout24.de/haendler/x',
      },
      { _id: 'r1', authorName: 'Murat', date: '2026-09-01', rating: 5, text: 'Schnell verkauft.', source: 'mobile.de', sourceUrl: 'https://home.mobile.de/X' },
    ],
    summary: { count: 7, average: 4.714, sources: ['google', 'mobile.de', 'other'] },
  },
  { _key: 'lead', _type: 'leadFormSection', anchor: 'bewertung', heading: 'Fahrzeug bewerten', form: 'valuation:muenster' },
  { _key: 'contact', _type: 'contactSection', anchor: 'contact', heading: 'Kontakt', subjects: 'all', messageRows: 6, quickContact: true },
] as unknown as PageSection[]

async function renderPage(sections: readonly PageSection[], { smoothScroll = true, url = '/' } = {}) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ settings: SETTINGS }),
        element: <PageSections sections={sections} hours={CITY_HOURS} smoothScroll={smoothScroll} />,
      },
    ],
    { initialEntries: [url] },
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  await screen.findByRole('heading', { level: 1 })
}

describe('PageSections', () => {
  test('renders every section type, in order, each named by its heading', async () => {
    await renderPage(SECTIONS)
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Autoankauf in Bochum'])
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
    expect(h2).toEqual([
      'Kennzahlen',
      'Leistungen',
      'Text mit Bild',
      'Warum wir',
      'Ablauf',
      'Rufen Sie an',
      'Vorteile',
      'Marken',
      'Einzugsgebiet',
      'Richtpreise',
      'Partnerstufen',
      'Gekauft wie gesehen',
      'Standorte',
      'Anfahrt',
      'Angaben gemäß § 5 DDG',
      'Kontakt',
      'Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV',
      'Bewertungen',
      'Fahrzeug bewerten',
      'Kontakt',
    ])
    expect(screen.getByText('Nur ca. 15 Minuten von Essen')).toBeTruthy()
  })

  test('gives sections their anchor as id, others an id from their key, and names them for assistive technology', async () => {
    await renderPage(SECTIONS)
    expect(document.getElementById('contact')?.getAttribute('aria-labelledby')).toBe('contact-heading')
    expect(document.getElementById('bewertung')).toBeTruthy()
    const prices = document.getElementById('abschnitt-prices')!
    expect(within(prices).getByRole('heading', { level: 2 }).id).toBe(prices.getAttribute('aria-labelledby'))
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  test('formats prices the German way: "ab 25.000 €" and "3.000–8.000 €"', async () => {
    expect(priceRangeLabel(25000).replace(/\s/g, ' ')).toBe('ab 25.000 €')
    expect(priceRangeLabel(3000, 8000).replace(/\s/g, ' ')).toBe('3.000–8.000 €')
    await renderPage(SECTIONS)
    const table = screen.getByRole('table')
    expect(within(table).getByRole('rowheader', { name: 'BMW 320d' })).toBeTruthy()
    expect(table.textContent?.replace(/\s/g, ' ')).toContain('ab 25.000 €')
  })

  test('a price table is named by its heading without the heading’s soft hyphens (decision 102): the name is only read out', async () => {
    const table = SECTIONS.find((section) => section._type === 'priceTableSection')!
    await renderPage([SECTIONS[0]!, { ...table, heading: 'Ge\u00ADbraucht\u00ADwa\u00ADgen in drei Preisklassen' } as PageSection])
    expect(screen.getByRole('region', { name: 'Gebrauchtwagen in drei Preisklassen (Tabelle)' }).getAttribute('aria-label')).not.toContain('\u00AD')
    // The visible heading keeps them: that is where the browser may break the word.
    expect(document.getElementById(`${screen.getByRole('table').closest('section[id]')?.id}-heading`)?.textContent).toContain('\u00AD')
  })

  test('the call banner shows the phone link, the Essen address with the travel time, the yard’s hours and the page’s as phone hours', async () => {
    await renderPage(SECTIONS)
    const banner = document.getElementById('abschnitt-banner')!
    expect(
      within(banner)
        .getByRole('link', { name: /0201 8512 3400/ })
        .getAttribute('href'),
    ).toBe('tel:+4920185123400')
    expect(banner.textContent).toContain('Gladbecker Straße 250, 45326 Essen')
    expect(banner.textContent).toContain('ca. 25 Minuten Fahrzeit')
    expect(within(banner).getByText('Öffnungszeiten').closest('div')!.textContent).toContain('Mo–Fr: 09:00–18:00 Uhr')
    expect(within(banner).getByText('Telefonisch erreichbar').closest('div')!.textContent).toBe('Telefonisch erreichbarMo–Sa: 08:00–20:00 Uhr')
    expect(within(banner).getByRole('link', { name: 'ZUM FORMULAR' }).getAttribute('href')).toBe('#contact')
  })

  test('the call banner plans the route from the address and the button, and says whether the yard is open now', async () => {
    // Only the clock is faked (Wednesday 2 December 2026, 19:30 in Berlin); the router's timers run.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-02T18:30:00Z') })
    try {
      await renderPage(SECTIONS)
      const banner = document.getElementById('abschnitt-banner')!
      const route = 'https://www.google.com/maps/dir/?api=1&destination=51.4845,7.0003'
      expect(within(banner).getByRole('link', { name: 'Gladbecker Straße 250, 45326 Essen' }).getAttribute('href')).toBe(route)
      expect(
        within(banner)
          .getByRole('link', { name: /ROUTE PLANEN/ })
          .getAttribute('href'),
      ).toBe(route)
      // The yard's hours (Mo–Fr 09–18), not the page's phone hours (Mo–Sa 08–20): decision 068.
      expect(within(banner).getByTestId('open-now').textContent).toBe('Jetzt geschlossen – öffnet morgen um 09:00 Uhr')
    } finally {
      vi.useRealTimers()
    }
  })

  test('the service cards end with the service pages no card links to yet, each with MEHR ERFAHREN', async () => {
    await renderPage(SECTIONS)
    const cards = within(screen.getByRole('region', { name: 'Leistungen' })).getAllByRole('listitem')
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(['AUTOANKAUF', 'EXPORT', 'Leasing'])
    expect(
      within(cards[2] ?? document.body)
        .getByRole('link', { name: /MEHR ERFAHREN/ })
        .getAttribute('href'),
    ).toBe('/services/leasing')
  })

  test('the location cards link to their city pages', async () => {
    await renderPage(SECTIONS)
    expect(screen.getByRole('link', { name: 'Bochum' }).getAttribute('href')).toBe('/locations/bochum')
    expect(screen.getByRole('link', { name: /Xanten/ }).getAttribute('href')).toBe('/locations/xanten')
  })

  test('the map loads nothing until the visitor clicks KARTE LADEN', async () => {
    await renderPage(SECTIONS)
    expect(document.querySelector('iframe')).toBeNull()
    expect(screen.getByText('Die Karte wird von OpenStreetMap geladen.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'KARTE LADEN' }))
    const frame = document.querySelector('iframe')!
    expect(new URL(frame.src).host).toBe('www.openstreetmap.org')
    expect(frame.src).toContain('marker=51.4845,7.0003')
    expect(frame.title).toContain('Gladbecker Straße 250')
  })

  test('the reviews section shows the average of all with its count and sources, and the latest reviews with a link to each source', async () => {
    await renderPage(SECTIONS)
    const reviews = document.getElementById('abschnitt-reviews')!
    expect(within(reviews).getByTestId('reviews-summary').textContent?.replace(/\s+/g, ' ')).toContain(
      '4,7 von 5 Sternen aus 7 Bewertungen auf Google, mobile.de und weiteren Plattformen',
    )
    const shown = within(reviews).getAllByRole('listitem')
    expect(shown.map((item) => item.querySelector('blockquote')?.textContent)).toEqual(['Alles bestens.', 'Gute Beratung.'])
    expect(shown[0]!.textContent).toContain('5 von 5 Sternen')
    expect(shown[0]!.textContent).toContain('Sabine, 18. November 2026, auf Google')
    expect(
      within(shown[1]!)
        .getByRole('link', { name: /autoscout24\.de/ })
        .getAttribute('href'),
    ).toBe('https://www.autoscout24.de/haendler/x')
  })

  test('without reviews the reviews section is left out', async () => {
    const empty = {
      ...SECTIONS.find((section) => section._key === 'reviews')!,
      reviews: [],
      summary: { count: 0, average: null, sources: [] },
    } as unknown as PageSection
    await renderPage([SECTIONS[0]!, empty])
    expect(document.getElementById('abschnitt-reviews')).toBeNull()
  })

  test('the Impressum section shows the provider identification from the site settings', async () => {
    await renderPage(SECTIONS)
    const legal = document.getElementById('abschnitt-legal')!
    for (const text of [
      'Ruhrstern Automobile GmbH',
      'Geschäftsführer: Markus Brandt (Beispiel)',
      'Amtsgericht Essen, HRB 00000 (Beispiel)',
      'DE000000000 (Beispiel)',
      'info@ruhrstern-automobile.de',
    ]) {
      expect(legal.textContent).toContain(text)
    }
  })

  test('the lead form section shows the chosen form with its variant and the page hours', async () => {
    await renderPage(SECTIONS)
    const lead = document.getElementById('bewertung')!
    expect(within(lead).getByRole('checkbox', { name: /Schnelle Abwicklung/ })).toBeTruthy()
    expect(within(lead).getByDisplayValue('valuation')).toBeTruthy()
    expect(lead.textContent).toContain('Mo–Sa: 08:00–20:00 Uhr')
  })

  test('the contact section offers six subjects, 6 rows and quick contact; ?betreff=termin preselects „Termin vereinbaren“', async () => {
    await renderPage(SECTIONS, { url: '/?betreff=termin' })
    const contact = document.getElementById('contact')!
    const subject = within(contact).getByRole('combobox', { name: /Betreff/ }) as HTMLSelectElement
    expect([...subject.options].map((option) => option.value)).toEqual(['', 'ankauf', 'verkauf', 'lieferung', 'beratung', 'bewertung', 'termin'])
    expect(subject.value).toBe('termin')
    expect((within(contact).getByRole('textbox', { name: /Nachricht/ }) as HTMLTextAreaElement).rows).toBe(6)
    const quick = within(contact).getByRole('navigation', { name: 'Schnellkontakt' })
    expect(within(quick).getByRole('link', { name: 'ANRUFEN' }).getAttribute('href')).toBe('tel:+4920185123400')
    expect(within(quick).getByRole('link', { name: 'E-MAIL' }).getAttribute('href')).toBe('mailto:info@ruhrstern-automobile.de')
    expect(within(quick).getByRole('link', { name: 'TERMIN' }).getAttribute('href')).toBe('/?betreff=termin#contact')
  })

  test('an unknown subject in the address preselects nothing', async () => {
    await renderPage(SECTIONS, { url: '/?betreff=hack' })
    expect((screen.getByRole('combobox', { name: /Betreff/ }) as HTMLSelectElement).value).toBe('')
  })

  test('skips a section type this version does not know instead of failing', async () => {
    await renderPage([SECTIONS[0]!, { _key: 'future', _type: 'carouselSection' } as unknown as PageSection])
    expect(document.getElementById('abschnitt-future')).toBeNull()
  })
})
