import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ROOT } from './testing/dataset'

const run = promisify(execFile)

describe('sanity schema validate', () => {
  it('accepts the Studio schema offline, without errors or warnings', async () => {
    // `--format json` prints the list of problems; the CLI exits non-zero when one is an error.
    const { stdout, stderr } = await run(path.join(ROOT, 'node_modules/.bin/sanity'), ['schema', 'validate', '--format', 'json', '--level', 'warning'], {
      cwd: path.join(ROOT, 'studio'),
      // CI: the CLI's one-time telemetry notice („… on general usage and errors“) goes to stderr on a machine's first run
      // unless it thinks it runs in CI; DO_NOT_TRACK does not silence it.
      env: { ...process.env, SANITY_OFFLINE: '1', DO_NOT_TRACK: '1', NO_COLOR: '1', CI: 'true' },
      timeout: 120_000,
    })
    const problems: unknown = JSON.parse(stdout)
    expect(problems).toEqual([])
    expect(stderr).not.toMatch(/error/i)
  }, 120_000)
})
