import { type LoaderFunctionArgs } from '@remix-run/node'
import { SITEMAP_QUERY } from '#app/sanity/queries/pages.ts'
import { type SITEMAP_QUERYResult } from '#app/sanity/types.ts'
import { CACHE_CONTROL } from '#app/utils/http.server.ts'

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)

/** One `<url>` entry; lastmod as a date (W3C format), omitted when unknown. */
function entry(siteUrl: string, path: string, updatedAt?: string | null): string {
  const loc = escapeXml(new URL(path, siteUrl).href)
  const lastmod = updatedAt ? `<lastmod>${updatedAt.slice(0, 10)}</lastmod>` : ''
  return `<url><loc>${loc}</loc>${lastmod}</url>`
}

/**
 * sitemap.xml from the lake: the home page, the inventory, every content page (a new city page is
 * listed as soon as it is published) and every vehicle on sale, each with its last change.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const siteUrl = context.env.SITE_URL
  const { home, pages, vehicles } = await context.lake.fetch<SITEMAP_QUERYResult>(SITEMAP_QUERY)
  const urls = [
    entry(siteUrl, '/', home),
    entry(siteUrl, '/vehicles', vehicles[0]?._updatedAt),
    ...pages.map((page) => entry(siteUrl, page.path, page._updatedAt)),
    ...vehicles.map((vehicle) => entry(siteUrl, `/vehicles/${encodeURIComponent(vehicle.id)}`, vehicle._updatedAt)),
  ]
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE_CONTROL.page } })
}
