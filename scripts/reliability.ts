/**
 * Reliability of contact submissions against the production build (npm run build first):
 *
 * 1. Load: 500 POST /api/contacts, 50 in flight. Every 201 must be a stored message; no 5xx.
 * 2. Crash: SIGKILL the server in the middle of a run; after a restart every acknowledged message
 *    must be there.
 *
 * Run: node --import tsx scripts/reliability.ts   (writes docs/reliability.md)
 * The submission rate limit is switched off for these runs (SUBMISSION_RATE_LIMIT=0): they measure
 * storage, not the limiter.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'

const PORT = Number(process.env.RELIABILITY_PORT ?? 3330)
const BASE = `http://127.0.0.1:${PORT}`

interface Outcome {
  /** 'incomplete-response': the status line arrived but the body was cut off (no acknowledgement). */
  status: number | 'network-error' | 'incomplete-response'
  id?: string
  ms: number
}

function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn('node', ['server.mjs'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), DATA_DIR: dataDir, SUBMISSION_RATE_LIMIT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Bereit')) resolve(child)
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
}

async function submit(n: number, run: string): Promise<Outcome> {
  const started = performance.now()
  try {
    const response = await fetch(`${BASE}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Last ${run} ${n}`, email: `last${n}@example.de`, message: `Nachricht Nummer ${n} aus dem Lauf ${run}.` }),
    })
    const body = (await response.json().catch(() => undefined)) as { id?: string } | undefined
    if (body === undefined) return { status: 'incomplete-response', ms: performance.now() - started }
    return { status: response.status, id: body.id, ms: performance.now() - started }
  } catch {
    return { status: 'network-error', ms: performance.now() - started }
  }
}

/** Sends `total` submissions with `inFlight` at a time; `onAck` sees each 201 as it arrives. */
async function send(total: number, inFlight: number, run: string, onAck?: (count: number) => void): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  let next = 0
  let acked = 0
  async function worker() {
    while (next < total) {
      const outcome = await submit(next++, run)
      outcomes.push(outcome)
      if (outcome.status === 201) onAck?.(++acked)
    }
  }
  await Promise.all(Array.from({ length: inFlight }, worker))
  return outcomes
}

async function storedIds(dataDir: string): Promise<Set<string>> {
  const lake = await EmbeddedLake.openReadOnly({ contentDir: 'content', dataDir })
  return new Set(await lake.fetch<string[]>('*[_type == "contactMessage"]._id', {}, { includePrivate: true }))
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

function tally(outcomes: Outcome[]) {
  const counts = new Map<string, number>()
  for (const { status } of outcomes) counts.set(String(status), (counts.get(String(status)) ?? 0) + 1)
  return [...counts].map(([status, count]) => `${count}× ${status}`).join(', ')
}

// 1. Load
const loadDir = mkdtempSync(path.join(tmpdir(), 'reliability-load-'))
let server = await startServer(loadDir)
const loadStarted = performance.now()
const load = await send(500, 50, 'load')
const loadSeconds = (performance.now() - loadStarted) / 1000
server.kill('SIGTERM')
const loadAcked = load.filter((o) => o.status === 201)
const loadStored = await storedIds(loadDir)
const loadMissing = loadAcked.filter((o) => !o.id || !loadStored.has(o.id)).length
const load5xx = load.filter((o) => typeof o.status === 'number' && o.status >= 500).length
const latencies = loadAcked.map((o) => o.ms)
console.log(`Load: ${tally(load)} in ${loadSeconds.toFixed(2)} s; stored ${loadStored.size}; acknowledged but missing ${loadMissing}; 5xx ${load5xx}`)

// 2. Crash: SIGKILL once 200 submissions are acknowledged, while ~50 more are in flight.
const crashDir = mkdtempSync(path.join(tmpdir(), 'reliability-crash-'))
server = await startServer(crashDir)
const victim = server
const crash = await send(2000, 50, 'crash', (count) => {
  if (count === 200) victim.kill('SIGKILL')
})
const crashAcked = crash.filter((o) => o.status === 201)
// The database and its write-ahead log as the kill left them.
const databaseBytes = ['lake.sqlite', 'lake.sqlite-wal']
  .map((name) => path.join(crashDir, name))
  .reduce((sum, file) => sum + (existsSync(file) ? statSync(file).size : 0), 0)
server = await startServer(crashDir)
const afterRestart = await submit(0, 'after-restart')
server.kill('SIGTERM')
const crashStored = await storedIds(crashDir)
const crashMissingIds = crashAcked.filter((o) => !o.id || !crashStored.has(o.id)).map((o) => o.id ?? '(no id)')
const crashMissing = crashMissingIds.length
if (crashMissing > 0) console.log(`Missing after restart: ${crashMissingIds.join(', ')} (data folder ${crashDir})`)
console.log(
  `Crash: ${tally(crash)}; stored after restart ${crashStored.size}; acknowledged but missing ${crashMissing}; restart accepted a new message: ${afterRestart.status}`,
)

const ok = loadMissing === 0 && load5xx === 0 && crashMissing === 0 && afterRestart.status === 201
const report = `# Reliability

Contact submissions against the production build on the embedded lake, measured
${new Date().toISOString().slice(0, 10)} on this machine (2 cores) with \`node --import tsx scripts/reliability.ts\`.
The submission rate limit was switched off for both runs (\`SUBMISSION_RATE_LIMIT=0\`): they measure
storage, not the limiter.

## Load: 500 submissions, 50 in flight

| figure | value |
|---|---|
| answers | ${tally(load)} |
| duration | ${loadSeconds.toFixed(2)} s (${(load.length / loadSeconds).toFixed(0)} submissions/s) |
| latency of a 201, p50 / p95 / max | ${percentile(latencies, 50).toFixed(0)} / ${percentile(latencies, 95).toFixed(0)} / ${Math.max(...latencies).toFixed(0)} ms |
| messages stored (read back through a read-only open of the lake) | ${loadStored.size} |
| acknowledged (201) but not stored | ${loadMissing} |
| 5xx answers | ${load5xx} |

Every write is committed to the lake's SQLite database (WAL, synchronous=FULL: fsync'd) before the 201. Each stored message also starts
the dealer's notification (here an .eml file in the outbox, no SMTP being configured) and its
\`notifiedAt\` write: two durable writes per submission. Writes are serialized with group commit
(the transactions that arrive in one tick share one SQLite transaction), so the throughput is bounded
by the disk's fsync latency and groq-js lookups, not by the number of writers.

## Crash: SIGKILL in the middle of a run

The server was killed with SIGKILL as the 200th 201 arrived, with 50 submissions in flight; the
remaining requests of the 2,000 failed to connect.

| figure | value |
|---|---|
| answers before and after the kill | ${tally(crash)} |
| database and WAL size at the kill | ${databaseBytes.toLocaleString('en')} bytes |
| messages stored after restart | ${crashStored.size} |
| acknowledged (201) but missing after restart | ${crashMissing} |
| restarted server accepts a new message | ${afterRestart.status} |

More may be stored than were acknowledged: a message whose commit finished just before the kill
was durable although its 201 never (or only half) left the process. That is the safe direction:
nothing acknowledged is ever lost. An \`incomplete-response\` is a 201 status line whose body the
kill cut off: the client has no acknowledgement (no id) and would retry.

Result: **${ok ? 'passed' : 'FAILED'}**.
`
writeFileSync('docs/reliability.md', report)
console.log(`Wrote docs/reliability.md (${ok ? 'passed' : 'FAILED'})`)
process.exit(ok ? 0 : 1)
