import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'
import { expect, test } from './playwright-utils'
import { OWN_PORT_BASE, startNginx, startSiteServer } from './servers'

/*
 * The submission limit across instances: nginx in front of two real processes (the real-process
 * lane). The limit of one instance, the page form sharing it and X-Forwarded-For from a client that
 * is no proxy: tests/http/rate-limit.test.ts; that the app listens on 127.0.0.1 only: startup.test.ts.
 */

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
      instances.map(async ({ dataDir }) =>
        (await EmbeddedLake.openReadOnly({ contentDir: 'content', dataDir })).fetch<number>(
          'count(*[_type == "contactMessage" && name match "Über nginx*"])',
          {},
          { includePrivate: true },
        ),
      ),
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
