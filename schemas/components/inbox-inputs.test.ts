import { studioTheme, ThemeProvider } from '@sanity/ui'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { type ObjectInputProps } from 'sanity'
import { describe, expect, it } from 'vitest'
import { ContactLinksInput } from './inbox-inputs'

/** The hrefs of the contact field as the Studio renders it for a lead's `contact`. */
function linksOf(contact: Record<string, string>): string[] {
  const input = createElement(ContactLinksInput, { value: contact } as unknown as ObjectInputProps)
  const html = renderToStaticMarkup(createElement(ThemeProvider, { theme: studioTheme }, input))
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'))
}

describe("the lead's contact links in the Studio (security review 2026-11-28, finding 9)", () => {
  it('a plain address is a plain mailto: link', () => {
    expect(linksOf({ name: 'Anna', email: 'anna@example.org' })).toEqual(['mailto:anna@example.org'])
  })

  it('an address with ?cc= or &bcc= opens a mail to that one address only, with no Cc, Bcc or body of the sender’s choosing', () => {
    for (const email of ['x?cc=a@example.de', 'x?bcc=spy%40evil.example&y=@example.de', 'x&body=Hallo@example.de']) {
      const [href] = linksOf({ email })
      const url = new URL(href!)
      expect(url.protocol).toBe('mailto:')
      expect(url.search).toBe('')
      expect(decodeURIComponent(url.pathname)).toBe(email)
    }
  })
})
