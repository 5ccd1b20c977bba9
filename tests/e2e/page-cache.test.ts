import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type APIRequestContext, type APIResponse, type Page } from '@playwright/test'
import { EmbeddedLake } from '#app/sanity/embedded-lake.server.ts'
import { signSanityPayload } from '#app/server/webhook-signature.server.ts'
import { createHash } from 'node:crypto'
import { expect, test, uniqueName, waitForScripts } from './playwright-utils'
import { OWN_PORT_BASE, type RunningProcess, startFakeSanity } from './servers'

/*
 * The full-page cache and staging headers on servers of their own (the shared ones get writes
 * from parallel tests at any moment, which empty the cache): an embedded server with a webhook
 * secret and ALLOW_INDEXING=false, and a Sanity-backed one with its own fake Sanity, which this
 * file takes offline and slows down.
 */

const SECRET = 'page-cache-e2e-secret-0123456789'
const [EMBEDDED_PORT, FAKE_SANITY_PORT, SANITY_SITE_PORT] = [OWN_PORT_BASE + 57, OWN_PORT_BASE + 58, OWN_PORT_BASE + 59]
const EMBEDDED = `http://localhost:${EMBEDDED_PORT}`
const FAKE_SANITY = `http://127.0.0.1:${FAKE_SANITY_PORT}`
const SANITY_SITE = `http://localhost:${SANITY_SITE_PORT}`
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

test.describe.configure({ mode: 'serial' })

interface Started {
  child: ChildProcess
  output: () => string
  stop: () => Promise<void>
}

