import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { createMobileDeApi, generateAds, MOCK_CREDENTIALS } from '../mocks/mobile-de'
import { serveMobileDeMock } from '../mocks/mobile-de-server'
import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'
import { expect, test } from './playwright-utils'
import { OWN_PORT_BASE, startSiteServer, startupFailure } from './servers'

/*
 * One writer per DATA_DIR (docs/decisions/039, 087; issue 25, finding 3). The security review ran two
 * servers on one DATA_DIR, each in a PID namespace of its own (both pid 1, one host name): they
 * broke each other's journal lock and 10 of 400 acknowledged messages were lost. Now the second
 * server does not start, whatever its pid and host name (SQLite's lock is the kernel's), and the
 * first stores every message it acknowledges. `npm run sync` goes through the running server.
 */

const PORT_A = OWN_PORT_BASE + 48
const PORT_B = OWN_PORT_BASE + 49
const A = `http://127.0.0.1:${PORT_A}`
const SYNC_TOKEN = 'one-writer-sync-token-0123456789'
/** Each server in a PID namespace of its own: pid 1 in both, the same host name (as two containers with host networking). */
const OWN_PID_NAMESPACE = ['unshare', '--pid', '--fork', '--kill-child', '--mount-proc']
const HAS_UNSHARE = spawnSync('unshare', ['--pid', '--fork', '--kill-child', '--mount-proc', 'true']).status === 0

test.describe.configure({ mode: 'default' })

