import { type APIResponse } from '@playwright/test'
import { expect, test } from './playwright-utils'
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

test('a slow lake: the streamed vehicles arrive through nonce-carrying scripts, and the browser runs them', async ({ page, request }) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text())
  })
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
  } finally {
    await request.post(`${FAKE_SANITY}/__delay?ms=0`)
  }
  expect(problems).toEqual([])
})