async function start(command: string[], env: Record<string, string>, readyUrl: string): Promise<Started> {
  const child = spawn(command[0]!, command.slice(1), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} stopped:\n${output}`)
    try {
      if ((await fetch(readyUrl)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${readyUrl} did not answer within 30 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { child, output: () => output, stop }
}

const nonceOf = (response: APIResponse) => /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1]

/** The `sha256-…` sources a cached page's policy lists. */
const hashesOf = (policy: string | undefined) => [...(policy ?? '').matchAll(/'(sha256-[^']+)'/g)].map((match) => match[1]!)

/** The text of each inline script a browser runs in `html` (not JSON-LD, not external), hashed as the browser hashes it. */
const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=|application\/ld\+json/.test(attributes!))
    .map(([, , text]) => `sha256-${createHash('sha256').update(text!).digest('base64')}`)

/** CSP violations of a page, from the DOM event and the console. */
async function watchPolicy(page: Page) {
  const problems: string[] = []
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`)
    })
  })
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation|Refused to/i.test(message.text())) problems.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`))
  return problems
}

async function get(request: APIRequestContext, url: string) {
  const response = await request.get(url, { headers: { 'user-agent': BROWSER_UA } })
  return { response, cache: response.headers()['x-cache'], body: await response.text() }
}

test.describe('embedded server: hits, invalidation, webhook, staging', () => {
  let server: Started | undefined
  let dataDir: string

  test.beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dealer-e2e-page-cache-'))
    server = await start(
      ['node', 'server.mjs'],
      {
        NODE_ENV: 'production',
        PORT: String(EMBEDDED_PORT),
        SITE_URL: EMBEDDED,
        DATA_DIR: dataDir,
        REVALIDATE_SECRET: SECRET,
        ALLOW_INDEXING: 'false',
        SUBMISSION_RATE_LIMIT: '1000',
      },
      `${EMBEDDED}/favicon.svg`,
    )
  })
  test.afterAll(async () => {
    await server?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })
  test('two GETs of a page: MISS with a nonce, then HIT with the hashes of exactly its inline scripts and no nonce left', async ({ request }) => {
    const first = await get(request, `${EMBEDDED}/`)
    const second = await get(request, `${EMBEDDED}/`)
    expect([first.response.status(), second.response.status()]).toEqual([200, 200])
    expect([first.cache, second.cache]).toEqual(['MISS', 'HIT'])
    const nonce = nonceOf(first.response)
    expect(nonce).toBeTruthy()
    const policy = second.response.headers()['content-security-policy']
    expect(policy).not.toContain('nonce')
    expect(policy).toContain("script-src 'self' 'strict-dynamic' 'sha256-")
    expect(second.body).not.toMatch(/ nonce="/)
    expect(second.body).toBe(first.body.replaceAll(` nonce="${nonce}"`, ''))
    // Every inline script of the page is listed, plus the module script the first-paint loader adds.
    const listed = hashesOf(policy)
    const scripts = inlineScriptHashes(second.body)
    expect(scripts.length).toBeGreaterThan(0)
    expect(listed.filter((hash) => !scripts.includes(hash))).toHaveLength(1)
    expect(scripts.filter((hash) => !listed.includes(hash))).toEqual([])
    const third = await get(request, `${EMBEDDED}/`)
    expect([third.cache, third.body]).toEqual(['HIT', second.body])
  })

  test('a cached page in Chromium: its scripts run by hash (no CSP violation), it hydrates and navigates client-side', async ({ browser }) => {
    // A browser's user agent: the streamed document (a crawler's is complete at once, under a key of its own).
    const context = await browser.newContext({ userAgent: BROWSER_UA })
    const page = await context.newPage()
    const problems = await watchPolicy(page)
    await page.goto(`${EMBEDDED}/vehicles`)
    const cached = await page.goto(`${EMBEDDED}/vehicles`)
    expect(cached!.headers()['x-cache']).toBe('HIT')
    expect(cached!.headers()['content-security-policy']).toContain("'strict-dynamic'")
    await waitForScripts(page)
    // Hydrated: a link is followed by the router, without loading a new document.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    await page.locator('header').getByRole('link', { name: 'KONTAKT' }).first().click()
    await expect(page).toHaveURL(`${EMBEDDED}/contact`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
    await page.waitForLoadState('networkidle')
    expect(problems).toEqual([])
    await context.close()
  })

  test('a form submission goes to the private inbox and keeps the cached pages (form spam is no page render)', async ({ request }) => {
    await get(request, `${EMBEDDED}/`)
    expect((await get(request, `${EMBEDDED}/`)).cache).toBe('HIT')
    const stored = await request.post(`${EMBEDDED}/api/contacts`, {
      data: { name: uniqueName('Cache'), email: 'cache@example.de', message: 'Schreibt in den Posteingang' },
    })
    expect(stored.status()).toBe(201)
    const { id } = (await stored.json()) as { id: string }
    expect(id).toMatch(/^inbox\./)
    expect((await get(request, `${EMBEDDED}/`)).cache).toBe('HIT')
    // Nor does the dealer's notification, which records its delivery on the message (read from the DATA_DIR, as preflight reads it).
    const notifiedAt = async () =>
      (await EmbeddedLake.openReadOnly({ contentDir: 'content', dataDir })).fetch<string | null>(
        '*[_id == $id][0].notifiedAt',
        { id },
        { includePrivate: true },
      )
    await expect.poll(notifiedAt, { timeout: 15_000 }).toBeTruthy()
    expect((await get(request, `${EMBEDDED}/`)).cache).toBe('HIT')
  })

  test('POST /api/revalidate: 401 with a wrong secret (cache kept), 200 with the right one or Sanity’s signature (cache emptied)', async ({ request }) => {
    await get(request, `${EMBEDDED}/`)
    const wrong = await request.post(`${EMBEDDED}/api/revalidate`, { headers: { Authorization: 'Bearer falsches-geheimnis-123456' } })
    expect(wrong.status()).toBe(401)
    expect(wrong.headers()['cache-control']).toBe('no-store')
    expect((await get(request, `${EMBEDDED}/`)).cache).toBe('HIT')

    const right = await request.post(`${EMBEDDED}/api/revalidate`, { headers: { Authorization: `Bearer ${SECRET}` } })
    expect(right.status()).toBe(200)
    expect(await right.json()).toEqual({ revalidated: true, revision: expect.any(Number) })
    expect((await get(request, `${EMBEDDED}/`)).cache).toBe('MISS')

    const payload = JSON.stringify({ _id: 'homePage', _type: 'homePage' })
    const timestamp = Date.now()
    const signed = await request.post(`${EMBEDDED}/api/revalidate`, {
      headers: { 'content-type': 'application/json', 'sanity-webhook-signature': `t=${timestamp},v1=${signSanityPayload(payload, timestamp, SECRET)}` },
      data: payload,
    })
    expect(signed.status()).toBe(200)
    expect((await get(request, `${EMBEDDED}/`)).cache).toBe('MISS')
  })

  test('ALLOW_INDEXING=false: X-Robots-Tag noindex on every answer; the Studio keeps noindex, nofollow', async ({ request }) => {
    for (const url of ['/', '/', '/api/vehicles', '/gibt-es-nicht', '/favicon.svg', '/sitemap.xml', '/Services']) {
      const response = await request.get(`${EMBEDDED}${url}`, { maxRedirects: 0 })
      expect(response.headers()['x-robots-tag'], url).toBe('noindex')
    }
    expect((await request.get(`${EMBEDDED}/studio`)).headers()['x-robots-tag']).toBe('noindex, nofollow')
  })

  test('the sitemap and the API list: one entry whatever junk parameter or spelling (security review finding 5), until the webhook', async ({ request }) => {
    const revalidate = () => request.post(`${EMBEDDED}/api/revalidate`, { headers: { Authorization: `Bearer ${SECRET}` } })
    expect((await revalidate()).status()).toBe(200)
    for (const [first, ...again] of [
      ['/sitemap.xml?z=1', '/sitemap.xml?z=2', '/Sitemap.xml/?utm_source=x'],
      ['/api/vehicles?z=1', '/api/vehicles?z=2', '/API/Vehicles/?sort=newest&z=3'],
      ['/api/vehicles?page=1&perPage=5&z=1', '/api/vehicles?perPage=5&page=1&z=2'],
      ['/api/vehicles.data?z=1', '/api/vehicles.data?z=2'],
    ]) {
      const computed = await get(request, `${EMBEDDED}${first}`)
      expect(computed.response.status()).toBe(200)
      expect(computed.cache).toBe('MISS')
      for (const url of again) {
        const kept = await get(request, `${EMBEDDED}${url}`)
        expect([url, kept.cache]).toEqual([url, 'HIT'])
        expect(kept.body).toBe(computed.body)
      }
    }
    // Preview and other personal requests are never answered from it.
    expect((await request.get(`${EMBEDDED}/api/vehicles?z=4`, { headers: { cookie: 'a=1' } })).headers()['x-cache']).toBe('BYPASS')
    // `?_data=root` answers the root loader's data: never the list's entry.
    await request.get(`${EMBEDDED}/api/vehicles?_data=root`)
    expect(JSON.parse((await get(request, `${EMBEDDED}/api/vehicles?z=5`)).body)).toEqual(
      expect.arrayContaining([expect.objectContaining({ make: expect.any(String) })]),
    )
    expect((await revalidate()).status()).toBe(200)
    expect((await get(request, `${EMBEDDED}/sitemap.xml?z=6`)).cache).toBe('MISS')
    expect((await get(request, `${EMBEDDED}/api/vehicles?z=6`)).cache).toBe('MISS')
  })
})

test.describe('Sanity-backed server: stale-if-error and streamed pages', () => {
  let fake: RunningProcess | undefined
  let site: Started | undefined
  let dataDir: string

  test.beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dealer-e2e-stale-'))
    fake = await startFakeSanity(FAKE_SANITY_PORT)
    site = await start(
      ['node', 'server.mjs'],
      {
        NODE_ENV: 'production',
        PORT: String(SANITY_SITE_PORT),
        SITE_URL: SANITY_SITE,
        DATA_DIR: dataDir,
        REVALIDATE_SECRET: SECRET,
        SANITY_PROJECT_ID: 'e2e-project',
        SANITY_DATASET: 'production',
        SANITY_WRITE_TOKEN: 'e2e-write-token',
        SANITY_API_HOST: FAKE_SANITY,
      },
      `${SANITY_SITE}/favicon.svg`,
    )
  })
  test.afterAll(async () => {
    await site?.stop()
    await fake?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })
  test('while Sanity is unreachable the last good page is served (X-Cache: STALE) instead of an error', async ({ request }) => {
    const good = await get(request, `${SANITY_SITE}/`)
    expect(good.response.status()).toBe(200)
    const main = good.body.match(/<main[\s\S]*<\/main>/)?.[0]
    expect(main).toBeTruthy()
    try {
      expect((await request.post(`${FAKE_SANITY}/__outage?down=true`)).ok()).toBe(true)
      // Published content changed (the cached page is outdated), but Sanity cannot be reached.
      expect((await request.post(`${SANITY_SITE}/api/revalidate`, { headers: { Authorization: `Bearer ${SECRET}` } })).status()).toBe(200)
      const stale = await get(request, `${SANITY_SITE}/`)
      expect(stale.response.status()).toBe(200)
      expect(stale.cache).toBe('STALE')
      expect(stale.body.match(/<main[\s\S]*<\/main>/)?.[0]).toBe(main!.replaceAll(` nonce="${nonceOf(good.response)}"`, ''))
      expect(stale.response.headers()['content-security-policy']).toContain("'strict-dynamic' 'sha256-")
      // A page never rendered before has nothing to fall back on.
      const never = await get(request, `${SANITY_SITE}/about`)
      expect(never.response.status()).toBe(500)
      expect(never.response.headers()['cache-control']).toBe('no-store')
      // The visitor is told the truth: an error, not "not found" with a redirect home.
      expect(never.body).toContain('Ein Fehler ist aufgetreten')
      expect(never.body).not.toContain('Seite nicht gefunden')
      expect(never.body).not.toContain('http-equiv="refresh"')
    } finally {
      await request.post(`${FAKE_SANITY}/__outage?down=false`)
    }
    const recovered = await get(request, `${SANITY_SITE}/`)
    expect(recovered.response.status()).toBe(200)
    expect(recovered.cache).toBe('MISS')
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
      const streamed = await get(request, `${SANITY_SITE}/`)
      expect(streamed.body).toContain('streamController.enqueue')
      const nonce = nonceOf(streamed.response)
      const scripts = [...streamed.body.matchAll(/<script\b(?![^>]*application\/ld\+json)[^>]*>/g)].map((match) => match[0])
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
})
