/**
 * The embedded lake's write path (docs/decisions/087): BENCH_WRITES small creates on one instance
 * over the seed in content/, in a fresh temporary DATA_DIR per run, once one after the other
 * (one SQLite transaction, fsync'd, each) and once with BENCH_CONCURRENCY writers (group commit:
 * the writes of one tick share a transaction).
 * Prints the median of BENCH_RUNS runs: wall time, writes per second, p50 and p99 latency.
 * Then start-up: the time `open` takes with BENCH_LEADS contact messages in the database, twice.
 *
 * Run: node --import tsx scripts/bench-lake-writes.ts   (BENCH_WRITES=1000, BENCH_CONCURRENCY=50, BENCH_RUNS=5,
 * BENCH_LEADS=10000; BENCH_LAKE_MODULE=<path> measures another copy of embedded-lake.server.ts, e.g. the version before a change)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as current from '#app/lake/embedded-lake.server.ts'

const { EmbeddedLake }: typeof current = process.env.BENCH_LAKE_MODULE ? await import(path.resolve(process.env.BENCH_LAKE_MODULE)) : current

const WRITES = Number(process.env.BENCH_WRITES ?? 1000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const LEADS = Number(process.env.BENCH_LEADS ?? 10_000)
const contentDir = path.resolve(import.meta.dirname, '..', 'content')

interface Run {
  seconds: number
  latencies: number[]
}

async function run(concurrency: number): Promise<Run> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-lake-'))
  const lake = await EmbeddedLake.open({ contentDir, dataDir })
  const latencies: number[] = []
  let next = 0
  const writer = async () => {
    while (next < WRITES) {
      const n = next++
      const started = performance.now()
      await lake.mutate([{ create: { _id: `inbox.bench-${n}`, _type: 'contactMessage', name: `Bench ${n}`, message: 'Ist das Auto noch da?' } }])
      latencies.push(performance.now() - started)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, writer))
  const seconds = (performance.now() - started) / 1000
  const count = await lake.fetch<number>('count(*[_id match "inbox.bench-*"])', {}, { includePrivate: true })
  if (count !== WRITES) throw new Error(`expected ${WRITES} documents, found ${count}`)
  await lake.close()
  await rm(dataDir, { recursive: true, force: true })
  return { seconds, latencies }
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
}

function median(values: number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  )
}

for (const [label, concurrency] of [
  ['sequential', 1],
  [`${CONCURRENCY} concurrent`, CONCURRENCY],
] as const) {
  await run(concurrency) // warm-up
  const runs: Run[] = []
  for (let i = 0; i < RUNS; i++) runs.push(await run(concurrency))
  const seconds = median(runs.map((r) => r.seconds))
  const p50 = median(
    runs.map((r) =>
      quantile(
        [...r.latencies].sort((a, b) => a - b),
        0.5,
      ),
    ),
  )
  const p99 = median(
    runs.map((r) =>
      quantile(
        [...r.latencies].sort((a, b) => a - b),
        0.99,
      ),
    ),
  )
  console.log(
    `${WRITES} creates, ${label}: ${(seconds * 1000).toFixed(0)} ms (${(WRITES / seconds).toFixed(0)} writes/s), p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms  [median of ${RUNS}; runs: ${runs.map((r) => (r.seconds * 1000).toFixed(0)).join(', ')} ms]`,
  )
}

{
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-lake-'))
  const lake = await EmbeddedLake.open({ contentDir, dataDir })
  let next = 0
  const writer = async () => {
    while (next < LEADS) {
      const n = next++
      await lake.mutate([{ create: { _id: `inbox.bench-${n}`, _type: 'contactMessage', name: `Bench ${n}`, message: 'Ist das Auto noch da? '.repeat(10) } }])
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, writer))
  await lake.close()
  for (const label of ['first open', 'second open']) {
    const started = performance.now()
    const reopened = await EmbeddedLake.open({ contentDir, dataDir })
    const ms = performance.now() - started
    await reopened.close()
    console.log(`open with ${LEADS} contact messages in the database, ${label}: ${ms.toFixed(0)} ms`)
  }
  await rm(dataDir, { recursive: true, force: true })
}
