// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { STUDIO_UNAVAILABLE_HEADING, studioUnavailablePage } from './studio-unavailable.server'

const documentOf = (html: string) => new DOMParser().parseFromString(html, 'text/html')
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''

describe('the page /studio answers on the embedded lake', () => {
  const html = studioUnavailablePage({ siteOrigin: 'https://www.example.de' })
  const document = documentOf(html)

  it('is a German document with one heading that says what is missing, readable on a phone', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(document.documentElement.lang).toBe('de')
    expect([...document.querySelectorAll('h1')].map(text)).toEqual([STUDIO_UNAVAILABLE_HEADING])
    expect(document.title).toBe('Studio nicht verbunden | Ruhrstern Automobile')
    expect(document.querySelector('meta[name="viewport"]')?.getAttribute('content')).toBe('width=device-width, initial-scale=1')
    expect(document.querySelectorAll('main')).toHaveLength(1)
    // Nothing runs and nothing loads: no script, no stylesheet or image from anywhere.
    expect(document.querySelectorAll('script, link, img, iframe')).toHaveLength(0)
  })

  it('lists the steps to connect a project, in order', () => {
    const steps = [...document.querySelectorAll('ol > li')].map(text)
    expect(steps).toHaveLength(5)
    expect(steps[0]).toMatch(/^Projekt anlegen: Auf sanity\.io\/manage/)
    expect(document.querySelector('a[href="https://www.sanity.io/manage"]')).not.toBeNull()
    expect(steps[1]).toContain('npx sanity dataset import ../content/production.ndjson production')
    expect(steps[1]).toContain('cd studio')
    expect(steps[2]).toMatch(/Token/)
    for (const name of ['SANITY_PROJECT_ID', 'SANITY_DATASET', 'SANITY_WRITE_TOKEN', 'SANITY_STUDIO_PROJECT_ID']) expect(steps[3]).toContain(name)
    expect(steps[3]).toContain('npm run build')
    expect(steps[4]).toMatch(/CORS/)
    expect(steps[4]).toContain('https://www.example.de')
    expect(steps[4]).toContain('Allow credentials')
  })

  it('says how content is changed without a project', () => {
    const headings = [...document.querySelectorAll('h2')].map(text)
    expect(headings).toEqual(['So verbinden Sie ein Sanity-Projekt', 'Inhalte ändern ohne Sanity-Projekt'])
    const today = [...document.querySelectorAll('ul > li')].map(text).join(' ')
    expect(today).toContain('content/pages/*.json')
    expect(today).toContain('npm run seed:pages')
    expect(today).toContain('content/production.ndjson')
    expect(today).toContain('npm start')
  })

  it('escapes the origin it shows', () => {
    const odd = studioUnavailablePage({ siteOrigin: 'https://x.example"><b>' })
    expect(odd).not.toContain('"><b>')
    expect(odd).toContain('https://x.example&quot;&gt;&lt;b&gt;')
  })
})
