import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formerAddressesAfterRename, MAX_FORMER_ADDRESSES } from './lib/former-addresses'
import { pagePathProblem } from './lib/page-path'
import { PAGE_TEMPLATES, SHOWROOM_IMAGE } from './lib/page-templates'
import { PAGE_SECTION_TYPES, SECTION_GROUPS } from './sections'
import { type SeedDocument } from './testing/dataset'
import { markerPath, provideIdleCallbackWindow, validate } from './testing/validate'

/*
 * Every section type of the page builder: a valid example passes Sanity's validation inside a
 * page, and each broken variant is reported at the broken field.
 */

const ASSET: SeedDocument = { _id: 'image-0123456789abcdef0123456789abcdef01234567-1600x900-jpg', _type: 'sanity.imageAsset', url: '/media/x.jpg' }
const IMAGE = { _type: 'imageWithAlt', alt: 'Illustration: Skyline von Essen', asset: { _type: 'reference', _ref: ASSET._id } }
// A link that needs no other document (schemas/links.test.ts tests links to pages and sections).
const LINK = { _key: 'l1', _type: 'link', label: 'JETZT ANFRAGEN', linkType: 'route', route: '/auto-verkaufen' }

/** One valid example of every section type. */
const VALID_SECTIONS: Record<string, Record<string, unknown>> = {
  heroSection: { heading: 'Autoankauf in Bochum', claim: 'ca. 15 Minuten von Essen', buttons: [LINK], image: IMAGE },
  statsSection: { items: [1, 2, 3].map((n) => ({ _key: `s${n}`, _type: 'statItem', number: n * 100, suffix: '+', label: `Zahl ${n}` })) },
  serviceCardsSection: {
    heading: 'Leistungen',
    cards: [1, 2].map((n) => ({
      _key: `c${n}`,
      _type: 'serviceCard',
      icon: 'ankauf',
      title: `KARTE ${n}`,
      description: 'Beschreibung der Leistung.',
      action: { ...LINK, _key: undefined },
    })),
  },
  featureSection: {
    title: 'Text mit Bild',
    description: 'Beschreibung',
    checklist: ['Punkt'],
    image: IMAGE,
    button: { _type: 'link', label: 'ANRUFEN', linkType: 'phone', phone: '+49 201 851234' },
    mirrored: true,
  },
  whyUsSection: {
    heading: 'Warum wir',
    cards: [1, 2, 3].map((n) => ({ _key: `r${n}`, _type: 'reason', icon: 'ankauf', title: `Grund ${n}`, text: 'Weil es stimmt.' })),
  },
  processSection: {
    heading: 'Ablauf',
    steps: [1, 2, 3, 4].map((n) => ({ _key: `p${n}`, _type: 'processStep', number: `0${n}`, title: `SCHRITT ${n}`, description: 'Was passiert.' })),
  },
  callBanner: { heading: 'Rufen Sie an', text: 'Wir sind für Sie da.', travelMinutes: 25, contactLabel: 'ZUM FORMULAR' },
  checklistSection: { heading: 'Vorteile', items: [{ _key: 'i1', _type: 'checklistItem', title: 'Kostenlose Bewertung', text: 'Innerhalb von 24 Stunden.' }] },
  listSection: { heading: 'Marken', style: 'chips', groups: [{ _key: 'g1', _type: 'listGroup', title: 'Deutsche Marken', items: ['BMW', 'Audi'] }] },
  areaGridSection: {
    heading: 'Einzugsgebiet',
    areas: [1, 2].map((n) => ({ _key: `a${n}`, _type: 'area', name: `Ort ${n}`, detail: `${n * 10} km`, linkType: 'url', url: 'https://example.de/' })),
  },
  priceTableSection: {
    heading: 'Preise',
    rows: [
      { _key: 'r1', _type: 'priceRow', label: 'BMW 320d', detail: 'Baujahr 2018', priceFrom: 25000 },
      { _key: 'r2', _type: 'priceRow', label: 'Klasse', priceFrom: 3000, priceTo: 8000 },
    ],
  },
  tierCardsSection: {
    heading: 'Partnerstufen',
    tiers: ['Bronze', 'Gold'].map((name) => ({ _key: name, _type: 'tier', name, volume: '5–15 Fahrzeuge pro Jahr', paymentTerm: '7 Tage', perks: ['Eins'] })),
  },
  richTextSection: {
    heading: 'Text',
    body: [{ _key: 'b1', _type: 'block', style: 'normal', markDefs: [], children: [{ _key: 's1', _type: 'span', text: 'Hallo', marks: [] }] }],
    tone: 'notice',
  },
  contactSection: { anchor: 'contact', heading: 'Kontakt', subjects: 'all', messageRows: 6, quickContact: true },
  leadFormSection: { anchor: 'contact', heading: 'Bewertung', form: 'valuation:muenster' },
  locationCardsSection: { heading: 'Standorte' },
  directionsSection: {
    heading: 'Anfahrt',
    directions: [{ _key: 'd1', _type: 'direction', mode: 'transit', title: 'Bus', text: 'Linie 145' }],
    mapConsentText: 'Die Karte lädt von OpenStreetMap.',
  },
  legalNoticeSection: {},
  reviewsSection: { heading: 'Bewertungen', count: 3 },
}

