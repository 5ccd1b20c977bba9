import { createHash } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'
import { signSanityPayload } from '#app/server/webhook-signature.server.ts'
import { ROOT, startSite, type TestSite } from './site'

/*
 * The full-page cache and staging headers (moved from tests/e2e/page-cache.test.ts) on sites of
 * this file alone, so no other test's write empties the cache: an embedded site with a webhook
 * secret and ALLOW_INDEXING=false, and a Sanity-backed one whose Sanity this file takes offline.
 * That the browser runs a streamed page's scripts stays in the e2e file.
 */

const SECRET = 'page-cache-e2e-secret-0123456789'
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]

/** The `sha256-…` sources a cached page's policy lists for scripts. */
const hashesOf = (policy: string | undefined) => [...(/script-src [^;]*/.exec(policy ?? '')?.[0] ?? '').matchAll(/'(sha256-[^']+)'/g)].map((match) => match[1]!)

/** The text of each inline script a browser runs in `html` (not JSON-LD, not external), hashed as the browser hashes it. */
const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=|application\/ld\+json/.test(attributes!))
    .map(([, , text]) => `sha256-${createHash('sha256').update(text!).digest('base64')}`)

async function get(site: TestSite, url: string) {
  const response = await fetch(`${site.base}${url}`, { headers: { 'user-agent': BROWSER_UA } })
  return { response, cache: response.headers.get('x-cache'), body: await response.text() }
}

