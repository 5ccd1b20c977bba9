import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findLeaks, forbiddenInClientBuild, secretLiterals } from './build-secrets'

describe('the client-build secret check', () => {
  let dir: string
  const forbidden = forbiddenInClientBuild({ root: process.cwd(), environment: { SANITY_WRITE_TOKEN: 'prod-token-from-ci-xyz', PORT: '3000' } })
  const scan = async (code: string) => {
    await writeFile(path.join(dir, 'nested/route-ABC.js'), code)
    return findLeaks(dir, forbidden).map((leak) => leak.label)
  }

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'client-build-'))
    await mkdir(path.join(dir, 'nested'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('finds nothing in harmless code (NODE_ENV and words containing a name are fine)', async () => {
    expect(await scan('if (process.env.NODE_ENV !== "production") console.log("IMPORT", "SUPPORT", "SITE_URLS")')).toEqual([])
  })

  it('skips the compressed twins of scripts/precompress.mjs (their sources are scanned)', async () => {
    await writeFile(path.join(dir, 'nested/route-ABC.js.br'), 'binary noise that spells PORT by chance')
    await writeFile(path.join(dir, 'nested/route-ABC.js.gz'), 'SANITY_WRITE_TOKEN')
    expect(await scan('export {}')).toEqual([])
    expect(await scan('env.PORT')).toEqual(['the variable name PORT'])
  })

  it('finds a server variable name', async () => {
    expect(await scan('const t = env.SANITY_WRITE_TOKEN')).toEqual(['the variable name SANITY_WRITE_TOKEN'])
    expect(await scan('x={REVALIDATE_SECRET:1}')).toEqual(['the variable name REVALIDATE_SECRET'])
  })

  it('finds the test secrets of playwright.config.ts and the mocks', async () => {
    expect(await scan('fetch(u,{headers:{authorization:"Bearer e2e-write-token"}})')).toEqual(['a test secret from playwright.config.ts'])
    expect(await scan('p="geheim"')).toEqual(['the mobile.de mock password'])
  })

  it('finds the build environment’s secret values, but not harmless values like a port', async () => {
    expect(await scan('t="prod-token-from-ci-xyz"')).toEqual(['the value of SANITY_WRITE_TOKEN in this environment'])
    expect(await scan('port=3000')).toEqual([])
  })

  it('finds anything shaped like a Sanity token', async () => {
    expect(await scan(`t="sk${'a1B2'.repeat(20)}"`)).toEqual(['a Sanity token (sk…)'])
  })

  it('secretLiterals reads secret-looking assignments only', () => {
    expect(secretLiterals("SANITY_WRITE_TOKEN: 'abc-123456', SITE_URL: 'http://x', export const E2E_REVALIDATE_SECRET = 'r-0123456789'")).toEqual([
      'abc-123456',
      'r-0123456789',
    ])
  })
})
