import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readPreview, type PreviewEnv } from '#app/preview/preview.server.ts'
import { createOrReplace } from '#app/lake/lake.server.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { studioSecret } from '#tests/preview-secret.ts'
import { loader as disable } from './api.preview-mode.disable'
import { loader as enable, MAX_FAILED_ENABLES } from './api.preview-mode.enable'

/* The Presentation tool's way into the preview, against the fake Sanity API (MSW at the network edge). */

let addresses = 0
/** Each test its own client address: the failed-enable limit counts per address. */
const newAddress = () => `192.0.2.${++addresses}`

describe('GET /api/preview-mode/enable and /disable', () => {
  let test: TestLake
  const call = (handler: typeof enable, query: string, { lake = test, address = '192.0.2.200', headers = {} as Record<string, string> } = {}) =>
    handler({
      request: new Request(`http://localhost/api/preview-mode/x?${query}`, { headers }),
      params: {},
      context: { lake: lake.lake, env: lake.env, clientAddress: address },
    })
  /** A secret as the Studio writes one: a document the viewer token can read. */
  const studioWrites = async (id = `sanity-preview-url-secret.${newAddress()}`.replace(/\W/g, '-')) => {
    const secret = studioSecret()
    await createOrReplace(test.lake, { _id: `drafts.${id}`, _type: 'sanity.previewUrlSecret', secret, studioUrl: 'http://localhost/studio' })
    return { secret, id: `drafts.${id}` }
  }
  const secretReads = () => test.requests.filter((request) => request.searchParams.get('tag')?.endsWith('site.preview-enable')).length
  const cookieOf = (response: Response) => response.headers.get('set-cookie')!.split(';')[0]!

  beforeAll(async () => {
    test = await openTestLake('sanity')
  })
  afterAll(() => test.close())

  it('with the Studio’s secret: the cookie for its grant, and on to the page with the Studio’s perspective', async () => {
    const { secret, id } = await studioWrites()
    const response = await call(enable, `sanity-preview-secret=${secret}&sanity-preview-pathname=/about&sanity-preview-perspective=rNeujahr,drafts`)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/about?sanity-preview-perspective=rNeujahr%2Cdrafts')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('set-cookie')).toMatch(/^__sanity_preview=.+; Max-Age=28800; Path=\/; HttpOnly; Secure; SameSite=None$/)
    expect(await readPreview(cookieOf(response), test.env, test.lake)).toEqual({ perspective: ['rNeujahr', 'drafts'], grant: id, exp: expect.any(Number) })
    // The secret was read with the viewer token, not the write token.
    const read = test.requests.findLast((request) => request.searchParams.get('tag')?.endsWith('site.preview-enable'))
    expect(read?.headers.authorization).toBe('Bearer test-viewer-token')
  })

  it('a Studio secret works once: a second client is refused; the browser that used it may switch perspective and keeps its expiry', async () => {
    const { secret } = await studioWrites()
    const first = await call(enable, `sanity-preview-secret=${secret}`)
    expect(first.status).toBe(302)
    expect((await test.stored((await readPreview(cookieOf(first), test.env, test.lake))!.grant))?.usedAt).toEqual(expect.any(String))

    const second = await call(enable, `sanity-preview-secret=${secret}`, { address: newAddress() })
    expect(second.status).toBe(401)
    expect(second.headers.get('set-cookie')).toBeNull()
    expect(await second.json()).toEqual({ error: expect.stringContaining('schon verwendet') })

    const again = await call(enable, `sanity-preview-secret=${secret}&sanity-preview-perspective=rNeujahr,drafts`, { headers: { cookie: cookieOf(first) } })
    expect(again.status).toBe(302)
    const before = await readPreview(cookieOf(first), test.env, test.lake)
    const after = await readPreview(cookieOf(again), test.env, test.lake)
    expect(after).toEqual({ ...before, perspective: ['rNeujahr', 'drafts'] })
  })

  it('the share link works for several people until it is switched off', async () => {
    const secret = studioSecret()
    await createOrReplace(test.lake, {
      _id: 'sanity-preview-url-secret.share-access',
      _type: 'sanity.previewUrlShareAccess',
      secret,
      studioUrl: 'http://localhost/studio',
    })
    const first = await call(enable, `sanity-preview-secret=${secret}`, { address: newAddress() })
    const second = await call(enable, `sanity-preview-secret=${secret}`, { address: newAddress() })
    expect([first.status, second.status]).toEqual([302, 302])
    const noCache = { ...test.env, PREVIEW_GRANT_CHECK_SECONDS: 0 } as PreviewEnv
    expect(await readPreview(cookieOf(second), noCache, test.lake)).toMatchObject({ grant: 'sanity-preview-url-secret.share-access' })
    await createOrReplace(test.lake, { _id: 'sanity-preview-url-secret.share-access', _type: 'sanity.previewUrlShareAccess', secret: null })
    expect((await call(enable, `sanity-preview-secret=${secret}`, { address: newAddress() })).status).toBe(401)
    expect(await readPreview(cookieOf(second), noCache, test.lake)).toBeUndefined()
  })

  it.each([
    ['no secret', 'sanity-preview-pathname=/about', 'fehlt'],
    ['a wrong secret', `sanity-preview-secret=${studioSecret()}&sanity-preview-pathname=/about`, 'ungültig'],
  ])('%s: 401 in German, no cookie', async (_case, query, words) => {
    const response = await call(enable, query, { address: newAddress() })
    expect(response.status).toBe(401)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(await response.json()).toEqual({ error: expect.stringContaining(words) })
  })

  it('a secret the Studio cannot have made costs no request to Sanity', async () => {
    const before = secretReads()
    for (const guess of ['falsch', 'guess1', 'GOODSECRET0123456789abcdefghij', 'a'.repeat(43)]) {
      expect((await call(enable, `sanity-preview-secret=${guess}`, { address: newAddress() })).status).toBe(401)
    }
    expect(secretReads()).toBe(before)
  })

  it('`raw` and other perspectives that are not drafts, published or releases: 400, no cookie, no request', async () => {
    const { secret } = await studioWrites()
    const before = secretReads()
    for (const perspective of ['raw', 'rNeujahr,raw', 'spring,drafts']) {
      const response = await call(enable, `sanity-preview-secret=${secret}&sanity-preview-perspective=${perspective}`, { address: newAddress() })
      expect(response.status, perspective).toBe(400)
      expect(response.headers.get('set-cookie')).toBeNull()
    }
    expect(secretReads()).toBe(before)
    // The secret is still unused.
    expect((await call(enable, `sanity-preview-secret=${secret}`)).status).toBe(302)
  })

  it(`after ${MAX_FAILED_ENABLES} failures an address gets 429 without a request to Sanity, even with a good secret; others go on`, async () => {
    const address = newAddress()
    for (let index = 0; index < MAX_FAILED_ENABLES; index++) {
      expect((await call(enable, `sanity-preview-secret=${studioSecret()}`, { address })).status).toBe(401)
    }
    const { secret } = await studioWrites()
    const before = secretReads()
    const limited = await call(enable, `sanity-preview-secret=${secret}`, { address })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited.json()).toEqual({ error: expect.stringContaining('Zu viele') })
    expect(secretReads()).toBe(before)
    expect((await call(enable, `sanity-preview-secret=${secret}`, { address: newAddress() })).status).toBe(302)
  })

  it('never sends the browser to another site', async () => {
    const { secret } = await studioWrites()
    const first = await call(enable, `sanity-preview-secret=${secret}`)
    const headers = { cookie: cookieOf(first) }
    for (const pathname of ['//evil.example/x', 'https://evil.example/x', '/\\evil.example']) {
      const response = await call(enable, `sanity-preview-secret=${secret}&sanity-preview-pathname=${encodeURIComponent(pathname)}`, { headers })
      expect(response.status, pathname).toBe(302)
      expect(response.headers.get('location'), pathname).toMatch(/^\/(?!\/|\\)/)
    }
  })

  it('disable: clears the cookie and goes back to the page, from this site or typed in', async () => {
    for (const site of [undefined, 'same-origin', 'none']) {
      const response = await call(disable, 'redirect=/about', { headers: site ? { 'sec-fetch-site': site } : {} })
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe('/about')
      expect(response.headers.get('set-cookie')).toMatch(/^__sanity_preview=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=None$/)
    }
    // Collapsed into a path of this site.
    expect((await call(disable, 'redirect=//evil.example')).headers.get('location')).toBe('/evil.example')
  })

  it('disable from another site (an <img>, a link): 403, the cookie stays', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await call(disable, 'redirect=/about', { headers: { 'sec-fetch-site': site, 'sec-fetch-dest': 'image' } })
      expect(response.status, site).toBe(403)
      expect(response.headers.get('set-cookie')).toBeNull()
    }
  })

  it('without a Sanity project there is no preview: 404', async () => {
    const embedded = await openTestLake('embedded')
    try {
      const response = await call(enable, `sanity-preview-secret=${studioSecret()}`, { lake: embedded })
      expect(response.status).toBe(404)
      expect(response.headers.get('set-cookie')).toBeNull()
    } finally {
      await embedded.close()
    }
  })
})
