import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'schemas/**/*.test.ts', 'studio/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    setupFiles: ['./tests/setup-unit.ts'],
    environment: 'node',
    testTimeout: 20_000,
    pool: 'forks',
    // One fork per core. Vitest's default is one fewer than the cores, which on CI's 2 cores ran
    // every file in a single fork: 262 s, the machine half idle (the main process only serves
    // transforms, 6 s in all). Issue 28 item 6, docs/performance.md "Unit suite".
    maxWorkers: availableParallelism(),
  },
})