describe('embedded server: hits, invalidation, webhook, staging', () => {
  let site: TestSite
  const revalidate = () => fetch(`${site.base}/api/revalidate`, { method: 'POST', headers: { Authorization: `Bearer ${SECRET}` } })

  beforeAll(async () => {
    site = await startSite({ env: { REVALIDATE_SECRET: SECRET, ALLOW_INDEXING: 'false' } })
  })
  afterAll(() => site?.close())

  it('two GETs of a page: MISS with a nonce, then HIT with the hashes of exactly its inline scripts and no nonce left', async () => {
    const first = await get(site, '/')
    const second = await get(site, '/')
    expect([first.response.status, second.response.status]).toEqual([200, 200])
    expect([first.cache, second.cache]).toEqual(['MISS', 'HIT'])
    const nonce = nonceOf(first.response)
    expect(nonce).toBeTruthy()
    const policy = second.response.headers.get('content-security-policy') ?? undefined
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
    const third = await get(site, '/')
    expect([third.cache, third.body]).toEqual(['HIT', second.body])
  })

  it('robots.txt, which crawlers fetch first, is answered from the cache, and revalidated by its ETag with a 304', async () => {
    const first = await get(site, '/robots.txt')
    const second = await get(site, '/robots.txt')
    expect([first.cache, second.cache]).toEqual(['MISS', 'HIT'])
    expect(second.body).toBe(first.body)
    expect(second.response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const etag = second.response.headers.get('etag')
    expect(etag).toBeTruthy()
    const revalidated = await fetch(`${site.base}/robots.txt`, { headers: { 'user-agent': BROWSER_UA, 'if-none-match': etag! } })
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
  })

  it('visitors from ads and newsletters share the stored page: tracking parameters are not in its key or its forms (decision 105)', async () => {
    const first = await get(site, '/vehicles/2?gclid=EAIaFIRSTclick&utm_source=google')
    const second = await get(site, '/vehicles/2?fbclid=IwARsecondclick')
    const plain = await get(site, '/vehicles/2')
    expect([second.cache, plain.cache]).toEqual(['HIT', 'HIT'])
    expect(second.body).toBe(plain.body)
    // The forms post to the car's own address, not to the first visitor's click.
    expect(first.body).toContain('action="/vehicles/2#anfrage-fehler"')
    for (const { body } of [first, second]) expect(body).not.toMatch(/gclid|fbclid|utm_|FIRSTclick|secondclick/)
    // A parameter the route reads still makes a page of its own.
    expect((await get(site, '/vehicles?fuel=DIESEL&utm_medium=cpc')).body).toContain('name="fuel"')
  })

  it('a visitor with a Merkliste still gets cached pages; /merkliste, which reads the cookie, is never cached (decision 079)', async () => {
    const withList = (url: string, init: RequestInit = {}) =>
      fetch(`${site.base}${url}`, { ...init, redirect: 'manual', headers: { 'user-agent': BROWSER_UA, cookie: 'merkliste=1.4', ...init.headers } })
    await get(site, '/vehicles')
    const list = await withList('/vehicles')
    expect(list.headers.get('x-cache')).toBe('HIT')
    await list.text()

    // The empty Merkliste of a visitor without the cookie is not what one with the cookie gets.
    const empty = await get(site, '/merkliste')
    expect(empty.body).toContain('Ihre Merkliste ist leer.')
    expect(empty.response.headers.get('cache-control')).toBe('private, no-store')
    for (let round = 0; round < 2; round++) {
      const own = await withList('/merkliste')
      expect(own.headers.get('x-cache')).not.toBe('HIT')
      expect(await own.text()).toContain('2 Fahrzeuge gemerkt')
    }

    // „Merken“ without JavaScript: a post from the site's own page, answered with the new cookie.
    const posted = await withList('/merkliste', {
      method: 'POST',
      body: new URLSearchParams({ intent: 'add', id: '9', back: '/vehicles' }),
      headers: { origin: site.base, 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(posted.status).toBe(303)
    expect(posted.headers.get('location')).toBe('/merkliste?gemerkt=9&zurueck=%2Fvehicles')
    expect(posted.headers.get('set-cookie')).toMatch(/^merkliste=1\.4\.9; Path=\/; Max-Age=7776000; SameSite=Lax$/)
  })

  it('a form submission goes to the private inbox and keeps the cached pages (form spam is no page render)', async () => {
    await get(site, '/')
    expect((await get(site, '/')).cache).toBe('HIT')
    const stored = await fetch(`${site.base}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Cache ${Date.now().toString(36)}`, email: 'cache@example.de', message: 'Schreibt in den Posteingang' }),
    })
    expect(stored.status).toBe(201)
    const { id } = (await stored.json()) as { id: string }
    expect(id).toMatch(/^inbox\./)
    expect((await get(site, '/')).cache).toBe('HIT')
    // Nor does the dealer's notification, which records its delivery on the message (read from the DATA_DIR, as preflight reads it).
    const notifiedAt = async () =>
      (await EmbeddedLake.openReadOnly({ contentDir: path.join(ROOT, 'content'), dataDir: site.dataDir })).fetch<string | null>(
        '*[_id == $id][0].notifiedAt',
        { id },
        { includePrivate: true },
      )
    await vi.waitFor(async () => expect(await notifiedAt()).toBeTruthy(), { timeout: 15_000, interval: 200 })
    expect((await get(site, '/')).cache).toBe('HIT')
  })

  it('POST /api/revalidate: 401 with a wrong secret (cache kept), 200 with the right one or Sanity’s signature (cache emptied)', async () => {
    await get(site, '/')
    const wrong = await fetch(`${site.base}/api/revalidate`, { method: 'POST', headers: { Authorization: 'Bearer falsches-geheimnis-123456' } })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('cache-control')).toBe('no-store')
    expect((await get(site, '/')).cache).toBe('HIT')

    const right = await revalidate()
    expect(right.status).toBe(200)
    expect(await right.json()).toEqual({ revalidated: true, revision: expect.any(Number) })
    expect((await get(site, '/')).cache).toBe('MISS')

    const payload = JSON.stringify({ _id: 'homePage', _type: 'homePage' })
    const timestamp = Date.now()
    const signed = await fetch(`${site.base}/api/revalidate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sanity-webhook-signature': `t=${timestamp},v1=${signSanityPayload(payload, timestamp, SECRET)}` },
      body: payload,
    })
    expect(signed.status).toBe(200)
    expect((await get(site, '/')).cache).toBe('MISS')
  })

  it('ALLOW_INDEXING=false: X-Robots-Tag noindex on every answer; the Studio keeps noindex, nofollow', async () => {
    for (const url of ['/', '/', '/api/vehicles', '/gibt-es-nicht', '/favicon.svg', '/sitemap.xml', '/Services']) {
      const response = await fetch(`${site.base}${url}`, { redirect: 'manual' })
      expect(response.headers.get('x-robots-tag'), url).toBe('noindex')
      await response.arrayBuffer()
    }
    expect((await fetch(`${site.base}/studio`)).headers.get('x-robots-tag')).toBe('noindex, nofollow')
  })

  it('the sitemap and the API list: one entry whatever junk parameter or spelling (security review finding 5), until the webhook', async () => {
    expect((await revalidate()).status).toBe(200)
    for (const [first, ...again] of [
      ['/sitemap.xml?z=1', '/sitemap.xml?z=2', '/Sitemap.xml/?utm_source=x'],
      ['/api/vehicles?z=1', '/api/vehicles?z=2', '/API/Vehicles/?sort=newest&z=3'],
      ['/api/vehicles?page=1&perPage=5&z=1', '/api/vehicles?perPage=5&page=1&z=2'],
      ['/api/vehicles.data?z=1', '/api/vehicles.data?z=2'],
    ]) {
      const computed = await get(site, first!)
      expect(computed.response.status).toBe(200)
      expect(computed.cache).toBe('MISS')
      for (const url of again) {
        const kept = await get(site, url)
        expect([url, kept.cache]).toEqual([url, 'HIT'])
        expect(kept.body).toBe(computed.body)
      }
    }
    // Preview and other personal requests are never answered from it.
    expect((await fetch(`${site.base}/api/vehicles?z=4`, { headers: { cookie: 'a=1' } })).headers.get('x-cache')).toBe('BYPASS')
    // `?_data=root` answers the root loader's data: never the list's entry.
    await (await fetch(`${site.base}/api/vehicles?_data=root`)).arrayBuffer()
    expect(JSON.parse((await get(site, '/api/vehicles?z=5')).body)).toEqual(expect.arrayContaining([expect.objectContaining({ make: expect.any(String) })]))
    expect((await revalidate()).status).toBe(200)
    expect((await get(site, '/sitemap.xml?z=6')).cache).toBe('MISS')
    expect((await get(site, '/api/vehicles?z=6')).cache).toBe('MISS')
  })
})

describe('Sanity-backed server: stale-if-error', () => {
  let site: TestSite

  beforeAll(async () => {
    site = await startSite({ sanity: true, env: { REVALIDATE_SECRET: SECRET } })
  })
  afterAll(() => site?.close())

  it('while Sanity is unreachable the last good page is served (X-Cache: STALE) instead of an error', async () => {
    const good = await get(site, '/')
    expect(good.response.status).toBe(200)
    const main = good.body.match(/<main[\s\S]*<\/main>/)?.[0]
    expect(main).toBeTruthy()
    try {
      site.sanity!.setDown(true)
      // Published content changed (the cached page is outdated), but Sanity cannot be reached.
      expect((await fetch(`${site.base}/api/revalidate`, { method: 'POST', headers: { Authorization: `Bearer ${SECRET}` } })).status).toBe(200)
      const stale = await get(site, '/')
      expect(stale.response.status).toBe(200)
      expect(stale.cache).toBe('STALE')
      expect(stale.body.match(/<main[\s\S]*<\/main>/)?.[0]).toBe(main!.replaceAll(` nonce="${nonceOf(good.response)}"`, ''))
      expect(stale.response.headers.get('content-security-policy')).toContain("'strict-dynamic' 'sha256-")
      // A page never rendered before has nothing to fall back on.
      const never = await get(site, '/about')
      expect(never.response.status).toBe(500)
      expect(never.response.headers.get('cache-control')).toBe('no-store')
      // The visitor is told the truth: an error, not "not found" with a redirect home.
      expect(never.body).toContain('Ein Fehler ist aufgetreten')
      expect(never.body).not.toContain('Seite nicht gefunden')
      expect(never.body).not.toContain('http-equiv="refresh"')
    } finally {
      site.sanity!.setDown(false)
    }
    const recovered = await get(site, '/')
    expect(recovered.response.status).toBe(200)
    expect(recovered.cache).toBe('MISS')
  })
})
