import { expect, test } from './playwright-utils'

// What a person sees on an unknown address; that /services/finanzierung redirects on the server: tests/http/crawl.test.ts.

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/gibt-es-nicht/wirklich-nicht')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible()
  await expect(page.getByText('Automatische Weiterleitung zur Startseite in 10 Sekunden...')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/')
  await expect(page.getByRole('link', { name: 'Kontakt', exact: true }).last()).toHaveAttribute('href', '/contact')
  expect(await page.title()).toBe('Seite nicht gefunden | Ruhrstern Automobile')
})

test('the not-found page redirects to the home page after 10 seconds', async ({ page }) => {
  await page.clock.install()
  await page.goto('/nirgendwo')
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible()
  await page.clock.runFor(9_000)
  expect(new URL(page.url()).pathname).toBe('/nirgendwo')
  // The scripts start after the first paint, on the page's clock: hydrated (the button is its sign)
  // only after the 9 s above, the redirect still counts from when the page was shown.
  await expect(page.getByRole('button', { name: 'Weiterleitung stoppen' })).toBeVisible()
  await page.clock.runFor(1_500)
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('AUTOANKAUF')
})

test('without JavaScript the not-found page redirects (a meta refresh in the head), and a link stops it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.clock.install()
  await page.goto('/nirgendwo')
  await expect(page.locator('head meta[http-equiv="refresh"]')).toHaveAttribute('content', '10; url=/')
  await expect(page.locator('body meta')).toHaveCount(0)
  await page.getByRole('link', { name: 'Weiterleitung stoppen' }).click()
  await expect(page).toHaveURL(/\/nirgendwo\?weiterleitung=aus$/)
  await expect(page.getByRole('status')).toHaveText('Die automatische Weiterleitung ist gestoppt.')
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0)
  await context.close()
})
