import { type ImgHTMLAttributes } from 'react'
import { IMAGE_WIDTHS, type ImageWidth, imageCandidates } from '#app/sanity/image.ts'

/** An image as the queries project it: `image{alt, asset->{url, metadata{dimensions, lqip}}}`. */
export interface SanityImageSource {
  alt?: string | null
  /** The hotspot staff set, in % of the (cropped) image: where a layout that cuts the image keeps it. */
  focus?: { x?: number | null; y?: number | null } | null
  asset?: {
    url?: string | null
    metadata?: {
      dimensions?: { width?: number | null; height?: number | null } | null
      lqip?: string | null
    } | null
  } | null
}

/** Full-bleed hero images (home slider, page hero) are as wide as the viewport. */
export const HERO_IMAGE_SIZES = '100vw'

export interface SanityImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height' | 'alt' | 'loading'> {
  image: SanityImageSource | null | undefined
  /** Layout width of the image per breakpoint, e.g. `(min-width: 1024px) 33vw, 100vw`. */
  sizes: string
  /** Used when the image has no alt text of its own; '' marks a decorative image. */
  fallbackAlt?: string
  /** The page's largest image (LCP): loaded at once and with high priority. */
  priority?: boolean
  /** Candidate widths of the srcset. */
  widths?: readonly ImageWidth[]
}

/**
 * The one image component of the site: `srcset` and `sizes` for the image CDN, intrinsic
 * width/height (the browser reserves the space: no layout shift), alt text, lazy loading below
 * the fold. Renders nothing when the image has no asset URL.
 */
export function SanityImage({ image, sizes, fallbackAlt = '', priority = false, widths = IMAGE_WIDTHS, style, ...props }: SanityImageProps) {
  const url = image?.asset?.url
  if (!url) return null
  const dimensions = image.asset?.metadata?.dimensions
  const width = dimensions?.width ?? undefined
  const height = dimensions?.height ?? undefined
  const { src, srcSet, sizes: candidateSizes } = imageCandidates(url, { sizes, widths, intrinsicWidth: width })
  const focus = image.focus
  const objectPosition = focus && typeof focus.x === 'number' && typeof focus.y === 'number' ? `${percent(focus.x)}% ${percent(focus.y)}%` : undefined
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={candidateSizes}
      width={width}
      height={height}
      alt={image.alt?.trim() || fallbackAlt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      // React 18 knows no `fetchPriority` prop and would warn; the lowercase attribute passes through.
      {...(priority ? { fetchpriority: 'high' } : {})}
      style={objectPosition ? { objectPosition, ...style } : style}
      {...props}
    />
  )
}

/** A hotspot outside the crop would move the image out of its frame: kept within 0–100 %. */
function percent(value: number): number {
  return Math.min(100, Math.max(0, value))
}
