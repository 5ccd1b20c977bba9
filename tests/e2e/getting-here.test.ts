import { type Page } from '@playwright/test'
import { expect, test, waitForScripts } from './playwright-utils'

/*
 * The way to the yard (issue 29 item 5, docs/decisions/057): „Route planen“ opens the visitor's
 * navigation app (geo: on Android, Apple Maps on iOS, Google Maps otherwise), chosen in the browser
 * because the cached HTML is the same for everyone; nothing goes to a map provider before the tap;
 * „Heute geöffnet bis …“ from the visitor's clock in Berlin time; KARTE LADEN works without JavaScript.
 */

const GOOGLE = 'https://www.google.com/maps/dir/?api=1&destination=51.4845,7.0003'
const AGENTS = {
  Android: {
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    href: 'geo:51.4845,7.0003?q=51.4845,7.0003(Ruhrstern%20Automobile)',
  },
  iPhone: {
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    href: 'https://maps.apple.com/?daddr=51.4845,7.0003',
  },
  desktop: {
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    href: GOOGLE,
  },
} as const

/** Requests to other hosts than the site's own. */
function foreignRequests(page: Page): string[] {
  const foreign: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol.startsWith('http') && !['localhost', '127.0.0.1'].includes(url.hostname)) foreign.push(request.url())
  })
  return foreign
}

const footer = (page: Page) => page.getByRole('contentinfo')
const footerRoute = (page: Page) => footer(page).getByRole('link', { name: /Gladbecker Straße 250.*Route planen/ })
const footerOpenNow = (page: Page) => footer(page).getByTestId('open-now')
/** The city page's call banner: the section with the ROUTE PLANEN button. */
const callBanner = (page: Page) => page.locator('main section').filter({ has: page.getByRole('link', { name: 'ROUTE PLANEN', exact: true }) })

for (const [device, { userAgent, href }] of Object.entries(AGENTS)) {
  test.describe(`„Route planen“ on ${device}`, () => {
    test.use({ userAgent })

    test(`the city page's and the footer's route links open ${device === 'desktop' ? 'Google Maps' : device === 'iPhone' ? 'Apple Maps' : 'a geo: URI'}; no map request before a tap`, async ({
      page,
      request,
    }) => {
      // The HTML is the same for every device: Google Maps, which works everywhere without a script.
      const html = await (await request.get('/locations/dortmund', { headers: { 'user-agent': userAgent } })).text()
      expect(html).toContain(`href="${GOOGLE.replace(/&/g, '&amp;')}"`)
      expect(html).not.toContain('geo:51')
      expect(html).not.toContain('maps.apple.com')

      const foreign = foreignRequests(page)
      await page.goto('/locations/dortmund')
      const banner = callBanner(page)
      await expect(banner.getByRole('link', { name: 'ROUTE PLANEN', exact: true })).toHaveAttribute('href', href)
      await expect(banner.getByRole('link', { name: 'Gladbecker Straße 250, 45326 Essen' })).toHaveAttribute('href', href)
      await expect(footerRoute(page)).toHaveAttribute('href', href)
      await page.waitForLoadState('networkidle')
      expect(foreign).toEqual([])
    })
  })
}

test.describe('„Route planen“ on a desktop', () => {
  test.use({ userAgent: AGENTS.desktop.userAgent })

  test('/contact: the directions, the address card and the footer route to the yard; the first map request is the tap', async ({ page }) => {
    // The provider's page is answered locally: nothing leaves the machine.
    await page.route(/^https:\/\/www\.google\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="de"><title>Route</title><body></body></html>' }),
    )
    const foreign = foreignRequests(page)
    await page.goto('/contact')
    const directions = page.getByRole('link', { name: 'ROUTE PLANEN', exact: true })
    await expect(directions).toHaveCount(1)
    await expect(directions).toHaveAttribute('href', GOOGLE)
    await expect(page.locator('#contact').getByRole('link', { name: /Gladbecker Straße 250.*Route planen/ })).toHaveAttribute('href', GOOGLE)
    await expect(footerRoute(page)).toHaveAttribute('href', GOOGLE)
    await page.waitForLoadState('networkidle')
    expect(foreign).toEqual([])

    await directions.click()
    await expect(page).toHaveURL(GOOGLE)
    expect(foreign).toEqual([GOOGLE])
  })
})

