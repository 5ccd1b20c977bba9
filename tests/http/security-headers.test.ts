import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientOf, ROOT, SITE_URL, startSite, type TestSite } from './site'

/*
 * Security headers and the Content Security Policy of the production build (moved from
 * tests/e2e/security.test.ts; what only a browser shows, no CSP violation while pages run, stays
 * there): the embedded site (NODE_ENV=production, plain HTTP, ALLOW_INDEXING default true, no
 * REVALIDATE_SECRET), and a Sanity-backed one for the built Studio. The page cache and
 * ALLOW_INDEXING=false: page-cache.test.ts.
 */

const PAGE_FRAMES = ['https://home.mobile.de', 'https://www.openstreetmap.org']

/** The Studio's tests need its build (`npm run build` makes both; CI does): said, rather than a bare 404. */
const expectStudioBuilt = () =>
  expect(existsSync(path.join(ROOT, 'build/studio/index.html')), 'build/studio is missing: run `npm run build:studio` first').toBe(true)

let site: TestSite
let sanitySite: TestSite
let get: ReturnType<typeof clientOf>

beforeAll(async () => {
  ;[site, sanitySite] = await Promise.all([startSite(), startSite({ sanity: true })])
  get = clientOf(site)
})
afterAll(async () => {
  await Promise.all([site?.close(), sanitySite?.close()])
})

function directives(response: Response): Map<string, string[]> {
  const policy = response.headers.get('content-security-policy')
  expect(policy, 'a Content-Security-Policy header').toBeTruthy()
  expect(policy, 'exactly one policy').not.toContain(',')
  return new Map(
    policy!.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/)
      return [name, values]
    }),
  )
}

