import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

const TEST_DIRS = ['app', 'schemas', 'studio', 'tests', 'scripts']
const JSDOM_MARKER = '// @vitest-environment jsdom'

/** The unit test files whose first line asks for jsdom (the component suites). */
function jsdomTestFiles(): string[] {
  return TEST_DIRS.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((file) => join(dir, file))
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith(join('tests', 'e2e')) && !file.startsWith(join('tests', 'http')))
      .filter((file) => readFileSync(file, 'utf8').startsWith(JSDOM_MARKER)),
  )
}

const jsdomFiles = jsdomTestFiles()

// Decision 061: the node suites share one module graph per fork (no isolation: the Sanity Studio
// package alone takes 3 s to import, React, Remix, MSW and groq-js about 1 s, per file); the
// jsdom suites keep a fresh graph per file in isolated threads (testing-library registers its
// cleanup once per import, react-dom reads the window once). Vitest takes isolation per pool,
// so the two kinds of suites run in different pools.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: TEST_DIRS.map((dir) => `${dir}/**/*.test.{ts,tsx}`),
          // tests/http: the in-process HTTP lane needs the production build (vitest.http.config.ts).
          exclude: ['tests/e2e/**', 'tests/http/**', 'node_modules/**', ...jsdomFiles],
          pool: 'forks',
        },
      },
      { extends: true, test: { name: 'jsdom', include: jsdomFiles, pool: 'threads' } },
    ],
    poolOptions: { forks: { isolate: false }, threads: { isolate: true } },
    setupFiles: ['./tests/setup-unit.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // A lake opened in beforeAll (about 0.6 s) waited past the default 10 s once, with CI and a browser walk on both cores.
    hookTimeout: 20_000,
    // One worker per core: vitest's default (one fewer) ran every file on one of CI's two cores.
    maxWorkers: availableParallelism(),
  },
})
