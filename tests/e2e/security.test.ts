import { type APIResponse, type Page } from '@playwright/test'
import { SANITY_BACKED_PORT } from '../../playwright.config'
import { expect, test, uniqueName, waitForScripts } from './playwright-utils'

/*
 * Security headers and the Content Security Policy on the shared production server (embedded
 * lake, NODE_ENV=production, plain HTTP, ALLOW_INDEXING default true, no REVALIDATE_SECRET).
 * The built Studio is served only with a Sanity project: its tests use the shared server against
 * the fake Sanity API. The page cache and ALLOW_INDEXING=false: tests/e2e/page-cache.test.ts with
 * servers of its own.
 */

const sanitySite = `http://localhost:${SANITY_BACKED_PORT}`

const PAGE_FRAMES = ['https://home.mobile.de', 'https://www.openstreetmap.org']

function directives(response: APIResponse): Map<string, string[]> {
  const policy = response.headers()['content-security-policy']
  expect(policy, 'a Content-Security-Policy header').toBeTruthy()
  expect(policy, 'exactly one policy').not.toContain(',')
  return new Map(
    policy!.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/)
      return [name, values]
    }),
  )
}

function expectCommonHeaders(response: APIResponse) {
  const headers = response.headers()
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/)
  // The e2e server runs with NODE_ENV=production.
  expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  const policy = directives(response)
  expect(policy.get('object-src')).toEqual(["'none'"])
  expect(policy.get('base-uri')).toEqual(["'self'"])
  expect(policy.get('frame-ancestors')).toEqual(["'none'"])
  for (const name of ['script-src', 'default-src']) expect(policy.get(name) ?? [], name).not.toContain("'unsafe-inline'")
  return policy
}

/** The page's nonce (from its header) and the nonces its executable inline/module scripts carry. */
async function scriptNonces(response: APIResponse) {
  const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1]
  const html = await response.text()
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!).filter((attributes) => !/type="application\/ld\+json"/.test(attributes))
  return { nonce, scripts: scripts.map((attributes) => /\bnonce="([^"]*)"/.exec(attributes)?.[1]) }
}

