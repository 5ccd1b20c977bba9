import { type LoaderFunctionArgs } from '@remix-run/node'
import { CACHE_CONTROL } from '~/utils/http.server'

/** robots.txt: everything public may be crawled except the APIs, the Studio and the form story page; points at the sitemap. */
export function loader({ context }: LoaderFunctionArgs) {
  const body = ['User-agent: *', 'Disallow: /api/', 'Disallow: /studio', 'Disallow: /formulare', '', `Sitemap: ${new URL('/sitemap.xml', context.env.SITE_URL).href}`, ''].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_CONTROL.page } })
}
