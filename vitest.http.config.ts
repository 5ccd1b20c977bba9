import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// The in-process HTTP lane (decision 063): tests/http/** against the production build, so it runs
// after `npm run build` (scripts/test-all.mjs) and stays out of `vitest run` / `npm run test:unit`,
// which need no build. Each file starts its own site (a fresh DATA_DIR, its own Sanity emulation)
// in a fresh module graph: MSW patches the process's HTTP clients while a Sanity-backed site runs.
export default defineConfig({
  test: {
    name: 'http',
    include: ['tests/http/**/*.test.ts'],
    pool: 'forks',
    poolOptions: { forks: { isolate: true } },
    setupFiles: ['./tests/setup-unit.ts'],
    environment: 'node',
    // Sweeps over every page (crawl, HTML validity, NUL bytes) and a cold image cache take tens of seconds on 2 busy cores.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // One worker per core, as vitest.config.ts: vitest's default (one fewer) ran every file on one of CI's two cores.
    maxWorkers: availableParallelism(),
  },
})
