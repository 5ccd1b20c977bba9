import { createRequire } from 'node:module'
import { type DocumentLocationsState, type DocumentResolver, type DocumentResolverContext } from 'sanity/presentation'
import { describe, expect, it } from 'vitest'
import { MAIN_PAGES, PREVIEW_MODE, presentationResolve, previewOrigin } from './presentation'

/*
 * The tool calls each type's `resolve` with the document's fields as its `select` names them,
 * and matches a previewed URL against the `mainDocuments` routes in order, with path-to-regexp.
 */

/** The route matcher of the Presentation tool: `sanity`'s own path-to-regexp (6.x; the root one is Express's 0.1). */
const requireFromSanity = createRequire(createRequire(import.meta.url).resolve('sanity'))
const { match } = requireFromSanity('path-to-regexp') as {
  match: (route: string, options?: { decode?: (segment: string) => string }) => (pathname: string) => false | { path: string; params: object }
}

type LocatedType = keyof typeof presentationResolve.locations

function locationsOf(type: LocatedType, document: Record<string, unknown> | null): DocumentLocationsState | null | undefined | void {
  const resolver = presentationResolve.locations[type]
  return 'resolve' in resolver ? resolver.resolve(document) : resolver
}

/** The `select` of a type: the fields the tool reads before it calls `resolve`. */
function selectOf(type: LocatedType) {
  const resolver = presentationResolve.locations[type]
  return 'select' in resolver ? resolver.select : undefined
}

const hrefs = (state: DocumentLocationsState | null | undefined | void) => state?.locations?.map((location) => location.href)

describe('resolve.locations: where a document appears on the site', () => {
  it('a page: its own path, titled by its name', () => {
    expect(selectOf('page')).toEqual({ title: 'title', path: 'path', isCity: 'isCity', city: 'location.name' })
    expect(locationsOf('page', { title: 'Über uns', path: '/about', city: null })).toEqual({ locations: [{ title: 'Über uns', href: '/about' }] })
  })

  it('a city page with a location card: its path and the card on /locations', () => {
    const state = locationsOf('page', { title: 'Autoankauf Bochum', path: '/locations/bochum', isCity: true, city: 'Bochum' })
    expect(state?.locations).toEqual([
      { title: 'Autoankauf Bochum', href: '/locations/bochum' },
      { title: 'Standorte (Karte der Stadt)', href: '/locations' },
    ])
    // A sub-page of a city without a card of its own is only at its path.
    expect(hrefs(locationsOf('page', { title: 'BMW Ankauf Xanten', path: '/locations/xanten/bmw-ankauf' }))).toEqual(['/locations/xanten/bmw-ankauf'])
    // A card left on a page that did not opt in is not listed on /locations.
    expect(hrefs(locationsOf('page', { title: 'Leasing', path: '/services/leasing', isCity: false, city: 'Essen' }))).toEqual(['/services/leasing'])
  })

  it('a new page without a path says where it will appear instead of listing nothing', () => {
    const state = locationsOf('page', { title: 'Neue Stadt' })
    expect(state?.locations).toBeUndefined()
    expect(state?.message).toMatch(/Noch ohne Pfad/)
    expect(locationsOf('page', null)?.message).toMatch(/Noch ohne Pfad/)
  })

  it('the home page: /', () => {
    expect(locationsOf('homePage', { _id: 'homePage' })).toEqual({ locations: [{ title: 'Startseite', href: '/' }] })
  })

  it('a vehicle on sale: its page, the inventory and the home page (newest vehicles)', () => {
    expect(selectOf('vehicle')).toEqual({ id: 'id', title: 'title', make: 'make', model: 'model', status: 'status' })
    for (const status of ['available', 'reserved']) {
      const state = locationsOf('vehicle', { id: '7', title: null, make: 'BMW', model: '320d Touring', status })
      expect(state?.locations?.[0]).toEqual({ title: 'BMW 320d Touring', href: '/vehicles/7' })
      expect(hrefs(state)).toEqual(['/vehicles/7', '/vehicles', '/'])
    }
    expect(locationsOf('vehicle', { id: '3', title: 'VW Golf VIII Life', make: 'VW', model: 'Golf', status: 'available' })?.locations?.[0]?.title).toBe(
      'VW Golf VIII Life',
    )
  })

  it('a sold vehicle: only its own page, and why', () => {
    const state = locationsOf('vehicle', { id: 'vehicle-123', make: 'Audi', model: 'A4', status: 'sold' })
    expect(hrefs(state)).toEqual(['/vehicles/vehicle-123'])
    expect(state?.message).toMatch(/Verkauft/)
  })

  it('a vehicle without its public number has no page yet', () => {
    const state = locationsOf('vehicle', { make: 'Opel', model: 'Corsa', status: 'available' })
    expect(state?.locations).toBeUndefined()
    expect(state?.message).toMatch(/Fahrzeugnummer/)
  })

  it('site settings: every page, said so, with the main pages listed', () => {
    const state = locationsOf('siteSettings', { _id: 'siteSettings' })
    expect(state?.message).toBe('Erscheint auf jeder Seite (Kopf- und Fußzeile, Öffnungszeiten)')
    expect(hrefs(state)).toEqual(MAIN_PAGES.map((page) => page.href))
    expect(hrefs(state)).toContain('/')
  })

  it('only the document types that have a page are located', () => {
    expect(Object.keys(presentationResolve.locations).sort()).toEqual(['homePage', 'page', 'siteSettings', 'vehicle'])
  })
})

