// @vitest-environment jsdom
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ConsentFrame } from '#app/components/consent-frame.tsx'
import { OpenNow, RouteLink, yardPlace } from '#app/components/getting-here.tsx'

// Raw act() (no Testing Library, which would render on the client only) needs this flag.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const PLACE = yardPlace({
  dealerName: 'Ruhrstern Automobile',
  address: { _type: 'address', street: 'Gladbecker Straße 250', postalCode: '45326', city: 'Essen', country: 'DE' },
  geo: { _type: 'geo', lat: 51.4845, lng: 7.0003 },
})!
const GOOGLE = 'https://www.google.com/maps/dir/?api=1&destination=51.4845,7.0003'
/** The settings OpenNow reads: the yard's hours (the general variant), no special opening hours. */
const GENERAL = {
  key: 'general' as const,
  label: null,
  note: null,
  lines: [],
  specs: [
    { days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '09:00', closes: '18:00' },
    { days: ['Sa'], opens: '09:00', closes: '16:00' },
  ],
  byAppointmentDays: ['Su'],
}

function Yard() {
  return (
    <div>
      <RouteLink place={PLACE}>Route planen</RouteLink>
      <OpenNow settings={{ openingHours: [GENERAL], specialOpeningHours: [] }} />
      <ConsentFrame
        src="https://map.example/embed"
        title="Karte"
        consentText="Erst nach Ihrem Klick …"
        loadLabel="KARTE LADEN"
        externalHref="https://map.example/"
        externalLabel="Karte öffnen"
      />
    </div>
  )
}

/** The server's HTML in a container, then hydrated as the browser does it; hydration errors collected. */
async function serveAndHydrate() {
  const container = document.createElement('div')
  container.innerHTML = renderToString(<Yard />)
  document.body.append(container)
  const before = {
    href: container.querySelector('a[data-route-link]')!.getAttribute('href'),
    openNow: container.querySelector('[data-testid="open-now"]')!.textContent,
    openNowLines: container.querySelector('[data-testid="open-now"]')!.children.length,
    load: container.querySelector('a.inline-flex, button')!.outerHTML,
  }
  const errors: unknown[] = []
  await act(async () => {
    hydrateRoot(container, <Yard />, { onRecoverableError: (error) => errors.push(error) })
  })
  return { container, before, errors }
}

describe('the way to the yard before and after hydration', () => {
  afterEach(() => {
    document.body.innerHTML = ''
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  test('the HTML has the Google Maps route, two empty lines for the open-now text and KARTE LADEN as a link; no mismatch', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T07:59:00Z') })
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36' })
    const { container, before, errors } = await serveAndHydrate()
    expect(before.href).toBe(GOOGLE)
    expect(before.openNow).toBe('\u00a0\u00a0')
    expect(before.openNowLines).toBe(2)
    expect(before.load).toMatch(/^<a href="https:\/\/map\.example\/"[^>]*>KARTE LADEN<\/a>$/)

    expect(errors).toEqual([])
    // Hydrated on Android: the geo: URI, the text for Monday 08:59, a button that loads the map in place.
    expect(container.querySelector('a[data-route-link]')!.getAttribute('href')).toBe('geo:51.4845,7.0003?q=51.4845,7.0003(Ruhrstern%20Automobile)')
    expect(container.querySelector('[data-testid="open-now"]')!.textContent).toBe('Jetzt geschlossen – öffnet heute um 09:00 Uhr')
    // Status and detail, still two lines (the third child is the screen readers' separator).
    expect(container.querySelector('[data-testid="open-now"]')!.children.length).toBe(3)
    expect(container.querySelector('button')!.textContent).toBe('KARTE LADEN')
  })

  test('an iPhone gets Apple Maps', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
    })
    const { container, errors } = await serveAndHydrate()
    expect(errors).toEqual([])
    expect(container.querySelector('a[data-route-link]')!.getAttribute('href')).toBe('https://maps.apple.com/?daddr=51.4845,7.0003')
  })
})
