import { readFile } from 'node:fs/promises'
import { expect, test } from './playwright-utils'
import { OWN_PORT_BASE, type RunningProcess, startNginx, startSiteServer } from './servers'

/*
 * The repository's nginx configuration (deploy/nginx/http.conf, proxy.conf, rate-limit.conf) in front
 * of the production build, tried as the security review of 2026-11-27 did (findings 2, 5, 8, 12;
 * docs/decisions/038). The app's own limit is high here (startSiteServer), so every 429 is nginx's.
 */

const APP_PORT = OWN_PORT_BASE + 40
const NGINX_PORT = OWN_PORT_BASE + 41
/** The same site in nginx, with the client's address taken from the test's X-Test-Client header. */
const CLIENT_ADDRESS_PORT = OWN_PORT_BASE + 42
const SITE = `http://localhost:${NGINX_PORT}`
const POSTS_REFUSED = 'Zu viele Anfragen in kurzer Zeit. Bitte warten Sie eine Minute und senden Sie dann erneut.'
const READS_REFUSED = 'Zu viele Anfragen in kurzer Zeit. Bitte versuchen Sie es in einigen Sekunden erneut.'

test.describe.configure({ mode: 'serial' })

let app: RunningProcess
let nginx: RunningProcess & { accessLog: string }

test.beforeAll(async () => {
  app = await startSiteServer(APP_PORT, { TRUST_PROXY: 'loopback', SITE_URL: SITE })
  nginx = await startNginx({ port: NGINX_PORT, upstreamPort: APP_PORT, clientAddressPort: CLIENT_ADDRESS_PORT, rateLimit: true })
})

test.afterAll(async () => {
  await nginx?.stop()
  await app?.stop()
})

/** A contact submission through nginx's client-address server, from `address`. */
const postFrom = (address: string, name: string) =>
  fetch(`http://localhost:${CLIENT_ADDRESS_PORT}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-test-client': address },
    body: JSON.stringify({ name, email: 'schnell@example.de', message: 'Hallo' }),
  })

/** The headers nginx puts on what it answers itself, as the app's resource answers have them. */
function expectSecurityHeaders(answer: Response) {
  expect(answer.headers.get('content-security-policy')).toBe(
    "default-src 'none'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'none'",
  )
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
  expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  expect(answer.headers.get('server')).toBe('nginx')
}

// Finding 8: the exemption for the webhook matched the normalised $uri, while the app routes the
// raw `/api//revalidate` to a page with a contact form: 5 stored, then only the app's own 429.
test('POST /api//revalidate counts against nginx’s submission limit: the 6th is nginx’s 429', async () => {
  const statuses: number[] = []
  let last: Response | undefined
  for (let i = 1; i <= 8; i++) {
    last = await fetch(`${SITE}/api//revalidate`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Max Muster', email: 'max@example.de', message: `Hallo nginx bypass ${i}` }).toString(),
    })
    statuses.push(last.status)
  }
  expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true)
  expect(statuses.slice(5)).toEqual([429, 429, 429])
  expect(await last!.text()).toBe(`${POSTS_REFUSED}\n`)
  expect(last!.headers.get('retry-after')).toBe('60')
  expectSecurityHeaders(last!)

  // The webhook itself, spelled exactly, is still not counted: it answers for itself (503: no secret set).
  expect((await fetch(`${SITE}/api/revalidate`, { method: 'POST' })).status).toBe(503)
})

// Issue 38: „Merken“ without JavaScript posts to /merkliste; it only sets the visitor's cookie, so it
// is no submission (decision 079): eight in a row pass, and the client's contact form still goes through.
test('POST /merkliste is not counted against the submission limit', async () => {
  const statuses: number[] = []
  for (let i = 1; i <= 8; i++) {
    const answer = await fetch(`http://localhost:${CLIENT_ADDRESS_PORT}/merkliste`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: SITE, 'x-test-client': '203.0.113.77', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'add', id: String(i) }).toString(),
    })
    statuses.push(answer.status)
  }
  expect(statuses).toEqual(Array(8).fill(303))
  expect((await postFrom('203.0.113.77', 'Nach der Merkliste')).status).toBe(201)
})

// Finding 8, second half: nginx counted each IPv6 address on its own, so a client with a /64 was not limited.
test('IPv6 clients count per /64, IPv4 clients per address', async () => {
  const sameNetwork = []
  for (let i = 1; i <= 6; i++) sameNetwork.push((await postFrom(`2001:db8:1:2::${i.toString(16)}`, `IPv6 ${i}`)).status)
  expect(sameNetwork).toEqual([201, 201, 201, 201, 201, 429])
  // Another /64, and a neighbour's IPv4 address, each with their own five.
  expect((await postFrom('2001:db8:1:3::1', 'Nachbar-Netz')).status).toBe(201)
  expect((await postFrom('198.51.100.7', 'IPv4')).status).toBe(201)
  expect((await postFrom('198.51.100.8', 'IPv4 daneben')).status).toBe(201)
})

