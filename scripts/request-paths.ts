/**
 * Which of our source files four requests really execute (issue 39's figures; the code-health review
 * counted them by a static walk checked by hand): V8's precise coverage of the production build while
 * one request runs, each executed function mapped to its source file by esbuild's `// app/…` markers
 * in build/index.js. Counted like the review: our files only (no node_modules, no generated
 * app/sanity/types.ts), React components (app/components/) listed apart.
 *
 *   npm run build:app && npm run request-paths
 *
 * The page GET is also split in two: the files its data request (`/locations/dortmund.data`, Remix's
 * single fetch: the same pipeline and loaders, no React render) runs, and those only the document's
 * React render and its stream run (the helpers of components). The review counted without React
 * components, by a walk checked by hand; the first part is the nearest this instrument comes to it.
 *
 * The four requests, each after one warm-up of the same kind (so start-up work is not counted):
 * a page GET on a page-cache miss (`/locations/dortmund`, stored in the cache), a sell request with one photo without
 * JavaScript (`POST /auto-verkaufen`, multipart), a contact request (`POST /api/contacts`, JSON: the
 * path the review's 11-27 count of 32 followed), and a mobile.de sync run (`POST /api/vehicles/sync`,
 * the mock over a real local socket) on the embedded lake.
 */
import { readFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import path from 'node:path'
import { ROOT, startSite } from '#tests/http/site.ts'
import { createMobileDeApi, MOCK_CREDENTIALS } from '#tests/mocks/mobile-de.ts'
import { serveMobileDeMock } from '#tests/mocks/mobile-de-server.ts'
import { png } from '#tests/photo-fixtures.ts'
import { VALID_CONTACT, VALID_SALE } from '#tests/submissions.ts'

const SYNC_TOKEN = 'request-paths-sync-token-0123456789'
const mobileDe = await serveMobileDeMock(createMobileDeApi())
const site = await startSite({
  env: {
    SYNC_TOKEN,
    MOBILE_DE_API_BASE: mobileDe.url,
    MOBILE_DE_USERNAME: MOCK_CREDENTIALS.username,
    MOBILE_DE_PASSWORD: MOCK_CREDENTIALS.password,
    MOBILE_DE_SELLER_ID: MOCK_CREDENTIALS.sellerId,
  },
})

/** The source file of each offset of build/index.js: esbuild writes `// app/x.ts` before each module. */
const buildFile = path.join(ROOT, 'build/index.js')
const buildSource = readFileSync(buildFile, 'utf8')
const markers = [...buildSource.matchAll(/^\/\/ ((?:app|schemas)\/\S+)$/gm)].map((match) => ({ offset: match.index, file: match[1]! }))
function sourceAt(offset: number): string | undefined {
  let low = 0
  let high = markers.length - 1
  let found: string | undefined
  while (low <= high) {
    const middle = (low + high) >> 1
    if (markers[middle]!.offset <= offset) {
      found = markers[middle]!.file
      low = middle + 1
    } else high = middle - 1
  }
  return found
}

const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false })

interface Coverage {
  result: Array<{ url: string; functions: Array<{ functionName: string; ranges: Array<{ startOffset: number; endOffset: number; count: number }> }> }>
}

/** Our files whose functions ran while `request` ran (coverage counters are reset by each take). */
async function filesExecutedBy(request: () => Promise<Response>): Promise<string[]> {
  await session.post('Profiler.takePreciseCoverage')
  const response = await request()
  await response.arrayBuffer()
  // Work after the answer (mails, access line) is part of the request.
  await new Promise((resolve) => setTimeout(resolve, 500))
  const { result } = (await session.post('Profiler.takePreciseCoverage')) as Coverage
  const files = new Set<string>()
  for (const script of result) {
    if (!script.url.endsWith('/build/index.js')) continue
    for (const fn of script.functions) {
      const [whole] = fn.ranges
      if (!whole || whole.count === 0) continue
      // esbuild's export getters (`default: () => Page`) run whenever Remix looks at a route module's exports.
      if (/^\(\)\s*=>\s*[\w$]+$/.test(buildSource.slice(whole.startOffset, whole.endOffset))) continue
      const file = sourceAt(whole.startOffset)
      if (file && file !== 'app/sanity/types.ts') files.add(file)
    }
  }
  return [...files].sort()
}

