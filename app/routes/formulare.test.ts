import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '#app/env.server.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { action, loader, meta, STORY_SECTIONS } from './formulare'

describe.each(BACKENDS)('/formulare on the %s lake', (backend) => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake(backend, 'tests/fixtures/mini-dataset')
  })
  afterAll(() => test.close())

  it('loads the published vehicle 1 for the enquiry (never its draft)', async () => {
    const result = await loader({ request: new Request('http://localhost/formulare'), params: {}, context: { lake: test.lake, env: test.env } })
    expect(result).toEqual({ vehicle: { id: '1', make: 'VW', model: 'Golf' } })
  })
})

describe('/formulare', () => {
  it('is not indexed', () => {
    expect(meta({} as Parameters<typeof meta>[0])).toContainEqual({ name: 'robots', content: 'noindex, nofollow' })
  })

  it('answers 404 in production unless FORMS_PAGE=true, for reads and posts; nothing is stored', async () => {
    const lake = {
      kind: 'embedded',
      fetch: () => Promise.reject(new Error('must not read')),
      mutate: () => Promise.reject(new Error('must not write')),
    } as unknown as ContentLake
    const context = { lake, env: parseEnv({ NODE_ENV: 'production' }) }
    const get = loader({ request: new Request('http://localhost/formulare'), params: {}, context })
    await expect(get).rejects.toMatchObject({ status: 404 })
    const post = action({ request: new Request('http://localhost/formulare', { method: 'POST', body: 'leadKind=valuation' }), params: {}, context })
    await expect(post).rejects.toMatchObject({ status: 404 })
  })

  it('shows every lead form of the site under a unique, valid anchor', () => {
    const anchors = STORY_SECTIONS.map((section) => section.id)
    expect(anchors).toEqual([
      'fahrzeug-anfrage',
      'bewertung-sonsbeck',
      'bewertung-uedem',
      'bewertung-muenster',
      'bmw-ankauf',
      'mercedes-ankauf',
      'audi-ankauf',
      'studenten-ankauf',
      'gebrauchtwagen-anfrage',
      'export-anfrage',
      'haendler-registrierung',
    ])
    for (const anchor of anchors) expect(anchor).toMatch(/^[a-z0-9-]{1,40}$/)
    expect(new Set(STORY_SECTIONS.map((section) => section.form.form.kind)).size).toBe(8)
  })
})