function expectCommonHeaders(response: Response) {
  const { headers } = response
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  expect(headers.get('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/)
  // The site runs with NODE_ENV=production at an http:// SITE_URL: no HSTS over plain HTTP (RFC 6797 §7.2). In production nginx
  // answers over TLS and adds it to every answer (deploy/nginx/http.conf, tests/e2e/nginx.test.ts).
  expect(headers.get('strict-transport-security')).toBeNull()
  const policy = directives(response)
  expect(policy.get('object-src')).toEqual(["'none'"])
  expect(policy.get('base-uri')).toEqual(["'self'"])
  expect(policy.get('frame-ancestors')).toEqual(["'none'"])
  for (const name of ['script-src', 'default-src']) expect(policy.get(name) ?? [], name).not.toContain("'unsafe-inline'")
  return policy
}

/** The page's nonce (from its header) and the nonces its executable inline/module scripts carry. */
async function scriptNonces(response: Response) {
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
  const html = await response.text()
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!).filter((attributes) => !/type="application\/ld\+json"/.test(attributes))
  return { nonce, scripts: scripts.map((attributes) => /\bnonce="([^"]*)"/.exec(attributes)?.[1]) }
}

describe('headers', () => {
  it('a page: nonce-based script policy, only the portal and map frames, common headers, page cache policy', async () => {
    // An address not asked for before: rendered now, with a nonce (a page from the cache lists its
    // scripts' hashes instead: tests/http/page-cache.test.ts).
    const response = await get(`/?security=${Date.now().toString(36)}`)
    expect(response.status).toBe(200)
    const policy = expectCommonHeaders(response)
    expect(policy.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/)])
    expect(policy.get('frame-src')).toEqual(PAGE_FRAMES)
    expect(policy.get('connect-src')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    // SITE_URL is http://localhost: nothing to upgrade.
    expect(policy.has('upgrade-insecure-requests')).toBe(false)
    // The nonce is this answer's own: shared caches must not keep it (the hit that follows is public).
    expect(response.headers.get('cache-control')).toBe('private, max-age=0')
    expect(response.headers.get('x-cache')).toBe('MISS')
    expect(response.headers.get('x-robots-tag')).toBeNull()

    const { nonce, scripts } = await scriptNonces(response)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts).toEqual(scripts.map(() => nonce))
  })

  it('an API route: the closed policy, common headers, its own cache policy', async () => {
    const response = await get('/api/vehicles')
    expect(response.status).toBe(200)
    const policy = expectCommonHeaders(response)
    expect(policy.get('default-src')).toEqual(["'none'"])
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60')
    // The vehicle list is kept in the page cache per content revision (docs/decisions/014).
    expect(response.headers.get('x-cache')).toMatch(/^(HIT|MISS)$/)
  })

  it('the 404 page: the page policy, its inline script with the nonce, kept by no shared cache', async () => {
    const response = await get('/gibt-es-nicht-security')
    expect(response.status).toBe(404)
    expect(response.headers.get('cache-control')).toBe('private, max-age=0')
    const policy = expectCommonHeaders(response)
    expect(policy.get('frame-src')).toEqual(PAGE_FRAMES)
    const { nonce, scripts } = await scriptNonces(response)
    expect(scripts).toEqual(scripts.map(() => nonce))
  })

  it('writes are never stored: a failed API post, a form post', async () => {
    const api = await get('/api/contacts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: '' }) })
    expect(api.status).toBe(400)
    expect(api.headers.get('cache-control')).toBe('no-store')
    expectCommonHeaders(api)
    const form = await get('/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(SITE_URL).origin },
      body: new URLSearchParams({ name: '', email: '', message: '', website: '' }).toString(),
    })
    expect(form.headers.get('cache-control')).toBe('no-store')
    expect(form.headers.get('x-cache')).toBe('BYPASS')
  })

  it('files: built assets immutable, public files an hour, both with the closed policy', async () => {
    const html = await (await get('/')).text()
    const asset = /\/build\/[\w./-]+\.js/.exec(html)?.[0]
    expect(asset, 'a /build script on the home page').toBeTruthy()
    const built = await get(asset!)
    expect(built.status).toBe(200)
    expect(built.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(directives(built).get('default-src')).toEqual(["'none'"])
    expectCommonHeaders(built)
    const icon = await get('/favicon.svg')
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600')
    expectCommonHeaders(icon)
    const image = await get('/images/placeholder-vehicle.jpg')
    expect(image.headers.get('cache-control')).toBe('public, max-age=3600')
  })

  it('redirects carry a policy too', async () => {
    // Content paths are canonical in lower case: a permanent redirect.
    const redirect = await get('/Services', { redirect: 'manual' })
    expect(redirect.status).toBe(301)
    expect(redirect.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300')
    expectCommonHeaders(redirect)
  })

  it('the Studio: its own policy (inline bootstrap by hash, Sanity hosts), revalidated, never indexed; hashed files immutable', async () => {
    expectStudioBuilt()
    const fromSanitySite = clientOf(sanitySite)
    const response = await fromSanitySite('/studio')
    expect(response.status).toBe(200)
    const policy = expectCommonHeaders(response)
    expect(policy.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'sha256-/), 'https://core.sanity-cdn.com'])
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(['https://*.api.sanity.io', 'wss://*.api.sanity.io']))
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    const script = /src="(\/studio\/static\/[^"]+\.js)"/.exec(await response.text())?.[1]
    expect(script).toBeTruthy()
    const file = await fromSanitySite(script!)
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(file.headers.get('x-robots-tag')).toBe('noindex, nofollow')
  })

  it('the embedded site’s /studio (no Sanity project): the pages’ policy, revalidated, never indexed', async () => {
    const response = await get('/studio')
    expect(response.status).toBe(200)
    const policy = expectCommonHeaders(response)
    expect(policy.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-/)])
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    const html = await response.text()
    expect(html).not.toMatch(/<script/i)
    // Its one stylesheet is inline, and let in by its hash (style elements are, docs/decisions/015).
    const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!)
    expect(styles).toHaveLength(1)
    expect(policy.get('style-src-elem')).toContain(`'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`)
  })

  it('POST /api/revalidate answers 503 while REVALIDATE_SECRET is not set, 405 for GET', async () => {
    const response = await get('/api/revalidate', { method: 'POST', headers: { Authorization: 'Bearer irgendein-geheimnis-1234' } })
    expect(response.status).toBe(503)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect((await get('/api/revalidate')).status).toBe(405)
  })
})

describe('the Studio’s address (moved from tests/e2e/server.test.ts)', () => {
  it('with a Sanity project the built Studio is served at /studio and never indexed (tests/e2e/studio.test.ts opens its deep links)', async () => {
    expectStudioBuilt()
    for (const path of ['/studio', '/studio/structure/vehicles;vehicles-all']) {
      const response = await clientOf(sanitySite)(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
      expect(await response.text()).toContain('<div id="sanity">')
    }
  })

  it('on the embedded lake /studio is the page on connecting a Sanity project, not the Studio', async () => {
    for (const path of ['/studio', '/studio/structure/vehicles;vehicles-all']) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
      const html = await response.text()
      expect(html).toContain('<h1>Das Studio braucht ein Sanity-Projekt</h1>')
      expect(html).not.toContain('<div id="sanity">')
    }
  })
})
