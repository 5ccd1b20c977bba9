import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compilePages, compileValue, DATASET_FILE, datasetWithPages, markdownToPortableText, structureLinks } from './seed-pages'

describe('markdownToPortableText', () => {
  it('turns paragraphs, headings and lists into blocks', () => {
    const blocks = markdownToPortableText('Erster Absatz\nzweite Zeile.\n\n### Überschrift\n\n- eins\n- zwei\n\n1. erstens\n2. zweitens')
    expect(blocks.map((block) => [block.style, block.listItem ?? null, (block.children as Array<{ text: string }>).map((span) => span.text).join('')])).toEqual(
      [
        ['normal', null, 'Erster Absatz zweite Zeile.'],
        ['h3', null, 'Überschrift'],
        ['normal', 'bullet', 'eins'],
        ['normal', 'bullet', 'zwei'],
        ['normal', 'number', 'erstens'],
        ['normal', 'number', 'zweitens'],
      ],
    )
  })

  it('turns bold, italic and links into marks and mark definitions', () => {
    const [block] = markdownToPortableText('Mit **fett**, *kursiv* und [Kontakt](/contact).')
    const children = block?.children as Array<{ text: string; marks: string[] }>
    const markDefs = block?.markDefs as Array<{ _key: string; _type: string; href: string }>
    expect(children.map((span) => span.text)).toEqual(['Mit ', 'fett', ', ', 'kursiv', ' und ', 'Kontakt', '.'])
    expect(children.map((span) => span.marks)).toEqual([[], ['strong'], [], ['em'], [], [markDefs[0]?._key], []])
    expect(markDefs).toEqual([{ _key: expect.any(String), _type: 'link', href: '/contact' }])
  })

  it('turns a company figure into the inline „Kennzahl“, also next to a unit bound to it', () => {
    const [block] = markdownToPortableText('Lieferung bis {freeDeliveryKm}\u00a0km, **ab {freePickupFromEur} €**.')
    expect(block?.children).toEqual([
      expect.objectContaining({ _type: 'span', text: 'Lieferung bis ' }),
      { _key: expect.any(String), _type: 'figure', key: 'freeDeliveryKm' },
      expect.objectContaining({ _type: 'span', text: '\u00a0km, ' }),
      // A figure in bold stays a placeholder in the bold text: an inline object cannot carry marks.
      expect.objectContaining({ _type: 'span', text: 'ab {freePickupFromEur} €', marks: ['strong'] }),
      expect.objectContaining({ _type: 'span', text: '.' }),
    ])
  })

  it('gives every block and span a key unique within the text, the same on every run', () => {
    const markdown = 'Gleich\n\nGleich\n\n- Gleich'
    const first = markdownToPortableText(markdown)
    expect(markdownToPortableText(markdown)).toEqual(first)
    const keys = first.flatMap((block) => [block._key, ...(block.children as Array<{ _key: string }>).map((span) => span._key)])
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe('compileValue', () => {
  it('adds stable, distinct keys to objects in arrays and keeps given keys', () => {
    const compiled = compileValue({
      items: [
        { _type: 'a', x: 1 },
        { _type: 'a', x: 1 },
        { _key: 'own', _type: 'a' },
      ],
    }) as { items: Array<{ _key: string }> }
    const keys = compiled.items.map((item) => item._key)
    expect(keys[2]).toBe('own')
    expect(new Set(keys).size).toBe(3)
    expect(
      compileValue({
        items: [
          { _type: 'a', x: 1 },
          { _type: 'a', x: 1 },
          { _key: 'own', _type: 'a' },
        ],
      }),
    ).toEqual(compiled)
  })

  it('leaves strings in arrays alone', () => {
    expect(compileValue({ list: ['a', 'b'] })).toEqual({ list: ['a', 'b'] })
  })
})

describe('structureLinks', () => {
  const pageIds = new Map([['/contact', 'page-contact']])
  it('turns text targets of buttons, menu entries, tiles and text links into links, in place, and leaves other fields alone', () => {
    const doc = {
      buttons: [{ _key: 'b', _type: 'link', label: 'KONTAKT', target: '/contact', primary: true }],
      nav: [{ _type: 'navLink', label: 'FAHRZEUGE', href: '/vehicles' }],
      markDefs: [{ _key: 'm', _type: 'link', href: 'tel:+492011234' }],
      other: { _type: 'seo', href: '/not-a-link' },
    }
    expect(structureLinks(doc, pageIds)).toEqual({
      buttons: [{ _key: 'b', _type: 'link', label: 'KONTAKT', linkType: 'page', page: { _type: 'reference', _ref: 'page-contact' }, primary: true }],
      nav: [{ _type: 'navLink', label: 'FAHRZEUGE', linkType: 'route', route: '/vehicles' }],
      markDefs: [{ _key: 'm', _type: 'link', linkType: 'phone', phone: '+492011234' }],
      other: { _type: 'seo', href: '/not-a-link' },
    })
    expect(structureLinks(structureLinks(doc, pageIds), pageIds)).toEqual(structureLinks(doc, pageIds))
  })

  it('stops on a path that is no page and no route of the site', () => {
    expect(() => structureLinks({ _type: 'link', target: '/kontakt' }, pageIds)).toThrow('"/kontakt"')
  })
})

describe('datasetWithPages', () => {
  it('compiles the home page like a page (copy review 2026-11-29, L1); other documents keep their texts as they are', () => {
    const dataset = [
      { _id: 'homePage', _type: 'homePage', services: { cards: [{ _key: 'k', description: 'Lieferung bis {freeDeliveryKm} km, ab 2,9 %' }] } },
      { _id: 'vehicle-1', _type: 'vehicle', model: 'Kona Elektro 64 kWh' },
    ]
      .map((document) => JSON.stringify(document))
      .join('\n')
    const [home, vehicle] = datasetWithPages(dataset, [])
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(home.services.cards[0].description).toBe('Lieferung bis {freeDeliveryKm}\u00a0km, ab 2,9\u00a0%')
    expect(vehicle.model).toBe('Kona Elektro 64 kWh')
  })
})

describe('the seed dataset', () => {
  it('holds exactly the pages compiled from content/pages (run `npm run seed:pages` after editing them)', () => {
    const dataset = readFileSync(DATASET_FILE, 'utf8')
    expect(datasetWithPages(dataset, compilePages())).toBe(dataset)
  })

  it('binds no number of the home page’s copy to a plain space before its unit: „ab 2,9 %“, „5.000 €“, „50 km“ (copy review 2026-11-29, L1)', () => {
    const home = readFileSync(DATASET_FILE, 'utf8')
      .split('\n')
      .find((line) => line.includes('"_type":"homePage"'))!
    expect(home).toContain('{financingFromPercent}\u00a0% effektivem Jahreszins')
    expect(home).toContain('{freePickupFromEur}\u00a0€')
    expect(home).toContain('{freeDeliveryKm}\u00a0km')
    expect(home.match(/[\d}] (%|€|km|t)(?![\p{L}\d])/gu)).toBeNull()
  })

  it('names every page file and id after its path', () => {
    for (const page of compilePages()) {
      const slug = String(page.path).slice(1).replaceAll('/', '-')
      expect(page._id).toBe(`page-${slug}`)
    }
  })
})
