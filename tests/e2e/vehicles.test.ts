import { FAKE_SANITY_PORT, SANITY_BACKED_PORT } from '../../playwright.config'
import { expect, expectNoA11yViolations, isPhone, openVehicleFilters, test, waitForScripts } from './playwright-utils'

/*
 * /vehicles: search, filters and paging work as plain links and a GET form (no JavaScript), and
 * the mobile.de portal loads only after the visitor's click.
 */

const MOBILE_DE = /^https:\/\/([a-z0-9-]+\.)*mobile\.de\//

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('search and filter through the form, then page with real links', { tag: '@both' }, async ({ page }) => {
    await page.goto('/vehicles')
    await expect(page).toHaveTitle(/Gebrauchtwagen in Essen: unsere Fahrzeuge/)
    await expect(page.getByRole('heading', { level: 1, name: 'Gebrauchtwagen in Essen' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: /^24 Fahrzeuge/ })).toBeVisible()
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /24 Fahrzeuge/)
    // The header's FAHRZEUGE entry is the current page (on phones it sits in the closed menu).
    if (!isPhone(page))
      await expect(page.getByRole('banner').getByRole('link', { name: 'FAHRZEUGE', exact: true }).first()).toHaveAttribute('aria-current', 'page')

    // Paging: 12 per page, page 2 by a real link.
    const pages = page.getByRole('navigation', { name: 'Seiten der Ergebnisliste' })
    await expect(pages.getByRole('link', { name: 'Seite 1' })).toHaveAttribute('aria-current', 'page')
    await pages.getByRole('link', { name: 'Weiter' }).click()
    await expect(page).toHaveURL(/\/vehicles\?page=2#ergebnisse$/)
    await expect(page.getByRole('heading', { level: 2, name: /24 Fahrzeuge.*Seite 2 von 2/ })).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(12)
    await expect(pages.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', '/vehicles#ergebnisse')

    // Search through the GET form (on phones behind "Filter").
    const form = page.getByRole('search', { name: 'Fahrzeuge durchsuchen' })
    await openVehicleFilters(page)
    await form.getByLabel('Suche').fill('golf')
    await form.getByRole('button', { name: 'FAHRZEUGE SUCHEN' }).click()
    await expect(page).toHaveURL(/[?&]search=golf(&|$)/)
    await expect(page.getByRole('heading', { level: 2, name: '1 Fahrzeug' })).toBeVisible()
    const card = page.getByRole('article')
    await expect(card).toHaveCount(1)
    await expect(card.getByRole('heading', { name: 'VW Golf 1.5 TSI Life' })).toBeVisible()
    await expect(card.getByRole('link', { name: /DETAILS ANSEHEN/ })).toHaveAttribute('href', '/vehicles/5?from=search%3Dgolf')

    // Filters: fuel and sort, search cleared.
    await openVehicleFilters(page)
    await form.getByLabel('Suche').fill('')
    await form.getByLabel('Kraftstoff').selectOption({ label: 'Elektro' })
    // „Sortieren nach“ sits beside the count, outside the form's element, and is sent with it.
    await page.getByLabel('Sortieren nach').selectOption({ label: 'Preis aufsteigend' })
    await form.getByRole('button', { name: 'FAHRZEUGE SUCHEN' }).click()
    await expect(page).toHaveURL(/fuel=electric/)
    await expect(page.getByRole('heading', { level: 2, name: '3 Fahrzeuge' })).toBeVisible()
    await expect(page.getByRole('article').getByRole('heading')).toHaveText([
      'Renault Zoe R135 Z.E. 50',
      'Hyundai Kona Elektro 64 kWh',
      'Tesla Model 3 Long Range',
    ])
    await openVehicleFilters(page)
    await expect(form.getByLabel('Kraftstoff')).toHaveValue('electric')
  })

  test('the whole card opens its car, photo and name included, as on the marketplaces (tablet review 2026-11-29, M1)', { tag: '@both' }, async ({ page }) => {
    await page.goto('/vehicles?search=golf')
    const card = page.getByRole('article')
    await expect(card.getByRole('link', { name: 'VW Golf 1.5 TSI Life', exact: true })).toHaveAttribute('href', '/vehicles/5?from=search%3Dgolf')
    // A click where the photo is: the name's link lies over it (so Playwright would wait for the photo to be clickable itself).
    const photo = (await card.getByRole('img').first().boundingBox())!
    await page.mouse.click(photo.x + photo.width / 2, photo.y + photo.height / 2)
    await expect(page).toHaveURL(/\/vehicles\/5\?from=search%3Dgolf$/)
    await expect(page.getByRole('heading', { level: 1, name: 'VW Golf 1.5 TSI Life' })).toBeVisible()
  })

  test('an empty result offers to reset the filters', async ({ page }) => {
    await page.goto('/vehicles?search=zeppelin&fuel=diesel')
    await expect(page.getByRole('heading', { level: 2, name: '0 Fahrzeuge' })).toBeVisible()
    await expect(page.getByText('Für „zeppelin“ haben wir gerade kein passendes Fahrzeug.')).toBeVisible()
    await page.getByRole('link', { name: 'ALLE FAHRZEUGE ANZEIGEN' }).click()
    await expect(page).toHaveURL(/\/vehicles$/)
    await expect(page.getByRole('heading', { level: 2, name: /^24 Fahrzeuge/ })).toBeVisible()
  })

  test('junk in the URL is ignored', async ({ page }) => {
    const response = await page.goto('/vehicles?page=abc&sort=zufall&fuel=kerosin&make=BMW')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 2, name: '2 Fahrzeuge' })).toBeVisible()
  })
})

