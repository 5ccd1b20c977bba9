import { type MetaDescriptor } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { breadcrumbList, cityService, organization, webSite } from '#app/seo/structured-data.ts'
import { site, SITE_URL } from '#tests/seo-fixtures.ts'
import { DEFAULT_SHARE_IMAGE, pageMeta, type PageMetaSite } from './page-meta'

const settingsImage = '/media/share-1200x630.jpg'
const root: PageMetaSite = {
  siteUrl: SITE_URL,
  settings: {
    ...site.settings,
    seo: {
      title: 'Ruhrstern Automobile – Autoankauf in Essen',
      description: 'Standardbeschreibung.',
      image: { alt: 'Logo', focus: null, asset: { url: settingsImage, metadata: { dimensions: { width: null, height: null } } } },
    },
  },
}

/** The tags as name → content (title, description, og:*, twitter:*, canonical). */
function tags(meta: MetaDescriptor[]): Record<string, string> {
  const result: Record<string, string> = {}
  for (const tag of meta) {
    if ('title' in tag) result.title = String(tag.title)
    else if ('property' in tag) result[String(tag.property)] = String(tag.content)
    else if ('name' in tag) result[String(tag.name)] = String(tag.content)
    else if ('tagName' in tag) result[`${String(tag.tagName)}:${String(tag.rel)}`] = String(tag.href)
  }
  return result
}

function jsonLd(meta: MetaDescriptor[]) {
  const scripts = meta.filter((tag) => 'script:ld+json' in tag)
  expect(scripts).toHaveLength(1)
  return (scripts[0] as { 'script:ld+json': { '@context': string; '@graph': Array<Record<string, unknown>> } })['script:ld+json']
}

