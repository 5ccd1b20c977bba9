import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type APIRequestContext, type APIResponse } from '@playwright/test'
import { EmbeddedLake } from '#app/sanity/embedded-lake.server.ts'
import { signSanityPayload } from '#app/server/webhook-signature.server.ts'
import { expect, test, uniqueName } from './playwright-utils'
import { type RunningProcess, startFakeSanity } from './servers'

/*
 * The full-page cache and staging headers on servers of their own (the shared ones get writes
 * from parallel tests at any moment, which empty the cache): an embedded server with a webhook
 * secret and ALLOW_INDEXING=false, and a Sanity-backed one with its own fake Sanity, which this
 * file takes offline and slows down.
 */

const SECRET = 'page-cache-e2e-secret-0123456789'
const EMBEDDED = 'http://localhost:3293'
const FAKE_SANITY = 'http://127.0.0.1:3294'
const SANITY_SITE = 'http://localhost:3295'
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
        PORT: '3293',
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
  test('two GETs of a page: MISS, then HIT with a fresh nonce in the header and in every script', async ({ request }) => {
    const first = await get(request, `${EMBEDDED}/`)
    const second = await get(request, `${EMBEDDED}/`)
    expect([first.response.status(), second.response.status()]).toEqual([200, 200])
    expect([first.cache, second.cache]).toEqual(['MISS', 'HIT'])
    const [firstNonce, secondNonce] = [nonceOf(first.response), nonceOf(second.response)]
    expect(secondNonce).toBeTruthy()
    expect(secondNonce).not.toBe(firstNonce)
    expect(second.body).not.toContain(firstNonce!)
    const nonces = [...second.body.matchAll(/<script\b(?![^>]*application\/ld\+json)[^>]*>/g)].map((match) => /nonce="([^"]*)"/.exec(match[0])?.[1])
    expect(nonces.length).toBeGreaterThan(0)
    expect(new Set(nonces)).toEqual(new Set([secondNonce]))
    expect(second.body.replaceAll(secondNonce!, '')).toBe(first.body.replaceAll(firstNonce!, ''))
    expect((await get(request, `${EMBEDDED}/`)).cache).toBe('HIT')
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
    fake = await startFakeSanity(3294)
    site = await start(
      ['node', 'server.mjs'],
      {
        NODE_ENV: 'production',
        PORT: '3295',
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
      expect(stale.body.match(/<main[\s\S]*<\/main>/)?.[0]).toBe(main!.replaceAll(nonceOf(good.response)!, nonceOf(stale.response)!))
      expect(stale.response.headers()['content-security-policy']).toContain(`'nonce-${nonceOf(stale.response)}'`)
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

  test('a slow lake: the streamed vehicles arrive through nonce-carrying scripts, and the browser runs them', async ({ page, request }) => {
    const problems: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text())
    })
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
    } finally {
      await request.post(`${FAKE_SANITY}/__delay?ms=0`)
    }
    expect(problems).toEqual([])
  })
})
