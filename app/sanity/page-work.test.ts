import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type LoaderFunctionArgs } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '#app/env.server.ts'
import { loader as rootLoader } from '#app/root.tsx'
import { loader as contentLoader } from '#app/routes/$.tsx'
import { loader as homeLoader } from '#app/routes/_index.tsx'
import { loader as vehiclesLoader } from '#app/routes/vehicles._index.tsx'
import { loader as vehicleLoader } from '#app/routes/vehicles.$id/route.tsx'
import { EmbeddedLake } from '#app/sanity/embedded-lake.server.ts'
import { generateVehicleContent } from '#tests/vehicle-lake.ts'

/*
 * The guard of issue 28 item 2: the work the embedded lake does for one uncached page request at
 * 5,000 vehicles, counted (not timed, so it holds on a loaded machine). A change that makes a page
 * scan the lake more often (a second read of the same query, a query the memo cannot share, a
 * filter moved from the vehicle index into GROQ) multiplies `documents` and fails here, instead of
 * being noticed by a benchmark nobody re-ran.
 *
 * Measured on 2026-11-27 with this file (issue 28), `scans` = groq-js evaluations, each over every
 * document: the first request after a write evaluates each distinct query of the root and the page
 * loader once (/ 4, content page 3, /vehicles 2, with search 2, vehicle page 4); a repeated request
 * evaluates none. Before the per-revision memo (embedded-lake.server.ts) every request, repeated or
 * not, evaluated every read (5, 4, 2, 2, 4: the figures twice). The budgets are those counts (see
 * docs/performance.md, "Work per page request"); raise one only with the reason written there.
 *
 * `documents`: what those evaluations were handed. Each used to get all ~5,100 documents; since the
 * lake hands a query only the documents of the types it filters by (types-read.server.ts), only
 * reads of vehicles get 5,000: the figures' count of cars on sale (every page), the home page's
 * newest three, the vehicle page's own car and its similar ones. The budgets are the counts of
 * 2026-11-27 rounded up to the next 100; the list and search of /vehicles read the vehicle index, not GROQ.
 */

const VEHICLES = 5000

const PAGES = [
  { name: '/', url: '/', load: homeLoader, params: {}, scans: 4, documents: 10_100 },
  { name: 'content page', url: '/locations/dortmund', load: contentLoader, params: {}, scans: 3, documents: 5_100 },
  { name: '/vehicles', url: '/vehicles', load: vehiclesLoader, params: {}, scans: 2, documents: 5_100 },
  { name: '/vehicles?search=golf', url: '/vehicles?search=golf', load: vehiclesLoader, params: {}, scans: 2, documents: 5_100 },
  { name: 'vehicle page', url: '/vehicles/42', load: vehicleLoader, params: { id: '42' }, scans: 4, documents: 15_100 },
] as const

describe(`the lake's work per page request at ${VEHICLES} vehicles`, () => {
  let lake: EmbeddedLake
  let contentDir: string
  let dataDir: string
  let env: ReturnType<typeof parseEnv>

  beforeAll(async () => {
    contentDir = generateVehicleContent(VEHICLES)
    dataDir = mkdtempSync(path.join(tmpdir(), 'page-work-'))
    lake = await EmbeddedLake.open({ contentDir, dataDir })
    env = parseEnv({ CONTENT_DIR: contentDir, DATA_DIR: dataDir })
  }, 120_000)
  afterAll(async () => {
    await lake.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(contentDir, { recursive: true, force: true })
  })

  /** Root and page loader of one request, as Remix runs them (in parallel); returns what the lake did. */
  async function request(page: (typeof PAGES)[number]) {
    const before = { ...lake.work }
    const args = () => ({ request: new Request(`http://localhost${page.url}`), params: page.params, context: { lake, env } }) as unknown as LoaderFunctionArgs
    const results = await Promise.allSettled([rootLoader(args()), page.load(args())])
    for (const result of results) if (result.status === 'rejected' && !(result.reason instanceof Response)) throw result.reason
    return {
      fetches: lake.work.fetches - before.fetches,
      evaluations: lake.work.evaluations - before.evaluations,
      documents: lake.work.documents - before.documents,
    }
  }

  let writes = 0
  /** A write of a public document (as staff's publish or the vehicle sync make): the next request is a cold one. */
  async function publish() {
    await lake.mutate([{ createOrReplace: { _id: `page-work-${++writes}`, _type: 'pageWorkMarker' } }])
  }
  /** A write of a private document, as every form submission makes. */
  async function submit() {
    await lake.mutate([{ createOrReplace: { _id: `inbox.page-work-${++writes}`, _type: 'contactSubmission' } }])
  }

  for (const page of PAGES) {
    it(`${page.name}: the first request after a publish evaluates at most ${page.scans} queries over at most ${page.documents} documents; a repeated one, or one after a form submission, none`, async () => {
      await publish()
      const cold = await request(page)
      const warm = await request(page)
      expect(cold.evaluations).toBeGreaterThan(0)
      expect(cold.evaluations).toBeLessThanOrEqual(page.scans)
      expect(cold.documents).toBeLessThanOrEqual(page.documents)
      expect(warm.evaluations).toBe(0)
      expect(warm.documents).toBe(0)
      await submit()
      const afterSubmission = await request(page)
      expect(afterSubmission.evaluations).toBe(0)
    })
  }
})