// Finding 5: GETs of the costly answers had no limit at nginx. Forty at once from one client: the
// burst of 20 passes, the rest is refused at once; another client is not affected.
// Security review 2026-11-30, N3: pages with a query render for each new one (a random search is never a cache hit).
test('reads of /api/, the sitemap and pages with a query are limited per client, in every spelling the app accepts', async () => {
  for (const [address, target] of [
    ['203.0.113.5', '/sitemap.xml'],
    ['203.0.113.6', '/SiteMap.XML'],
    ['203.0.113.7', '/api//vehicles?page=1&perPage=1'],
    ['203.0.113.8', '/vehicles?search=golf'],
    ['203.0.113.9', '/Vehicles.data?fuel=diesel'],
    ['203.0.113.10', '/?z=1'],
  ] as const) {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => fetch(`http://localhost:${CLIENT_ADDRESS_PORT}${target}`, { headers: { 'x-test-client': address } })),
    )
    const refused = answers.filter((answer) => answer.status === 429)
    expect(refused.length, target).toBeGreaterThanOrEqual(1)
    expect(answers.filter((answer) => answer.status !== 429).length, target).toBeGreaterThanOrEqual(20)
    expect(await refused[0]!.text()).toBe(`${READS_REFUSED}\n`)
    expect(refused[0]!.headers.get('retry-after')).toBe('5')
    expectSecurityHeaders(refused[0]!)
    await Promise.all(answers.filter((answer) => !answer.bodyUsed).map((answer) => answer.body?.cancel()))
  }
  expect((await fetch(`http://localhost:${CLIENT_ADDRESS_PORT}/sitemap.xml`, { headers: { 'x-test-client': '203.0.113.99' } })).status).toBe(200)

  // A page's own files are not: a vehicle list asks for each thumbnail with a query, and the page itself without one.
  const list = await (await fetch(`http://localhost:${CLIENT_ADDRESS_PORT}/vehicles`, { headers: { 'x-test-client': '203.0.113.11' } })).text()
  const thumbnail = list.match(/src="(\/media\/[^"]+\?w=[^"]+)"/)![1]!.replaceAll('&amp;', '&')
  const files = await Promise.all(
    Array.from({ length: 40 }, () => fetch(`http://localhost:${CLIENT_ADDRESS_PORT}${thumbnail}`, { headers: { 'x-test-client': '203.0.113.11' } })),
  )
  expect(files.map((answer) => answer.status)).toEqual(Array.from({ length: 40 }, () => 200))
  await Promise.all(files.map((answer) => answer.body?.cancel()))
  const pages = await Promise.all(
    Array.from({ length: 40 }, () => fetch(`http://localhost:${CLIENT_ADDRESS_PORT}/vehicles`, { headers: { 'x-test-client': '203.0.113.11' } })),
  )
  expect(pages.filter((answer) => answer.status === 429)).toEqual([])
  await Promise.all(pages.map((answer) => answer.body?.cancel()))
})

// Finding 12: nginx named its version, and its own error pages had none of the site's headers.
test('nginx’s own answers carry the security headers and no version; the app’s pages keep their own', async () => {
  const tooLarge = await fetch(`http://localhost:${CLIENT_ADDRESS_PORT}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-test-client': '203.0.113.20' },
    body: 'x'.repeat(2 * 1024 * 1024),
  })
  expect(tooLarge.status).toBe(413)
  expectSecurityHeaders(tooLarge)

  // One policy on a page, the app's (a second one from nginx would also apply and block its scripts).
  const page = await fetch(`${SITE}/`)
  expect(page.status).toBe(200)
  expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self' ('nonce-|'strict-dynamic' 'sha256-)/)
  expect(page.headers.get('server')).toBe('nginx')

  // An upstream that is down: nginx's 502, with the headers.
  const orphan = await startNginx({ port: OWN_PORT_BASE + 43, upstreamPort: OWN_PORT_BASE + 44 })
  try {
    const badGateway = await fetch(`http://localhost:${OWN_PORT_BASE + 43}/`)
    expect(badGateway.status).toBe(502)
    expectSecurityHeaders(badGateway)
  } finally {
    await orphan.stop()
  }
})

// Finding 2: the preview's secret link was written to nginx's access log with its query string; an
// alert's signed link (`t`) is a secret of the same kind (security review 2026-11-29).
test('the access log keeps query strings and the cache status, but never the secrets of preview and alert links', async () => {
  await fetch(`${SITE}/api/preview-mode/enable?sanity-preview-secret=GEHEIM-erster-0123&sanity-preview-pathname=%2F`, { redirect: 'manual' })
  await fetch(`${SITE}/API//preview-mode/enable?sanity-preview-secret=GEHEIM-zweiter-4567`, { redirect: 'manual' })
  await fetch(`${SITE}/benachrichtigung/abmelden?t=GEHEIM-dritter-89ab`)
  await fetch(`${SITE}/api/benachrichtigung/abmelden?t=GEHEIM-vierter-cdef`, { method: 'POST', body: 'List-Unsubscribe=One-Click' })
  await fetch(`${SITE}/impressum`)
  await fetch(`${SITE}/fahrzeuge?marke=bmw`)
  // nginx writes the line after the answer: wait for the last request's.
  await expect.poll(() => readFile(nginx.accessLog, 'utf8')).toContain('GET /fahrzeuge?marke=bmw HTTP/1.1')
  const log = await readFile(nginx.accessLog, 'utf8')
  expect(log).not.toContain('GEHEIM')
  expect(log).toContain('"GET /api/preview-mode/enable HTTP/1.1"')
  expect(log).toContain('"GET /API/preview-mode/enable HTTP/1.1"')
  expect(log).toContain('"GET /benachrichtigung/abmelden HTTP/1.1"')
  expect(log).toContain('"POST /api/benachrichtigung/abmelden HTTP/1.1"')
  // The app counts its cache hits instead of a line each (decision 104): nginx's line says which answer was one.
  // An address of this test alone (another test may have cached /impressum, or a write emptied the cache), each
  // answer read to its end, so that the lines are written in the order of the requests.
  const probe = `/impressum?protokoll=${Date.now()}`
  for (let i = 0; i < 2; i++) await (await fetch(`${SITE}${probe}`)).text()
  await expect
    .poll(async () => (await readFile(nginx.accessLog, 'utf8')).split('\n').filter((line) => line.includes(`"GET ${probe} HTTP/1.1"`)))
    .toEqual([expect.stringMatching(/ MISS$/), expect.stringMatching(/ HIT$/)])
})
