import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ContentPage } from '#app/components/sections/types.ts'
import { loader as rootLoader } from '#app/root.tsx'
import { createOrReplace, patchDocument } from '#app/lake/lake.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { CONTENT_ROUTES } from '#tests/content-routes.ts'
import { action, canonicalPagePath, loader, meta } from './$'

interface LoaderData {
  data: { page: ContentPage }
  init: { headers?: Record<string, string> } | null
}

/** Calls the loader; a thrown Response (404, 301) is returned instead. */
async function load(test: TestLake, path: string): Promise<LoaderData | Response> {
  try {
    return (await loader({
      request: new Request(`http://localhost${path}`),
      params: { '*': path.slice(1) },
      context: { lake: test.lake, env: test.env },
    })) as unknown as LoaderData
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

async function loadPage(test: TestLake, path: string): Promise<ContentPage> {
  const result = await load(test, path)
  if (result instanceof Response) throw new Error(`${path} answered ${result.status}`)
  return result.data.page
}

describe('canonicalPagePath', () => {
  it('drops trailing slashes and lowercases', () => {
    expect(canonicalPagePath('/About/')).toBe('/about')
    expect(canonicalPagePath('/locations/Bochum//')).toBe('/locations/bochum')
    expect(canonicalPagePath('/')).toBe('/')
  })
})

describe.each(BACKENDS)('content pages on the %s lake', (backend) => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake(backend)
  })
  afterAll(() => test.close())

  it('a page header’s title and a legal text’s headings carry soft hyphens in their long words; the title for <title> and the paragraphs do not (visitor review 2026-11-30, L2)', async () => {
    const shown = (text: string | null | undefined) => text?.replaceAll('\u00AD', '·')
    const privacy = await loadPage(test, '/datenschutz')
    expect(shown(privacy.heading)).toBe('Da·ten·schutz·er·klä·rung')
    expect(privacy.title).toBe('Datenschutzerklärung')
    type Block = { _type: string; style?: string; children?: { _type: string; text?: string }[] }
    const blocks = privacy.sections.flatMap((section) => ('body' in section ? ((section.body ?? []) as Block[]) : []))
    const textsOf = (style: string) =>
      blocks.filter((block) => block.style === style).flatMap((block) => (block.children ?? []).map((child) => child.text ?? ''))
    expect(textsOf('h3').map(shown)).toContain('Fi·nan·zie·rungs·an·fra·gen')
    // Short heading words stay whole, and body text is left to the browser.
    expect(textsOf('h3')).toContain('Hosting und Server-Logfiles')
    expect(textsOf('normal').length).toBeGreaterThan(5)
    expect(textsOf('normal').join('')).not.toContain('\u00AD')
  })

  it.each(CONTENT_ROUTES)('%s is a page of the seed, cacheable, with exactly one H1', async (path) => {
    const result = await load(test, path)
    if (result instanceof Response) throw new Error(`${path} answered ${result.status}`)
    const page = result.data.page
    expect(page.path).toBe(path)
    expect(result.init?.headers?.['Cache-Control']).toMatch(/^public, /)
    // One H1: the hero's heading, or the page title when the page starts without a hero.
    const heroes = page.sections.filter((section) => section._type === 'heroSection')
    expect(heroes.length).toBeLessThanOrEqual(1)
    if (heroes.length === 1) expect(page.sections[0]?._type).toBe('heroSection')
    expect(page.seo?.title.length).toBeGreaterThan(10)
    expect(page.seo?.description.length).toBeGreaterThan(50)
  })

  it('answers 404 for unknown paths and paths that cannot be pages', async () => {
    for (const path of ['/services/unbekannt', '/locations/atlantis', '/locations/xanten/unbekannt', '/a_b', '/%E0%A4%A']) {
      const result = await load(test, path)
      expect(result, path).toBeInstanceOf(Response)
      expect((result as Response).status, path).toBe(404)
    }
  })

  it('redirects other spellings of a path to the canonical one (301), keeping the query', async () => {
    const result = await load(test, '/Services/?x=1')
    expect(result).toBeInstanceOf(Response)
    expect((result as Response).status).toBe(301)
    expect((result as Response).headers.get('location')).toBe('/services?x=1')
  })

  it('sends a renamed page’s former path on to its new one (301, the query kept); a page now at that path wins (SEO review 2026-11-29, finding 3)', async () => {
    await patchDocument(test.lake, 'page-locations-muelheim', { set: { path: '/locations/muelheim-an-der-ruhr', previousPaths: ['/locations/muelheim'] } })
    const old = await load(test, '/locations/muelheim?utm_source=zeitung')
    expect(old).toBeInstanceOf(Response)
    expect((old as Response).status).toBe(301)
    expect((old as Response).headers.get('location')).toBe('/locations/muelheim-an-der-ruhr?utm_source=zeitung')
    expect(await loadPage(test, '/locations/muelheim-an-der-ruhr')).toMatchObject({ path: '/locations/muelheim-an-der-ruhr' })
    // Renamed back: the page is served at its path again, whatever its former paths say.
    await patchDocument(test.lake, 'page-locations-muelheim', {
      set: { path: '/locations/muelheim', previousPaths: ['/locations/muelheim-an-der-ruhr', '/locations/muelheim'] },
    })
    expect(await loadPage(test, '/locations/muelheim')).toMatchObject({ path: '/locations/muelheim' })
    expect(((await load(test, '/locations/muelheim-an-der-ruhr')) as Response).headers.get('location')).toBe('/locations/muelheim')
    await patchDocument(test.lake, 'page-locations-muelheim', { unset: ['previousPaths'] })
  })

  it('sends the German words for the English addresses on (301, the query kept), where no page has that path', async () => {
    for (const [typed, address] of [
      ['/kontakt', '/contact'],
      ['/Fahrzeuge/3?von=suche', '/vehicles/3?von=suche'],
      ['/standorte/dortmund', '/locations/dortmund'],
      ['/leistungen', '/services'],
      ['/ueber-uns', '/about'],
    ]) {
      const result = await load(test, typed!)
      expect(result instanceof Response && [result.status, result.headers.get('location')], typed).toEqual([301, address])
    }
    expect(((await load(test, '/kontakte')) as Response).status).toBe(404)
    expect(((await load(test, '/constructor')) as Response).status).toBe(404)
  })

  it('lists the ten city pages on /locations, in the order of the spec', async () => {
    const page = await loadPage(test, '/locations')
    const cards = page.sections.flatMap((section) => (section._type === 'locationCardsSection' ? section.cards : []))
    expect(cards.map((card) => card.path)).toEqual(
      ['bochum', 'dortmund', 'duesseldorf', 'gelsenkirchen', 'oberhausen', 'muelheim', 'xanten', 'sonsbeck', 'uedem', 'muenster'].map(
        (city) => `/locations/${city}`,
      ),
    )
    for (const card of cards) {
      expect(card.image?.asset?.url).toMatch(/^\/media\//)
      expect(card.distance).toMatch(/\d/)
    }
  })

  describe('meta', () => {
    type Node = Record<string, unknown>
    const metaOf = async (path: string) => {
      const root = await rootLoader({ request: new Request('http://localhost/'), params: {}, context: { lake: test.lake, env: test.env } })
      const loaded = await load(test, path)
      if (loaded instanceof Response) throw new Error(`${path} answered ${loaded.status}`)
      // The meta function as Remix calls it: with the page loader's data (its JSON-LD nodes made there) and the root's.
      const tags = meta({ data: loaded.data, matches: [{ id: 'root', data: root }] } as unknown as Parameters<typeof meta>[0])
      const ld = tags.find((tag) => 'script:ld+json' in tag) as { 'script:ld+json': { '@graph': Node[] } } | undefined
      const nodes = ld?.['script:ld+json']['@graph'] ?? []
      const node = (type: string) => nodes.find((candidate) => candidate['@type'] === type)
      const crumbs = (node('BreadcrumbList')?.itemListElement as Node[] | undefined)?.map((item) => item.name)
      return { tags, node, crumbs, origin: root.siteUrl }
    }

    it('canonical URL and breadcrumbs from the titles of the pages above; no dealership on general pages', async () => {
      const { tags, node, crumbs, origin } = await metaOf('/services/autoankauf')
      expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${origin}/services/autoankauf` })
      expect(tags).toContainEqual({ title: 'Autoankauf Essen: Auto verkaufen | Ruhrstern Automobile' })
      expect(crumbs).toEqual(['Start', 'Leistungen', 'Autoankauf'])
      expect(node('Organization')).toMatchObject({ name: 'Ruhrstern Automobile' })
      expect(node('AutoDealer')).toBeUndefined()
    })

    it('a city page: the one dealership, described whole, and a Service for that city with the city hours of the settings (Mo–Sa 08:00–20:00) as phone hours', async () => {
      const { node, crumbs, origin } = await metaOf('/locations/dortmund')
      expect(crumbs).toEqual(['Start', 'Standorte', 'Autoankauf und Gebrauchtwagen für Dortmund'])
      // Not a dealership of its own (SEO review 2026-11-29, finding 7): the dealer of record, under its one @id, with the
      // address a local business must have (crawler review 2026-11-30); tests/http/crawl.test.ts checks it is the home page's node.
      expect(node('AutoDealer')).toMatchObject({
        '@type': 'AutoDealer',
        '@id': `${origin}/#dealer`,
        name: 'Ruhrstern Automobile',
        url: `${origin}/`,
        address: { '@type': 'PostalAddress', addressLocality: 'Essen' },
        openingHoursSpecification: expect.any(Array),
      })
      expect(node('Service')).toMatchObject({
        name: 'Autoankauf und Gebrauchtwagen für Dortmund',
        url: `${origin}/locations/dortmund`,
        provider: { '@id': `${origin}/#dealer` },
        areaServed: { '@type': 'City', name: 'Dortmund' },
      })
      expect(node('Service')?.availableChannel).toMatchObject({
        servicePhone: {
          '@type': 'ContactPoint',
          hoursAvailable: [
            {
              dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((day) => `https://schema.org/${day}`),
              opens: '08:00',
              closes: '20:00',
            },
          ],
        },
      })
    })

    it('a page below a city page belongs to that city; the student page has the student hours (Mo–So 08:00–22:00) as phone hours', async () => {
      const { node, crumbs } = await metaOf('/locations/muenster/studenten-autoankauf')
      expect(crumbs).toEqual(['Start', 'Standorte', 'Autoankauf in Münster', 'Studenten-Autoankauf in Münster'])
      expect(node('Service')).toMatchObject({ areaServed: { '@type': 'City', name: 'Münster' } })
      expect(node('Service')?.availableChannel).toMatchObject({
        servicePhone: { hoursAvailable: [{ dayOfWeek: expect.arrayContaining(['https://schema.org/Sunday']), opens: '08:00', closes: '22:00' }] },
      })
      expect((await metaOf('/locations/xanten/bmw-ankauf')).node('Service')).toMatchObject({ areaServed: { name: 'Xanten' } })
    })
  })

  it('serves a new city page created in the lake at its path and lists it on /locations, without a code change', async () => {
    // The new page reuses an image already in the lake (as staff would pick one from the media library).
    const { image } = (await test.stored('page-locations-bochum'))?.location as { image: unknown }
    await createOrReplace(test.lake, {
      _id: 'page-locations-bottrop',
      _type: 'page',
      title: 'Autoankauf Bottrop',
      path: '/locations/bottrop',
      openingHours: 'city',
      isCity: true,
      seo: {
        title: 'Autoankauf in Bottrop | Ruhrstern Automobile',
        description: 'Wir kaufen Ihr Auto in Bottrop: kostenlose Bewertung, Abholung und sofortige Auszahlung.',
      },
      location: {
        name: 'Bottrop',
        distance: '14 Min.',
        customers: '120+ Kunden',
        description: 'Von Bottrop über die B224 in wenigen Minuten bei uns.',
        image,
        order: 11,
      },
      sections: [
        { _key: 'hero', _type: 'heroSection', heading: 'Autoankauf in Bottrop', claim: 'ca. 14 Minuten von Essen', image },
        { _key: 'contact', _type: 'contactSection', anchor: 'contact', heading: 'Kontakt', subjects: 'home', messageRows: 5 },
      ],
    })
    // A page that did not opt in is no city, even with a card left over from an old default.
    await createOrReplace(test.lake, {
      _id: 'page-services-leasing',
      _type: 'page',
      title: 'Leasing',
      path: '/services/leasing',
      openingHours: 'general',
      seo: { title: 'Leasing | Ruhrstern Automobile', description: 'Leasing für Gebrauchtwagen: fragen Sie uns nach einem Angebot.' },
      location: { order: 100 },
      sections: [{ _key: 'hero', _type: 'heroSection', heading: 'Leasing', image }],
    })
    const bottrop = await loadPage(test, '/locations/bottrop')
    expect(bottrop.title).toBe('Autoankauf Bottrop')
    expect(bottrop.sections.map((section) => section._type)).toEqual(['heroSection', 'contactSection'])
    const overview = await loadPage(test, '/locations')
    const cards = overview.sections.flatMap((section) => (section._type === 'locationCardsSection' ? section.cards : []))
    expect(cards.at(-1)).toMatchObject({ path: '/locations/bottrop', name: 'Bottrop', distance: '14 Min.' })
    expect(cards).toHaveLength(11)
    expect(cards.map((card) => card.path)).not.toContain('/services/leasing')
    expect((await loadPage(test, '/services/leasing')).city).toBeNull()
  })

  it('lists a new service page on /services by itself, and each service page once', async () => {
    const { image } = (await test.stored('page-locations-bochum'))?.location as { image: unknown }
    const page = {
      _type: 'page',
      title: 'Fahrzeugaufbereitung',
      path: '/services/fahrzeugaufbereitung',
      openingHours: 'general',
      seo: { title: 'Fahrzeugaufbereitung | Ruhrstern Automobile', description: 'Innen und außen wie neu: Aufbereitung vor dem Verkauf.' },
      sections: [{ _key: 'hero', _type: 'heroSection', heading: 'Fahrzeugaufbereitung', image }],
    }
    // Titles as shown: long words carry soft hyphens for the line break (decision 102).
    const overviewCards = async () =>
      (await loadPage(test, '/services')).sections
        .flatMap((section) => (section._type === 'serviceCardsSection' ? [...section.cards, ...section.pageCards] : []))
        .map((card) => ({ ...card, title: card.title?.replaceAll('\u00AD', '') }))
    const before = await overviewCards()
    // A draft is not on the site yet.
    await createOrReplace(test.lake, { ...page, _id: 'drafts.page-services-fahrzeugaufbereitung' })
    expect((await overviewCards()).map((card) => card.title)).not.toContain('Fahrzeugaufbereitung')

    await createOrReplace(test.lake, { ...page, _id: 'page-services-fahrzeugaufbereitung' })
    const after = await overviewCards()
    expect(after).toHaveLength(before.length + 1)
    expect(after).toContainEqual(
      expect.objectContaining({
        title: 'Fahrzeugaufbereitung',
        description: 'Innen und außen wie neu: Aufbereitung vor dem Verkauf.',
        action: expect.objectContaining({ label: 'MEHR ERFAHREN', target: '/services/fahrzeugaufbereitung' }),
      }),
    )
    // The spec's cards that already link Autoankauf and Autoverkauf get no second card.
    const targets = after.flatMap((card) => (card.action?.target ? [card.action.target] : []))
    expect(targets.filter((target) => target === '/services/autoankauf')).toHaveLength(1)
    expect(targets.filter((target) => target === '/services/autoverkauf')).toHaveLength(1)
  })
})

