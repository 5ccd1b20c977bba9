import { type LoaderFunctionArgs } from '@remix-run/node'
import { CACHE_CONTROL } from '#app/utils/http.server.ts'

/**
 * robots.txt: everything public may be crawled except the APIs; points at the sitemap. Noindex
 * pages (/formulare: meta robots; /studio: X-Robots-Tag) are not disallowed here: a crawler that
 * may not fetch them never sees their noindex and can still list the bare address when linked.
 * With ALLOW_INDEXING=false (staging) nothing may be crawled.
 */
export function loader({ context }: LoaderFunctionArgs) {
  const rules = context.env.ALLOW_INDEXING ? ['Disallow: /api/', '', `Sitemap: ${new URL('/sitemap.xml', context.env.SITE_URL).href}`] : ['Disallow: /']
  const body = ['User-agent: *', ...rules, ''].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_CONTROL.page } })
}