test.describe('headers', () => {
  test('a page: nonce-based script policy, only the portal and map frames, common headers, page cache policy', async ({ request }) => {
    // An address not asked for before: rendered now, with a nonce (a page from the cache lists its
    // scripts' hashes instead: tests/e2e/page-cache.test.ts).
    const response = await request.get(`/?security=${uniqueName('nonce')}`)
    expect(response.status()).toBe(200)
    const policy = expectCommonHeaders(response)
    expect(policy.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/)])
    expect(policy.get('frame-src')).toEqual(PAGE_FRAMES)
    expect(policy.get('connect-src')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    // http://localhost: nothing to upgrade.
    expect(policy.has('upgrade-insecure-requests')).toBe(false)
    expect(response.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300')
    expect(response.headers()['x-cache']).toBe('MISS')
    expect(response.headers()['x-robots-tag']).toBeUndefined()

    const { nonce, scripts } = await scriptNonces(response)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts).toEqual(scripts.map(() => nonce))
  })

  test('an API route: the closed policy, common headers, its own cache policy', async ({ request }) => {
    const response = await request.get('/api/vehicles')
    expect(response.status()).toBe(200)
    const policy = expectCommonHeaders(response)
    expect(policy.get('default-src')).toEqual(["'none'"])
    expect(response.headers()['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60')
    // The vehicle list is kept in the page cache per content revision (docs/decisions/014).
    expect(response.headers()['x-cache']).toMatch(/^(HIT|MISS)$/)
  })

  test('the 404 page: the page policy, its inline script with the nonce', async ({ request }) => {
    const response = await request.get('/gibt-es-nicht-security')
    expect(response.status()).toBe(404)
    const policy = expectCommonHeaders(response)
    expect(policy.get('frame-src')).toEqual(PAGE_FRAMES)
    const { nonce, scripts } = await scriptNonces(response)
    expect(scripts).toEqual(scripts.map(() => nonce))
  })

  test('writes are never stored: a failed API post, a form post', async ({ request, baseURL }) => {
    const api = await request.post('/api/contacts', { data: { name: '' } })
    expect(api.status()).toBe(400)
    expect(api.headers()['cache-control']).toBe('no-store')
    expectCommonHeaders(api)
    const form = await request.post('/contact', { form: { name: '', email: '', message: '', website: '' }, headers: { Origin: new URL(baseURL!).origin } })
    expect(form.headers()['cache-control']).toBe('no-store')
    expect(form.headers()['x-cache']).toBe('BYPASS')
  })

  test('files: built assets immutable, public files an hour, both with the closed policy', async ({ request }) => {
    const html = await (await request.get('/')).text()
    const asset = /\/build\/[\w./-]+\.js/.exec(html)?.[0]
    expect(asset, 'a /build script on the home page').toBeTruthy()
    const built = await request.get(asset!)
    expect(built.status()).toBe(200)
    expect(built.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(directives(built).get('default-src')).toEqual(["'none'"])
    expectCommonHeaders(built)
    const icon = await request.get('/favicon.svg')
    expect(icon.headers()['cache-control']).toBe('public, max-age=3600')
    expectCommonHeaders(icon)
    const image = await request.get('/images/placeholder-vehicle.jpg')
    expect(image.headers()['cache-control']).toBe('public, max-age=3600')
  })

  test('redirects carry a policy too', async ({ request }) => {
    // Content paths are canonical in lower case: a permanent redirect.
    const redirect = await request.get('/Services', { maxRedirects: 0 })
    expect(redirect.status()).toBe(301)
    expect(redirect.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300')
    expectCommonHeaders(redirect)
  })

  test('the Studio: its own policy (inline bootstrap by hash, Sanity hosts), revalidated, never indexed; hashed files immutable', async ({ request }) => {
    const response = await request.get(`${sanitySite}/studio`)
    expect(response.status()).toBe(200)
    const policy = expectCommonHeaders(response)
    expect(policy.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'sha256-/), 'https://core.sanity-cdn.com'])
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(['https://*.api.sanity.io', 'wss://*.api.sanity.io']))
    expect(response.headers()['cache-control']).toBe('no-cache')
    expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow')
    const script = /src="(\/studio\/static\/[^"]+\.js)"/.exec(await response.text())?.[1]
    expect(script).toBeTruthy()
    const file = await request.get(`${sanitySite}${script!}`)
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(file.headers()['x-robots-tag']).toBe('noindex, nofollow')
  })

  test('the embedded site’s /studio (no Sanity project): the pages’ policy, revalidated, never indexed', async ({ request }) => {
    const response = await request.get('/studio')
    expect(response.status()).toBe(200)
    const policy = expectCommonHeaders(response)
    expect(policy.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-/)])
    expect(response.headers()['cache-control']).toBe('no-cache')
    expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow')
    expect(await response.text()).not.toMatch(/<script/i)
  })

  test('POST /api/revalidate answers 503 while REVALIDATE_SECRET is not set, 405 for GET', async ({ request }) => {
    const response = await request.post('/api/revalidate', { headers: { Authorization: 'Bearer irgendein-geheimnis-1234' } })
    expect(response.status()).toBe(503)
    expect(response.headers()['cache-control']).toBe('no-store')
    expect((await request.get('/api/revalidate')).status()).toBe(405)
  })
})

/** Records CSP violations and Permissions-Policy complaints of a page, from the DOM event and the console. */
async function watchPolicy(page: Page) {
  const problems: string[] = []
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`)
    })
  })
  page.on('console', (message) => {
    const text = message.text()
    if (/Content Security Policy|CSP violation|Permissions-Policy|Refused to/i.test(text)) problems.push(`${page.url()}: ${text}`)
  })
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`))
  return problems
}

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
