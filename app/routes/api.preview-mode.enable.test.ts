import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrReplace } from '#app/sanity/lake.server.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { loader as disable } from './api.preview-mode.disable'
import { loader as enable } from './api.preview-mode.enable'

/* The Presentation tool's way into the preview, against the fake Sanity API (MSW at the network edge). */

const SECRET = 'geheimnis-0123456789'

describe('GET /api/preview-mode/enable and /disable', () => {
  let test: TestLake
  const call = (handler: typeof enable, query: string, lake = test) =>
    handler({ request: new Request(`http://localhost/api/preview-mode/x?${query}`), params: {}, context: { lake: lake.lake, env: lake.env } })

  beforeAll(async () => {
    test = await openTestLake('sanity')
    await createOrReplace(test.lake, {
      _id: 'sanity-preview-url-secret.fresh',
      _type: 'sanity.previewUrlSecret',
      secret: SECRET,
      studioUrl: 'http://localhost/studio',
    })
  })
  afterAll(() => test.close())

  it('with the Studio’s secret: the cookie, and on to the page with the Studio’s perspective', async () => {
    const response = await call(enable, `sanity-preview-secret=${SECRET}&sanity-preview-pathname=/about&sanity-preview-perspective=rNeujahr,drafts`)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/about?sanity-preview-perspective=rNeujahr%2Cdrafts')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('set-cookie')).toMatch(/^__sanity_preview=.+; Max-Age=28800; Path=\/; HttpOnly; Secure; SameSite=None$/)
    // The secret was read with the viewer token, not the write token.
    const read = test.requests.findLast((request) => request.searchParams.get('query')?.includes('sanity.previewUrlSecret'))
    expect(read?.headers.authorization).toBe('Bearer test-viewer-token')
  })

  it.each([
    ['no secret', 'sanity-preview-pathname=/about', 'fehlt'],
    ['a wrong secret', 'sanity-preview-secret=falsch&sanity-preview-pathname=/about', 'ungültig'],
  ])('%s: 401 in German, no cookie', async (_case, query, words) => {
    const response = await call(enable, query)
    expect(response.status).toBe(401)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(await response.json()).toEqual({ error: expect.stringContaining(words) })
  })

  it('never sends the browser to another site', async () => {
    for (const pathname of ['//evil.example/x', 'https://evil.example/x', '/\\evil.example']) {
      const response = await call(enable, `sanity-preview-secret=${SECRET}&sanity-preview-pathname=${encodeURIComponent(pathname)}`)
      expect(response.status, pathname).toBe(302)
      expect(response.headers.get('location'), pathname).toMatch(/^\/(?!\/|\\)/)
    }
  })

  it('disable: clears the cookie and goes back to the page', async () => {
    const response = await call(disable, 'redirect=/about')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/about')
    expect(response.headers.get('set-cookie')).toMatch(/^__sanity_preview=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=None$/)
    // Collapsed into a path of this site.
    expect((await call(disable, 'redirect=//evil.example')).headers.get('location')).toBe('/evil.example')
  })

  it('without a Sanity project there is no preview: 404', async () => {
    const embedded = await openTestLake('embedded')
    try {
      const response = await call(enable, `sanity-preview-secret=${SECRET}`, embedded)
      expect(response.status).toBe(404)
      expect(response.headers.get('set-cookie')).toBeNull()
    } finally {
      await embedded.close()
    }
  })
})
