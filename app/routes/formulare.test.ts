import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leadFormAction } from '~/leads/lead.server'
import { BACKENDS, openTestLake, type TestLake } from '../../tests/lake-backends'
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
  it('is not indexed and posts to leadFormAction', () => {
    expect(meta({} as Parameters<typeof meta>[0])).toContainEqual({ name: 'robots', content: 'noindex, nofollow' })
    expect(action).toBe(leadFormAction)
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
    expect(new Set(STORY_SECTIONS.map((section) => section.form.kind)).size).toBe(8)
  })
})
