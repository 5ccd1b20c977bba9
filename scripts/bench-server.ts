/**
 * What the page benchmarks share (bench-pages.ts, bench-vehicles.ts): the production build's app
 * over a generated lake of `vehicles` cars (embedded backend, temporary CONTENT_DIR and DATA_DIR),
 * served by createServer on a loopback port. Run `npm run build:app` first.
 */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { type ServerBuild } from '@remix-run/node'
import { type AppContext } from '#app/context.server.ts'
import { generateVehicleContent } from '#tests/vehicle-lake.ts'

/** The checkout whose build is measured: this one, or another (an earlier commit's build) for before/after runs. */
export const root = process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : path.resolve(import.meta.dirname, '..')

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

export interface BenchServer {
  build: ServerBuild
  context: AppContext
  port: number
  /** Stops the server and the app, and deletes the generated lake. */
  close(): Promise<void>
}

export async function startBenchServer({ vehicles, env = {} }: { vehicles: number; env?: Record<string, string> }): Promise<BenchServer> {
  // React picks its build when first imported: without NODE_ENV=production the build ran React's
  // development build, two to three times slower than what server.mjs runs (measured before 2026-11-28).
  if (process.env.NODE_ENV !== 'production') throw new Error('Run the benchmark with NODE_ENV=production (the npm scripts set it).')
  const contentDir = generateVehicleContent(vehicles)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'))
  const removeLake = () => {
    rmSync(contentDir, { recursive: true, force: true })
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const build = (await import(pathToFileURL(path.join(root, 'build/index.js')).href)) as ServerBuild & {
      entry: {
        module: {
          createAppContext(env: Record<string, string | undefined>): Promise<AppContext>
          stopAppContext(context: AppContext): Promise<void>
          stopAppContext(context: AppContext): Promise<void>
          createServer(options: { build: ServerBuild; mode: string; context: AppContext; root: string }): { server: Server }
        }
      }
    }
    const context = await build.entry.module.createAppContext({
      NODE_ENV: 'production',
      CONTENT_DIR: contentDir,
      DATA_DIR: dataDir,
      SITE_URL: 'http://localhost',
      // One access line per request would interleave with the table.
      LOG_LEVEL: 'warn',
      ...env,
    })
    if (context.lake.kind !== 'embedded') throw new Error('the benchmark needs the embedded lake (unset SANITY_*)')
    const { server } = build.entry.module.createServer({ build, mode: 'production', context, root })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    return {
      build,
      context,
      port,
      async close() {
        server.close()
        await build.entry.module.stopAppContext(context)
        removeLake()
      },
    }
  } catch (error) {
    removeLake()
    throw error
  }
}
