import { describe, expect, it } from 'vitest'
import { linkFromTarget } from './lib/links'
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
  home.heroSlides[0].buttons[0] = { _key: button._key, _type: 'link', label: button.label, ...link }
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
  it.each(['homePage', 'siteSettings', 'page-locations-xanten', 'page-services', 'page-datenschutz'])('%s has only valid links', async (id) => {
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
