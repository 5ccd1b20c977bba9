import { SANITY_BACKED_PORT } from '../../playwright.config'
import { expect, test, waitForScripts, watchPolicy } from './playwright-utils'

/*
 * The Content Security Policy in the browser: pages, the map and portal frames, a client-side
 * navigation, the 404 page's inline script and the Studio run without a violation. The headers
 * themselves (policies, caching, the Studio's address): tests/http/security-headers.test.ts.
 */

const sanitySite = `http://localhost:${SANITY_BACKED_PORT}`

test.describe('nothing is blocked in the browser', () => {
  test('home, inventory, a vehicle, contact with the map, the portal frame: no CSP violation, scripts run', async ({ page }) => {
    const problems = await watchPolicy(page)
    // Nothing leaves the machine: the frames' hosts are answered locally.
    await page.route(/^https:\/\/(www\.openstreetmap\.org|home\.mobile\.de)\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="de"><title>Extern</title><body>extern</body></html>' }),
    )
    for (const path of ['/', '/vehicles', '/vehicles/1']) {
      await page.goto(path)
      // The scripts ran despite the policy (Remix created its router), and their requests are done.
      await waitForScripts(page)
    }
    await page.goto('/contact')
    await waitForScripts(page)
    await page.getByTestId('map-placeholder').getByRole('button', { name: 'KARTE LADEN' }).click()
    await expect(page.frameLocator('main iframe').first().getByText('extern')).toBeVisible()
    // A client-side navigation (single-fetch data, lazily discovered route modules) after hydration.
    await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate('/services'))
    await expect(page).toHaveURL(/\/services$/)
    await page.waitForLoadState('networkidle')
    expect(problems).toEqual([])
  })

  test('a toast: sonner’s stylesheet is let in by its hash, and a <style> injected into the page is refused', async ({ page }) => {
    const problems = await watchPolicy(page)
    await page.goto('/contact')
    await waitForScripts(page)
    await page.locator('main form').getByRole('button', { name: 'NACHRICHT SENDEN' }).click()
    await expect(page.locator('[data-sonner-toast]').getByText('Pflichtfelder fehlen')).toBeVisible()
    // sonner's rules apply: its toaster is fixed to the viewport, and the toast's style attributes hold.
    expect(await page.locator('[data-sonner-toaster]').evaluate((toaster) => getComputedStyle(toaster).position)).toBe('fixed')
    expect(problems).toEqual([])
    // What an injection could add is not: its rule never applies, and the browser reports it.
    await page.evaluate(() => {
      const style = document.createElement('style')
      style.textContent = 'body { outline: 7px solid red }'
      document.head.append(style)
    })
    // Reported twice: Chromium's console message and the page's securitypolicyviolation event.
    await expect.poll(() => problems.some((problem) => problem.includes('CSP violation: style-src-elem blocked inline'))).toBe(true)
    for (const problem of problems) expect(problem).toContain('style-src-elem')
    expect(await page.evaluate(() => getComputedStyle(document.body).outlineStyle)).toBe('none')
  })

  test('the scripts of a server-rendered page run: the 404 page counts down and its mark was set by the inline script', async ({ page }) => {
    const problems = await watchPolicy(page)
    await page.goto('/gibt-es-nicht-browser')
    await expect(page.getByRole('button', { name: 'Weiterleitung stoppen' })).toBeVisible()
    expect(problems).toEqual([])
  })

  test('the Studio loads without CSP violations (Sanity itself is unreachable offline)', async ({ page }) => {
    const problems = await watchPolicy(page)
    // Offline: every foreign request fails fast, as it would without network.
    await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort())
    await page.goto(`${sanitySite}/studio`)
    await expect(page.locator('#sanity')).not.toBeEmpty({ timeout: 15_000 })
    // Until the Studio's lazily loaded chunks and styles are in: a violation would come from one of them.
    await page.waitForLoadState('networkidle')
    expect(problems).toEqual([])
  })

  test('the embedded site’s /studio explanation: no CSP violation', async ({ page }) => {
    const problems = await watchPolicy(page)
    await page.goto('/studio/structure')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(problems).toEqual([])
  })
})