describe('content page action (form posts without JavaScript)', () => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake('embedded')
  })
  afterAll(() => test.close())

  const post = (path: string, fields: Record<string, string>) =>
    action({
      request: new Request(`http://localhost${path}`, {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      }),
      params: {},
      context: { lake: test.lake, env: test.env },
    })

  it('hands lead forms (hidden leadKind) to the lead action', async () => {
    const response = (await post('/locations/sonsbeck', {
      leadKind: 'valuation',
      variant: '',
      anchor: 'contact',
      page: '/locations/sonsbeck',
      brand: 'Opel',
      model: 'Astra',
      year: '2017',
      mileage: '99000',
      phone: '02801 555',
      website: '',
    })) as Response
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/locations/sonsbeck?anfrage=gesendet&formular=contact#contact-bestaetigung')
    const leads = await test.storedOfType('lead')
    expect(leads.find((lead) => (lead.contact as { phone?: string }).phone === '02801 555')).toMatchObject({ kind: 'valuation', page: '/locations/sonsbeck' })
  })

  it('hands the contact form to the contact action', async () => {
    const response = (await post('/contact', {
      name: 'Erika Muster',
      email: 'erika@example.de',
      subject: 'termin',
      message: 'Ich möchte einen Termin am Samstag.',
      page: '/contact',
      website: '',
    })) as Response
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/contact?nachricht=gesendet#contact-bestaetigung')
    const messages = await test.storedOfType('contactMessage')
    expect(messages.find((message) => message.email === 'erika@example.de')).toMatchObject({ subject: 'termin', page: '/contact' })
  })
})
