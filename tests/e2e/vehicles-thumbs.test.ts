import { type Page } from '@playwright/test'
import { expect, isPhone, openVehicleFilters, test, vehicleFilterToggle, waitForScripts } from './playwright-utils'

/*
 * /vehicles made for thumbs (issue 13, item 4): on phones the filters sit behind "Filter" with the
 * number of active ones (a native <details>, so it opens without JavaScript); with JavaScript a
 * changed filter applies at once; searches and page changes land at the results; a vehicle's
 * "Zurück zur Übersicht" returns to the list with its filters and page.
 */

const results = (page: Page) => page.locator('#ergebnisse')
const form = (page: Page) => page.getByRole('search', { name: 'Fahrzeuge durchsuchen' })

/** A narrowed list on its second page: 24 vehicles from 2005 on, cheapest first. */
const FILTERED_PAGE_2 = '/vehicles?yearFrom=2005&sort=price-asc&page=2'

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('phone: the filters are closed behind "Filter (n aktiv)" and open on the first tap; wider screens show them', { tag: '@both' }, async ({ page }) => {
    await page.goto('/vehicles?search=kombi&fuel=diesel&sort=price-asc')
    const toggle = vehicleFilterToggle(page)
    if (isPhone(page)) {
      await expect(toggle).toHaveText('Filter (2 aktiv)')
      await expect(form(page).getByLabel('Kraftstoff')).toBeHidden()
      // Hidden by display, not by the browser's content-visibility lock, which cost a second layout of the form (decision 123).
      expect(await page.locator('details').evaluate((details) => getComputedStyle(details, '::details-content').display)).toBe('none')
      await toggle.click()
      await expect(form(page).getByLabel('Kraftstoff')).toBeVisible()
      await expect(form(page).getByLabel('Kraftstoff')).toHaveValue('diesel')
    } else {
      await expect(toggle).toBeHidden()
      await expect(form(page).getByLabel('Kraftstoff')).toBeVisible()
    }
  })

  test('a search and a page change land at the results', { tag: '@both' }, async ({ page }) => {
    await page.goto('/vehicles')
    await openVehicleFilters(page)
    await form(page).getByLabel('Erstzulassung ab').selectOption('2005')
    await form(page).getByRole('button', { name: 'FAHRZEUGE SUCHEN' }).click()
    await expect(page).toHaveURL(/\/vehicles\?.*yearFrom=2005.*#ergebnisse$/)
    await expect(results(page)).toBeInViewport()
    if (isPhone(page)) await expect(vehicleFilterToggle(page)).toHaveText('Filter (1 aktiv)')

    await page.getByRole('navigation', { name: 'Seiten der Ergebnisliste' }).getByRole('link', { name: 'Weiter' }).click()
    await expect(page).toHaveURL(/\/vehicles\?yearFrom=2005&page=2#ergebnisse$/)
    await expect(results(page)).toHaveText(/Seite 2 von 2/)
    await expect(results(page)).toBeInViewport()
  })

  test('"Zurück zur Übersicht" returns to the same filters and page', async ({ page }) => {
    await page.goto(FILTERED_PAGE_2)
    await page
      .getByRole('article')
      .first()
      .getByRole('link', { name: /DETAILS ANSEHEN/ })
      .click()
    await expect(page).toHaveURL(/\/vehicles\/[^/?]+\?from=yearFrom%3D2005%26sort%3Dprice-asc%26page%3D2$/)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/vehicles\/[^/?]+$/)
    await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click()
    await expect(page).toHaveURL(/\/vehicles\?yearFrom=2005&sort=price-asc&page=2#ergebnisse$/)
    await expect(results(page)).toHaveText(/Seite 2 von 2/)
    await expect(page.getByLabel('Sortieren nach')).toHaveValue('price-asc')
  })
})

test('with JavaScript a changed filter applies at once and the page stays where it is', { tag: '@both' }, async ({ page }) => {
  await page.goto('/vehicles')
  await waitForScripts(page)
  await openVehicleFilters(page)
  const fuel = form(page).getByLabel('Kraftstoff')
  await fuel.scrollIntoViewIfNeeded()
  const before = await page.evaluate(() => window.scrollY)
  await fuel.selectOption({ label: 'Elektro' })
  await expect(page).toHaveURL(/\/vehicles\?fuel=electric$/)
  await expect(page.getByRole('heading', { level: 2, name: '3 Fahrzeuge' })).toBeAttached()
  expect(await page.evaluate(() => window.scrollY)).toBe(before)
  // The control keeps the focus and its value; on the phone the form stays open and counts the filter.
  await expect(form(page).getByLabel('Kraftstoff')).toHaveValue('electric')
  if (isPhone(page)) await expect(vehicleFilterToggle(page)).toHaveText('Filter (1 aktiv)')
})

test('with JavaScript typing applies after a pause, without losing what was typed', async ({ page }) => {
  await page.goto('/vehicles')
  await waitForScripts(page)
  await openVehicleFilters(page)
  const search = form(page).getByLabel('Suche')
  await search.pressSequentially('golf', { delay: 50 })
  await expect(page).toHaveURL(/\/vehicles\?search=golf$/)
  await expect(page.getByRole('heading', { level: 2, name: '1 Fahrzeug' })).toBeVisible()
  await expect(search).toBeFocused()
  await expect(search).toHaveValue('golf')
})

test('with JavaScript a page change lands at the results, which take the focus', async ({ page }) => {
  await page.goto('/vehicles')
  await waitForScripts(page)
  await page.getByRole('navigation', { name: 'Seiten der Ergebnisliste' }).getByRole('link', { name: 'Weiter' }).click()
  await expect(results(page)).toHaveText(/Seite 2 von 2/)
  await expect(results(page)).toBeFocused()
  await expect(results(page)).toBeInViewport()
})

test('with JavaScript "Zurück zur Übersicht" returns to the same filters and page', async ({ page }) => {
  await page.goto(FILTERED_PAGE_2)
  await waitForScripts(page)
  await page
    .getByRole('article')
    .first()
    .getByRole('link', { name: /DETAILS ANSEHEN/ })
    .click()
  await expect(page).toHaveURL(/\/vehicles\/[^/?]+\?from=/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click()
  await expect(page).toHaveURL(/\/vehicles\?yearFrom=2005&sort=price-asc&page=2#ergebnisse$/)
  await expect(results(page)).toHaveText(/Seite 2 von 2/)
  await expect(results(page)).toBeInViewport()
  await openVehicleFilters(page)
  await expect(form(page).getByLabel('Erstzulassung ab')).toHaveValue('2005')
})
