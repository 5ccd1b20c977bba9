import http from 'node:http'
import { signSanityPayload } from '#app/server/webhook-signature.server.ts'
import { expect, test } from './playwright-utils'
import {
  BROWSER_AGENT,
  CRAWLER_AGENT,
  headerOf,
  OWN_PORT_BASE,
  rawGet,
  rawRequest,
  type RunningProcess,
  startNginx,
  startSiteServer,
  startupFailure,
  statusOf,
  titleOf,
} from './servers'

/*
 * The security review's findings (issue 17), tried as an attacker would, against the production
 * build: directly (the shared server, no TRUST_PROXY), directly with TRUST_PROXY, and behind
 * nginx, both with the production proxy settings (deploy/nginx/proxy.conf) and behind a naive
 * proxy that passes every Host and the client's X-Forwarded-* headers on.
 */

const SHARED_PORT = Number(process.env.E2E_PORT ?? 3210)
const TRUSTING_PORT = OWN_PORT_BASE + 1
const NGINX_PORT = OWN_PORT_BASE + 2
const NAIVE_PROXY_PORT = OWN_PORT_BASE + 3
const SECRET = 'e2e-hostile-revalidate-secret-0123'
const SYNC_TOKEN = 'e2e-hostile-sync-token-0123456789'

test.describe.configure({ mode: 'serial' })

let trusting: RunningProcess
let nginx: RunningProcess

test.beforeAll(async () => {
  trusting = await startSiteServer(TRUSTING_PORT, {
    TRUST_PROXY: 'loopback',
    SITE_URL: `http://localhost:${NGINX_PORT}`,
    REVALIDATE_SECRET: SECRET,
    SYNC_TOKEN,
    // A marketplace that is configured but cannot be reached.
    MOBILE_DE_USERNAME: 'haendler',
    MOBILE_DE_PASSWORD: 'geheim-passwort',
    MOBILE_DE_SELLER_ID: '12345678',
    MOBILE_DE_API_BASE: 'http://127.0.0.1:9',
  })
  nginx = await startNginx({ port: NGINX_PORT, upstreamPort: TRUSTING_PORT, naivePort: NAIVE_PROXY_PORT })
})

test.afterAll(async () => {
  await nginx?.stop()
  await trusting?.stop()
})

const TARGETS = [
  { name: 'directly', port: SHARED_PORT },
  { name: 'directly with TRUST_PROXY', port: TRUSTING_PORT },
  { name: 'behind nginx (deploy/nginx/proxy.conf)', port: NGINX_PORT },
  { name: 'behind a naive proxy', port: NAIVE_PROXY_PORT },
]

/** Header sets of the review that made Remix render another page than the one the cache stored it as. */
const CRAFTED: Array<Record<string, string>> = [
  { Host: 'x\\impressum#' },
  { Host: 'x/about#' },
  { Host: 'x/vehicles.data#' },
  { Host: 'x/vehicles?search=ACHTUNG+Betrug#' },
  { 'X-Forwarded-Host': 'x/about#' },
  { 'X-Forwarded-Host': 'x\\impressum#' },
  { 'X-Forwarded-Host': 'x/vehicles.data#' },
  { 'X-Forwarded-Proto': 'http://x/impressum#' },
  { 'X-Forwarded-Host': 'x:99999' },
]

let attack = 0

