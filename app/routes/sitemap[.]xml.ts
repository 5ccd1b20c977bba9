import { type LoaderFunctionArgs } from '@remix-run/node'
import { SITEMAP_QUERY } from '#app/sanity/queries/pages.ts'
import { type SITEMAP_QUERYResult } from '#app/sanity/types.ts'
import { SALE_PATH } from '#schemas/lib/constants.ts'
import { CACHE_CONTROL } from '#app/utils/http.server.ts'

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)

/** One `<url>` entry; lastmod as a date (W3C format), omitted when unknown. */
function entry(siteUrl: string, path: string, updatedAt?: string | null): string {
  const loc = escapeXml(new URL(path, siteUrl).href)
  const lastmod = updatedAt ? `<lastmod>${updatedAt.slice(0, 10)}</lastmod>` : ''
  return `<url><loc>${loc}</loc>${lastmod}</url>`
}

/**
 * The pages of code routes a search engine should find (the others are private, per visitor, or
 * redirects: sitemap[.]xml.test.ts names each route file and why it is left out).
 */
export const SITEMAP_CODE_ROUTES = ['/', '/vehicles', SALE_PATH] as const

/**
 * sitemap.xml from the lake: the home page, the inventory, the sell page, every content page (a new
 * city page is listed as soon as it is published) and every vehicle on sale, each with its last change.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const siteUrl = context.env.SITE_URL
  const { home, inventory, settings, pages, vehicles } = await context.lake.fetch<SITEMAP_QUERYResult>(SITEMAP_QUERY)
  // The home page shows the newest cars too.
  const homeChanged = [home, inventory]
    .filter((date): date is string => typeof date === 'string')
    .sort()
    .at(-1)
  const lastChange: Record<(typeof SITEMAP_CODE_ROUTES)[number], string | null | undefined> = {
    '/': homeChanged,
    '/vehicles': inventory,
    [SALE_PATH]: settings,
  }
  const urls = [
    ...SITEMAP_CODE_ROUTES.map((path) => entry(siteUrl, path, lastChange[path])),
    ...pages.map((page) => entry(siteUrl, page.path, page._updatedAt)),
    ...vehicles.map((vehicle) => entry(siteUrl, `/vehicles/${encodeURIComponent(vehicle.id)}`, vehicle._updatedAt)),
  ]
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE_CONTROL.page } })
}
