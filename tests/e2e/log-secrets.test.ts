import { expect, test } from '@playwright/test'
import { OWN_PORT_BASE, type RunningProcess, startFakeSanity, startSiteServer } from './servers'
import { studioSecret } from '#tests/preview-secret.ts'

/*
 * No credential in the log (issue 25, finding 1): a Sanity-backed production server whose write and
 * viewer tokens are distinctive strings, on a fake Sanity API of this file's own that fails in each
 * way a network does (down, slow, hang, reset). Every route that talks to Sanity is called in each
 * mode, the server is stopped (its buffered lines go out), and its whole output is searched.
 */

const FAKE_PORT = OWN_PORT_BASE + 36
const SITE_PORT = OWN_PORT_BASE + 37
const FAKE = `http://127.0.0.1:${FAKE_PORT}`
const SITE = `http://localhost:${SITE_PORT}`
const WRITE_TOKEN = 'logsecret-write-token-7Qx9Zk2m'
const VIEWER_TOKEN = 'logsecret-viewer-token-4Jp8Wn5r'
// Shaped as the Studio makes them: the enable route asks Sanity about no other shape.
const PREVIEW_SECRET = studioSecret()
const LAKE_HEADERS = { authorization: `Bearer ${WRITE_TOKEN}`, 'x-sanity-project-id': 'e2e-project', 'content-type': 'application/json' }
/** Beyond the site's Sanity timeouts (4 s reads, 8 s writes: SANITY_TIMEOUTS). */
const SLOW_MS = 10_000
/**
 * A request the site never answers while Sanity hangs (the preview secret's check waits for
 * undici's own 300 s: issue 25, finding 6) is given up by this client after this long; what the
 * server logs for it later is not searched.
 */
const GIVE_UP_MS = 30_000

test.describe.configure({ mode: 'serial' })

let fake: RunningProcess | undefined
let site: RunningProcess | undefined

test.beforeAll(async () => {
  fake = await startFakeSanity(FAKE_PORT, { SANITY_MOCK_TOKENS: `${WRITE_TOKEN},${VIEWER_TOKEN}` })
  site = await startSiteServer(SITE_PORT, {
    SANITY_PROJECT_ID: 'e2e-project',
    SANITY_DATASET: 'production',
    SANITY_WRITE_TOKEN: WRITE_TOKEN,
    SANITY_VIEWER_TOKEN: VIEWER_TOKEN,
    SANITY_API_HOST: FAKE,
    SANITY_USE_CDN: 'false',
    REVALIDATE_SECRET: 'logsecret-revalidate-secret-0123456789',
  })
})

test.afterAll(async () => {
  await site?.stop()
  await fake?.stop()
})

// No page: plain HTTP, no browser.
async function fault(mode: 'ok' | 'down' | 'slow' | 'hang' | 'reset') {
  const response = await fetch(`${FAKE}/__fault?mode=${mode}&ms=${SLOW_MS}`, { method: 'POST' })
  expect(response.ok).toBe(true)
}

/** The answer's status, or 0 when none came within GIVE_UP_MS. */
async function call(path: string, init: RequestInit = {}): Promise<number> {
  try {
    const response = await fetch(`${SITE}${path}`, { redirect: 'manual', ...init, signal: AbortSignal.timeout(GIVE_UP_MS) })
    await response.arrayBuffer()
    return response.status
  } catch {
    return 0
  }
}

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', origin: SITE }, body: JSON.stringify(body) })
// A cookie keeps a page out of the page cache: every call renders, and reads the lake.
const uncached = { headers: { cookie: 'besuch=1' } }

/** Every route that reads or writes the lake, once each, all at the same time. */
function everyRoute(previewCookie: string) {
  return Promise.all([
    call('/about', uncached),
    call('/vehicles', uncached),
    call('/about', { headers: { cookie: previewCookie } }),
    call('/api/vehicles', uncached),
    call('/api/vehicles/1', uncached),
    call('/api/vehicles/status'),
    call('/api/contacts', json({ name: 'Log Test', email: 'log@example.de', message: 'Wird das gespeichert?' })),
    call('/api/leads', json({ kind: 'vehicle-enquiry', vehicleId: '1', name: 'Log Test', email: 'log@example.de', message: 'Noch da?' })),
    call('/vehicles/1', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
      body: new URLSearchParams({
        leadKind: 'vehicle-enquiry',
        anchor: 'fahrzeug-anfrage',
        vehicleId: '1',
        name: 'Log Test',
        email: 'log@example.de',
        message: 'Noch da?',
      }).toString(),
    }),
    call('/readyz'),
    call(`/api/preview-mode/enable?sanity-preview-secret=${PREVIEW_SECRET}&sanity-preview-pathname=/about`),
    call('/api/preview-mode/enable?sanity-preview-secret=falsch-geraten&sanity-preview-pathname=/about'),
    call('/sitemap.xml', uncached),
  ])
}

test('every fault mode of Sanity through every route that talks to it: no token, no Authorization line in the log', async () => {
  test.setTimeout(240_000)
  // A preview secret as the Studio's Presentation tool writes one, and staff's preview cookie from it (the viewer token's reads).
  const secret = { _id: 'sanity-preview-url-secret.logsecret', _type: 'sanity.previewUrlSecret', secret: PREVIEW_SECRET, studioUrl: `${SITE}/studio` }
  const stored = await fetch(`${FAKE}/v2025-02-19/data/mutate/production`, {
    method: 'POST',
    headers: LAKE_HEADERS,
    body: JSON.stringify({ mutations: [{ createOrReplace: secret }] }),
  })
  expect(stored.ok, await stored.text()).toBe(true)
  const enabled = await fetch(`${SITE}/api/preview-mode/enable?sanity-preview-secret=${PREVIEW_SECRET}&sanity-preview-pathname=/about`, { redirect: 'manual' })
  expect(enabled.status).toBeLessThan(400)
  const previewCookie = enabled.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
  expect(previewCookie).not.toBe('')
  // Working routes first: the same calls answer without errors while Sanity is well.
  expect(await call('/api/vehicles/status')).toBe(200)

  const statuses: Record<string, number[]> = {}
  try {
    for (const mode of ['down', 'slow', 'hang', 'reset'] as const) {
      await fault(mode)
      statuses[mode] = await everyRoute(previewCookie)
    }
  } finally {
    await fault('ok')
  }
  // Each mode failed something that reads the lake (else the search below proves nothing).
  for (const [mode, answers] of Object.entries(statuses)) expect(answers.filter((status) => status >= 500).length, mode).toBeGreaterThan(0)

  // Stopped, the server writes what it still buffered.
  await site!.stop()
  const output = site!.output()
  const lines = output.split('\n').filter((line) => line.trim() !== '')
  const errors = lines.filter((line) => /"level":(40|50|60)\b/.test(line) && /"err":/.test(line))
  expect(errors.length, 'error lines logged for the failed calls').toBeGreaterThan(8)
  const leaks = lines.flatMap((line) => {
    const found = [WRITE_TOKEN, VIEWER_TOKEN, ...(line.match(/authorization|bearer/gi) ?? [])].filter((needle) =>
      line.toLowerCase().includes(needle.toLowerCase()),
    )
    return found.length > 0 ? [`${/"msg":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 120)} (${line.length} chars): ${[...new Set(found)].join(', ')}`] : []
  })
  expect(leaks, `${leaks.length} of ${lines.length} log lines carry a credential`).toEqual([])
})
