import { CRAFTED, REDIRECT_FORMS, REDIRECT_PATHS } from '../hostile-requests'
import http from 'node:http'
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
  statusOf,
  titleOf,
} from './servers'

/*
 * The security review's findings (issue 17), tried as an attacker would, through proxies: behind
 * nginx with the production proxy settings (deploy/nginx/proxy.conf), and behind a naive proxy that
 * passes every Host and the client's X-Forwarded-* headers on, to show the app defends itself. The
 * same attacks on the app reached directly, with and without TRUST_PROXY, and the rest of the
 * findings: tests/http/hostile-requests.test.ts (in-process); the start-up refusals: startup.test.ts.
 */

const TRUSTING_PORT = OWN_PORT_BASE + 1
const NGINX_PORT = OWN_PORT_BASE + 2
const NAIVE_PROXY_PORT = OWN_PORT_BASE + 3

test.describe.configure({ mode: 'serial' })

let trusting: RunningProcess
let nginx: RunningProcess

test.beforeAll(async () => {
  trusting = await startSiteServer(TRUSTING_PORT, { TRUST_PROXY: 'loopback', SITE_URL: `http://localhost:${NGINX_PORT}` })
  nginx = await startNginx({ port: NGINX_PORT, upstreamPort: TRUSTING_PORT, naivePort: NAIVE_PROXY_PORT })
})

test.afterAll(async () => {
  await nginx?.stop()
  await trusting?.stop()
})

const TARGETS = [
  { name: 'behind nginx (deploy/nginx/proxy.conf)', port: NGINX_PORT },
  { name: 'behind a naive proxy', port: NAIVE_PROXY_PORT },
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
})

/** Two posts through one kept-alive connection, as browsers' and Node's agents send them. */
async function postTwiceOnOneConnection(port: number, first: { path: string; body: Buffer; chunked?: boolean }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const send = (path: string, body: Buffer, chunked = false) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers: Record<string, string> = { host: `localhost:${port}`, 'content-type': 'application/json' }
      headers[chunked ? 'transfer-encoding' : 'content-length'] = chunked ? 'chunked' : String(body.length)
      const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers }, (response) => {
        let text = ''
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      })
      request.on('error', reject)
      request.end(body)
    })
  try {
    const big = await send(first.path, first.body, first.chunked)
    const next = await send('/api/contacts', Buffer.from(JSON.stringify({ name: 'Danach', email: 'danach@example.de', message: 'Kommt an?' })))
    return { big, next }
  } finally {
    agent.destroy()
  }
}

test.describe('finding 3 and issue 13 item 6: oversized bodies get their 413, and the connection stays usable', () => {
  for (const path of ['/api/contacts', '/api/leads']) {
    test(`${TARGETS[0]!.name}: ${path} with 200 KB declared, then with 100 KB chunked`, async () => {
      const declared = await postTwiceOnOneConnection(NGINX_PORT, { path, body: Buffer.alloc(200 * 1024, 'a') })
      expect(declared.big.status).toBe(413)
      expect(JSON.parse(declared.big.body)).toEqual({ error: 'Die Anfrage ist zu groß (höchstens 64 KB).' })
      expect(declared.next.status).toBe(201)

      const chunked = await postTwiceOnOneConnection(NGINX_PORT, { path, body: Buffer.alloc(100 * 1024, 'a'), chunked: true })
      expect(chunked.big.status).toBe(413)
      expect(JSON.parse(chunked.big.body)).toEqual({ error: 'Die Anfrage ist zu groß (höchstens 64 KB).' })
      expect(chunked.next.status).toBe(201)
    })
  }
})

test.describe('finding 4: no protocol-relative redirect after a form post', () => {
  test(`${TARGETS[0]!.name}: posts to //evil.example/ and /\\evil.example are not taken: 404, no redirect`, async () => {
    for (const path of REDIRECT_PATHS) {
      for (const form of REDIRECT_FORMS) {
        const body = form.toString()
        const answer = await rawRequest(
          NGINX_PORT,
          `POST ${path} HTTP/1.1\r\nHost: localhost:${NGINX_PORT}\r\nOrigin: http://localhost:${NGINX_PORT}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        )
        // No page can have such a path, so no form post is taken there: not found, and nowhere to be sent.
        expect(statusOf(answer), `${path} ${body}`).toBe(404)
        expect(headerOf(answer, 'location'), `${path} ${body}`).toBeUndefined()
      }
    }
  })
})
