import { studioTheme, ThemeProvider } from '@sanity/ui'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { type ArrayOfObjectsInputProps, type ObjectInputProps, type StringInputProps } from 'sanity'
import { describe, expect, it } from 'vitest'
import { LEAD_KINDS } from '../lib/constants'
import { AppointmentInput, ChosenTextInput, ContactLinksInput, LeadFieldsInput, LeadPhotosInput } from './inbox-inputs'

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

function render(element: ReturnType<typeof createElement>): string {
  return renderToStaticMarkup(createElement(ThemeProvider, { theme: studioTheme }, element))
}

describe('a lead’s answers and slot in the Studio (staff review 2026-11-28, N4)', () => {
  it('the form’s answers are lines to read: label and value, no handles, no buttons, no inputs', () => {
    const html = render(
      createElement(LeadFieldsInput, {
        value: [
          { _key: 'a', label: 'Wunschtermin', value: 'Sa, 28.11.2026, 12:00–15:00 Uhr' },
          { _key: 'b', label: 'Nachricht', value: 'Zeile 1\nZeile 2' },
          { _key: 'c', label: 'Kilometerstand (km)', value: '88000' },
        ],
      } as unknown as ArrayOfObjectsInputProps),
    )
    // As the dealer's mail writes it (staff review 2026-11-30, L7).
    expect(html).toMatch(/>Kilometerstand</)
    expect(html).toMatch(/>88\.000\u00a0km</)
    expect(html).toMatch(/<dt[^>]*>.*Wunschtermin.*<\/dt>/)
    expect(html).toMatch(/<dd[^>]*>.*Sa, 28.11.2026, 12:00–15:00 Uhr.*<\/dd>/)
    expect(html).toContain('Zeile 1\nZeile 2')
    expect(html).not.toMatch(/<button|<input|<textarea|draggable/)
    expect(render(createElement(LeadFieldsInput, { value: [] } as unknown as ArrayOfObjectsInputProps))).toContain('Keine Angaben')
  })

  it('the wished slot reads in German, in Berlin time', () => {
    const html = render(
      createElement(AppointmentInput, { value: { start: '2026-11-28T11:00:00Z', end: '2026-11-28T14:00:00Z' } } as unknown as ObjectInputProps),
    )
    expect(html).toContain('Sa, 28.11.2026, 12:00–15:00 Uhr')
    expect(html).not.toContain('2026-11-28')
  })
})

describe('the form a lead came from, as words (staff review 2026-11-30, N13)', () => {
  const shown = (value: string | undefined) =>
    renderToStaticMarkup(
      createElement(
        ThemeProvider,
        { theme: studioTheme },
        createElement(ChosenTextInput, { value, schemaType: { options: { list: [...LEAD_KINDS] } } } as unknown as StringInputProps),
      ),
    )

  it('names the form by its title, with no dropdown of the other forms', () => {
    const html = shown('test-drive')
    expect(html).toContain('>Probefahrt<')
    expect(html).not.toMatch(/<select|<button|Fahrzeugbewertung/)
  })

  it('a value the list does not know is shown as it is, none as „Ohne Angabe“', () => {
    expect(shown('neues-formular')).toContain('>neues-formular<')
    expect(shown(undefined)).toContain('>Ohne Angabe<')
  })
})

describe('a seller’s photos as pictures (staff review 2026-11-30, N13)', () => {
  const html = renderToStaticMarkup(
    createElement(
      ThemeProvider,
      { theme: studioTheme },
      createElement(LeadPhotosInput, {
        value: [
          { _key: 'a', url: 'https://cdn.sanity.io/images/p1/production/abc-4000x3000.jpg', width: 4000, height: 3000 },
          { _key: 'b', url: 'http://127.0.0.1:4010/images/p1/production/def-800x600.jpg', width: 800, height: 600 },
          { _key: 'c' },
        ],
      } as unknown as ArrayOfObjectsInputProps),
    ),
  )

  it('each a thumbnail that opens the photo full size, named by its place and size', () => {
    expect([...html.matchAll(/<a href="([^"]*)"[^>]*aria-label="([^"]*)"/g)].map((match) => [match[1], match[2]])).toEqual([
      ['https://cdn.sanity.io/images/p1/production/abc-4000x3000.jpg', 'Foto 1 (4000 × 3000 px) in voller Größe öffnen'],
      ['http://127.0.0.1:4010/images/p1/production/def-800x600.jpg', 'Foto 2 (800 × 600 px) in voller Größe öffnen'],
    ])
    // Sanity's CDN sends a thumbnail; another host (the fake Sanity of the tests) the file itself.
    expect(html).toContain('src="https://cdn.sanity.io/images/p1/production/abc-4000x3000.jpg?w=480&amp;fit=max&amp;auto=format"')
    expect(html).toContain('src="http://127.0.0.1:4010/images/p1/production/def-800x600.jpg"')
  })

  it('a photo without an address is still counted; no handles, no buttons', () => {
    expect(html).toContain('>Foto 3<')
    expect(html).not.toMatch(/<button|drag|Element hinzufügen/i)
  })
})
