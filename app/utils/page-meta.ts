import { type MetaDescriptor } from '@remix-run/node'
import { type SanityImageSource } from '#app/components/sanity-image.tsx'
import { imageCandidates } from '#app/sanity/image.ts'
import { absoluteUrl } from '#app/seo/structured-data.ts'
import { type SiteSettings } from '#app/utils/site-settings.ts'

/** The share image when neither the page nor the site settings have one (a copy of the seed's, in public/). */
export const DEFAULT_SHARE_IMAGE = '/images/share-default.jpg'

/**
 * JSON-LD nodes as a loader made them (app/seo/page-graph.ts, decision 120): plain objects
 * (schema-dts's types are too deep for the loader data's serialised type).
 */
export type StructuredData = readonly unknown[]

/** The site's share image, absolute: every page's without one of its own, and the dealership's picture in its AutoDealer node. */
export function siteShareImage(siteUrl: string, settings: Pick<SiteSettings, 'seo'>): string {
  return absoluteUrl(siteUrl, settings.seo.image?.asset?.url || DEFAULT_SHARE_IMAGE)
}

/** What pageMeta reads from the root loader's data. */
export interface PageMetaSite {
  /** SITE_URL's origin, e.g. `https://www.ruhrstern-automobile.de`. */
  siteUrl: string
  settings: Pick<SiteSettings, 'dealerName' | 'seo'>
  /** The site's JSON-LD nodes (Organization, WebSite), the same on every page. */
  structuredData?: StructuredData
  /** The page is drawn with a refused form post: its <title> starts with „Fehler:“ (GOV.UK's pattern). */
  refusedPost?: boolean
}

export interface PageMetaInput {
  /** The root loader's data; undefined only when it is missing (then: title and description alone). */
  site: PageMetaSite | undefined
  /** The page's title; empty: the site's default title. */
  title: string
  /** Empty: the site's default description. */
  description?: string | null
  /** The page's share image (its URL a path or absolute, its alt text and size when known); empty: the site's, else DEFAULT_SHARE_IMAGE. */
  image?: SanityImageSource | null
  /** `og:type`; `website` unless given. */
  type?: 'website' | 'product'
  /**
   * The canonical path, as the site serves it: lowercase content paths without trailing slash,
   * no query string except `?page=N` (N > 1) on /vehicles. SITE_URL is put in front.
   */
  path: string
  /**
   * The page's LCP image (the hero, the first vehicle photo) with the `sizes` its <SanityImage> uses:
   * preloaded from the head at high priority, before the parser reaches the image itself.
   */
  lcpImage?: { image: SanityImageSource | null | undefined; sizes: string }
  /** The page's JSON-LD nodes (its breadcrumbs, AutoDealer, Car …), made by its loader. */
  structuredData?: StructuredData
  /**
   * `<meta name="robots">` for a page search engines should not index (`noindex`, `noindex, follow`).
   * Such a page names no canonical: a canonical says „index that address instead“, the opposite.
   * Pages to be indexed get INDEXABLE_ROBOTS.
   */
  robots?: string
}

/**
 * What an indexed page allows: its photos shown large in results and Discover (a car is chosen by its
 * photos; without it Google may show only a thumbnail). `X-Robots-Tag: noindex` on a site that must not
 * be indexed (ALLOW_INDEXING) still wins.
 */
export const INDEXABLE_ROBOTS = 'max-image-preview:large'

/**
 * Everything a page tells search engines and social networks, in one place: `<title>`, meta
 * description, canonical link, Open Graph and Twitter tags with an absolute share image, and
 * the JSON-LD graph: the root loader's nodes (Organization and WebSite, on every page), then the page's.
 * Remix's <Meta> renders `script:ld+json` with `<`, `>` and `&` escaped, so content cannot end the script.
 */
export function pageMeta({
  site,
  title: pageTitle,
  description: pageDescription,
  image: pageImage,
  type = 'website',
  path,
  lcpImage,
  structuredData,
  robots = INDEXABLE_ROBOTS,
}: PageMetaInput): MetaDescriptor[] {
  const settings = site?.settings
  const title = pageTitle || settings?.seo.title || settings?.dealerName || ''
  const description = pageDescription || settings?.seo.description
  const head: MetaDescriptor[] = [
    { title: site?.refusedPost ? `Fehler: ${title}` : title },
    ...(description ? [{ name: 'description', content: description }] : []),
    { name: 'robots', content: robots },
    ...preloadLink(lcpImage),
  ]
  if (!site || !settings) return head

  const url = absoluteUrl(site.siteUrl, path)
  const siteImage = siteShareImage(site.siteUrl, settings)
  const shared = pageImage?.asset?.url ? pageImage : settings.seo.image?.asset?.url ? settings.seo.image : undefined
  const image = shared?.asset?.url ? absoluteUrl(site.siteUrl, shared.asset.url) : siteImage
  return [
    ...head,
    ...(/noindex/i.test(robots) ? [] : [{ tagName: 'link', rel: 'canonical', href: url }]),
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: settings.dealerName },
    { property: 'og:locale', content: 'de_DE' },
    { property: 'og:url', content: url },
    { property: 'og:title', content: title },
    ...(description ? [{ property: 'og:description', content: description }] : []),
    { property: 'og:image', content: image },
    ...shareImageDetails(shared),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    ...(description ? [{ name: 'twitter:description', content: description }] : []),
    { name: 'twitter:image', content: image },
    ...(shared?.alt ? [{ name: 'twitter:image:alt', content: shared.alt }] : []),
    { 'script:ld+json': { '@context': 'https://schema.org', '@graph': [...(site.structuredData ?? []), ...(structuredData ?? [])] } },
  ]
}

/**
 * The share image's size and alt text, where known: a link preview can be laid out before the image
 * loads, and read to someone who cannot see it. DEFAULT_SHARE_IMAGE has neither.
 */
function shareImageDetails(image: SanityImageSource | undefined): MetaDescriptor[] {
  const { width, height } = image?.asset?.metadata?.dimensions ?? {}
  return [
    ...(width && height
      ? [
          { property: 'og:image:width', content: String(width) },
          { property: 'og:image:height', content: String(height) },
        ]
      : []),
    ...(image?.alt ? [{ property: 'og:image:alt', content: image.alt }] : []),
  ]
}

/** `<link rel="preload" as="image">` naming the same candidates as the image's own srcset (else it would load twice). */
function preloadLink(lcpImage: PageMetaInput['lcpImage']): MetaDescriptor[] {
  const url = lcpImage?.image?.asset?.url
  if (!lcpImage || !url) return []
  const { src, srcSet, sizes } = imageCandidates(url, {
    sizes: lcpImage.sizes,
    intrinsicWidth: lcpImage.image?.asset?.metadata?.dimensions?.width ?? undefined,
  })
  // React 18 renders imageSrcSet/imageSizes; fetchpriority passes through lowercase (no React prop yet).
  return [{ tagName: 'link', rel: 'preload', as: 'image', href: src, imageSrcSet: srcSet, imageSizes: sizes, fetchpriority: 'high' }]
}
