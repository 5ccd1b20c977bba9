import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { startSite, type TestSite } from './site'

/*
 * The platform's probes on the production build (docs/decisions/032): /healthz (the process
 * answers) and /readyz (the lake answers, the database is writable). Neither is cached, indexed or
 * rate-limited. Moved from tests/e2e/health.test.ts; what server.mjs logs at start-up (the
 * preflight warnings) stays in the real-process lane (tests/e2e/startup.test.ts).
 */

let embedded: TestSite
let sanityBacked: TestSite

beforeAll(async () => {
  ;[embedded, sanityBacked] = await Promise.all([startSite(), startSite({ sanity: true })])
})
afterAll(async () => {
  await Promise.all([embedded?.close(), sanityBacked?.close()])
})

for (const path of ['/healthz', '/readyz']) {
  it(`${path}: 200 {"status":"ok"} on the embedded and the Sanity-backed server, no-store, noindex, and never a page-cache hit`, async () => {
    for (const base of [embedded.base, embedded.base, sanityBacked.base, sanityBacked.base]) {
      const response = await fetch(`${base}${path}`)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ status: 'ok' })
      const { headers } = response
      expect(headers.get('content-type')).toMatch(/^application\/json/)
      expect(headers.get('cache-control')).toBe('no-store')
      expect(headers.get('x-robots-tag')).toBe('noindex')
      expect(headers.get('x-request-id')).toBeTruthy()
      // Pages say HIT, MISS or BYPASS; the probes never pass the page cache at all.
      expect(headers.get('x-cache')).toBeNull()
    }
  })
}

it('/readyz: 503 with a reason once the database is gone; /healthz stays 200; the cause in the log, not in the answer', async () => {
  const site = await startSite()
  try {
    expect((await fetch(`${site.base}/readyz`)).status).toBe(200)
    await rm(site.dataDir, { recursive: true, force: true })
    const ready = await fetch(`${site.base}/readyz`)
    expect(ready.status).toBe(503)
    expect(ready.headers.get('cache-control')).toBe('no-store')
    expect(await ready.json()).toEqual({
      status: 'unavailable',
      reason: 'Die Datenbank in DATA_DIR ist nicht beschreibbar: Anfragen könnten nicht gespeichert werden.',
    })
    expect((await fetch(`${site.base}/healthz`)).status).toBe(200)
    // The cause is in the log, with the request's id; the answer named no path.
    const id = ready.headers.get('x-request-id')
    await vi.waitFor(() =>
      expect(JSON.stringify(site.logs.filter((line) => line.reqId === id))).toMatch(
        /"msg":"Nicht bereit: Die Datenbank[^\n]*ENOENT|ENOENT[^\n]*"msg":"Nicht bereit/,
      ),
    )
  } finally {
    await site.close()
  }
})
