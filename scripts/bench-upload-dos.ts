/**
 * What hostile sell requests cost the server and everyone else (issue 35, security review
 * 2026-11-28 findings 1 and 2), measured on the production server without nginx. A benchmark, not
 * a test: the figures depend on the machine and its load.
 *
 * Cases (BENCH_CASES, comma-separated; default all):
 * - `name`: one post whose field name is 100 MB, streamed: the time to the answer, the bytes sent by
 *   then, and the server's resident memory before and at its peak.
 * - `pixels`: BENCH_POSTS (5) posts at once, each with ten 49 MP 16-bit PNGs (380 KB each, 294 MB
 *   decoded): their statuses and times, the server's CPU seconds, memory, and `GET /robots.txt`
 *   asked every 100 ms meanwhile (p50, p95, max).
 * - `budget`: the same with two such PNGs per post (within the decode budget): the decoder line.
 *
 * Run: npm run build:app, then npm run bench:upload-dos. BENCH_ROOT runs another checkout's build
 * (its own node_modules) for a before/after; BENCH_PORT (4121).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { png16 } from '../tests/photo-fixtures.ts'

const PORT = Number(process.env.BENCH_PORT ?? 4121)
const ROOT = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, '..'))
const POSTS = Number(process.env.BENCH_POSTS ?? 5)
const CASES = (process.env.BENCH_CASES ?? 'name,pixels,budget').split(',')
const BASE = `http://127.0.0.1:${PORT}`
const MB = 1024 * 1024
const TICKS = 100 // clock ticks per second of /proc/<pid>/stat

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn('node', ['server.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      SITE_URL: `http://localhost:${PORT}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SUBMISSION_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let attempt = 0; attempt < 150; attempt++) {
    if (
      await fetch(`${BASE}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return child
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill()
  throw new Error('the server did not start')
}

const rss = (pid: number) => Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS
}
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0

/** Streams a multipart post; resolves with the status, the ms to the answer and the bytes sent by then. */
function post(head: Buffer, filler: { byte: string; bytes: number } | undefined, tail: Buffer): Promise<{ status: number; ms: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let sent = 0
    let answered = false
    const request = http.request(
      `${BASE}/auto-verkaufen`,
      {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=grenze', 'transfer-encoding': 'chunked', origin: `http://localhost:${PORT}` },
      },
      (response) => {
        answered = true
        const at = { status: response.statusCode ?? 0, ms: performance.now() - started, sent }
        response.resume()
        response.on('end', () => (request.destroy(), resolve(at)))
      },
    )
    request.on('error', (error) => (answered ? undefined : reject(error)))
    request.write(head)
    sent += head.length
    const block = filler ? Buffer.alloc(MB, filler.byte) : Buffer.alloc(0)
    const pump = () => {
      while (!answered && filler && sent - head.length < filler.bytes) {
        sent += block.length
        if (!request.write(block)) return void request.once('drain', pump)
      }
      if (!answered) request.end(tail)
    }
    pump()
  })
}

const FIELDS = {
  make: 'VW',
  model: 'Golf',
  year: '2017',
  mileage: '98000',
  name: 'Bench',
  postcode: '45326',
  email: 'bench@example.de',
  leadKind: 'vehicle-sale',
  anchor: 'verkaufen',
  page: '/auto-verkaufen',
}
const fieldParts = () =>
  Object.entries(FIELDS)
    .map(([name, value]) => `--grenze\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('')

function photoBody(photo: Buffer, count: number): Buffer {
  const parts: Buffer[] = [Buffer.from(fieldParts())]
  for (let index = 0; index < count; index++) {
    parts.push(
      Buffer.from(`--grenze\r\nContent-Disposition: form-data; name="photos"; filename="gross${index}.png"\r\nContent-Type: image/png\r\n\r\n`),
      photo,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from('--grenze--\r\n'))
  return Buffer.concat(parts)
}

/** Posts `posts` bodies at once while asking robots.txt every 100 ms; what each cost. */
async function underLoad(pid: number, bodies: Buffer[]) {
  const cpuBefore = cpuSeconds(pid)
  const rssBefore = rss(pid)
  let peak = rssBefore
  const robots: number[] = []
  let running = true
  const prober = (async () => {
    while (running) {
      const started = performance.now()
      await fetch(`${BASE}/robots.txt`).then((response) => response.arrayBuffer())
      robots.push(performance.now() - started)
      peak = Math.max(peak, rss(pid))
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  const answers = await Promise.all(bodies.map((body) => post(body, undefined, Buffer.alloc(0))))
  running = false
  await prober
  return {
    statuses: answers.map((answer) => answer.status).join(' '),
    postSeconds: answers.map((answer) => (answer.ms / 1000).toFixed(1)).join(' '),
    serverCpuSeconds: (cpuSeconds(pid) - cpuBefore).toFixed(1),
    rssMB: `${Math.round(rssBefore / MB)} → ${Math.round(peak / MB)}`,
    robotsMs: `p50 ${quantile(robots, 0.5).toFixed(0)}, p95 ${quantile(robots, 0.95).toFixed(0)}, max ${Math.max(...robots).toFixed(0)} (${robots.length} asked)`,
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-upload-dos-'))
const server = await startServer(dataDir)
const pid = server.pid!
try {
  console.log(`root ${ROOT}, load ${loadavg()[0]!.toFixed(2)}`)
  await fetch(`${BASE}/auto-verkaufen`).then((response) => response.arrayBuffer())
  if (CASES.includes('name')) {
    const before = rss(pid)
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 20)
    const answer = await post(
      Buffer.from(`${fieldParts()}--grenze\r\nContent-Disposition: form-data; name="`),
      { byte: 'n', bytes: 100 * MB },
      Buffer.from(`"\r\n\r\nx\r\n--grenze--\r\n`),
    )
    clearInterval(sampler)
    peak = Math.max(peak, rss(pid))
    console.log(
      `name: status ${answer.status} after ${answer.ms.toFixed(0)} ms, ${(answer.sent / MB).toFixed(1)} MB sent by then; server memory ${Math.round(before / MB)} → ${Math.round(peak / MB)} MB`,
    )
  }
  const photo = CASES.includes('pixels') || CASES.includes('budget') ? png16() : Buffer.alloc(0)
  if (CASES.includes('pixels'))
    console.log(
      'pixels:',
      await underLoad(
        pid,
        Array.from({ length: POSTS }, () => photoBody(photo, 10)),
      ),
    )
  if (CASES.includes('budget'))
    console.log(
      'budget:',
      await underLoad(
        pid,
        Array.from({ length: POSTS }, () => photoBody(photo, 2)),
      ),
    )
} finally {
  server.kill()
  rmSync(dataDir, { recursive: true, force: true })
}