/** Posts contact messages to A from four clients until `until` settles; the ids of those answered 201, and every status. */
async function postUntil<T>(until: Promise<T>): Promise<{ result: T; acknowledged: string[]; statuses: number[] }> {
  let done = false
  const acknowledged: string[] = []
  const statuses: number[] = []
  const client = async (k: number) => {
    for (let n = 0; !done; n++) {
      const response = await fetch(`${A}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Max Muster', email: 'max@example.de', message: `Anfrage ${k}-${n}: Ist der Wagen noch da?` }),
      })
      statuses.push(response.status)
      if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id)
    }
  }
  const clients = Promise.all([0, 1, 2, 3].map(client))
  const result = await until.finally(() => (done = true))
  await clients
  return { result, acknowledged, statuses }
}

async function storedMessages(dataDir: string): Promise<string[]> {
  const lake = await EmbeddedLake.openReadOnly({ contentDir: 'content', dataDir })
  return lake.fetch<string[]>('*[_type == "contactMessage"]._id', {}, { includePrivate: true })
}

for (const variant of ['plain', 'same pid and host name'] as const) {
  test(`a second server on the same DATA_DIR (${variant}) refuses to start, naming the holder; the first stores every message it acknowledged`, async () => {
    test.skip(variant !== 'plain' && !HAS_UNSHARE, 'unshare (util-linux, as root) is not available here')
    test.setTimeout(90_000)
    const prefix = variant === 'plain' ? [] : OWN_PID_NAMESPACE
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dealer-e2e-one-writer-'))
    const env = { DATA_DIR: dataDir, SUBMISSION_RATE_LIMIT: '0' }
    const a = await startSiteServer(PORT_A, env, prefix)
    // unshare neither passes SIGTERM on nor ends by it: a server in a namespace of its own is killed (the kernel then releases its lock).
    const stopA = async () => {
      if (prefix.length > 0) await a.kill()
      await a.stop()
    }
    try {
      const {
        result: refused,
        acknowledged,
        statuses,
      } = await postUntil(startupFailure({ ...env, PORT: String(PORT_B), SITE_URL: `http://localhost:${PORT_B}` }, prefix))
      expect(refused.code, refused.output).toBe(1)
      expect(refused.output).toContain('Der Server startet nicht.')
      expect(refused.output).toMatch(
        new RegExp(
          `DATA_DIR ${dataDir} wird schon von einem anderen laufenden Prozess benutzt \\(PID ${variant === 'plain' ? '\\d+' : '1'} auf Rechner „${hostname()}“, seit \\d`,
        ),
      )
      expect(new Set(statuses)).toEqual(new Set([201]))
      expect(acknowledged.length).toBeGreaterThan(0)

      // A goes on storing; then it stops (SIGTERM) and every acknowledged message is on disk, once.
      const { acknowledged: more } = await postUntil(new Promise((resolve) => setTimeout(resolve, 200)))
      await stopA()
      const stored = await storedMessages(dataDir)
      expect(stored.length).toBe(new Set(stored).size)
      expect([...acknowledged, ...more].filter((id) => !stored.includes(id))).toEqual([])
    } finally {
      await stopA()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
}

test('a server killed without shutdown: the next one on its DATA_DIR starts at once, with every message', async () => {
  test.setTimeout(90_000)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dealer-e2e-one-writer-'))
  const env = { DATA_DIR: dataDir, SUBMISSION_RATE_LIMIT: '0' }
  const a = await startSiteServer(PORT_A, env)
  let again: Awaited<ReturnType<typeof startSiteServer>> | undefined
  try {
    const { acknowledged } = await postUntil(new Promise((resolve) => setTimeout(resolve, 300)))
    await a.kill()
    // The kernel released the killed process's lock on writer.lock: no waiting for staleness.
    again = await startSiteServer(PORT_A, env)
    await again.stop()
    // The log is buffered until the process ends.
    expect(again.output()).toContain('Sperre eines beendeten Prozesses übernommen')
    const stored = await storedMessages(dataDir)
    expect(acknowledged.filter((id) => !stored.includes(id))).toEqual([])
  } finally {
    await again?.stop()
    await a.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
})

test('npm run sync: through the running server that holds the lake, refused without SYNC_TOKEN, on its own once the server is gone', async () => {
  test.setTimeout(120_000)
  const mobileDe = await serveMobileDeMock(createMobileDeApi({ ads: generateAds(6) }))
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dealer-e2e-one-writer-'))
  const env = {
    DATA_DIR: dataDir,
    MOBILE_DE_API_BASE: mobileDe.url,
    MOBILE_DE_USERNAME: MOCK_CREDENTIALS.username,
    MOBILE_DE_PASSWORD: MOCK_CREDENTIALS.password,
    MOBILE_DE_SELLER_ID: MOCK_CREDENTIALS.sellerId,
    SYNC_TOKEN,
    PORT: String(PORT_A),
    SITE_URL: `http://localhost:${PORT_A}`,
  }
  const runSync = (extra: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn('node', ['--import', 'tsx', 'scripts/sync.ts'], { env: { ...process.env, NODE_ENV: 'production', ...env, ...extra } })
      let output = ''
      child.stdout.on('data', (chunk) => (output += chunk))
      child.stderr.on('data', (chunk) => (output += chunk))
      child.on('exit', (code) => resolve({ code, output }))
    })
  const server = await startSiteServer(PORT_A, env)
  try {
    const viaServer = await runSync({})
    expect(viaServer.code, viaServer.output).toBe(0)
    expect(viaServer.output).toContain(`Abgleich über den Server: POST http://127.0.0.1:${PORT_A}/api/vehicles/sync`)
    expect(viaServer.output).toContain('Abgleich abgeschlossen: 6 Fahrzeuge von mobile.de im Bestand.')

    const noToken = await runSync({ SYNC_TOKEN: '' })
    expect(noToken.code).toBe(1)
    expect(noToken.output).toMatch(/Ein laufender Server hält den eingebetteten Content Lake in .* Setzen Sie SYNC_TOKEN/)

    await server.stop()
    const alone = await runSync({})
    expect(alone.code, alone.output).toBe(0)
    expect(alone.output).toContain('in den eingebetteten Content Lake')
    expect(alone.output).not.toContain('Abgleich über den Server')
  } finally {
    await server.stop()
    await mobileDe.close()
    await rm(dataDir, { recursive: true, force: true })
  }
})
