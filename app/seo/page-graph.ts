import { type AppLoadContext } from '@remix-run/node'
import { type ContentPage } from '#app/components/sections/types.ts'
import { siteShareImage, type StructuredData } from '#app/utils/page-meta.ts'
import { openingHoursFor, pageHours, type SiteSettings } from '#app/utils/site-settings.ts'
import { loadSiteSettings, siteSettingsForPages } from '#app/utils/site-settings.server.ts'
import {
  absoluteUrl,
  autoDealer,
  breadcrumbList,
  cityService,
  type Crumb,
  dealerRating,
  organization,
  type ShownReviews,
  type Site,
  webSite,
} from './structured-data'

/*
 * The JSON-LD is made by the loaders (docs/decisions/120): the root loader makes the site's nodes
 * (Organization, WebSite), each page's loader its breadcrumbs and own nodes, and pageMeta puts them
 * into one graph. So the builders of structured-data.ts stay out of the browser's scripts (about
 * 1.2 KB of gzip on every page); on a client-side navigation the graph comes with the loader's data.
 *
 * Server code for loaders only, though not named `.server`: a route importing a `.server` module
 * keeps its empty stand-in in the browser build, and one shared by several routes became a script
 * chunk of its own on every page (one request over the home page's budget). A module only loaders
 * use is dropped from the browser build with everything it imports.
 */

/** The site as the builders see it, with the settings as pages use them (today's special opening hours). */
export interface StructuredSite extends Site {
  settings: SiteSettings
}

/** SITE_URL's origin: `https://www.ruhrstern-automobile.de`. */
const originOf = (context: AppLoadContext) => new URL(context.env.SITE_URL).origin

/** The root loader's nodes, the same on every page: the company and the website with its search. */
export function siteStructuredData(site: Site): StructuredData {
  return [organization(site), webSite(site)]
}

/** A page's nodes: Start › … › the page (`trail`: the levels below home, the page last), then its own. */
export function pageStructuredData(context: AppLoadContext, trail: readonly Crumb[], nodes: StructuredData = []): StructuredData {
  return [...(trail.length > 0 ? [breadcrumbList({ url: originOf(context) }, trail)] : []), ...nodes]
}

/** The settings for the builders that describe the dealership (its hours, cities, address); null without settings. */
async function loadStructuredSite(context: AppLoadContext): Promise<StructuredSite | null> {
  // The root loader's read (the lake answers it once per state, decision 046).
  const stored = await loadSiteSettings(context.lake)
  return stored ? { url: originOf(context), settings: siteSettingsForPages(stored, new Date()) } : null
}

const dealerImage = (site: StructuredSite) => siteShareImage(site.url, site.settings)

/** The home page: the dealership with the yard's hours, the home reading of spec §1 as its phone hours (decision 068), and every served city. */
export async function homeStructuredData(context: AppLoadContext): Promise<StructuredData> {
  const site = await loadStructuredSite(context)
  return pageStructuredData(context, [], site ? [autoDealer(site, { image: dealerImage(site), phoneHours: openingHoursFor(site.settings, 'home') })] : [])
}

/**
 * A content page: its levels (those without a page of their own are left out), and the dealership
 * where the page is a city's (with what it offers that city, decision 068) or shows its reviews.
 */
export async function contentPageStructuredData(context: AppLoadContext, page: ContentPage): Promise<StructuredData> {
  const trail = [...page.parents, page].map((level) => ({ name: level.title, path: level.path }))
  const site = await loadStructuredSite(context)
  if (!site) return pageStructuredData(context, trail)
  const rating = dealerRating(shownReviews(page))
  // A city page, or a page below one (/locations/xanten/bmw-ankauf), describes the dealership for that city.
  const city = page.city ?? page.parents.findLast((parent) => parent.city)?.city
  const dealer = () => autoDealer(site, { image: dealerImage(site), rating })
  if (city) {
    // The page's own reading, when not the yard's, as phone hours (decision 068).
    const { phone } = pageHours(site.settings, openingHoursFor(site.settings, page.openingHours))
    const service = cityService(site, { url: absoluteUrl(site.url, page.path), name: page.title, city, phoneHours: phone })
    return pageStructuredData(context, trail, [dealer(), service])
  }
  return pageStructuredData(context, trail, rating.aggregateRating ? [dealer()] : [])
}

/** The reviews the page's reviews section shows (none without one), for the structured data. */
function shownReviews(page: ContentPage): ShownReviews {
  const section = page.sections.find((candidate) => candidate._type === 'reviewsSection')
  if (!section) return { reviews: [], count: 0, average: null }
  return { reviews: section.reviews.slice(0, section.count ?? 3), count: section.summary.count, average: section.summary.average }
}
