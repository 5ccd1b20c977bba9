import { type APIResponse } from '@playwright/test'
import { expect, test, waitForScripts, watchPolicy } from './playwright-utils'
import { OWN_PORT_BASE, type RunningProcess, startFakeSanity, startSiteServer } from './servers'

/*
 * A streamed page in the browser: with a slow lake the home page streams its vehicles through
 * nonce-carrying scripts, and the browser runs them (no CSP complaint, the vehicles appear). On a
 * Sanity-backed server of its own with its own fake Sanity, which this file slows down. The page
 * cache itself (hits, nonces, the webhook, staging headers, stale-if-error):
 * tests/http/page-cache.test.ts.
 */

const SECRET = 'page-cache-e2e-secret-0123456789'
const FAKE_PORT = OWN_PORT_BASE + 4
const SITE_PORT = OWN_PORT_BASE + 23
const FAKE_SANITY = `http://127.0.0.1:${FAKE_PORT}`
const SANITY_SITE = `http://localhost:${SITE_PORT}`
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

const nonceOf = (response: APIResponse) => /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1]

// One worker for the file (fullyParallel would spread its tests): its servers have fixed ports, and a second
// worker's beforeAll found them taken (EADDRINUSE) while the first one's afterAll stopped the fake under the
// other's test (ECONNREFUSED, a flaky run of 2026-11-30).
test.describe.configure({ mode: 'default' })

let fake: RunningProcess | undefined
let site: RunningProcess | undefined

test.beforeAll(async () => {
  fake = await startFakeSanity(FAKE_PORT)
  site = await startSiteServer(SITE_PORT, {
    REVALIDATE_SECRET: SECRET,
    SANITY_PROJECT_ID: 'e2e-project',
    SANITY_DATASET: 'production',
    SANITY_WRITE_TOKEN: 'e2e-write-token',
    SANITY_API_HOST: FAKE_SANITY,
  })
})
test.afterAll(async () => {
  await site?.stop()
  await fake?.stop()
})

test('a cached page in Chromium: its scripts run by hash (no CSP violation), it hydrates and navigates client-side', async ({ browser }) => {
  // A browser's user agent: the streamed document (a crawler's is complete at once, under a key of its own).
  const context = await browser.newContext({ userAgent: BROWSER_UA })
  const page = await context.newPage()
  const problems = await watchPolicy(page)
  await page.goto(`${SANITY_SITE}/vehicles`)
  const cached = await page.goto(`${SANITY_SITE}/vehicles`)
  expect(cached!.headers()['x-cache']).toBe('HIT')
  expect(cached!.headers()['content-security-policy']).toContain("'strict-dynamic'")
  await waitForScripts(page)
  // Hydrated: a link is followed by the router, without loading a new document.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
  await page.locator('header').getByRole('link', { name: 'KONTAKT' }).first().click()
  await expect(page).toHaveURL(`${SANITY_SITE}/contact`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  await page.waitForLoadState('networkidle')
  expect(problems).toEqual([])
  await context.close()
})

test('a slow lake: the streamed vehicles arrive through nonce-carrying scripts, and the browser runs them, from the cache by hash too', async ({
  page,
  request,
}) => {
  const problems = await watchPolicy(page)
  // A browser's user agent: the streamed document (a crawler's is complete at once).
  await page.setExtraHTTPHeaders({ 'user-agent': BROWSER_UA })
  try {
    await request.post(`${FAKE_SANITY}/__delay?ms=400`)
    await request.post(`${SANITY_SITE}/api/revalidate`, { headers: { Authorization: `Bearer ${SECRET}` } })
    const streamed = await request.get(`${SANITY_SITE}/`, { headers: { 'user-agent': BROWSER_UA } })
    const body = await streamed.text()
    expect(body).toContain('streamController.enqueue')
    const nonce = nonceOf(streamed)
    const scripts = [...body.matchAll(/<script\b(?![^>]*application\/ld\+json)[^>]*>/g)].map((match) => match[0])
    expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([])

    await request.post(`${SANITY_SITE}/api/revalidate`, { headers: { Authorization: `Bearer ${SECRET}` } })
    await page.goto(`${SANITY_SITE}/`)
    await expect(page.getByText('Lade Fahrzeuge...')).toHaveCount(0, { timeout: 15_000 })
    await expect(page.locator('main a[href^="/vehicles/"]').first()).toBeVisible()
    // The same streamed page again, from the cache: React's and Remix's streamed scripts run by their hashes.
    const cached = await page.goto(`${SANITY_SITE}/`)
    expect(cached!.headers()['x-cache']).toBe('HIT')
    expect(await cached!.text()).toContain('streamController.enqueue')
    await expect(page.getByText('Lade Fahrzeuge...')).toHaveCount(0)
    await expect(page.locator('main a[href^="/vehicles/"]').first()).toBeVisible()
    await waitForScripts(page)
  } finally {
    await request.post(`${FAKE_SANITY}/__delay?ms=0`)
  }
  expect(problems).toEqual([])
})
