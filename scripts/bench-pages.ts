/**
 * Every page type at scale (issue 28 item 2): a generated lake of 5,000 vehicles (embedded backend),
 * the production server over loopback HTTP with gzip, the page cache off (PAGE_CACHE_TTL=0), so
 * every request renders. Each page type twice: repeated requests (the lake's memo of query results
 * answers the reads), and each request after a write of a private document (a form submission:
 * the memo is cleared, so every read evaluates GROQ over every document again).
 *
 * Run: flock /tmp/heavy.lock npm run build:app, then npm run bench:pages
 * Options (env): BENCH_VEHICLES (5000), BENCH_REQUESTS (100).
 */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { type ServerBuild } from '@remix-run/node'
import { type AppContext } from '#app/context.server.ts'
import { generateVehicleContent } from '#tests/vehicle-lake.ts'

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 5000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100)
const root = path.resolve(import.meta.dirname, '..')
const PAGES = ['/', '/locations/dortmund', '/vehicles', '/vehicles?search=golf', '/vehicles/42']

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const contentDir = generateVehicleContent(VEHICLES)
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pages-data-'))
try {
  const build = (await import(pathToFileURL(path.join(root, 'build/index.js')).href)) as ServerBuild & {
    entry: {
      module: {
        createAppContext(env: Record<string, string | undefined>): Promise<AppContext>
        createServer(options: { build: ServerBuild; mode: string; context: AppContext; root: string }): { server: Server }
      }
    }
  }
  const context = await build.entry.module.createAppContext({
    NODE_ENV: 'production',
    CONTENT_DIR: contentDir,
    DATA_DIR: dataDir,
    SITE_URL: 'http://localhost',
    PAGE_CACHE_TTL: '0',
    LOG_LEVEL: 'warn',
  })
  if (context.lake.kind !== 'embedded') throw new Error('the benchmark needs the embedded lake (unset SANITY_*)')
  const { server } = build.entry.module.createServer({ build, mode: 'production', context, root })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  let writes = 0
  const privateWrite = () => context.lake.mutate([{ createOrReplace: { _id: `inbox.bench-${++writes}`, _type: 'contactSubmission' } }])

  async function measure(url: string, afterWrite: boolean) {
    const times: number[] = []
    for (let index = 0; index < REQUESTS + 5; index++) {
      if (afterWrite) await privateWrite()
      const started = performance.now()
      const response = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { 'accept-encoding': 'gzip', host: 'localhost' } })
      await response.arrayBuffer()
      const ms = performance.now() - started
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`)
      if (response.headers.get('x-cache') === 'HIT') throw new Error(`${url}: answered from the page cache`)
      if (response.headers.get('content-encoding') !== 'gzip') throw new Error(`${url}: not compressed`)
      // The first five warm up the JIT.
      if (index >= 5) times.push(ms)
    }
    const sorted = times.sort((a, b) => a - b)
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) }
  }

  const load = loadavg()[0]!.toFixed(1)
  console.log(`Lake: ${VEHICLES} vehicles; ${REQUESTS} requests per case, one at a time; load average ${load} at start.`)
  const rows: string[] = []
  for (const url of PAGES) {
    const repeated = await measure(url, false)
    const afterWrite = await measure(url, true)
    rows.push(`| \`${url}\` | ${repeated.p50.toFixed(1)} | ${repeated.p95.toFixed(1)} | ${afterWrite.p50.toFixed(1)} | ${afterWrite.p95.toFixed(1)} |`)
  }
  server.close()
  console.log(['| Page | repeated p50 ms | repeated p95 ms | after a write p50 ms | after a write p95 ms |', '|---|---|---|---|---|', ...rows].join('\n'))
  console.log(`load average ${loadavg()[0]!.toFixed(1)} at end`)
  await context.notifier?.stop()
  await context.lake.close?.()
} finally {
  rmSync(contentDir, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
}
