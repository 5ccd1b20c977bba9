import { type IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { requestTarget } from './request-target.server'

const SITE = 'https://www.example.de'
const targetOf = (url: string) =>
  requestTarget({ method: 'GET', url, headers: { host: 'www.example.de' }, socket: { remoteAddress: '203.0.113.9' } } as unknown as IncomingMessage, {
    siteOrigin: SITE,
    trustsProxy: () => false,
  })

describe('requestTarget: the path Remix renders and the page cache keys on', () => {
  // Plain targets take the fast path, the others are parsed: both must give what a URL parser gives.
  it.each([
    '/',
    '/vehicles',
    '/vehicles/',
    '/vehicles/42',
    '/vehicles/42.data',
    '/API/Vehicles/',
    '/sitemap.xml',
    '/vehicles?search=golf&page=2',
    '/vehicles?search=golf+gti&maxPrice=20000',
    '/vehicles?search=m%C3%BCnchen',
    '/vehicles?',
    '/a/./b',
    '/a/../b',
    '/a/.hidden',
    '/a/b..c',
    '/%2e%2e/x',
    '/fahrzeug mit leerzeichen',
    '/ümlaut',
    '/a//b',
    '/a?x="<>"',
    '/a?b=c#fragment',
    'http://www.example.de/vehicles?x=1',
  ])('%s', (raw) => {
    const target = targetOf(raw)
    if (!('path' in target)) throw new Error(`refused: ${target.message}`)
    const parsed = new URL(raw.startsWith('/') ? SITE + raw : raw)
    expect(target.path).toBe(parsed.pathname + parsed.search)
    expect(target.url.origin + target.url.pathname + target.url.search).toBe(`${SITE}${parsed.pathname}${parsed.search}`)
    expect(target.origin).toBe('http://www.example.de')
  })

  it.each(['/%E0%A4%A', '*', 'ftp://x/y'])('refuses %s with a German message', (raw) => {
    expect(targetOf(raw)).toEqual({ status: 400, message: 'Ungültige Anfrage-URL.' })
  })
})

describe('requestTarget: tracking parameters', () => {
  it.each([
    ['/?gclid=EAIaIQobChMI', '/'],
    ['/vehicles/1?utm_source=newsletter&utm_medium=email&utm_campaign=herbst', '/vehicles/1'],
    ['/vehicles?make=BMW&gclid=abc&fuel=DIESEL', '/vehicles?make=BMW&fuel=DIESEL'],
    ['/services/autoankauf?fbclid=IwAR0x&msclkid=9', '/services/autoankauf'],
    ['/vehicles.data?_routes=routes%2Fvehicles._index&srsltid=AfmBOo', '/vehicles.data?_routes=routes%2Fvehicles._index'],
    ['/vehicles?search=golf&gclid', '/vehicles?search=golf'],
    // The parsed path (a space, an umlaut) is cleaned the same way.
    ['/vehicles?search=m%C3%BCnchen&utm_term=auto kaufen', '/vehicles?search=m%C3%BCnchen'],
  ])('%s is rendered and keyed as %s', (raw, clean) => {
    const target = targetOf(raw)
    if (!('path' in target)) throw new Error(`refused: ${target.message}`)
    expect(target.path).toBe(clean)
    expect(target.url.href).toBe(SITE + clean)
  })

  // Names that only look alike are the site's or nobody's: they stay.
  it.each(['/vehicles?utm=1', '/vehicles?gclidx=1', '/vehicles?search=gclid', '/a&gclid=1', '/vehicles?x_gclid=1&utm_=2'])('%s stays as it is', (raw) => {
    const target = targetOf(raw)
    if (!('path' in target)) throw new Error(`refused: ${target.message}`)
    expect(target.path).toBe(raw)
  })
})