/** Broken variants: [description, section type, change, field path of the expected error]. */
const BROKEN: Array<[string, string, (section: any) => void, string]> = [
  ['hero without heading', 'heroSection', (s) => delete s.heading, 'heading'],
  ['hero without image', 'heroSection', (s) => delete s.image, 'image'],
  ['hero with three buttons', 'heroSection', (s) => (s.buttons = [LINK, { ...LINK, _key: 'l2' }, { ...LINK, _key: 'l3' }]), 'buttons'],
  ['anchor with spaces', 'heroSection', (s) => (s.anchor = 'Kontakt Formular'), 'anchor'],
  ['one counter only', 'statsSection', (s) => s.items.splice(1), 'items'],
  ['percentage above 100', 'statsSection', (s) => Object.assign(s.items[0], { number: 120, suffix: '%' }), 'items[s1]'],
  ['one service card only', 'serviceCardsSection', (s) => s.cards.splice(1), 'cards'],
  ['feature without title', 'featureSection', (s) => delete s.title, 'title'],
  ['why-us card without text', 'whyUsSection', (s) => delete s.cards[0].text, 'cards[r1].text'],
  ['step number not two digits', 'processSection', (s) => (s.steps[0].number = '1'), 'steps[p1].number'],
  ['travel time of 0 minutes', 'callBanner', (s) => (s.travelMinutes = 0), 'travelMinutes'],
  ['empty checklist', 'checklistSection', (s) => (s.items = []), 'items'],
  ['duplicate list entries', 'listSection', (s) => s.groups[0].items.push('BMW'), 'groups[g1].items'],
  ['area link to a page without one', 'areaGridSection', (s) => Object.assign(s.areas[0], { linkType: 'page', url: undefined }), 'areas[a1].page'],
  ['price "to" below "from"', 'priceTableSection', (s) => (s.rows[1].priceTo = 1000), 'rows[r2].priceTo'],
  ['tier without volume', 'tierCardsSection', (s) => delete s.tiers[0].volume, 'tiers[Bronze].volume'],
  ['no reviews to show', 'reviewsSection', (s) => (s.count = 0), 'count'],
  [
    'rich text link to javascript:',
    'richTextSection',
    (s) => {
      s.body[0].markDefs = [{ _key: 'm1', _type: 'link', linkType: 'url', url: 'javascript:alert(1)' }]
      s.body[0].children[0].marks = ['m1']
    },
    'body[b1].markDefs[m1].url',
  ],
  ['contact form with 2 rows', 'contactSection', (s) => (s.messageRows = 2), 'messageRows'],
  ['unknown lead form', 'leadFormSection', (s) => (s.form = 'vehicle-enquiry'), 'form'],
  ['directions without consent text', 'directionsSection', (s) => delete s.mapConsentText, 'mapConsentText'],
]

function pageWith(sections: Array<Record<string, unknown>>, overrides: Record<string, unknown> = {}): SeedDocument {
  return {
    _id: 'page-test',
    _type: 'page',
    title: 'Testseite',
    path: '/test-seite',
    openingHours: 'general',
    seo: { _type: 'seo', title: 'Testseite | Ruhrstern Automobile', description: 'Eine Seite, an der die Validierung der Abschnitte geprüft wird.' },
    sections,
    ...overrides,
  }
}

async function errorsOf(doc: SeedDocument, others: SeedDocument[] = []) {
  const markers = await validate(doc, [ASSET, doc, ...others], { environment: 'studio' })
  return markers.filter((marker) => marker.level === 'error').map(markerPath)
}

let window: { restore: () => void }
beforeAll(() => {
  window = provideIdleCallbackWindow()
})
afterAll(() => window.restore())

describe('page builder sections', () => {
  it('has a valid example for every section type', () => {
    expect(Object.keys(VALID_SECTIONS).sort()).toEqual(PAGE_SECTION_TYPES.map((type) => type.name).sort())
  })

  it.each(Object.entries(VALID_SECTIONS))('%s: the valid example passes', async (type, content) => {
    expect(await errorsOf(pageWith([{ _key: 'x', _type: type, ...content }]))).toEqual([])
  })

  it.each(BROKEN)('%s is reported at the field', async (_description, type, breakIt, path) => {
    const section = { _key: 'x', _type: type, ...structuredClone(VALID_SECTIONS[type]) }
    breakIt(section)
    // Sanity may report the same problem at the field and inside it (image and image.alt).
    const errors = await errorsOf(pageWith([section]))
    expect(errors.length).toBeGreaterThan(0)
    for (const error of errors) expect(error.startsWith(`sections[x].${path}`), error).toBe(true)
  })
})

