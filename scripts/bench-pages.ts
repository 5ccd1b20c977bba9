/**
 * Every page type at scale (issue 28 item 2): a generated lake of 5,000 vehicles (embedded backend),
 * the production server over loopback HTTP, compressed as browsers ask (br), the page cache off (PAGE_CACHE_TTL=0), so
 * every request renders. Each page type four ways: repeated requests (the lake's memo of query
 * results answers the reads), each request after a form submission (a private write: the memo of
 * public reads stays), each request after a publish (a public write of a document that is no car:
 * every read evaluates GROQ again, docs/decisions/046), and each request after a car's price
 * changed (a public write that also makes every index over the cars on sale anew).
 *
 * Run: flock /tmp/heavy.lock npm run build:app, then npm run bench:pages
 * Options (env): BENCH_VEHICLES (5000), BENCH_REQUESTS (100), BENCH_ROOT (another checkout whose build to measure),
 * BENCH_CASES (comma-separated, of: repeated, submission, publish, price; default all four), BENCH_PAGES (comma-separated paths; default all).
 *
 * "CPU ms" is this process's CPU time per request (server and client are both in it: the same
 * client work for every build, so it compares builds where timings drown in other jobs' load).
 */
import { loadavg } from 'node:os'
import { percentile, startBenchServer } from './bench-server.ts'

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 5000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100)
/** Every page type of issue 37 item 3: home, a content page, the list without and with filters, searches, the API list, a vehicle page. */
const ALL_PAGES = [
  '/',
  '/locations/dortmund',
  '/vehicles',
  '/vehicles?fuel=diesel&priceTo=25000&transmission=automatic',
  '/vehicles?search=golf',
  '/vehicles?search=familienauto%20automatik',
  '/api/vehicles?page=2&perPage=24',
  '/vehicles/42',
]
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : ALL_PAGES
/** What every browser sends; the server answers br (compression middleware, quality 4). */
const ACCEPT_ENCODING = 'gzip, deflate, br'
/** What happens before each request: nothing (a repeated request), a form submission, a publish. */
type Before = 'repeated' | 'submission' | 'publish' | 'price'
const CASE_NAMES: Record<Before, string> = { repeated: 'repeated', submission: 'after a submission', publish: 'after a publish', price: 'after a price change' }
const CASES = (process.env.BENCH_CASES ?? 'repeated,submission,publish,price').split(',') as Before[]
for (const before of CASES) if (!(before in CASE_NAMES)) throw new Error(`BENCH_CASES: unknown case ${before}`)

const { context, port, close } = await startBenchServer({ vehicles: VEHICLES, env: { PAGE_CACHE_TTL: '0' } })
try {
  // The alerts' watcher's first scan starts a price history for every car (at 5,000 cars 4,700 writes,
  // once per lake): done before measuring, as on a site that has been running; its later scans are measured.
  await context.alertWatcher?.scan()
  let writes = 0
  const write = (before: Before) =>
    before === 'submission'
      ? context.lake.mutate([{ createOrReplace: { _id: `inbox.bench-${++writes}`, _type: 'contactSubmission' } }])
      : before === 'price'
        ? // A car's price published (as the sync or staff do): the cars on sale change, so every index over them is made anew.
          context.lake.mutate([{ patch: { id: 'vehicle-7', set: { price: 20_000 + (++writes % 50) * 10 } } }])
        : context.lake.mutate([{ createOrReplace: { _id: `bench-${++writes}`, _type: 'benchMarker' } }])

  async function measure(url: string, before: Before) {
    const times: number[] = []
    let cpu = { user: 0, system: 0 }
    for (let index = 0; index < REQUESTS + 5; index++) {
      // The first five warm up the JIT.
      if (index === 5) cpu = process.cpuUsage()
      if (before !== 'repeated') await write(before)
      const started = performance.now()
      const response = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { 'accept-encoding': ACCEPT_ENCODING, host: 'localhost' } })
      await response.arrayBuffer()
      const ms = performance.now() - started
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`)
      if (response.headers.get('x-cache') === 'HIT') throw new Error(`${url}: answered from the page cache`)
      if (!['br', 'gzip'].includes(response.headers.get('content-encoding') ?? '')) throw new Error(`${url}: not compressed`)
      if (index >= 5) times.push(ms)
    }
    const used = process.cpuUsage(cpu)
    const sorted = times.sort((a, b) => a - b)
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), cpu: (used.user + used.system) / 1000 / REQUESTS }
  }

  const load = loadavg()[0]!.toFixed(1)
  console.log(`Lake: ${VEHICLES} vehicles; ${REQUESTS} requests per case, one at a time; load average ${load} at start.`)
  const rows: string[] = []
  for (const url of PAGES) {
    const cells = []
    for (const before of CASES) {
      const { p50, p95, cpu } = await measure(url, before)
      cells.push(p50.toFixed(1), p95.toFixed(1), cpu.toFixed(1))
    }
    rows.push(`| \`${url}\` | ${cells.join(' | ')} |`)
  }
  console.log(
    [
      `| Page | ${CASES.map((before) => ['p50 ms', 'p95 ms', 'CPU ms'].map((figure) => `${CASE_NAMES[before]} ${figure}`).join(' | ')).join(' | ')} |`,
      `|---|${CASES.map(() => '---|---|---|').join('')}`,
      ...rows,
    ].join('\n'),
  )
  console.log(`load average ${loadavg()[0]!.toFixed(1)} at end`)
} finally {
  await close()
}
