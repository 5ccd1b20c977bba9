import { mkdtemp, rm } from 'node:fs/promises'
import { type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { type ServerBuild } from '@remix-run/node'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { type AppContext } from '#app/context.server.ts'
import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'
import { type Logger } from '#app/server/logging.server.ts'
import { loadDataset } from '#app/sanity/seed.server.ts'
import { BROWSER_AGENT } from '#tests/e2e/servers.ts'
import { captureLogs, type LogLine } from '#tests/log-capture.ts'
import { createSanityApi, type SanityApi } from '#tests/mocks/sanity.ts'

/*
 * The in-process HTTP lane (docs/testing.md, decision 063): the production build (`build/index.js`,
 * made by `npm run build`) served by its own createServer on a loopback port chosen by the system,
 * exactly as server.mjs wires it, with a fresh DATA_DIR per site. No browser, no child process:
 * what a test reads is what the server sent on the wire. Run: `npm run test:http`.
 */

/** The repository root: public/ and build/studio are served from there, as in production. */
export const ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * SITE_URL of every site here. The server listens on port 0, so its address is known only after the
 * listen; SITE_URL (canonical links, the same-origin rule) names the public origin, as behind nginx.
 */
export const SITE_URL = 'http://localhost:3000'

/** The Sanity project the Sanity-backed sites talk to (MSW's emulation of Sanity's API in this process). */
export const SANITY_ENV = {
  SANITY_PROJECT_ID: 'e2e-project',
  SANITY_DATASET: 'production',
  SANITY_WRITE_TOKEN: 'e2e-write-token',
  SANITY_VIEWER_TOKEN: 'e2e-viewer-token',
}

type BuiltEntry = {
  createAppContext(env: Record<string, string | undefined>): Promise<AppContext>
  stopAppContext(context: AppContext): Promise<void>
  createServer(options: { build: ServerBuild; mode: string; context: AppContext; root: string; logger?: Logger }): { server: Server }
}

let built: Promise<ServerBuild & { entry: { module: BuiltEntry } }> | undefined

/** The production build, imported once per test file. */
function loadBuild() {
  built ??= import(pathToFileURL(path.join(ROOT, 'build/index.js')).href).catch((error: unknown) => {
    throw new Error(`No production build in build/: run \`npm run build\` before the HTTP lane.\n${String(error)}`)
  })
  return built
}

export interface TestSite {
  /** `http://127.0.0.1:<port>`: where requests go. */
  base: string
  port: number
  /** The site's DATA_DIR (embedded lake: its database; both: the outbox). */
  dataDir: string
  context: AppContext
  /** Every line the server logged (access lines, refusals, errors), parsed. */
  logs: LogLine[]
  /** The Sanity API emulation (Sanity-backed sites only). */
  sanity?: FakeSanity
  close(): Promise<void>
}

export interface FakeSanity {
  api: SanityApi
  /** An unreachable Sanity: every API request gets 503 and open listener streams are closed. */
  setDown(down: boolean): void
}

/** MSW's emulation of Sanity's API over the seed dataset, for the Sanity-backed sites of one file. */
async function fakeSanity(): Promise<FakeSanity & { close(): void }> {
  const { documents } = await loadDataset(path.join(ROOT, 'content'))
  const api = createSanityApi({
    projectId: SANITY_ENV.SANITY_PROJECT_ID,
    dataset: SANITY_ENV.SANITY_DATASET,
    documents,
    token: [SANITY_ENV.SANITY_WRITE_TOKEN, SANITY_ENV.SANITY_VIEWER_TOKEN],
  })
  let down = false
  // Ahead of the emulation: answers while Sanity is down, or returns nothing to pass the request on.
  const outage = http.all('https://:projectId.:host.sanity.io/*', () =>
    down ? HttpResponse.json({ error: 'Service Unavailable', message: 'Simulated outage' }, { status: 503 }) : undefined,
  )
  const server = setupServer(outage, ...api.handlers)
  // The test's own requests to the site on 127.0.0.1 pass through untouched; a Sanity request
  // the emulation does not know fails the test instead of leaving the machine.
  server.listen({ onUnhandledRequest: (request, print) => (new URL(request.url).hostname.endsWith('sanity.io') ? print.error() : undefined) })
  return {
    api,
    setDown(value) {
      down = value
      if (down) api.closeListeners()
    },
    close() {
      api.closeListeners()
      server.close()
    },
  }
}

/**
 * The production build on a loopback port: `NODE_ENV=production`, SITE_URL, a fresh DATA_DIR and
 * `env` on top (the settings of the e2e servers in playwright.config.ts unless a test overrides
 * them). `sanity: true` configures the Sanity lake against the emulation (the built Studio is
 * served then); one such site per file, as MSW patches the process's HTTP clients once.
 */
export async function startSite({ env = {}, sanity = false }: { env?: Record<string, string>; sanity?: boolean } = {}): Promise<TestSite> {
  const build = await loadBuild()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'http-lane-'))
  const fake = sanity ? await fakeSanity() : undefined
  const captured = captureLogs()
  let context: AppContext | undefined
  try {
    context = await build.entry.module.createAppContext({
      NODE_ENV: 'production',
      SITE_URL,
      CONTENT_DIR: path.join(ROOT, 'content'),
      DATA_DIR: dataDir,
      // As the shared e2e servers: tests that check the limits start a site with their own.
      SUBMISSION_RATE_LIMIT: '1000',
      RECEIPTS_PER_HOUR: '10000',
      // The process logger (lake, notifier) on stdout: only errors; the request lines are captured above.
      LOG_LEVEL: 'error',
      ...(sanity ? SANITY_ENV : {}),
      ...env,
    })
    const { server } = build.entry.module.createServer({ build, mode: 'production', context, root: ROOT, logger: captured.logger })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const ready = context
    return {
      base: `http://127.0.0.1:${port}`,
      port,
      dataDir,
      context,
      logs: captured.lines,
      sanity: fake,
      async close() {
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
        await build.entry.module.stopAppContext(ready)
        fake?.close()
        await rm(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await context?.lake.close?.()
    fake?.close()
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
}

/**
 * fetch against a site: paths are the site's, a desktop Chrome's User-Agent unless the test sends
 * another (as Playwright's request fixture did: the site streams pages to browsers, renders them whole for bots).
 */
export function clientOf(site: Pick<TestSite, 'base'>) {
  return (target: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (!headers.has('user-agent')) headers.set('user-agent', BROWSER_AGENT)
    return fetch(new URL(target, site.base), { ...init, headers })
  }
}

/**
 * Documents of one type an embedded site stored, read beside it as `npm run preflight` reads (a
 * read-only open of its DATA_DIR, decision 087), as tests/e2e/playwright-utils.ts reads the e2e server's.
 */
export async function storedDocuments<T = Record<string, unknown>>(site: Pick<TestSite, 'dataDir'>, type: string): Promise<T[]> {
  const lake = await EmbeddedLake.openReadOnly({ contentDir: path.join(ROOT, 'content'), dataDir: site.dataDir })
  try {
    return await lake.fetch<T[]>('*[_type == $type]', { type }, { includePrivate: true })
  } finally {
    await lake.close()
  }
}
