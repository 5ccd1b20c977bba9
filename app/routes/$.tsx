import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect, type HeadersFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { RateFootnote } from '#app/components/rate-footnote.tsx'
import { HERO_IMAGE_SIZES } from '#app/components/sanity-image.tsx'
import { PageHeader } from '#app/components/sections/page-header.tsx'
import { PageSections } from '#app/components/sections/page-sections.tsx'
import { type ContentPage } from '#app/components/sections/types.ts'
import { type loader as rootLoader } from '#app/root.tsx'
import { PAGE_QUERY, RENAMED_PAGE_QUERY } from '#app/sanity/queries/pages.ts'
import { fetchPageWithFigures } from '#app/sanity/figures.server.ts'
import { type PAGE_QUERYResult, type RENAMED_PAGE_QUERYResult } from '#app/sanity/types.ts'
import { contentPageStructuredData } from '#app/seo/page-graph.ts'
import { submissionPageAction } from '#app/submissions/actions.server.ts'
import { CACHE_CONTROL, redirectToPagePath, routeHeaders } from '#app/utils/http.server.ts'
import { pageMeta } from '#app/utils/page-meta.ts'
import { type SiteRouteHandle } from '#app/utils/route-handle.ts'
import { openingHoursFor, useSiteSettings } from '#app/utils/site-settings.ts'
import { pagePathProblem } from '#schemas/lib/page-path.ts'
import { skipRevalidationForSubject } from '#app/utils/should-revalidate.ts'

/*
 * Every path no other route matches: a content page from the lake (`page` documents, composed
 * of sections: /services, /about, /locations/bochum, …), else a 404 that the root's ErrorBoundary
 * shows as the not-found page (a failing lake read: its 500 page). A new page in the Studio is
 * served at its path without a code change.
 */

/** The canonical form of a requested path: lowercase, no trailing slash. */
export function canonicalPagePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '')
  return (trimmed === '' ? '/' : trimmed).toLowerCase()
}

function notFound(): never {
  throw new Response('Seite nicht gefunden', { status: 404 })
}

/**
 * The page path a request asks for; not found when no page can have it: undecodable, not a page
 * path, or under a path the app serves itself (`/api/…` that no route serves: its 404 leaves as
 * JSON, site.server.ts). Neither the lake is read nor a form post taken for such a path.
 */
function possiblePagePath(url: URL): string {
  let pathname: string
  try {
    pathname = decodeURIComponent(url.pathname)
  } catch {
    notFound()
  }
  const path = canonicalPagePath(pathname)
  if (pagePathProblem(path)) notFound()
  return path
}

/**
 * The German words a visitor may type for the site's English addresses (/kontakt, /fahrzeuge/3):
 * sent on to them where no page of the lake has that path and none was renamed from it.
 */
const GERMAN_SECTIONS: Readonly<Record<string, string>> = {
  fahrzeuge: 'vehicles',
  kontakt: 'contact',
  standorte: 'locations',
  leistungen: 'services',
  'ueber-uns': 'about',
}

function englishAddressOf(path: string): string | undefined {
  const [, first = '', ...rest] = path.split('/')
  const english = Object.hasOwn(GERMAN_SECTIONS, first) ? GERMAN_SECTIONS[first] : undefined
  return english && ['', english, ...rest].join('/')
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const path = possiblePagePath(url)
  // With the representative example that its „ab 2,9 %*“ calls for (decision 111).
  const { content: page, financingFootnote } = await fetchPageWithFigures<PAGE_QUERYResult>(context.lake, PAGE_QUERY, { path })
  if (!page) {
    // A page renamed in the Studio keeps its old path: old links and search results are sent on.
    const renamed = await context.lake.fetch<RENAMED_PAGE_QUERYResult>(RENAMED_PAGE_QUERY, { path })
    if (typeof renamed === 'string' && renamed !== path) throw redirect(`${renamed}${url.search}`, { status: 301 })
    const english = englishAddressOf(path)
    if (english) throw redirect(`${english}${url.search}`, { status: 301 })
    notFound()
  }
  // One address per page: /About/ and /about serve the same page, so send the others there.
  redirectToPagePath(request, path)
  const structuredData = await contentPageStructuredData(context, page)
  return data({ page, financingFootnote, structuredData }, { headers: { 'Cache-Control': CACHE_CONTROL.page } })
}

export const headers: HeadersFunction = (args) => routeHeaders(args, CACHE_CONTROL.page)

/** Posts of the page's forms without JavaScript; the hidden `leadKind` names the form. */
export async function action(args: ActionFunctionArgs) {
  possiblePagePath(new URL(args.request.url))
  return submissionPageAction(args)
}

/** A changed `?betreff=` preselects the contact form's subject; no loader reads it. */
export const shouldRevalidate = skipRevalidationForSubject

export const handle: SiteRouteHandle = {
  transparentHeader: (data) => {
    const page = (data as { page?: ContentPage } | undefined)?.page
    return page?.sections[0]?._type === 'heroSection'
  },
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  const page = data?.page
  // Without a page the root's ErrorBoundary and meta answer (404 or 500); this runs only for a page.
  if (!page) return []
  return pageMeta({
    site: matches.find((match) => match.id === 'root')?.data,
    // The search-engine texts are optional: without them the page's name, and the site's description.
    title: page.seo?.title || page.title,
    description: page.seo?.description,
    image: page.seo?.image,
    path: page.path,
    // A page opening with a hero: its image is the largest thing on the first screen.
    lcpImage: page.sections[0]?._type === 'heroSection' ? { image: page.sections[0].image, sizes: HERO_IMAGE_SIZES } : undefined,
    structuredData: data.structuredData,
  })
}

export default function ContentPageRoute() {
  const { page, financingFootnote } = useLoaderData<typeof loader>()
  const settings = useSiteSettings()
  const hours = openingHoursFor(settings, page.openingHours)
  const startsWithHero = page.sections[0]?._type === 'heroSection'
  return (
    <>
      {startsWithHero ? null : <PageHeader title={page.heading ?? page.title} intro={page.intro} />}
      <PageSections sections={page.sections} hours={hours} smoothScroll={page.instantScroll !== true} />
      {financingFootnote ? <RateFootnote text={financingFootnote} /> : null}
    </>
  )
}
