import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const script = path.resolve('scripts/compile-hints.mjs')
const HINT = '//# allFunctionsCalledOnLoad\n'

describe('scripts/compile-hints.mjs', () => {
  let publicDir: string
  const buildDir = () => path.join(publicDir, 'build')
  const read = (file: string) => readFile(path.join(buildDir(), file), 'utf8')

  beforeEach(async () => {
    publicDir = await mkdtemp(path.join(tmpdir(), 'compile-hints-'))
    await mkdir(path.join(buildDir(), '_shared'), { recursive: true })
    // The shape remix build writes: the browser entry's imports are the framework chunks.
    const manifest = {
      entry: { module: '/build/entry.client-A.js', imports: ['/build/_shared/chunk-REACT.js', '/build/_shared/chunk-HELPERS.js'] },
      routes: { root: { id: 'root', module: '/build/root-B.js', imports: ['/build/_shared/chunk-UI.js'] } },
    }
    await writeFile(path.join(buildDir(), 'manifest-C.js'), `window.__remixManifest=${JSON.stringify(manifest)};`)
    for (const file of ['entry.client-A.js', 'root-B.js', '_shared/chunk-REACT.js', '_shared/chunk-HELPERS.js', '_shared/chunk-UI.js']) {
      await writeFile(path.join(buildDir(), file), `import"x";var ${path.basename(file, '.js').replace(/\W/g, '_')}=1;`)
    }
  })
  afterEach(() => rm(publicDir, { recursive: true, force: true }))

  it('puts the hint as the first line of the entry imports, and nowhere else', async () => {
    await run('node', [script, buildDir()])
    expect(await read('_shared/chunk-REACT.js')).toBe(`${HINT}import"x";var chunk_REACT=1;`)
    expect(await read('_shared/chunk-HELPERS.js')).toBe(`${HINT}import"x";var chunk_HELPERS=1;`)
    for (const file of ['entry.client-A.js', 'root-B.js', '_shared/chunk-UI.js']) expect(await read(file)).not.toContain('allFunctionsCalledOnLoad')
  })

  it('adds it once when run twice', async () => {
    await run('node', [script, buildDir()])
    await run('node', [script, buildDir()])
    expect((await read('_shared/chunk-REACT.js')).match(/allFunctionsCalledOnLoad/g)).toHaveLength(1)
  })

  it('fails loudly without a manifest (no build yet)', async () => {
    await rm(path.join(buildDir(), 'manifest-C.js'))
    await expect(run('node', [script, buildDir()])).rejects.toThrow(/no manifest/)
  })
})
