import { PortableText, type PortableTextComponents } from '@portabletext/react'
import { Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { type PortableTextBlock } from '@portabletext/react'

const LINK =
  'font-semibold text-zinc-950 underline decoration-amber-400 decoration-2 underline-offset-4 hover:decoration-zinc-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 rounded'

function RichLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  if (href?.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} prefetch="intent" className={LINK}>
        {children}
      </Link>
    )
  }
  const external = href ? /^https?:\/\//.test(href) : false
  return (
    <a href={href} className={LINK} {...(external ? { rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  )
}

/** How the schema's `richText` renders: the block styles and marks it allows, nothing else. */
const components: PortableTextComponents = {
  block: {
    normal: ({ children }) => <p className="mt-4 leading-relaxed first:mt-0">{children}</p>,
    h3: ({ children }) => <h3 className="mt-10 text-2xl text-zinc-950 first:mt-0">{children}</h3>,
    h4: ({ children }) => <h4 className="mt-8 text-lg font-bold text-zinc-950 first:mt-0">{children}</h4>,
  },
  list: {
    bullet: ({ children }) => <ul className="mt-4 list-disc space-y-2 pl-6 marker:text-amber-600">{children}</ul>,
    number: ({ children }) => <ol className="mt-4 list-decimal space-y-2 pl-6 marker:font-bold">{children}</ol>,
  },
  marks: {
    strong: ({ children }) => <strong className="font-bold text-zinc-950">{children}</strong>,
    em: ({ children }) => <em>{children}</em>,
    link: ({ value, children }) => <RichLink href={(value as { href?: string } | undefined)?.href}>{children}</RichLink>,
  },
}

/** The one Portable Text renderer of the site. */
export function RichText({ value }: { value: readonly unknown[] | null | undefined }) {
  if (!value || value.length === 0) return null
  return <PortableText value={value as PortableTextBlock[]} components={components} />
}
