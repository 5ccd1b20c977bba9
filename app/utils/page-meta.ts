import { type MetaDescriptor } from '@remix-run/node'

export interface PageMetaInput {
  title: string
  description?: string | null
  /** Share image URL. */
  image?: string | null
  /** `og:type` (`website`, `product`); left out when not given. */
  type?: string
}

/** The `<title>`, description and Open Graph tags every page sends, in one place. */
export function pageMeta({ title, description, image, type }: PageMetaInput): MetaDescriptor[] {
  return [
    { title },
    ...(description ? [{ name: 'description', content: description }] : []),
    ...(type ? [{ property: 'og:type', content: type }] : []),
    { property: 'og:title', content: title },
    ...(description ? [{ property: 'og:description', content: description }] : []),
    ...(image ? [{ property: 'og:image', content: image }] : []),
  ]
}
