import { describe, expect, it } from 'vitest'
import { linkFromTarget, SELLER_LINK_MESSAGE } from './lib/links'
import { type SeedDocument } from './testing/dataset'
import { seedValidation } from './testing/seed-validation'

/*
 * Links are references (issue 27, docs/decisions/053): a link cannot point nowhere. Each case takes a
 * valid seed document, breaks one link and expects Sanity's validation (as the Studio runs it before
 * publishing) to report that link's field; the unbroken seed reports nothing.
 */

const { seed, copyOf, errorsOf } = seedValidation()

/** The home page's first hero button (`heroSlides[ankauf-verkauf].buttons[bewerten]`), replaced by `link`. */
function homeWithButton(link: Record<string, unknown>) {
  const home = copyOf('homePage')
  const button = home.heroSlides[0].buttons[0]
  // A neutral label: a seller's label has a rule of its own (see „a seller's button“ below).
  home.heroSlides[0].buttons[0] = { _key: button._key, _type: 'link', label: 'MEHR ERFAHREN', ...link }
  return home
}
const BUTTON = 'heroSlides[ankauf-verkauf].buttons[bewerten]'

function settingsWithEntry(link: Record<string, unknown>) {
  const settings = copyOf('siteSettings')
  settings.mainNav[2] = { _key: 'vehicles', _type: 'navLink', label: 'FAHRZEUGE', ...link }
  return settings
}
const PAGE = (id: string) => ({ _type: 'reference', _ref: id })

describe('links in the seed', () => {
  it.each([
    'homePage',
    'siteSettings',
    'page-locations-xanten',
    'page-services',
    'page-datenschutz',
    ...['bochum', 'dortmund', 'duesseldorf', 'gelsenkirchen', 'muelheim', 'oberhausen'].map((city) => `page-locations-${city}`),
  ])('%s has only valid links', async (id) => {
    expect(await errorsOf(copyOf(id))).toEqual([])
  })
})

describe('a link to a page', () => {
  it('is refused without a page', async () => {
    expect(await errorsOf(homeWithButton({ linkType: 'page' }))).toEqual([{ path: `${BUTTON}.page`, message: 'Bitte wählen Sie eine Seite.' }])
  })

  it('is refused when the page does not exist (deleted or never published)', async () => {
    const errors = await errorsOf(homeWithButton({ linkType: 'page', page: PAGE('page-gibt-es-nicht') }))
    expect(errors.map((error) => error.path)).toEqual([`${BUTTON}.page`])
  })

  it('accepts a section the target page has, and refuses one it lacks, naming those it has', async () => {
    expect(await errorsOf(homeWithButton({ linkType: 'page', page: PAGE('page-services'), anchor: 'lieferung' }))).toEqual([])
    expect(await errorsOf(homeWithButton({ linkType: 'page', page: PAGE('page-services'), anchor: 'inventory' }))).toEqual([
      { path: `${BUTTON}.anchor`, message: 'Diese Seite hat nur diese Sprungziele: lieferung, contact.' },
    ])
  })

  it('reads the sections of the page as staff last saved it (its draft)', async () => {
    const draft: Record<string, any> & SeedDocument = { ...copyOf('page-about'), _id: 'drafts.page-about' }
    draft.sections[0] = { ...draft.sections[0], anchor: 'neu' }
    const link = homeWithButton({ linkType: 'page', page: PAGE('page-about'), anchor: 'neu' })
    expect(await errorsOf(link)).toEqual([{ path: `${BUTTON}.anchor`, message: 'Diese Seite hat keine Abschnitte mit Sprungziel.' }])
    expect(await errorsOf(link, [...seed(), draft])).toEqual([])
  })

  it('to the home page offers its fixed sections', async () => {
    const settings = settingsWithEntry({ linkType: 'page', page: PAGE('homePage'), anchor: 'inventory' })
    expect(await errorsOf(settings)).toEqual([])
    settings.mainNav[2].anchor = 'kontakt'
    expect(await errorsOf(settings)).toEqual([{ path: 'mainNav[vehicles].anchor', message: expect.stringContaining('contact, inventory') }])
  })
})

describe('a jump to a section of the same page', () => {
  it('must name a section the page has', async () => {
    const page = copyOf('page-about')
    const hero = page.sections[0]
    hero.buttons[0] = { ...hero.buttons[0], linkType: 'section', anchor: 'contact', page: undefined }
    expect(await errorsOf(page)).toEqual([
      { path: `sections[${hero._key}].buttons[${hero.buttons[0]._key}].anchor`, message: 'Diese Seite hat keine Abschnitte mit Sprungziel.' },
    ])
  })

  it('is not offered in menus, which are on every page', async () => {
    const errors = await errorsOf(settingsWithEntry({ linkType: 'section', anchor: 'contact' }))
    expect(errors.map((error) => error.path)).toEqual(['mainNav[vehicles].linkType'])
  })
})