describe('page document', () => {
  it('requires at least one section', async () => {
    expect(await errorsOf(pageWith([]))).toEqual(['sections'])
  })

  it('refuses a path another page already has', async () => {
    const other = pageWith([], { _id: 'page-other' })
    expect(await errorsOf(pageWith([{ _key: 'x', _type: 'locationCardsSection', heading: 'Standorte' }]), [other])).toEqual(['path'])
  })

  it.each([
    ['/Locations/Bochum', 'Kleinbuchstaben'],
    ['locations/bochum', 'beginnt mit /'],
    ['/locations/bochum/', 'beginnt mit /'],
    ['/vehicles/angebote', 'gehören der Website'],
    ['/api/contacts', 'gehören der Website'],
    ['/studio', 'gehören der Website'],
    ['/auto-verkaufen', 'gehören der Website'],
    ['/merkliste/vergleich', 'gehören der Website'],
    ['/locations/mülheim', 'Umlaute als ae, oe, ue und ß als ss schreiben'],
  ])('refuses the path %s', (path, message) => {
    expect(pagePathProblem(path)).toContain(message)
  })

  it.each(['/services', '/locations/xanten/bmw-ankauf', '/locations/neue-stadt-2'])('accepts the path %s', (path) => {
    expect(pagePathProblem(path)).toBeUndefined()
  })

  it('a renamed page keeps its former path, the latest first, each once; renamed back, the path is no longer a former one', () => {
    expect(formerAddressesAfterRename(undefined, '/locations/muelheim', '/locations/muelheim-an-der-ruhr')).toEqual(['/locations/muelheim'])
    expect(formerAddressesAfterRename(['/locations/muelheim'], '/locations/muelheim-an-der-ruhr', '/locations/muelheim-ruhr')).toEqual([
      '/locations/muelheim-an-der-ruhr',
      '/locations/muelheim',
    ])
    expect(formerAddressesAfterRename(['/locations/muelheim-an-der-ruhr', '/locations/muelheim'], '/locations/muelheim-ruhr', '/locations/muelheim')).toEqual([
      '/locations/muelheim-ruhr',
      '/locations/muelheim-an-der-ruhr',
    ])
    expect(formerAddressesAfterRename(['/a'], '/b', '/b')).toEqual(['/a'])
    const many = Array.from({ length: MAX_FORMER_ADDRESSES }, (_, index) => `/alt-${index}`)
    expect(formerAddressesAfterRename(many, '/neu', '/neuer')).toEqual(['/neu', ...many.slice(0, MAX_FORMER_ADDRESSES - 1)])
  })

  it('refuses a former path that is no page path, or the page’s own', async () => {
    const hero = [{ _key: 'x', _type: 'heroSection', ...VALID_SECTIONS.heroSection }]
    expect(await errorsOf(pageWith(hero, { previousPaths: ['/alte-seite', '/Alte Seite'] }))).toEqual(['previousPaths'])
    expect(await errorsOf(pageWith(hero, { previousPaths: ['/test-seite'] }))).toEqual(['previousPaths'])
    expect(await errorsOf(pageWith(hero, { previousPaths: ['/alte-seite'] }))).toEqual([])
  })

  it('publishes a page that is not a city page: no card, nothing of it required', async () => {
    expect(await errorsOf(pageWith([{ _key: 'x', _type: 'heroSection', ...VALID_SECTIONS.heroSection }]))).toEqual([])
  })

  it('ignores a card left on a page that is not a city page (as every new page had one)', async () => {
    const page = pageWith([{ _key: 'x', _type: 'heroSection', ...VALID_SECTIONS.heroSection }], { isCity: false, location: { order: 100 } })
    expect(await errorsOf(page)).toEqual([])
  })

  it('asks a city page for its card', async () => {
    expect(await errorsOf(pageWith([{ _key: 'x', _type: 'heroSection', ...VALID_SECTIONS.heroSection }], { isCity: true }))).toEqual(['location'])
  })

  it('requires the location card on a city page, its order and picture excepted (the card shows the hero’s)', async () => {
    const page = pageWith([{ _key: 'x', _type: 'locationCardsSection', heading: 'Standorte' }], { isCity: true, location: { name: 'Bottrop' } })
    const errors = new Set(await errorsOf(page))
    expect([...errors].sort()).toEqual(['location.customers', 'location.description', 'location.distance'])
  })

  it('publishes a page without search-engine texts (the site falls back to its name and the site’s description)', async () => {
    expect(await errorsOf(pageWith([{ _key: 'x', _type: 'heroSection', ...VALID_SECTIONS.heroSection }], { seo: undefined }))).toEqual([])
  })

  it('accepts a complete city card', async () => {
    const location = { name: 'Bottrop', distance: '20 Min.', customers: '300+ Kunden', description: 'Über die A42 schnell bei uns.', image: IMAGE }
    expect(await errorsOf(pageWith([{ _key: 'x', _type: 'heroSection', ...VALID_SECTIONS.heroSection }], { isCity: true, location }))).toEqual([])
  })
})

