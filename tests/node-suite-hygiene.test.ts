import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * The guard of decision 061 (issue 40 item 7): the node unit suites share one module graph per
 * fork, so whatever a suite changes in the process leaks into the files that run after it. A suite
 * must not mock modules, stub the environment or globals, or write process.env, and every switch to
 * fake timers must be undone. Read from the sources, so a new suite is held to it from its first run.
 */

const TEST_DIRS = ['app', 'schemas', 'studio', 'tests', 'scripts']
const JSDOM_MARKER = '// @vitest-environment jsdom'

const nodeSuites = TEST_DIRS.flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => join(dir, file))
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith(join('tests', 'e2e'))),
)
  .map((file) => ({ file, source: readFileSync(file, 'utf8') }))
  .filter(({ source }) => !source.startsWith(JSDOM_MARKER))
  .filter(({ file }) => file !== join('tests', 'node-suite-hygiene.test.ts'))

/** What leaks out of a shared module graph, each with the way to do without it. */
const LEAKS: Array<[RegExp, string]> = [
  [/\bvi\.(do)?mock\(/, 'vi.mock: pass the dependency as a parameter, or mock at the network edge with MSW'],
  [/\bvi\.stubEnv\(/, 'vi.stubEnv: pass the setting as a parameter (parseEnv({...}))'],
  [/\bvi\.stubGlobal\(/, 'vi.stubGlobal: pass the dependency as a parameter'],
  [/\bprocess\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)/, 'a write to process.env: pass the setting as a parameter'],
  [/\bdelete\s+process\.env\b/, 'deleting from process.env'],
  [/Object\.assign\(\s*process\.env\b/, 'Object.assign(process.env, …)'],
]

const count = (source: string, pattern: RegExp) => source.match(new RegExp(pattern.source, 'g'))?.length ?? 0

describe('node unit suites leave the shared process as they found it (decision 061)', () => {
  it('finds the node suites', () => {
    expect(nodeSuites.length).toBeGreaterThan(50)
  })

  it.each(nodeSuites.map(({ file }) => file))('%s mocks no module, stubs no environment and writes no process.env', (file) => {
    const { source } = nodeSuites.find((suite) => suite.file === file)!
    const found = LEAKS.filter(([pattern]) => pattern.test(source)).map(([, why]) => why)
    expect(found).toEqual([])
  })

  it.each(nodeSuites.filter(({ source }) => /useFakeTimers\(/.test(source)).map(({ file }) => file))(
    '%s returns to real timers after every switch to fake ones',
    (file) => {
      const { source } = nodeSuites.find((suite) => suite.file === file)!
      const restoredAfterEach = /afterEach\(\s*\(\)\s*=>\s*\{?\s*vi\.useRealTimers\(\)/.test(source)
      expect(restoredAfterEach || count(source, /useRealTimers\(/) >= count(source, /useFakeTimers\(/)).toBe(true)
    },
  )
})