test('axe: the list, a later page, a search result and the empty state', async ({ page }) => {
  // Four axe scans of the longest page: more than 30 s on a loaded 2-core machine.
  test.slow()
  for (const url of ['/vehicles?page=2', '/vehicles?search=golf', '/vehicles?fuel=electric&sort=price-asc', '/vehicles?search=zeppelin']) {
    await page.goto(url)
    await expect(page.getByRole('heading', { level: 2, name: /^\d+ Fahrzeug/ })).toBeVisible()
    await expectNoA11yViolations(page)
  }
})

test('with JavaScript the form navigates to the clean address', async ({ page }) => {
  await page.goto('/vehicles')
  // Before the scripts run, the browser submits the form itself, every field in the address.
  await waitForScripts(page)
  const form = page.getByRole('search', { name: 'Fahrzeuge durchsuchen' })
  await openVehicleFilters(page)
  await form.getByLabel('Marke').selectOption('BMW')
  await form.getByRole('button', { name: 'FAHRZEUGE SUCHEN' }).click()
  await expect(page).toHaveURL(/\/vehicles\?make=BMW$/)
  await expect(page.getByRole('heading', { level: 2, name: '2 Fahrzeuge' })).toBeVisible()
  await page.getByRole('link', { name: 'Filter zurücksetzen' }).click()
  await expect(page).toHaveURL(/\/vehicles$/)
  await expect(page.getByRole('heading', { level: 2, name: /^24 Fahrzeuge/ })).toBeVisible()
})

test('the call and e-mail links; no mobile.de frame while the seed has no customer number', async ({ page }) => {
  const external: string[] = []
  page.on('request', (request) => void (MOBILE_DE.test(request.url()) && external.push(request.url())))
  await page.goto('/vehicles')
  const portal = page.getByRole('region', { name: 'Unser Bestand auf mobile.de' })
  await expect(portal.getByRole('link', { name: /0201 8512 3400 anrufen/ })).toHaveAttribute('href', /^tel:\+49201/)
  await expect(portal.getByRole('link', { name: /E-Mail an info@ruhrstern-automobile\.de/ })).toHaveAttribute('href', 'mailto:info@ruhrstern-automobile.de')
  await expect(page.locator('iframe')).toHaveCount(0)
  expect(external).toEqual([])
})

test('the mobile.de portal loads only after the click', async ({ page, request }) => {
  // The seed leaves the customer number empty; set one in the fake Sanity behind the Sanity-backed server.
  const mutation = await request.post(`http://127.0.0.1:${FAKE_SANITY_PORT}/v2025-02-19/data/mutate/production`, {
    headers: { 'x-sanity-project-id': 'e2e-project', authorization: 'Bearer e2e-write-token', 'content-type': 'application/json' },
    data: { mutations: [{ patch: { id: 'siteSettings', set: { mobileDeCustomerId: '4711' } } }] },
  })
  expect(mutation.ok()).toBe(true)

  const seen: string[] = []
  // Nothing may leave the machine: every request to mobile.de is recorded and aborted.
  await page.route(MOBILE_DE, (route) => {
    seen.push(route.request().url())
    return route.abort()
  })
  await page.goto(`http://localhost:${SANITY_BACKED_PORT}/vehicles`)
  const placeholder = page.getByTestId('mobile-de-placeholder')
  await expect(placeholder).toBeVisible()
  await expect(placeholder.getByRole('link', { name: 'Bestand auf mobile.de öffnen' })).toHaveAttribute(
    'href',
    'https://home.mobile.de/home/index.html?partnerHead=false&colorTheme=default&customerId=4711#ses',
  )
  await page.waitForLoadState('networkidle')
  expect(seen).toEqual([])

  // axe checks the page with the placeholder; the aborted frame afterwards is Chromium's error page, not ours.
  await expectNoA11yViolations(page)

  await placeholder.getByRole('button', { name: 'MOBILE.DE LADEN' }).click()
  const frame = page.locator('iframe[title="Händlerportal auf mobile.de"]')
  await expect(frame).toHaveAttribute('src', 'https://home.mobile.de/home/index.html?partnerHead=false&colorTheme=default&customerId=4711#ses')
  await expect.poll(() => seen.length).toBeGreaterThan(0)
  expect(seen[0]).toContain('customerId=4711')
})
