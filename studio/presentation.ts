import { defineDocuments, defineLocations, type DocumentLocation, type DocumentLocationResolvers, type PresentationPluginOptions } from 'sanity/presentation'

/*
 * The Presentation tool („Vorschau“, issue 14): where each document appears on the site
 * (`locations`, shown above the form) and which document a page of the preview belongs to
 * (`mainDocuments`, opened when staff navigate in the preview). Pure configuration, so the unit
 * tests call it as the tool would.
 */

/** The site's preview-mode routes (app/routes): enable validates the tool's secret and sets the cookie. */
export const PREVIEW_MODE = { enable: '/api/preview-mode/enable', disable: '/api/preview-mode/disable' } as const

/** Pages every visitor reaches from the header, listed for documents that appear on every page. */
export const MAIN_PAGES: readonly DocumentLocation[] = [
  { title: 'Startseite', href: '/' },
  { title: 'Fahrzeuge', href: '/vehicles' },
  { title: 'Leistungen', href: '/services' },
  { title: 'Standorte', href: '/locations' },
  { title: 'Über uns', href: '/about' },
  { title: 'Kontakt', href: '/contact' },
]

const HOME: DocumentLocation = { title: 'Startseite', href: '/' }
const VEHICLE_LIST: DocumentLocation = { title: 'Fahrzeugbestand', href: '/vehicles' }
const LOCATION_LIST: DocumentLocation = { title: 'Standorte (Karte der Stadt)', href: '/locations' }

/**
 * The origin the preview opens: SANITY_STUDIO_PREVIEW_ORIGIN when set (a Studio hosted apart from
 * the site), else the Studio's own origin (the Studio is served by the site at /studio). A wrong
 * value stops the Vorschau tool with a message instead of framing some other address.
 */
export function previewOrigin(configured: string | undefined, studioOrigin: string): string {
  if (!configured) return studioOrigin
  const url = URL.canParse(configured) ? new URL(configured) : undefined
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`SANITY_STUDIO_PREVIEW_ORIGIN muss eine http(s)-Adresse der Website sein, z. B. https://www.example.de (gesetzt: ${configured})`)
  }
  return url.origin
}

/** The site's address of a content page as the site serves it: lower case, no trailing slash (app/routes/$.tsx). */
function canonicalPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '')
  return (trimmed === '' ? '/' : trimmed).toLowerCase()
}

const locations = {
  page: defineLocations({
    select: { title: 'title', path: 'path', isCity: 'isCity', city: 'location.name' },
    resolve: (page) => {
      if (!page?.path) return { message: 'Noch ohne Pfad: Die Seite erscheint, sobald sie einen Pfad hat (z. B. /locations/bochum).', tone: 'caution' }
      const own: DocumentLocation = { title: page.title || page.path, href: page.path }
      // A city page (opted in, with its card) is also a card on /locations (the locations section lists every such page).
      return { locations: page.isCity === true && page.city && page.path !== LOCATION_LIST.href ? [own, LOCATION_LIST] : [own] }
    },
  }),
  homePage: defineLocations({ locations: [HOME] }),
  vehicle: defineLocations({
    select: { id: 'id', title: 'title', make: 'make', model: 'model', status: 'status' },
    resolve: (vehicle) => {
      if (!vehicle?.id) return { message: 'Noch ohne Fahrzeugnummer: Die Seite entsteht unter /vehicles/{Fahrzeugnummer}.', tone: 'caution' }
      const name = vehicle.title || [vehicle.make, vehicle.model].filter(Boolean).join(' ') || `Fahrzeug ${vehicle.id}`
      const own: DocumentLocation = { title: name, href: `/vehicles/${encodeURIComponent(vehicle.id)}` }
      // Sold vehicles keep their page (decision 012) but leave the lists; on sale, the newest also show on the home page.
      if (vehicle.status === 'sold') return { locations: [own], message: 'Verkauft: nur noch auf der eigenen Seite, nicht mehr im Bestand.' }
      return { locations: [own, VEHICLE_LIST, { title: 'Startseite (die neuesten Fahrzeuge)', href: HOME.href }] }
    },
  }),
  siteSettings: defineLocations({
    message: 'Erscheint auf jeder Seite (Kopf- und Fußzeile, Öffnungszeiten)',
    locations: [...MAIN_PAGES],
  }),
} satisfies DocumentLocationResolvers

const mainDocuments = defineDocuments([
  { route: '/', type: 'homePage' },
  {
    route: '/vehicles/:id',
    resolve: ({ params }) => (params.id ? { filter: '_type == "vehicle" && id == $id', params: { id: params.id } } : undefined),
  },
  // Any other path may be a content page. path-to-regexp 6 (the tool's matcher) gives `path` as
  // segments, so the page is looked up by the matched path itself.
  { route: '/:path+', resolve: ({ path }) => ({ filter: '_type == "page" && path == $path', params: { path: canonicalPath(path) } }) },
])

/** `resolve` of the Presentation tool: where documents appear, and which document a previewed page shows. */
export const presentationResolve = { locations, mainDocuments } satisfies PresentationPluginOptions['resolve']
