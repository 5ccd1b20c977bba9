import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { withoutSecrets } from './logging.server'

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

describe('withoutSecrets: the access line never holds the preview secret', () => {
  it.each([
    ['/about', '/about'],
    [
      '/api/preview-mode/enable?sanity-preview-secret=GOODSECRET123&sanity-preview-pathname=/about',
      '/api/preview-mode/enable?sanity-preview-secret=…&sanity-preview-pathname=/about',
    ],
    ['/x?a=1&sanity-preview-secret=GOODSECRET123#top', '/x?a=1&sanity-preview-secret=…#top'],
    // Spelled another way, still the parameter the route reads.
    ['/x?sanity%2Dpreview-secret=GOODSECRET123&sanity-preview-secret=GOODSECRET123', '/x?sanity%2Dpreview-secret=…&sanity-preview-secret=…'],
    ['/x?sanity-preview-secret', '/x?sanity-preview-secret=…'],
    ['/x?q=%E0&other=1', '/x?q=%E0&other=1'],
  ])('%s', (target, logged) => {
    expect(withoutSecrets(target)).toBe(logged)
    expect(withoutSecrets(target)).not.toContain('GOODSECRET')
  })
})
