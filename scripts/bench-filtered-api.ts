/**
 * Filtered `GET /api/vehicles` in-process (security review finding 5, issue 35 item 7): the route's
 * loader on a generated embedded lake of 5,000 vehicles, asked for `?priceTo=<random>` (every value
 * distinct, so no memo or cache of one answer helps), each request timed, plus what the lake did
 * (app/sanity/page-work.test.ts instruments). No build and no page cache: the loader's own cost;
 * the first request pays for the list's build after the lake opened.
 *
 * Run: npm run bench:filtered-api. Options (env): BENCH_VEHICLES (5000), BENCH_REQUESTS (20).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type LoaderFunctionArgs } from '@remix-run/node'
import { parseEnv } from '#app/env.server.ts'
import { loader } from '#app/routes/api.vehicles.ts'
import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'
import { RequestLake } from '#app/lake/content-revision.server.ts'
import { generateVehicleContent } from '#tests/vehicle-lake.ts'

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 5000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20)

const contentDir = generateVehicleContent(VEHICLES)
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-filtered-api-'))
const lake = await EmbeddedLake.open({ contentDir, dataDir })
try {
  const env = parseEnv({ CONTENT_DIR: contentDir, DATA_DIR: dataDir })
  // Document reads by id (`->`: each projected vehicle reads its image assets), counted on the lake
  // itself, so work outside its counters (the projection before issue 35) shows too.
  let reads = 0
  const dereference = lake.dereference
  ;(lake as { dereference: typeof dereference }).dereference = (reference) => {
    reads++
    return dereference(reference)
  }
  const times: number[] = []
  let bytes = 0
  const before = { ...lake.work }
  for (let index = 0; index < REQUESTS; index++) {
    const priceTo = 5_000 + Math.floor(Math.random() * 60_000)
    const started = performance.now()
    const request = new Request(`http://localhost/api/vehicles?priceTo=${priceTo}`)
    const response = await loader({ request, params: {}, context: { lake: new RequestLake(lake), env } } as unknown as LoaderFunctionArgs)
    bytes += (await response.arrayBuffer()).byteLength
    times.push(performance.now() - started)
  }
  const sorted = [...times].sort((a, b) => a - b)
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!.toFixed(1)
  console.log(
    `${VEHICLES} vehicles, ${REQUESTS} × /api/vehicles?priceTo=<random>: first ${times[0]!.toFixed(1)} ms, p50 ${at(0.5)} ms, max ${sorted.at(-1)!.toFixed(1)} ms, ` +
      `mean body ${Math.round(bytes / REQUESTS).toLocaleString('en')} B; lake: ${lake.work.fetches - before.fetches} fetches, ` +
      `${lake.work.evaluations - before.evaluations} evaluations over ${lake.work.documents - before.documents} documents, ${reads} document reads by id`,
  )
} finally {
  await lake.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(contentDir, { recursive: true, force: true })
}
