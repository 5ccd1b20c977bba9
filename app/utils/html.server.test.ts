import { describe, expect, it } from 'vitest'
import { escapeHtml } from './html.server.ts'

describe('escapeHtml', () => {
  it('escapes the five characters that could end an element or an attribute, and leaves umlauts alone', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
    expect(escapeHtml('Größe &amp; Gewicht')).toBe('Größe &amp;amp; Gewicht')
  })
})