const linesOf = (file: string) => readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1

const photo = await png()
function salePost() {
  const body = new FormData()
  for (const [name, value] of Object.entries(VALID_SALE)) body.append(name, value)
  body.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'front.png')
  return fetch(`${site.base}/auto-verkaufen`, { method: 'POST', body, headers: { origin: 'http://localhost:3000' }, redirect: 'manual' })
}

let visits = 0
/** A page-cache miss that is then stored, as a first visit after a publish: a query the page ignores; `.data` for its data request. */
const pageGet = (suffix = '') => fetch(`${site.base}/locations/dortmund${suffix}?besuch=${++visits}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } })

interface Measured {
  name: string
  request: () => Promise<Response>
  /** The status of a successful request: the sell request is stored and redirected to its confirmation, a contact created. */
  status: number
  /** Also counted: this request's files split by what `splitBy` runs too. */
  splitBy?: () => Promise<Response>
}

const REQUESTS: Measured[] = [
  // Split by its data request (Remix's single fetch: the same pipeline and loaders, no React render).
  { name: 'page GET, cache miss (/locations/dortmund)', request: () => pageGet(), status: 200, splitBy: () => pageGet('.data') },
  { name: 'sell POST with a photo, without JavaScript (/auto-verkaufen)', request: salePost, status: 303 },
  // The path the review's 11-27 count of 32 files followed (code-health review, A2 (b)).
  {
    name: 'contact POST (POST /api/contacts, JSON)',
    request: () =>
      fetch(`${site.base}/api/contacts`, {
        method: 'POST',
        body: JSON.stringify(VALID_CONTACT),
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      }),
    status: 201,
  },
  {
    name: 'sync run (POST /api/vehicles/sync)',
    request: () => fetch(`${site.base}/api/vehicles/sync`, { method: 'POST', headers: { authorization: `Bearer ${SYNC_TOKEN}` } }),
    status: 200,
  },
]

const linesIn = (files: string[]) => files.reduce((sum, file) => sum + linesOf(file), 0).toLocaleString('en')

try {
  for (const { name, request, status, splitBy } of REQUESTS) {
    const warmUp = await request()
    await warmUp.arrayBuffer()
    if (warmUp.status !== status) throw new Error(`${name}: ${warmUp.status} ${await (await request()).text()}`)
    const files = await filesExecutedBy(request)
    const components = files.filter((file) => file.startsWith('app/components/'))
    const counted = files.filter((file) => !file.startsWith('app/components/'))
    console.log(`${name}: ${counted.length} files, ${linesIn(counted)} lines (and ${components.length} React component files)`)
    if (splitBy) {
      await (await splitBy()).arrayBuffer()
      const data = new Set(await filesExecutedBy(splitBy))
      const [serverPart, renderPart] = [counted.filter((file) => data.has(file)), counted.filter((file) => !data.has(file))]
      console.log(`  of these, pipeline and loaders (as its .data request): ${serverPart.length} files, ${linesIn(serverPart)} lines`)
      console.log(`  only in React's render and its stream: ${renderPart.length} files, ${linesIn(renderPart)} lines`)
      if (process.env.VERBOSE) for (const file of renderPart) console.log(`    render: ${file} ${linesOf(file)}`)
    }
    if (process.env.VERBOSE) for (const file of counted) console.log(`  ${file} ${linesOf(file)}`)
  }
} finally {
  await session.post('Profiler.stopPreciseCoverage')
  session.disconnect()
  await site.close()
  await mobileDe.close()
}
