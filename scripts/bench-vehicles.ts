/**
 * The inventory at scale (issue 5 §5): a generated lake of 5,000 vehicles (embedded backend, a
 * temporary CONTENT_DIR built from the seed), then `/vehicles` with a search and two filters and
 * `/api/vehicles` paged, each ≥ 200 requests through the production build's request handler
 * (in-process, so the figures are server time without network or browser).
 *
 * Run: npm run build:app (inside the shared e2e lock), then npm run bench:vehicles
 * Options (env): BENCH_VEHICLES (5000), BENCH_REQUESTS (240), BENCH_WRITE=1 to write docs/performance.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/node'
import { percentile, root, startBenchServer } from './bench-server.ts'

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 5000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 240)

interface Figures {
  name: string
  requests: number
  p50: number
  p95: number
  max: number
  first: number
}

async function measure(name: string, handler: (request: Request) => Promise<Response>, urls: string[]): Promise<Figures> {
  const times: number[] = []
  for (const url of urls) {
    const started = performance.now()
    const response = await handler(new Request(`http://localhost${url}`))
    await response.text()
    times.push(performance.now() - started)
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`)
    if (response.headers.get('x-cache') === 'HIT') throw new Error(`${url}: answered from the page cache`)
  }
  const sorted = [...times].sort((a, b) => a - b)
  return { name, requests: times.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)!, first: times[0]! }
}

// The figure a visitor meets: the production server (page cache, compression) over loopback HTTP,
// gzip accepted. Every URL of a case differs, so the page cache does not answer.
const { build, context, port, close } = await startBenchServer({ vehicles: VEHICLES })
try {
  const handle = createRequestHandler(build, 'production')
  const inProcess = (request: Request) => handle(request, { ...context })
  const overHttp = (request: Request) => {
    const url = new URL(request.url)
    return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, {
      headers: { 'accept-encoding': process.env.BENCH_ENCODING ?? 'gzip', host: 'localhost' },
    })
  }

  // The same kind of request with varying terms and filters (a cache of one answer would not count).
  // Model and make words, German labels and equipment (docs/decisions/022).
  const searches = ['golf', 'bmw', 'kombi', 'audi', 'tsi', 'hybrid', 'mercedes', 'vw', 'automatik', 'sitzheizung', 'benz', 'navi', 'volkswagen']
  const fuels = ['diesel', 'petrol', 'hybrid', 'electric']
  const pageUrls = Array.from({ length: REQUESTS }, (_, index) => {
    const price = 15_000 + index * 100 // every URL differs, so the page cache never answers
    return `/vehicles?search=${searches[index % searches.length]}&fuel=${fuels[index % fuels.length]}&priceTo=${price}`
  })
  const apiUrls = Array.from({ length: REQUESTS }, (_, index) => `/api/vehicles?page=${(index % 40) + 1}&perPage=24${index % 3 === 0 ? '&sort=price-asc' : ''}`)

  const count = (await (await inProcess(new Request('http://localhost/api/vehicles?page=1&perPage=1'))).headers.get('x-total-count')) ?? '?'
  console.log(`Lake: ${VEHICLES} vehicles (${count} on sale); ${REQUESTS} requests per case, one at a time.`)
  const results: Figures[] = []
  for (const [via, handler] of [
    ['in-process', inProcess],
    ['HTTP, gzip', overHttp],
  ] as const) {
    results.push(
      await measure(`${via}: /vehicles?search=…&fuel=…&priceTo=… (search + two filters)`, handler, pageUrls),
      await measure(`${via}: /api/vehicles?page=…&perPage=24 (paged, every 3rd by price)`, handler, apiUrls),
    )
  }
  // Unfiltered, only in-process: over HTTP the page cache answers every repeat of the same URL.
  results.push(
    await measure(
      'in-process: /vehicles (no filter, first page)',
      inProcess,
      Array.from({ length: REQUESTS }, () => '/vehicles'),
    ),
  )
  const rows = results.map((r) => `| ${r.name} | ${r.requests} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.first.toFixed(1)} |`)
  const table = ['| Request | n | p50 ms | p95 ms | max ms | first ms |', '|---|---|---|---|---|---|', ...rows].join('\n')
  console.log(table)
  if (process.env.BENCH_WRITE === '1') {
    mkdirSync(path.join(root, 'reports'), { recursive: true })
    writeFileSync(path.join(root, 'reports/bench-vehicles.md'), `${table}\n`)
  }
} finally {
  await close()
}