/** The first resolver whose route matches the URL, with the context the tool passes (as in Sanity's useMainDocument). */
function mainDocumentFor(pathname: string): { resolver: DocumentResolver; context: DocumentResolverContext } | undefined {
  const url = new URL(pathname, 'https://www.example.de')
  for (const resolver of presentationResolve.mainDocuments) {
    for (const route of [resolver.route].flat()) {
      const result = match(route, { decode: decodeURIComponent })(url.pathname)
      if (result) return { resolver, context: { origin: url.origin, params: result.params as Record<string, string>, path: result.path } }
    }
  }
  return undefined
}

/** The GROQ filter and params the tool would query for the previewed URL. */
function mainDocumentQuery(pathname: string) {
  const found = mainDocumentFor(pathname)
  if (!found) return undefined
  const { resolver, context } = found
  if (resolver.type) return { filter: `_type == "${resolver.type}"`, params: {} }
  if (resolver.resolve) return resolver.resolve(context)
  return undefined
}

describe('resolve.mainDocuments: the document a previewed page belongs to', () => {
  it('/ is the home page', () => {
    expect(mainDocumentQuery('/')).toEqual({ filter: '_type == "homePage"', params: {} })
  })

  it('/vehicles/{id} is the vehicle with that public number', () => {
    expect(mainDocumentQuery('/vehicles/7')).toEqual({ filter: '_type == "vehicle" && id == $id', params: { id: '7' } })
    expect(mainDocumentQuery('/vehicles/vehicle-4711')?.params).toEqual({ id: 'vehicle-4711' })
  })

  it('any other path is the content page with that path, as the site normalises it', () => {
    expect(mainDocumentQuery('/about')).toEqual({ filter: '_type == "page" && path == $path', params: { path: '/about' } })
    expect(mainDocumentQuery('/locations/xanten/bmw-ankauf')?.params).toEqual({ path: '/locations/xanten/bmw-ankauf' })
    expect(mainDocumentQuery('/Locations/Bochum/')?.params).toEqual({ path: '/locations/bochum' })
    // The inventory list is no document of its own: the lookup finds no page and the tool shows none.
    expect(mainDocumentQuery('/vehicles')?.params).toEqual({ path: '/vehicles' })
  })

  it('every route is a pattern the tool accepts', () => {
    for (const resolver of presentationResolve.mainDocuments) {
      for (const route of [resolver.route].flat()) expect(() => match(route)).not.toThrow()
    }
  })
})

describe('previewUrl', () => {
  it('opens the site the Studio is served by, unless SANITY_STUDIO_PREVIEW_ORIGIN names another', () => {
    expect(previewOrigin(undefined, 'https://www.example.de')).toBe('https://www.example.de')
    expect(previewOrigin('', 'https://www.example.de')).toBe('https://www.example.de')
    expect(previewOrigin('https://vorschau.example.de/irgendwo', 'https://studio.example.de')).toBe('https://vorschau.example.de')
    expect(() => previewOrigin('www.example.de', 'https://studio.example.de')).toThrow(/SANITY_STUDIO_PREVIEW_ORIGIN/)
    expect(() => previewOrigin('javascript:alert(1)', 'https://studio.example.de')).toThrow(/http\(s\)/)
  })

  it('enters and leaves preview mode through the site’s routes', () => {
    expect(PREVIEW_MODE).toEqual({ enable: '/api/preview-mode/enable', disable: '/api/preview-mode/disable' })
  })
})