describe('pageMeta', () => {
  it('sends title, description, canonical URL, Open Graph and Twitter tags with an absolute image', () => {
    const meta = pageMeta({
      site: root,
      title: 'Kontakt & Anfahrt',
      description: 'So erreichen Sie uns.',
      image: { alt: 'Der Hof von Ruhrstern Automobile', asset: { url: '/media/contact-1200x630.jpg', metadata: { dimensions: { width: 1200, height: 630 } } } },
      path: '/contact',
    })
    expect(tags(meta)).toEqual({
      title: 'Kontakt & Anfahrt',
      description: 'So erreichen Sie uns.',
      robots: 'max-image-preview:large',
      'link:canonical': `${SITE_URL}/contact`,
      'og:type': 'website',
      'og:site_name': 'Ruhrstern Automobile',
      'og:locale': 'de_DE',
      'og:url': `${SITE_URL}/contact`,
      'og:title': 'Kontakt & Anfahrt',
      'og:description': 'So erreichen Sie uns.',
      'og:image': `${SITE_URL}/media/contact-1200x630.jpg`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'Der Hof von Ruhrstern Automobile',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Kontakt & Anfahrt',
      'twitter:description': 'So erreichen Sie uns.',
      'twitter:image': `${SITE_URL}/media/contact-1200x630.jpg`,
      'twitter:image:alt': 'Der Hof von Ruhrstern Automobile',
    })
    expect(meta[0]).toEqual({ title: 'Kontakt & Anfahrt' })
  })

  it('falls back to the site’s title, description and image, then to the default image', () => {
    const fallback = tags(pageMeta({ site: root, title: '', description: null, path: '/' }))
    expect(fallback).toMatchObject({
      title: 'Ruhrstern Automobile – Autoankauf in Essen',
      description: 'Standardbeschreibung.',
      'og:image': `${SITE_URL}${settingsImage}`,
      'og:image:alt': 'Logo',
      'twitter:image': `${SITE_URL}${settingsImage}`,
      'twitter:image:alt': 'Logo',
      'link:canonical': `${SITE_URL}/`,
    })
    // The settings' image has no size here: none is claimed.
    expect(fallback).not.toHaveProperty('og:image:width')
    const bare = { ...root, settings: { ...root.settings, seo: { ...root.settings.seo, image: null } } }
    const defaults = tags(pageMeta({ site: bare, title: 'Fahrzeuge', path: '/vehicles' }))
    expect(defaults['og:image']).toBe(`${SITE_URL}${DEFAULT_SHARE_IMAGE}`)
    expect(defaults).not.toHaveProperty('og:image:alt')
  })

  it('keeps an absolute image URL (a marketplace photo) and the og:type given', () => {
    const meta = tags(
      pageMeta({ site: root, title: 'BMW', image: { asset: { url: 'https://img.example.com/bmw.jpg' } }, type: 'product', path: '/vehicles/1' }),
    )
    expect(meta).toMatchObject({ 'og:image': 'https://img.example.com/bmw.jpg', 'og:type': 'product', 'link:canonical': `${SITE_URL}/vehicles/1` })
  })

  it('keeps the query string of the canonical path it is given (/vehicles?page=2)', () => {
    expect(tags(pageMeta({ site: root, title: 'Fahrzeuge – Seite 2', path: '/vehicles?page=2' }))['link:canonical']).toBe(`${SITE_URL}/vehicles?page=2`)
  })

  it('a page not to be indexed says so and names no canonical, which would say the opposite (SEO review 2026-11-29, finding 9)', () => {
    const hidden = tags(pageMeta({ site: root, title: 'BMW', path: '/vehicles', robots: 'noindex, follow' }))
    expect(hidden.robots).toBe('noindex, follow')
    expect(hidden).not.toHaveProperty('link:canonical')
    expect(hidden['og:url']).toBe(`${SITE_URL}/vehicles`)
  })

  it('a page to be indexed lets search engines show its photos large (max-image-preview:large)', () => {
    expect(tags(pageMeta({ site: root, title: 'Start', path: '/' })).robots).toBe('max-image-preview:large')
  })

  it('puts the root’s nodes (Organization, WebSite) and then the page’s into one graph, as the loaders made them', () => {
    const siteNodes = [organization(site), webSite(site)]
    const home = jsonLd(pageMeta({ site: { ...root, structuredData: siteNodes }, title: 'Start', path: '/' }))
    expect(home).toEqual({ '@context': 'https://schema.org', '@graph': siteNodes })

    const trail = breadcrumbList(site, [{ name: 'Standorte', path: '/locations' }])
    const service = cityService(site, { url: `${SITE_URL}/locations/dortmund`, name: 'Autoankauf für Dortmund', city: 'Dortmund' })
    const city = jsonLd(
      pageMeta({ site: { ...root, structuredData: siteNodes }, title: 'Dortmund', path: '/locations/dortmund', structuredData: [trail, service] }),
    )
    expect(city['@graph']).toEqual([...siteNodes, trail, service])
    // Without nodes from the root (its data missing them), the page's alone.
    expect(jsonLd(pageMeta({ site: root, title: 'Dortmund', path: '/locations/dortmund', structuredData: [service] }))['@graph']).toEqual([service])
  })

  it('without the root data: title, description and robots only', () => {
    expect(pageMeta({ site: undefined, title: 'Fahrzeuge', description: 'Unser Bestand.', path: '/vehicles' })).toEqual([
      { title: 'Fahrzeuge' },
      { name: 'description', content: 'Unser Bestand.' },
      { name: 'robots', content: 'max-image-preview:large' },
    ])
  })

  it('preloads the LCP image with the same candidates its <img> lists, at high priority', () => {
    const image = { alt: 'Hof', asset: { url: '/media/abc-1000x600.jpg', metadata: { dimensions: { width: 1000, height: 600 } } } }
    const meta = pageMeta({ site: root, title: 'Start', path: '/', lcpImage: { image, sizes: '100vw' } })
    const links = meta.filter((tag) => 'rel' in tag && tag.rel === 'preload')
    expect(links).toEqual([
      {
        tagName: 'link',
        rel: 'preload',
        as: 'image',
        href: '/media/abc-1000x600.jpg?w=1000&q=75&auto=format&fit=max',
        // Widths above the intrinsic 1000 px collapse into one candidate, as in <SanityImage>.
        imageSrcSet: [160, 320, 480, 640, 768, 960, 1000].map((w) => `/media/abc-1000x600.jpg?w=${w}&q=75&auto=format&fit=max ${w}w`).join(', '),
        imageSizes: '100vw',
        fetchpriority: 'high',
      },
    ])
    // A marketplace photo (foreign CDN) is preloaded as it is; no hero image, no preload.
    const foreign = pageMeta({
      site: root,
      title: 'Auto',
      path: '/vehicles/1',
      lcpImage: { image: { asset: { url: 'https://img.classistatic.de/api/v1/mo-prod/images/ab/abc?rule=mo-1024.jpg' } }, sizes: '100vw' },
    })
    expect(foreign.filter((tag) => 'rel' in tag && tag.rel === 'preload')).toEqual([
      {
        tagName: 'link',
        rel: 'preload',
        as: 'image',
        href: 'https://img.classistatic.de/api/v1/mo-prod/images/ab/abc?rule=mo-1024.jpg',
        imageSrcSet: undefined,
        imageSizes: undefined,
        fetchpriority: 'high',
      },
    ])
    expect(
      pageMeta({ site: root, title: 'Kontakt', path: '/contact', lcpImage: { image: null, sizes: '100vw' } }).some(
        (tag) => 'rel' in tag && tag.rel === 'preload',
      ),
    ).toBe(false)
  })
})