describe('page templates', () => {
  /** The seed's showroom photo, which a new city page's hero starts with (in the dataset as in production). */
  const SHOWROOM_ASSET = { ...ASSET, _id: SHOWROOM_IMAGE.asset._ref }
  const CITY_CARD = { name: 'Bottrop', distance: '20 Min.', customers: '300+ Kunden', description: 'Über die A42 schnell bei uns.', image: IMAGE }

  /** A new page from a template, as the Studio creates it, with title, path and SEO typed in. */
  function fromTemplate(id: string): SeedDocument & Record<string, any> {
    const template = PAGE_TEMPLATES.find((candidate) => candidate.id === id)
    if (!template || typeof template.value !== 'function') throw new Error(`No template ${id}`)
    return pageWith([], { openingHours: undefined, ...(template.value as () => Record<string, unknown>)() }) as SeedDocument & Record<string, any>
  }

  it('starts a city page as a city page with hero, text, valuation form, call banner and the city opening hours', () => {
    const page = fromTemplate('page-city')
    expect(page.isCity).toBe(true)
    expect(page.openingHours).toBe('city')
    expect(page.sections.map((section: { _type: string }) => section._type)).toEqual(['heroSection', 'richTextSection', 'leadFormSection', 'callBanner'])
    expect(page.sections[2]).toMatchObject({ form: 'valuation', anchor: 'contact' })
  })

  it('starts a service page without a card, with hero, text, service cards and contact', () => {
    const page = fromTemplate('page-service')
    expect(page.isCity).toBe(false)
    expect(page.location).toBeUndefined()
    expect(page.sections.map((section: { _type: string }) => section._type)).toEqual([
      'heroSection',
      'richTextSection',
      'serviceCardsSection',
      'contactSection',
    ])
  })

  it('points a new city page to exactly what staff still have to fill: hero heading, text, the card’s city and figures', async () => {
    expect((await errorsOf(fromTemplate('page-city'), [SHOWROOM_ASSET])).sort()).toEqual([
      'location.customers',
      'location.description',
      'location.distance',
      'location.name',
      'sections[hero].heading',
      'sections[text].body',
    ])
  })

  it('publishes a city page from the template once hero heading, text and card are filled, with neither a card picture nor search-engine texts', async () => {
    const page = fromTemplate('page-city')
    page.seo = undefined
    page.sections[0].heading = VALID_SECTIONS.heroSection?.heading
    page.sections[1].body = VALID_SECTIONS.richTextSection?.body
    const { image: _picture, ...card } = CITY_CARD
    page.location = card
    expect(await errorsOf(page, [SHOWROOM_ASSET])).toEqual([])
  })

  it('publishes a service page from the template once hero, text and cards are filled', async () => {
    const page = fromTemplate('page-service')
    expect((await errorsOf(page)).sort()).toEqual([
      'sections[hero].heading',
      'sections[hero].image',
      'sections[hero].image.alt',
      'sections[leistungen].cards',
      'sections[text].body',
    ])
    Object.assign(page.sections[0], VALID_SECTIONS.heroSection)
    page.sections[1].body = VALID_SECTIONS.richTextSection?.body
    page.sections[2].cards = VALID_SECTIONS.serviceCardsSection?.cards
    expect(await errorsOf(page)).toEqual([])
  })
})

describe('the add-section menu', () => {
  it('puts every section type into exactly one group', () => {
    const grouped = SECTION_GROUPS.flatMap((group) => group.of)
    expect([...grouped].sort()).toEqual(PAGE_SECTION_TYPES.map((type) => type.name).sort())
  })

  it('shows the jump target last, in the closed fieldset "Erweitert"', () => {
    for (const type of PAGE_SECTION_TYPES as unknown as Array<{ name: string; fields: { name: string; fieldset?: string }[] }>) {
      const anchor = type.fields.findIndex((field) => field.name === 'anchor')
      if (anchor === -1) continue
      expect(anchor, type.name).toBe(type.fields.length - 1)
      expect(type.fields[anchor]?.fieldset, type.name).toBe('advanced')
    }
  })
})