test.describe('„Heute geöffnet bis …“ at a fixed time', () => {
  // The general hours (footer): Mo–Fr 09–18, Sa 09–16, Su by appointment. Late November 2026 has no
  // holiday and no special opening hours of the seed (those are announced from 10 December).
  const CASES = [
    { when: 'Monday 08:59', at: '2026-11-30T08:59:00+01:00', text: 'Jetzt geschlossen – öffnet heute um 09:00 Uhr' },
    { when: 'Monday 09:00', at: '2026-11-30T09:00:00+01:00', text: 'Heute geöffnet bis 18:00 Uhr' },
    { when: 'Saturday 16:01', at: '2026-11-28T16:01:00+01:00', text: 'Jetzt geschlossen – öffnet Montag um 09:00 Uhr' },
    { when: 'Sunday 12:00', at: '2026-11-29T12:00:00+01:00', text: 'Heute nach Vereinbarung – öffnet morgen um 09:00 Uhr' },
  ]
  for (const { when, at, text } of CASES) {
    test(`${when}: „${text}“`, async ({ page }) => {
      await page.clock.setFixedTime(new Date(at))
      await page.goto('/contact')
      await expect(footerOpenNow(page)).toHaveText(text)
      // The contact card shows the same hours (the general variant) and says the same.
      await expect(page.locator('#contact').getByTestId('open-now')).toHaveText(text)
    })
  }

  test.describe('in another time zone', () => {
    test.use({ timezoneId: 'America/New_York' })

    test('the yard’s clock is Berlin’s: Saturday 10:01 in New York is 16:01 in Essen', async ({ page }) => {
      await page.clock.setFixedTime(new Date('2026-11-28T16:01:00+01:00'))
      await page.goto('/contact')
      await expect(footerOpenNow(page)).toHaveText('Jetzt geschlossen – öffnet Montag um 09:00 Uhr')
    })
  })

  test('a city page at Monday 19:00 says one thing: the yard is closed, in the banner, the contact card and the footer (issue 36)', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-30T19:00:00+01:00'))
    await page.goto('/locations/dortmund')
    const closed = 'Jetzt geschlossen – öffnet morgen um 09:00 Uhr'
    await expect(footerOpenNow(page)).toHaveText(closed)
    const banner = callBanner(page)
    await expect(banner.getByTestId('open-now')).toHaveText(closed)
    await expect(page.locator('#contact').getByTestId('open-now')).toHaveText(closed)
    // The city's Mo–Sa 08–20 is there as what it is: when we answer the phone.
    await expect(banner.getByText('Telefonisch erreichbar')).toBeVisible()
    await expect(banner).toContainText('Mo–Sa: 08:00–20:00 Uhr')
    await expect(page.getByText('Heute geöffnet')).toHaveCount(0)
  })

  test('the text takes the place kept for it: the footer’s hours do not move', async ({ page, browser, baseURL }) => {
    await page.clock.setFixedTime(new Date('2026-11-30T09:00:00+01:00'))
    await page.goto('/contact')
    await expect(footerOpenNow(page)).toHaveText('Heute geöffnet bis 18:00 Uhr')
    const hydrated = await footerOpenNow(page).boundingBox()

    // The same page as the server sends it, with no script to fill the slot.
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: page.viewportSize() })
    const plain = await context.newPage()
    await plain.goto('/contact')
    await expect(footerOpenNow(plain)).toHaveText(/^\s*$/)
    const placeholder = await footerOpenNow(plain).boundingBox()
    await context.close()
    expect(placeholder!.height).toBeGreaterThan(0)
    expect(hydrated!.height).toBe(placeholder!.height)
  })
})

test('/contact: KARTE LADEN by keyboard loads the map and focus moves to it (the button it replaced is gone)', async ({ page }) => {
  // The map's page stands in for openstreetmap.org: nothing leaves the test machine.
  await page.route('https://www.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="de"><title>Karte</title><body></body></html>' }),
  )
  await page.goto('/contact')
  await waitForScripts(page)
  const button = page.getByTestId('map-placeholder').getByRole('button', { name: 'KARTE LADEN' })
  await button.focus()
  await page.keyboard.press('Enter')
  const map = page.locator('main iframe')
  await expect(map).toBeFocused()
  // Read out with its name, not as <body>.
  expect(await map.getAttribute('title')).toMatch(/^Karte/)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('/contact: KARTE LADEN is a link to the map on openstreetmap.org, the route links go to Google Maps', async ({ page }) => {
    await page.goto('/contact')
    const placeholder = page.getByTestId('map-placeholder')
    await expect(placeholder.getByRole('button', { name: 'KARTE LADEN' })).toHaveCount(0)
    await expect(placeholder.getByRole('link', { name: 'KARTE LADEN' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=51\.4845&mlon=7\.0003/,
    )
    await expect(page.getByRole('link', { name: 'ROUTE PLANEN', exact: true })).toHaveAttribute('href', GOOGLE)
    await expect(footerRoute(page)).toHaveAttribute('href', GOOGLE)
  })
})

test.describe('the e-mail address from a small phone to a small laptop', () => {
  for (const width of [320, 768, 1024, 1180]) {
    test(`at ${width} px it breaks, if at all, only after „@“ (footer and contact card)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/contact')
      const addresses = page.getByRole('link', { name: 'info@ruhrstern-automobile.de' })
      await expect(addresses).toHaveCount(2)
      for (const address of await addresses.all()) {
        // The text's line boxes: one per line, the first ending after „@“ when there are two.
        const lines = await address.evaluate((link) => {
          const range = document.createRange()
          const tops = new Map<number, string>()
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT)
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let index = 0; index < node.textContent!.length; index++) {
              range.setStart(node, index)
              range.setEnd(node, index + 1)
              const top = Math.round(range.getClientRects()[0]!.top)
              tops.set(top, (tops.get(top) ?? '') + node.textContent![index])
            }
          }
          return [...tops.entries()].sort(([a], [b]) => a - b).map(([, text]) => text)
        })
        expect(['info@ruhrstern-automobile.de', 'info@|ruhrstern-automobile.de']).toContain(lines.join('|'))
        // Kept together, the domain still fits its column.
        const fits = await address.evaluate((link) => {
          const text = document.createRange()
          text.selectNodeContents(link)
          return text.getBoundingClientRect().right <= link.closest('li')!.getBoundingClientRect().right + 0.5
        })
        expect(fits).toBe(true)
      }
    })
  }
})
