import { describe, expect, test } from 'vitest'
import { isSameSitePage, sameSiteLocation, sameSitePath } from '#app/utils/redirect-path.ts'

const pathOf = (raw: string) => new URL(`http://localhost:3000${raw}`).pathname

describe('sameSitePath', () => {
  test.each([
    ['//evil.example/', '/evil.example/'],
    ['///evil.example', '/evil.example'],
    ['/\\evil.example', '/evil.example'],
    ['\\\\evil.example', '/evil.example'],
    ['/a\\b', '/a/b'],
  ])('collapses %s into a path on this site (%s)', (input, expected) => {
    expect(sameSitePath(input)).toBe(expected)
  })

  test('paths as the request URL hands them over never start with // or /\\', () => {
    for (const raw of ['//evil.example/', '/\\evil.example', '/%2F%2Fevil', '/%5C%5Cevil', '/%2F/evil', '/\\/evil.example']) {
      const location = sameSitePath(pathOf(raw))
      expect(location, raw).toMatch(/^\/(?![/\\])/)
      // What a browser makes of the Location stays on the site.
      expect(new URL(location, 'https://ruhrstern.example/').origin, raw).toBe('https://ruhrstern.example')
    }
  })

  test('percent-encoded slashes that decode to //host fall back to the home page', () => {
    expect(sameSitePath('/%2F%2Fevil')).toBe('/')
    expect(sameSitePath('/%2fevil')).toBe('/')
    expect(sameSitePath('/%5Cevil')).toBe('/')
    expect(sameSitePath('/%E0%A4%A')).toBe('/')
  })

  test('keeps normal paths as they are', () => {
    expect(sameSitePath('/')).toBe('/')
    expect(sameSitePath('')).toBe('/')
    expect(sameSitePath('/contact')).toBe('/contact')
    expect(sameSitePath('/locations/essen/bmw-ankauf')).toBe('/locations/essen/bmw-ankauf')
    expect(sameSitePath('/fahrzeuge/m%C3%BCnster')).toBe('/fahrzeuge/m%C3%BCnster')
  })
})

describe('sameSiteLocation', () => {
  test('appends query and fragment to the normalised path', () => {
    expect(sameSiteLocation('/contact', 'nachricht=gesendet', 'contact')).toBe('/contact?nachricht=gesendet#contact')
    expect(sameSiteLocation('//evil.example/', 'nachricht=gesendet', 'contact')).toBe('/evil.example/?nachricht=gesendet#contact')
    expect(sameSiteLocation('/\\evil.example', 'anfrage=gesendet&formular=x', 'x')).toBe('/evil.example?anfrage=gesendet&formular=x#x')
    expect(sameSiteLocation('/about')).toBe('/about')
  })
})

describe('isSameSitePage: a page a form names is one of this site as written', () => {
  test.each(['/', '/contact', '/vehicles/5', '/vehicles?search=golf&fuel=diesel', '/auto-verkaufen#verkaufsanfrage', '/st%C3%A4dte/essen'])('%s is', (page) => {
    expect(isSameSitePage(page)).toBe(true)
  })

  // Each resolves against the site to another host, or is no path at all (security review 2026-11-29, finding 3).
  test.each([
    '/\\evil.example/login',
    '//evil.example/login',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    'https://evil.example/',
    'evil.example',
    '',
    '?x=1',
    '/a b',
  ])('%j is not', (page) => {
    expect(isSameSitePage(page)).toBe(false)
  })
})
