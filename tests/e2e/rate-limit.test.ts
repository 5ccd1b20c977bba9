import { readFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { expect, test } from './playwright-utils'
import { OWN_PORT_BASE, startNginx, startSiteServer } from './servers'

const PORT = OWN_PORT_BASE + 23
const SITE = `http://localhost:${PORT}`
const MESSAGE = 'Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut.'

// The shared e2e servers run with a high limit (playwright.config.ts); this test starts its own with 5 a minute.
test('a real server answers the 6th submission within a minute from one address with 429', async () => {
  const server = await startSiteServer(PORT, { SUBMISSION_RATE_LIMIT: '5' })
  try {
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 1; i <= 6; i++) {
      last = await fetch(`${SITE}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Schnell ${i}`, email: 'schnell@example.de', message: 'Hallo' }),
      })
      statuses.push(last.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    expect(last!.headers.get('cache-control')).toBe('no-store')
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(await last!.json()).toEqual({ error: MESSAGE })

    // The page's form (without JavaScript) shares the limit: the page comes back with 429, the message and the input.
    const form = await fetch(`${SITE}/?index`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
      body: new URLSearchParams({ name: 'Max Eilig', email: 'max@example.de', message: 'Noch eine', website: '' }).toString(),
    })
    expect(form.status).toBe(429)
    const html = await form.text()
    expect(html).toContain(MESSAGE)
    expect(html).toContain('value="Max Eilig"')

    // Form posts from another site, or without Origin and Referer, are refused (403) before they are counted.
    const formFrom = (headers: Record<string, string>) =>
      fetch(`${SITE}/?index`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ name: 'Fremd', email: 'fremd@example.de', message: 'Hallo', website: '' }).toString(),
      })
    const forged = await formFrom({ origin: 'https://fremd.example' })
    expect(forged.status).toBe(403)
    expect(await forged.text()).toContain('nicht über ein Formular dieser Website gesendet')
    const anonymous = await formFrom({})
    expect(anonymous.status).toBe(403)
    expect(await anonymous.text()).toContain('nicht über ein Formular dieser Website gesendet')
  } finally {
    await server.stop()
  }
})

/** Whether something accepts a connection on this address and port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host)
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

// Security review 2026-11-27, finding 4: with TRUST_PROXY=1 and the app on every interface, a client
// that reached it directly chose its address through X-Forwarded-For (8 of 8 spam posts stored).
test('a client that reaches the app directly counts against its own address, whatever X-Forwarded-For says', async () => {
  const port = OWN_PORT_BASE + 24
  // The proxy is trusted, but the client (127.0.0.1) is not it.
  const server = await startSiteServer(port, { SUBMISSION_RATE_LIMIT: '5', TRUST_PROXY: '10.9.9.9' })
  try {
    const statuses: number[] = []
    for (let i = 1; i <= 8; i++) {
      const answer = await fetch(`http://localhost:${port}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i}` },
        body: JSON.stringify({ name: `Spam Bot ${i}`, email: `spam${i}@example.de`, message: `Spam Nachricht ${i}` }),
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429])

    // HOST unset: the server listens on 127.0.0.1 only, so even another loopback address finds
    // nothing (as another machine would not); a server on 0.0.0.0 answers there, so the probe works.
    const control = net.createServer((socket) => socket.end())
    await new Promise<void>((resolve) => control.listen(port + 1, '0.0.0.0', resolve))
    try {
      expect(await accepts('127.0.0.2', port + 1)).toBe(true)
    } finally {
      control.close()
    }
    expect(await accepts('127.0.0.1', port)).toBe(true)
    expect(await accepts('127.0.0.2', port)).toBe(false)
    expect(server.output()).toContain(`Bereit: http://127.0.0.1:${port}`)
  } finally {
    await server.stop()
  }
})

// Several instances each count on their own (docs/decisions/035): the limit for all of them together is
// nginx's (deploy/nginx/rate-limit*.conf), here in front of two instances with the app's default of 5.
test('behind nginx, two instances together take 5 submissions a minute from one address, not 10', async () => {
  const [portA, portB, nginxPort] = [OWN_PORT_BASE + 20, OWN_PORT_BASE + 21, OWN_PORT_BASE + 22]
  const env = { SUBMISSION_RATE_LIMIT: '5', TRUST_PROXY: 'loopback', SITE_URL: `http://localhost:${nginxPort}` }
  const instances = await Promise.all([startSiteServer(portA, env), startSiteServer(portB, env)])
  const nginx = await startNginx({ port: nginxPort, upstreamPort: portA, moreUpstreamPorts: [portB], rateLimit: true })
  const post = (port: number, name: string, headers: Record<string, string> = {}) =>
    fetch(`http://localhost:${port}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ name, email: 'schnell@example.de', message: 'Hallo' }),
    })
  try {
    // Straight to the instances, alternating (one client, as a proxy without the limit would pass it
    // on): each counts only its own, so 10 get through.
    const direct = []
    const client = { 'x-forwarded-for': '192.0.2.10' }
    for (let i = 1; i <= 10; i++) direct.push((await post(i % 2 ? portA : portB, `Direkt ${i}`, client)).status)
    expect(direct).toEqual(Array(10).fill(201))

    // Through nginx (round robin over both): the 6th is refused by nginx, in German, with Retry-After.
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 1; i <= 6; i++) {
      last = await post(nginxPort, `Über nginx ${i}`)
      statuses.push(last.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    expect(last!.headers.get('retry-after')).toBe('60')
    expect(await last!.text()).toContain('Zu viele Anfragen in kurzer Zeit')
    // Both instances stored some of the five (each its own embedded lake here): the limit held across them.
    const storedBy = await Promise.all(
      instances.map(async ({ dataDir }) => (await readFile(path.join(dataDir, 'journal.ndjson'), 'utf8')).split('Über nginx').length - 1),
    )
    expect(storedBy.every((count) => count > 0)).toBe(true)
    expect(storedBy[0]! + storedBy[1]!).toBe(5)

    // The machine calls with their own secrets are not counted: the webhook answers for itself (503: no secret set).
    for (let i = 0; i < 3; i++) expect((await fetch(`http://localhost:${nginxPort}/api/revalidate`, { method: 'POST' })).status).toBe(503)
    // Reading is never limited.
    expect((await fetch(`http://localhost:${nginxPort}/`)).status).toBe(200)
  } finally {
    await nginx.stop()
    await Promise.all(instances.map((instance) => instance.stop()))
  }
})
