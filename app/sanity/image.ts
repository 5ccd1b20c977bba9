/*
 * Image URLs for both backends (browser-safe): Sanity's image CDN (cdn.sanity.io) and our
 * /media route understand the same parameters.
 */

/**
 * The widths of srcset candidates. The /media route renders only these (and an image's own width,
 * where wider candidates collapse into it); other widths get a 400.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 768, 960, 1280, 1600, 1920, 2400] as const
/** A srcset width; typed so that a caller cannot ask for widths the /media route refuses. */
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

/** The quality `q` of every image URL the site emits; the /media route renders no other. */
export const IMAGE_QUALITY = 75

const PLACEHOLDER_ORIGIN = 'http://relative.invalid'

/**
 * Whether a URL is served by an image CDN that understands the parameters below: Sanity's
 * (cdn.sanity.io) or our own /media route (relative URLs). Photos synced from a marketplace are
 * shown from its CDN as they are (docs/decisions/010).
 */
export function isTransformableImageUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true
  try {
    return new URL(url, PLACEHOLDER_ORIGIN).hostname === 'cdn.sanity.io'
  } catch {
    return false
  }
}

/**
 * Adds image-CDN parameters to an asset URL: width `w`, quality `q`, `auto=format` (AVIF or WebP
 * when the browser accepts them) and `fit=max` (never upscale). Relative URLs stay relative.
 *
 * @example imageUrl('/media/abc-1200x800.jpg', {width: 640}) // '/media/abc-1200x800.jpg?w=640&q=75&auto=format&fit=max'
 */
export function imageUrl(url: string, { width, quality = IMAGE_QUALITY }: { width: number; quality?: number }): string {
  if (!isTransformableImageUrl(url)) return url
  const parsed = new URL(url, PLACEHOLDER_ORIGIN)
  parsed.searchParams.set('w', String(Math.round(width)))
  parsed.searchParams.set('q', String(Math.round(quality)))
  parsed.searchParams.set('auto', 'format')
  parsed.searchParams.set('fit', 'max')
  // A crop (`rect=left,top,width,height`) keeps its commas, as Sanity's own URL builder writes it.
  const search = parsed.search.replace(/%2C/g, ',')
  if (parsed.origin === PLACEHOLDER_ORIGIN) return `${parsed.pathname}${search}${parsed.hash}`
  // Keep protocol-relative URLs protocol-relative.
  const absolute = `${parsed.origin}${parsed.pathname}${search}${parsed.hash}`
  return url.startsWith('//') ? absolute.slice(parsed.protocol.length) : absolute
}

/**
 * A `srcset` value with one candidate per width. Widths beyond the image's intrinsic width
 * collapse into a single candidate at the intrinsic width, so the browser never gets an upscaled image.
 *
 * @example imageSrcSet(url, [320, 640, 1280], 1000) // '…?w=320… 320w, …?w=640… 640w, …?w=1000… 1000w'
 */
export function imageSrcSet(url: string, widths: readonly ImageWidth[], intrinsicWidth?: number): string {
  // A foreign CDN gets one candidate: the URL itself (src), no srcset.
  if (!isTransformableImageUrl(url)) return ''
  const limit = intrinsicWidth ?? Number.POSITIVE_INFINITY
  const candidates = [...new Set(widths.map((width) => Math.round(Math.min(width, limit))))].filter((width) => width > 0).sort((a, b) => a - b)
  return candidates.map((width) => `${imageUrl(url, { width })} ${width}w`).join(', ')
}

/** What an `<img>` (or its `<link rel="preload">`) needs: a fallback src, and srcset/sizes for a transformable URL. */
export interface ImageCandidates {
  src: string
  srcSet?: string
  sizes?: string
}

/**
 * The `src`, `srcset` and `sizes` of an image, as <SanityImage> renders them and as the LCP image's
 * preload link repeats them (both must name the same URLs, or the browser loads the image twice).
 */
export function imageCandidates(
  url: string,
  { sizes, widths = IMAGE_WIDTHS, intrinsicWidth }: { sizes: string; widths?: readonly ImageWidth[]; intrinsicWidth?: number },
): ImageCandidates {
  // The fallback src for browsers without srcset support: a mid-size candidate.
  const src = imageUrl(url, { width: Math.min(intrinsicWidth ?? 1280, 1280) })
  // Empty for a foreign CDN (a synced marketplace photo): then only src, shown as it is.
  const srcSet = imageSrcSet(url, widths, intrinsicWidth)
  return srcSet ? { src, srcSet, sizes } : { src }
}
