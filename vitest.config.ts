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
  },
})