test.describe('finding 1: page-cache poisoning through Host and X-Forwarded-*', () => {
  for (const target of TARGETS) {
    test(`${target.name}: no crafted header changes what the next visitor of the URL gets, browser or crawler`, async () => {
      const host = `localhost:${target.port}`
      const home = titleOf(await rawGet(target.port, `/?clean=${attack++}`, { Host: host, 'User-Agent': BROWSER_AGENT }))
      expect(home).toMatch(/Ruhrstern/)
      for (const crafted of CRAFTED) {
        for (const userAgent of [BROWSER_AGENT, CRAWLER_AGENT]) {
          // A URL nobody asked for yet: the attacker's request renders it and the cache would keep it.
          const url = `/?poison=${attack++}`
          const attempt = await rawGet(target.port, url, { Host: host, 'User-Agent': userAgent, ...crafted })
          const label = `${JSON.stringify(crafted)} ${userAgent === CRAWLER_AGENT ? 'crawler' : 'browser'}`
          // Refused (400 from the app or nginx, or nginx's silent close for unknown hosts) or the page asked for.
          if (attempt !== '' && statusOf(attempt) !== 400) expect(titleOf(attempt), label).toBe(home)
          const victim = await rawGet(target.port, url, { Host: host, 'User-Agent': userAgent })
          expect(statusOf(victim), label).toBe(200)
          expect(headerOf(victim, 'content-type'), label).toMatch(/^text\/html/)
          expect(titleOf(victim), label).toBe(home)
        }
      }
    })
  }

  test('the canonical link names SITE_URL whatever Host the client sent', async () => {
    const answer = await rawGet(SHARED_PORT, `/about?canonical=${attack++}`, { Host: '127.0.0.1:1', 'User-Agent': BROWSER_AGENT })
    expect(answer).toContain(`<link rel="canonical" href="http://localhost:${SHARED_PORT}/about"/>`)
  })
})

/** Two posts through one kept-alive connection, as browsers' and Node's agents send them. */
async function postTwiceOnOneConnection(port: number, first: { path: string; body: Buffer; chunked?: boolean; headers?: Record<string, string> }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const send = (path: string, body: Buffer, chunked = false, extra: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
      const headers: Record<string, string> = { host: `localhost:${port}`, 'content-type': 'application/json', ...extra }
      headers[chunked ? 'transfer-encoding' : 'content-length'] = chunked ? 'chunked' : String(body.length)
      const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers }, (response) => {
        let text = ''
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, connection: response.headers.connection }))
      })
      request.on('error', reject)
      request.end(body)
    })
  try {
    const big = await send(first.path, first.body, first.chunked, first.headers)
    const next = await send('/api/contacts', Buffer.from(JSON.stringify({ name: 'Danach', email: 'danach@example.de', message: 'Kommt an?' })))
    return { big, next }
  } finally {
    agent.destroy()
  }
}

test.describe('finding 3 and issue 13 item 6: oversized bodies get their 413, and the connection stays usable', () => {
  for (const target of [TARGETS[0]!, TARGETS[2]!]) {
    for (const path of ['/api/contacts', '/api/leads']) {
      test(`${target.name}: ${path} with 200 KB declared, then with 40 KB chunked`, async () => {
        const declared = await postTwiceOnOneConnection(target.port, { path, body: Buffer.alloc(200 * 1024, 'a') })
        expect(declared.big.status).toBe(413)
        expect(JSON.parse(declared.big.body)).toEqual({ error: 'Die Anfrage ist zu groß (höchstens 16 KB).' })
        expect(declared.next.status).toBe(201)

        const chunked = await postTwiceOnOneConnection(target.port, { path, body: Buffer.alloc(40 * 1024, 'a'), chunked: true })
        expect(chunked.big.status).toBe(413)
        expect(JSON.parse(chunked.big.body)).toEqual({ error: 'Die Anfrage ist zu groß (höchstens 16 KB).' })
        expect(chunked.next.status).toBe(201)
      })
    }
  }

  test('/api/revalidate: a signed, chunked 1.1 MB body gets 413 JSON, not a reset', async () => {
    const timestamp = Date.now()
    const body = Buffer.alloc(1100 * 1024, 'a')
    const { big, next } = await postTwiceOnOneConnection(TRUSTING_PORT, {
      path: '/api/revalidate',
      body,
      chunked: true,
      headers: { 'sanity-webhook-signature': `t=${timestamp},v1=${signSanityPayload(body.toString(), timestamp, SECRET)}` },
    })
    expect(big.status).toBe(413)
    expect(JSON.parse(big.body).error).toMatch(/zu groß/)
    expect(next.status).toBe(201)
  })
})

