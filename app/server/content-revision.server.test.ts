import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EmbeddedLake } from '#app/sanity/embedded-lake.server.ts'
import { type ContentLake } from '#app/sanity/lake.server.ts'
import { openTestLake } from '#tests/lake-backends.ts'
import { ContentRevision, observeLake, trackRequest } from './content-revision.server'

describe('observeLake', () => {
  it('counts every write of the embedded lake and leaves it an EmbeddedLake', async () => {
    const test = await openTestLake('embedded', path.resolve('tests/fixtures/mini-dataset'))
    try {
      const revision = new ContentRevision()
      const lake = observeLake(test.lake, revision)
      expect(lake).toBeInstanceOf(EmbeddedLake)
      await lake.mutate([{ create: { _type: 'contactMessage', name: 'A' } }])
      await lake.mutate([{ create: { _type: 'contactMessage', name: 'B' } }])
      expect(revision.current).toBe(2)
      expect(await lake.fetch<number>('count(*[_type == "contactMessage"])')).toBeGreaterThanOrEqual(2)
    } finally {
      await test.close()
    }
  })

  it('marks the current request when a read fails, and only that one', async () => {
    const revision = new ContentRevision()
    const unreachable: ContentLake = {
      kind: 'sanity',
      fetch: async () => Promise.reject(new Error('down')),
      mutate: async () => ({ transactionId: '', results: [], documents: [] }),
    }
    const lake = observeLake(unreachable, revision)
    const failing = trackRequest(() => lake.fetch('*').catch(() => 'note'))
    const quiet = trackRequest(async () => 'no lake read')
    await Promise.all([failing.result, quiet.result])
    expect(failing.state.readFailed).toBe(true)
    expect(quiet.state.readFailed).toBe(false)
    // Outside a request nothing is marked and the error still reaches the caller.
    await expect(lake.fetch('*')).rejects.toThrow('down')
    expect(revision.current).toBe(0)
  })
})
