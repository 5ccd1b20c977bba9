/**
 * Large GET answers under load (security review finding 5, issue 25): a production server
 * (`node server.mjs`, its own process) on a generated lake of 5,000 vehicles, then for each
 * target URL: 15 probes of the small, unrelated `/robots.txt` (a fresh connection each), then 4
 * clients looping on the target with a random junk parameter (`?z=<random>`, so a cache keyed by
 * the raw URL never answers) for 10 s while `/robots.txt` is probed again. Prints p50 and max of
 * the probes before and during, and what the looping clients got (requests, X-Cache).
 *
 * The target: the probe stays under 100 ms while the clients loop.
 *
 * Run: npm run build:app (inside the shared lock), then npm run bench:get-dos
 * Options (env): BENCH_VEHICLES (5000), BENCH_SECONDS (10), BENCH_CLIENTS (4), BENCH_PROBES (15),
 * BENCH_PORT (4750), BENCH_ROOT (a folder with server.mjs and build/ to measure instead of this
 * checkout, e.g. an older build), BENCH_TARGETS (comma-separated; default the two of the review
 * and the paged control; `RND` in a target is replaced by a random amount per request, e.g.
 * `/api/vehicles?priceTo=RND`).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { generateVehicleContent } from '#tests/vehicle-lake.ts'

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 5000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4)
const PROBES = Number(process.env.BENCH_PROBES ?? 15)
const PORT = Number(process.env.BENCH_PORT ?? 4750)
const ROOT = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, '..'))
const TARGETS = (process.env.BENCH_TARGETS ?? '/api/vehicles,/sitemap.xml,/api/vehicles?page=1&perPage=12').split(',')
const BASE = `http://127.0.0.1:${PORT}`
// What browsers and fetch() send; the server compresses for them (or sends a stored encoding).
const ENCODINGS = 'gzip, deflate, br'

interface Reply {
  status: number
  cache: string
  bytes: number
}

function get(url: string, agent: http.Agent | false): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { 'accept-encoding': ENCODINGS } }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.byteLength))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, cache: String(response.headers['x-cache'] ?? '-'), bytes }))
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

/** One probe of /robots.txt on a fresh connection: milliseconds until its body has arrived. */
async function probe(): Promise<number> {
  const started = performance.now()
  const reply = await get(`${BASE}/robots.txt`, false)
  if (reply.status !== 200) throw new Error(`/robots.txt: ${reply.status}`)
  return performance.now() - started
}

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b)
  return { n: sorted.length, p50: sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN, max: sorted.at(-1) ?? NaN }
}

// `RND` in a target becomes a random amount per request (`/api/vehicles?priceTo=RND`: a filter value
// of its own each time, security review finding 5, issue 35 item 7).
const withJunk = (target: string) =>
  `${BASE}${target.replaceAll('RND', () => String(1_000 + Math.floor(Math.random() * 89_000)))}${target.includes('?') ? '&' : '?'}z=${Math.random().toString(36).slice(2)}`

async function underLoad(target: string) {
  const before: number[] = []
  for (let index = 0; index < PROBES; index++) before.push(await probe())

  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })
  const stopAt = performance.now() + SECONDS * 1000
  const replies: Reply[] = []
  // When the first answer of the target arrived: it is computed once (a miss), later ones may come from a cache.
  let firstAnswerAt = Infinity
  const clients = Array.from({ length: CLIENTS }, async () => {
    while (performance.now() < stopAt) {
      replies.push(await get(withJunk(target), agent))
      firstAnswerAt = Math.min(firstAnswerAt, performance.now())
    }
  })
  // Probes spread over the loop: one, then a pause, until the window ends (at least PROBES of them
  // when they are fast; a slow server gets fewer, each as long as it took).
  const during: number[] = []
  const afterFirst: number[] = []
  const pause = (SECONDS * 1000) / (PROBES + 1)
  await new Promise((resolve) => setTimeout(resolve, pause / 2))
  while (performance.now() < stopAt) {
    const startedAt = performance.now()
    const time = await probe()
    during.push(time)
    if (startedAt > firstAnswerAt) afterFirst.push(time)
    await new Promise((resolve) => setTimeout(resolve, pause))
  }
  await Promise.all(clients)
  agent.destroy()
  const kinds = new Map<string, number>()
  for (const reply of replies) kinds.set(`${reply.status} ${reply.cache}`, (kinds.get(`${reply.status} ${reply.cache}`) ?? 0) + 1)
  const caches = [...kinds].map(([kind, count]) => `${kind}: ${count}`)
  return {
    target,
    before: summary(before),
    during: summary(during),
    afterFirst: summary(afterFirst),
    requests: replies.length,
    bytes: replies[0]?.bytes ?? 0,
    caches: caches.join(', '),
  }
}

async function startServer(contentDir: string, dataDir: string): Promise<ChildProcess> {
  // Another server on the port would answer the readiness check and every request below.
  const taken = await get(`${BASE}/healthz`, false).then(
    () => true,
    () => false,
  )
  if (taken) throw new Error(`port ${PORT} is in use: set BENCH_PORT`)
  const child = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      CONTENT_DIR: contentDir,
      DATA_DIR: dataDir,
      SITE_URL: 'http://localhost',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`server.mjs stopped (${child.exitCode})`)
    const ready = await get(`${BASE}/readyz`, false).then(
      (reply) => reply.status === 200,
      () => false,
    )
    if (ready && child.exitCode === null) return child
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 250))])
  }
  child.kill()
  throw new Error('server.mjs did not become ready within 120 s')
}

const contentDir = generateVehicleContent(VEHICLES)
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-get-dos-data-'))
let server: ChildProcess | undefined
try {
  server = await startServer(contentDir, dataDir)
  console.log(`${ROOT}: ${VEHICLES} vehicles; ${CLIENTS} clients, ${SECONDS} s per target; /robots.txt probed on fresh connections.`)
  const rows: string[] = []
  for (const target of TARGETS) {
    const result = await underLoad(target)
    rows.push(
      `| \`${result.target}\` (${result.bytes.toLocaleString('en')} B sent) | ${result.before.p50.toFixed(0)} | ${result.during.p50.toFixed(0)} | ${result.during.max.toFixed(0)} | ${result.during.n} | ${result.afterFirst.max.toFixed(0)} (${result.afterFirst.n}) | ${result.requests} (${result.caches}) |`,
    )
    console.log(rows.at(-1))
  }
  console.log(
    [
      '',
      '| 4 clients looping on (`?z=<random>`) | robots.txt p50 before (ms) | p50 during | max during | probes during | max during after the first answer (probes) | requests answered (status, X-Cache) |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  )
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  rmSync(contentDir, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
}