test.describe('finding 4: no protocol-relative redirect after a form post', () => {
  for (const target of [TARGETS[0]!, TARGETS[2]!]) {
    test(`${target.name}: posts to //evil.example/ and /\\evil.example redirect to a path of this site`, async () => {
      const origin = target.port === SHARED_PORT ? `http://localhost:${SHARED_PORT}` : `http://localhost:${NGINX_PORT}`
      const forms = [
        new URLSearchParams({ name: 'Umleitung', email: 'umleitung@example.de', message: 'Hallo', website: 'x' }),
        new URLSearchParams({ leadKind: 'valuation', formAnchor: 'x', website: 'x' }),
      ]
      for (const path of ['//evil.example/', '/\\evil.example', '//evil.example/kontakt?x=1']) {
        for (const form of forms) {
          const body = form.toString()
          const answer = await rawRequest(
            target.port,
            `POST ${path} HTTP/1.1\r\nHost: localhost:${target.port}\r\nOrigin: ${origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
          )
          const location = headerOf(answer, 'location')
          expect(statusOf(answer), `${path} ${body}`).toBe(303)
          expect(location, `${path} ${body}`).toMatch(/^\/(?![/\\])/)
        }
      }
    })
  }
})

test.describe('finding 9: control characters in single-line fields', () => {
  test('a name or phone with a line break, NUL, a bidi override or a lone surrogate is refused with a field error, nothing stored', async ({ request }) => {
    for (const name of ['Max\r\nBcc: evil@attacker.example', 'Max\u0000Muster', 'Max \u202Eevil', 'Max \uD800']) {
      const response = await request.post('/api/contacts', { data: { name, email: 'max@example.de', message: 'Hallo' } })
      expect(response.status(), JSON.stringify(name)).toBe(400)
      const body = (await response.json()) as { fieldErrors?: Record<string, string[]> }
      expect(body.fieldErrors?.name?.[0], JSON.stringify(name)).toMatch(/Zeilenumbrüche oder Steuerzeichen/)
    }
    const phone = await request.post('/api/contacts', { data: { name: 'Max', email: 'max@example.de', phone: '+49 201\n1234', message: 'Hallo' } })
    expect(phone.status()).toBe(400)
    expect(((await phone.json()) as { fieldErrors?: Record<string, string[]> }).fieldErrors?.phone?.[0]).toBeTruthy()
  })
})

test.describe('finding 5: the rest', () => {
  test('TRUST_PROXY=true: the server refuses to start and says why', async () => {
    const { code, output } = await startupFailure({ TRUST_PROXY: 'true' })
    expect(code).toBe(1)
    expect(output).toContain('TRUST_PROXY')
    expect(output).toContain('„true“ und eine Anzahl wie „1“ sind nicht erlaubt')
  })

  // Review of 2026-11-27, finding 4: a hop count trusts whoever connects, so a client that reached
  // the app directly chose its own address (decision 038).
  test('TRUST_PROXY=1: the server refuses to start and names what to give instead', async () => {
    const { code, output } = await startupFailure({ TRUST_PROXY: '1' })
    expect(code).toBe(1)
    expect(output).toContain('TRUST_PROXY muss false oder eine Liste der Adressen/Subnetze der Proxys vor der Seite sein, z. B. loopback')
  })

  test('a webhook signature is accepted once and only while fresh', async () => {
    const post = (body: string, timestamp: number) =>
      fetch(`http://127.0.0.1:${TRUSTING_PORT}/api/revalidate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sanity-webhook-signature': `t=${timestamp},v1=${signSanityPayload(body, timestamp, SECRET)}` },
        body,
      })
    const now = Date.now()
    expect((await post('{"_id":"homePage"}', now)).status).toBe(200)
    expect((await post('{"_id":"homePage"}', now)).status).toBe(401)
    expect((await post('{"_id":"homePage"}', 1_700_000_000_000)).status).toBe(401)
  })

  test('TRACE, other methods, a bad Host or port, bad percent-encoding: 400 or 405, one log line each, never a stack', async () => {
    const before = trusting.output().length
    const requests = [
      'TRACE /about HTTP/1.1\r\nHost: localhost\r\n',
      'PUT / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n',
      'DELETE /api/contacts HTTP/1.1\r\nHost: localhost\r\n',
      'OPTIONS /about HTTP/1.1\r\nHost: localhost\r\n',
      'PROPFIND /about HTTP/1.1\r\nHost: localhost\r\n',
      'GET /about?z=2 HTTP/1.1\r\nHost: a:99999\r\n',
      'GET /about?z=4 HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-Host: x:99999\r\n',
      'GET /about HTTP/1.1\r\nHost: x%2fabout#\r\n',
      'GET /% HTTP/1.1\r\nHost: localhost\r\n',
      'GET /vehicles/% HTTP/1.1\r\nHost: localhost\r\n',
      'GET /media/% HTTP/1.1\r\nHost: localhost\r\n',
    ]
    // Each request carries its own id (kept from a proxy-like X-Request-Id), so its log line is found
    // among the lines of other tests that the buffered log writes out later.
    const run = `hostile-${Date.now()}`
    for (const [index, request] of requests.entries()) {
      const answer = await rawRequest(TRUSTING_PORT, `${request}X-Request-Id: ${run}-${index}\r\nConnection: close\r\n\r\n`)
      expect([400, 405], request).toContain(statusOf(answer))
      expect(answer).not.toMatch(/\bat \S+ \(|TypeError|URIError/)
    }
    const linesOf = (index: number) =>
      trusting
        .output()
        .slice(before)
        .split('\n')
        .filter((line) => line.includes(`"${run}-${index}"`))
    await expect.poll(() => requests.map((_, index) => linesOf(index).length)).toEqual(requests.map(() => 1))
    const logged = trusting.output().slice(before)
    expect(logged).not.toMatch(/\n\s+at /)
    expect(logged).not.toMatch(/TypeError|URIError/)
  })

  test('GET /api/vehicles/status names no address or network error after a failed sync', async () => {
    const sync = await fetch(`http://127.0.0.1:${TRUSTING_PORT}/api/vehicles/sync`, { method: 'POST', headers: { authorization: `Bearer ${SYNC_TOKEN}` } })
    expect(sync.status).toBe(502)
    const status = (await (await fetch(`http://127.0.0.1:${TRUSTING_PORT}/api/vehicles/status`)).json()) as { configured: boolean; message: string }
    expect(status.configured).toBe(true)
    expect(status.message).toMatch(/fehlgeschlagen; der Bestand blieb unverändert/)
    expect(status.message).not.toMatch(/127\.0\.0\.1|http|ECONNREFUSED|port/i)
  })
})

test('/formulare, the test page that stores real leads, is a 404 in production without FORMS_PAGE', async () => {
  const page = await fetch(`http://127.0.0.1:${TRUSTING_PORT}/formulare`)
  expect(page.status).toBe(404)
  expect(await page.text()).toContain('Seite nicht gefunden')
  const post = await fetch(`http://127.0.0.1:${TRUSTING_PORT}/formulare`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://localhost:${NGINX_PORT}` },
    body: new URLSearchParams({
      leadKind: 'valuation',
      variant: 'uedem',
      anchor: 'bewertung-uedem',
      model: 'Golf',
      phone: '0201 123456',
      website: '',
    }).toString(),
  })
  expect(post.status).toBe(404)
})

test.describe('NUL bytes (issue 17, item 6)', () => {
  test('no page of the sitemap carries a NUL byte, for browsers or crawlers', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text()
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
    expect(pages.length).toBeGreaterThan(20)
    for (const path of pages) {
      for (const userAgent of [BROWSER_AGENT, CRAWLER_AGENT]) {
        const response = await request.get(path, { headers: { 'user-agent': userAgent } })
        expect(response.status(), path).toBe(200)
        expect((await response.body()).includes(0), `${path} (${userAgent === CRAWLER_AGENT ? 'crawler' : 'browser'})`).toBe(false)
      }
    }
  })
})
