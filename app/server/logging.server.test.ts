import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

describe('logFatalErrors', () => {
  for (const [crash, message] of [
    ['exception', 'Verbindung verloren'],
    ['rejection', 'Verbindung verloren (Ablehnung)'],
  ] as const) {
    it(`an uncaught ${crash} is one JSON line with its stack, nothing unstructured, and exit code 1`, () => {
      const run = spawnSync('node', ['--import', 'tsx', 'tests/fixtures/crash.ts'], {
        env: { ...process.env, CRASH: crash },
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(run.status).toBe(1)
      expect(run.stderr).toBe('')
      const lines = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
      const fatal = lines.find((line) => line.level === 60)
      expect(fatal).toMatchObject({ msg: 'Unerwarteter Fehler: der Server beendet sich', err: { message, stack: expect.stringContaining('crash.ts') } })
      // Lines buffered before the crash are not lost.
      expect(lines.some((line) => line.msg === 'Bereit')).toBe(true)
    })
  }
})
