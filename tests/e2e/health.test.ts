import { rm } from 'node:fs/promises'
import { SANITY_BACKED_PORT } from '../../playwright.config'
import { expect, test } from './playwright-utils'
import { OWN_PORT_BASE, startSiteServer } from './servers'

/*
 * The platform's probes on the production build (docs/decisions/032): /healthz (the process
 * answers) and /readyz (the lake answers, the journal is writable). Neither is cached, indexed or
 * rate-limited. The failing case runs on a server of its own whose DATA_DIR disappears.
 */

const HEALTH_PORT = OWN_PORT_BASE + 4

for (const path of ['/healthz', '/readyz']) {
  test(`${path}: 200 {"status":"ok"} on the embedded and the Sanity-backed server, no-store, noindex, and never a page-cache hit`, async ({
    request,
    baseURL,
  }) => {
    for (const url of [
      `${baseURL}${path}`,
      `${baseURL}${path}`,
      `http://localhost:${SANITY_BACKED_PORT}${path}`,
      `http://localhost:${SANITY_BACKED_PORT}${path}`,
    ]) {
      const response = await request.get(url)
      expect(response.status()).toBe(200)
      expect(await response.json()).toEqual({ status: 'ok' })
      const headers = response.headers()
      expect(headers['content-type']).toMatch(/^application\/json/)
      expect(headers['cache-control']).toBe('no-store')
      expect(headers['x-robots-tag']).toBe('noindex')
      expect(headers['x-request-id']).toBeTruthy()
      // Pages say HIT, MISS or BYPASS; the probes never pass the page cache at all.
      expect(headers['x-cache']).toBeUndefined()
    }
  })
}

test('/readyz: 503 with a reason once the journal is gone; /healthz stays 200; start-up warned of what is missing to go live', async () => {
  const server = await startSiteServer(HEALTH_PORT)
  try {
    const base = `http://127.0.0.1:${HEALTH_PORT}`
    expect((await fetch(`${base}/readyz`)).status).toBe(200)
    // The production start lists what a live site still lacks (npm run preflight), and serves anyway.
    await expect.poll(() => server.output()).toContain('"check":"SITE_URL"')
    expect(server.output()).toContain('Vorabprüfung: Website-Einstellungen, Feld legal.vatId')

    await rm(server.dataDir, { recursive: true, force: true })
    const ready = await fetch(`${base}/readyz`)
    expect(ready.status).toBe(503)
    expect(ready.headers.get('cache-control')).toBe('no-store')
    expect(await ready.json()).toEqual({
      status: 'unavailable',
      reason: 'Das Journal in DATA_DIR ist nicht beschreibbar: Anfragen könnten nicht gespeichert werden.',
    })
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
    // The cause is in the log, with the request's id; the answer named no path.
    await expect.poll(() => server.output()).toMatch(/"msg":"Nicht bereit: Das Journal[^\n]*ENOENT|ENOENT[^\n]*"msg":"Nicht bereit/)
  } finally {
    await server.stop()
  }
})