describe("a seller's button (issue 36)", () => {
  const seller = (link: Record<string, unknown>) => {
    const home = homeWithButton(link)
    home.heroSlides[0].buttons[0].label = 'FAHRZEUG BEWERTEN'
    return home
  }
  it('is refused when it leads to the general contact form or another page, naming the way to the sell form', async () => {
    for (const link of [
      { linkType: 'section', anchor: 'contact' },
      { linkType: 'section', anchor: 'contact', subject: 'beratung' },
      { linkType: 'page', page: PAGE('page-contact') },
      { linkType: 'route', route: '/vehicles' },
    ])
      expect(await errorsOf(seller(link)), JSON.stringify(link)).toEqual([{ path: BUTTON, message: SELLER_LINK_MESSAGE }])
  })

  it('is accepted when it leads to the sell request, or preselects a seller subject (which resolves to it)', async () => {
    expect(await errorsOf(seller({ linkType: 'route', route: '/auto-verkaufen' }))).toEqual([])
    expect(await errorsOf(seller({ linkType: 'section', anchor: 'contact', subject: 'ankauf' }))).toEqual([])
    expect(await errorsOf(seller({ linkType: 'section', anchor: 'contact', subject: 'bewertung' }))).toEqual([])
  })

  it('on a city page: a jump to its valuation form counts as the sell flow, a jump to its contact form does not', async () => {
    const withValuation = copyOf('page-locations-sonsbeck')
    const hero = withValuation.sections[0]
    expect(hero.buttons[0]).toMatchObject({ label: 'JETZT BEWERTEN LASSEN', linkType: 'section', anchor: 'contact' })
    expect(await errorsOf(withValuation)).toEqual([])

    const withContactForm = copyOf('page-locations-dortmund')
    const dortmundHero = withContactForm.sections[0]
    dortmundHero.buttons[0] = { ...dortmundHero.buttons[0], linkType: 'section', anchor: 'contact', route: undefined }
    expect(await errorsOf(withContactForm)).toEqual([
      { path: `sections[${dortmundHero._key}].buttons[${dortmundHero.buttons[0]._key}]`, message: SELLER_LINK_MESSAGE },
    ])
  })

  it('in the menu must lead to the sell request', async () => {
    const settings = copyOf('siteSettings')
    settings.mainNav[3] = { ...settings.mainNav[3], linkType: 'page', page: PAGE('page-contact'), route: undefined }
    expect(await errorsOf(settings)).toEqual([{ path: 'mainNav[sell]', message: SELLER_LINK_MESSAGE }])
  })
})

describe('the other link types', () => {
  it.each([
    [{ linkType: 'url', url: 'https://www.mobile.de/' }, []],
    [{ linkType: 'url', url: 'http://example.de/seite' }, []],
    [{ linkType: 'url', url: 'javascript:alert(1)' }, ['url']],
    [{ linkType: 'url', url: 'ftp://example.de' }, ['url']],
    [{ linkType: 'url', url: 'www.example.de' }, ['url']],
    [{ linkType: 'url' }, ['url']],
    [{ linkType: 'phone', phone: '+49 201 8512 3400' }, []],
    [{ linkType: 'phone', phone: 'Ruf an' }, ['phone']],
    [{ linkType: 'email', email: 'info@ruhrstern-automobile.de' }, []],
    [{ linkType: 'email', email: 'info' }, ['email']],
    [{ linkType: 'route', route: '/vehicles' }, []],
    [{ linkType: 'route', route: '/gibt-es-nicht' }, ['route']],
    [{ linkType: 'vehicle' }, ['vehicle']],
    [{}, ['linkType']],
  ])('%j → errors at %j', async (link, fields) => {
    const errors = await errorsOf(homeWithButton(link))
    expect(errors.map((error) => error.path)).toEqual(fields.map((field) => `${BUTTON}.${field}`))
  })

  it('a link to a vehicle must name one that exists', async () => {
    const vehicle = seed().find((doc) => doc._type === 'vehicle')!
    expect(await errorsOf(homeWithButton({ linkType: 'vehicle', vehicle: PAGE(vehicle._id) }))).toEqual([])
    expect((await errorsOf(homeWithButton({ linkType: 'vehicle', vehicle: PAGE('vehicle-weg') }))).map((error) => error.path)).toEqual([`${BUTTON}.vehicle`])
  })
})

describe('linkFromTarget (the seed compiler turns text targets into links)', () => {
  const pageIds = new Map([
    ['/', 'homePage'],
    ['/contact', 'page-contact'],
  ])
  it.each([
    ['/contact', { linkType: 'page', page: PAGE('page-contact') }],
    ['/contact#contact', { linkType: 'page', page: PAGE('page-contact'), anchor: 'contact' }],
    ['/', { linkType: 'page', page: PAGE('homePage') }],
    ['/vehicles', { linkType: 'route', route: '/vehicles' }],
    ['#inventory', { linkType: 'section', anchor: 'inventory' }],
    ['?betreff=ankauf#contact', { linkType: 'section', anchor: 'contact', subject: 'ankauf' }],
    ['tel:+4920185123400', { linkType: 'phone', phone: '+4920185123400' }],
    ['mailto:info@example.de', { linkType: 'email', email: 'info@example.de' }],
    ['https://www.ldi.nrw.de', { linkType: 'url', url: 'https://www.ldi.nrw.de' }],
  ])('%s', (target, link) => expect(linkFromTarget(target, pageIds)).toEqual(link))

  it.each(['/kontakt', '/vehicles/12', 'javascript:alert(1)', 'contact'])('refuses %s, which leads nowhere', (target) => {
    expect(() => linkFromTarget(target, pageIds)).toThrow(/no page/)
  })
})
