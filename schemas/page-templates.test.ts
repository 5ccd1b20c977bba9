import { type InitialValueResolverContext, resolveInitialValue } from 'sanity'
import { describe, expect, it } from 'vitest'
import { PAGE_TEMPLATES, SHOWROOM_IMAGE } from './lib/page-templates'
import { seedValidation } from './testing/seed-validation'
import { schema } from './testing/validate'

/*
 * Each page template's page can be published once staff have filled in what it leaves to them:
 * the document „+“ creates (the template's value as Sanity resolves it, with the schema's initial
 * values underneath), filled in as the Studio e2e journey fills it (tests/e2e/studio.test.ts), and
 * checked by Sanity's own validation against the seed, as the Studio checks before „Veröffentlichen“
 * (issue 40 item 3). Each step of the filling is needed: left out, the Studio objects at that field.
 */

const { errorsOf } = seedValidation()

// Page documents are edited field by field; the tests reach into them by path as staff do in the form.
type Page = { _id: string; _type: string } & Record<string, any>

/** The new draft „+“ in the template's page list creates (the Studio's templates are these: studio/sanity.config.ts). */
async function newPage(templateId: string): Promise<Page> {
  const template = PAGE_TEMPLATES.find((candidate) => candidate.id === templateId)
  if (!template) throw new Error(`No template ${templateId}`)
  // No template or initial value of the page's fields asks Sanity for anything.
  const context = { getClient: () => undefined } as unknown as InitialValueResolverContext
  const value = await resolveInitialValue(schema, template, {}, context)
  return { ...value, _id: `drafts.${templateId}-neu`, _type: 'page' }
}

/** One paragraph of formatted text, as typed into the text section's editor. */
const paragraph = (text: string) => [{ _key: 'p1', _type: 'block', style: 'normal', markDefs: [], children: [{ _key: 's1', _type: 'span', text, marks: [] }] }]

/** What staff fill in on a new city page (README, „Neue Städte-Seite“), step by step. */
const CITY_STEPS: Record<string, (page: Page) => void> = {
  title: (page) => (page.title = 'Autoankauf Bottrop'),
  path: (page) => (page.path = '/locations/bottrop'),
  'sections[hero].heading': (page) => (page.sections[0].heading = 'Autoankauf in Bottrop'),
  'sections[text].body': (page) => (page.sections[1].body = paragraph('Wir kaufen Ihr Auto in Bottrop.')),
  'location.name': (page) => (page.location.name = 'Bottrop'),
  'location.distance': (page) => (page.location.distance = '20 Min.'),
  'location.customers': (page) => (page.location.customers = '300+ Kunden'),
  'location.description': (page) => (page.location.description = 'Über die A42 schnell bei uns.'),
}

/** What staff fill in on a new service page: hero with a photo from the media library, text, two cards (one with a Kennzahl). */
const SERVICE_STEPS: Record<string, (page: Page) => void> = {
  title: (page) => (page.title = 'Leasing'),
  path: (page) => (page.path = '/services/leasing'),
  'sections[hero].heading': (page) => (page.sections[0].heading = 'Leasing für Gebrauchtwagen'),
  'sections[hero].image': (page) =>
    (page.sections[0].image = { _type: 'imageWithAlt', asset: { ...SHOWROOM_IMAGE.asset }, alt: 'Showroom mit Gebrauchtwagen' }),
  'sections[text].body': (page) => (page.sections[1].body = paragraph('Leasing für geprüfte Gebrauchtwagen.')),
  'sections[leistungen].cards': (page) =>
    (page.sections[2].cards = [
      { _key: 'c1', _type: 'serviceCard', icon: 'lieferung', title: 'Lieferung bis {freeDeliveryKm}', description: 'Wir bringen das Auto.' },
      { _key: 'c2', _type: 'serviceCard', icon: 'finanzierung', title: 'Leasing', description: 'Monatlich planbar.' },
    ]),
}

const TEMPLATES = [
  { id: 'page-city', steps: CITY_STEPS },
  { id: 'page-service', steps: SERVICE_STEPS },
]

/** The template's page with every step done but `skipped`. */
async function filledPage(templateId: string, steps: Record<string, (page: Page) => void>, skipped?: string) {
  const page = await newPage(templateId)
  for (const [field, fill] of Object.entries(steps)) if (field !== skipped) fill(page)
  return page
}

describe.each(TEMPLATES)('a page from the template $id', ({ id, steps }) => {
  it('starts as the template says: its sections, and nothing of the card on a service page', async () => {
    const page = await newPage(id)
    const template = PAGE_TEMPLATES.find((candidate) => candidate.id === id)!
    const value = (template.value as () => { isCity: boolean; sections: { _type: string }[] })()
    expect(page.isCity).toBe(value.isCity)
    expect(page.sections.map((section: { _type: string }) => section._type)).toEqual(value.sections.map((section) => section._type))
    if (!value.isCity) expect(page.location).toBeUndefined()
  })

  it('has no error left for „Veröffentlichen“ once staff have filled it in', async () => {
    expect(await errorsOf(await filledPage(id, steps))).toEqual([])
  })

  it.each(Object.keys(steps))('left without %s, cannot be published: the Studio objects at that field', async (field) => {
    const errors = await errorsOf(await filledPage(id, steps, field))
    expect(errors.length).toBeGreaterThan(0)
    // The field itself, or a field of it (an image without its picture and text).
    expect(errors.every((error) => error.path === field || error.path.startsWith(`${field}.`))).toBe(true)
  })

  it('cannot be published at the path of a page that exists already', async () => {
    const page = await filledPage(id, steps)
    page.path = '/locations/bochum'
    expect(await errorsOf(page)).toEqual([{ path: 'path', message: 'Der Pfad /locations/bochum gehört schon zu einer anderen Seite.' }])
  })
})
