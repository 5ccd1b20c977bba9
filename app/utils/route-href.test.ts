import { describe, expect, test } from 'vitest'
import { googleDirectionsHref, routeHref, type Place } from './route-href'

const YARD: Place = { coordinates: { lat: 51.4845, lng: 7.0003 }, address: 'Gladbecker Straße 250, 45326 Essen', name: 'Ruhrstern Automobile' }
const NO_GEO: Place = { address: 'Gladbecker Straße 250, 45326 Essen' }

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1'
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'

describe('routeHref', () => {
  test('Android: a geo: URI with a labelled pin at the coordinates', () => {
    expect(routeHref(ANDROID, YARD)).toBe('geo:51.4845,7.0003?q=51.4845,7.0003(Ruhrstern%20Automobile)')
  })

  test('iPhone and iPad: Apple Maps directions to the coordinates', () => {
    expect(routeHref(IPHONE, YARD)).toBe('https://maps.apple.com/?daddr=51.4845,7.0003')
    expect(routeHref(IPAD, YARD)).toBe('https://maps.apple.com/?daddr=51.4845,7.0003')
  })

  test('everything else (Windows, macOS, no user agent): Google Maps directions, the same URL the HTML carries', () => {
    for (const agent of [DESKTOP, MAC, '']) expect(routeHref(agent, YARD)).toBe('https://www.google.com/maps/dir/?api=1&destination=51.4845,7.0003')
    expect(googleDirectionsHref(YARD)).toBe(routeHref(DESKTOP, YARD))
  })

  test('without coordinates the address is the destination, encoded', () => {
    expect(routeHref(ANDROID, NO_GEO)).toBe('geo:0,0?q=Gladbecker%20Stra%C3%9Fe%20250%2C%2045326%20Essen')
    expect(routeHref(IPHONE, NO_GEO)).toBe('https://maps.apple.com/?daddr=Gladbecker%20Stra%C3%9Fe%20250%2C%2045326%20Essen')
    expect(routeHref(DESKTOP, NO_GEO)).toBe('https://www.google.com/maps/dir/?api=1&destination=Gladbecker%20Stra%C3%9Fe%20250%2C%2045326%20Essen')
  })

  test('brackets in the pin label cannot end the geo: query early', () => {
    expect(routeHref(ANDROID, { ...YARD, name: 'Ruhrstern (Essen)' })).toBe('geo:51.4845,7.0003?q=51.4845,7.0003(Ruhrstern%20%20Essen)')
  })
})
