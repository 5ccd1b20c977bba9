import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '#app/env.server.ts'
import { createOrReplace } from '#app/lake/lake.server.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { studioSecret } from '#tests/preview-secret.ts'
import {
  hasSecretShape,
  isSanityTimeout,
  issuePreview,
  parsePerspective,
  perspectiveParam,
  PREVIEW_LIFETIME_SECONDS,
  PreviewTimeoutError,
  previewAvailable,
  previewCookie,
  readPreview,
  secretDigest,
  studioUrl,
  withSanityDeadline,
  type PreviewEnv,
} from './preview.server'

const SANITY = { SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production', SANITY_WRITE_TOKEN: 'write-token' }
const env = parseEnv({ ...SANITY, SANITY_VIEWER_TOKEN: 'viewer-token', SITE_URL: 'https://www.example.de' }) as PreviewEnv

describe('when there is a preview', () => {
  it('only with a Sanity project and a viewer token', () => {
    expect(previewAvailable(env)).toBe(true)
    expect(previewAvailable(parseEnv(SANITY))).toBe(false)
    expect(previewAvailable(parseEnv({}))).toBe(false)
  })

  it('refuses a viewer token without a project: the embedded lake has no drafts', () => {
    expect(() => parseEnv({ SANITY_VIEWER_TOKEN: 'viewer-token' })).toThrow(/SANITY_VIEWER_TOKEN gilt nur zusammen mit SANITY_PROJECT_ID/)
  })

  it('the Studio is under the site unless SANITY_STUDIO_URL says otherwise', () => {
    expect(studioUrl(env)).toBe('https://www.example.de/studio')
    expect(studioUrl(parseEnv({ ...SANITY, SANITY_STUDIO_URL: 'https://ruhrstern.sanity.studio' }))).toBe('https://ruhrstern.sanity.studio')
  })
})

describe('the perspective the Studio passes', () => {
  it.each([
    [null, 'drafts'],
    ['drafts', 'drafts'],
    ['previewDrafts', 'drafts'],
    ['published', 'published'],
    ['rNeujahr,drafts', ['rNeujahr', 'drafts']],
    ['rA,rB,drafts', ['rA', 'rB', 'drafts']],
    ['rA1b2C3d4', ['rA1b2C3d4']],
  ])('%s → %j', (value, expected) => {
    expect(parsePerspective(value)).toEqual(expected)
    expect(perspectiveParam(parsePerspective(value)!)).toBe(Array.isArray(expected) ? expected.join(',') : expected)
  })

  it.each([
    // raw shows drafts and published side by side (security review 2026-11-27, finding 2).
    'raw',
    'rNeujahr,raw',
    'raw,drafts',
    // Not release ids, or drafts not last.
    'spring,drafts',
    'drafts,rNeujahr',
    'rNeujahr,published',
    'r',
    'rNeujahr,"drafts"',
    'rNeujahr, drafts',
    'a b',
    Array.from({ length: 11 }, (_, index) => `r${index}`).join(','),
  ])('%s is refused', (value) => {
    expect(parsePerspective(value)).toBeUndefined()
  })
})

describe('the deadline for Sanity', () => {
  it('is a timeout whether the request ignores the signal or gives up when aborted', async () => {
    const ignores = withSanityDeadline(() => new Promise<never>(() => {}), 20)
    await expect(ignores).rejects.toBeInstanceOf(PreviewTimeoutError)
    // A request that rejects as soon as it is aborted (the client's AbortError) still counts as the timeout.
    const aborts = withSanityDeadline(
      (signal) => new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      20,
    )
    await expect(aborts).rejects.toBeInstanceOf(PreviewTimeoutError)
    await expect(withSanityDeadline(async () => 'answer', 20)).resolves.toBe('answer')
    expect(isSanityTimeout(Object.assign(new Error('Connection timed out on request'), { code: 'ETIMEDOUT' }))).toBe(true)
    expect(isSanityTimeout(new Error('fetch failed'))).toBe(false)
  })
})

describe('the shape of a Studio secret', () => {
  it('accepts what the Studio generates, refuses guesses without asking anyone', () => {
    for (let index = 0; index < 20; index++) expect(hasSecretShape(studioSecret())).toBe(true)
    for (const guess of ['falsch', 'abc', 'guess1', 'a'.repeat(43), `${studioSecret()}x`, studioSecret().slice(1), 'GOODSECRET0123456789abcdefghij']) {
      expect(hasSecretShape(guess), guess).toBe(false)
    }
  })
})

describe('the preview cookie', () => {
  let test: TestLake
  let lakeEnv: PreviewEnv
  const secret = studioSecret()
  const grant = 'sanity-preview-url-secret.codec'
  const value = (header: string) => header.split(';')[0]!
  const grantReads = () => test.requests.filter((request) => request.searchParams.get('tag')?.endsWith('site.preview-grant')).length

  beforeAll(async () => {
    test = await openTestLake('sanity')
    lakeEnv = test.env as PreviewEnv
    await createOrReplace(test.lake, { _id: grant, _type: 'sanity.previewUrlSecret', secret, studioUrl: 'http://localhost/studio' })
  })
  afterAll(() => test.close())

  it('is HttpOnly, Secure and SameSite=None (the page lives in the Studio’s frame), for 8 hours', async () => {
    const header = await issuePreview(lakeEnv, { perspective: 'drafts', grant, sum: secretDigest(secret) })
    expect(header).toMatch(/^__sanity_preview=/)
    expect(header).toContain('HttpOnly')
    expect(header).toContain('Secure')
    expect(header).toContain('SameSite=None')
    expect(header).toContain(`Max-Age=${PREVIEW_LIFETIME_SECONDS}`)
    expect(PREVIEW_LIFETIME_SECONDS).toBe(8 * 60 * 60)
  })

  it('carries issue time, expiry and the grant, and opens the preview only when this server signed it', async () => {
    const now = Date.now()
    const cookie = value(await issuePreview(lakeEnv, { perspective: ['rNeujahr', 'drafts'], grant, sum: secretDigest(secret) }))
    const payload = JSON.parse(Buffer.from(decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!, 'base64').toString('utf8')) as Record<string, unknown>
    expect(payload).toEqual({ perspective: 'rNeujahr,drafts', iat: expect.any(Number), exp: expect.any(Number), grant, sum: secretDigest(secret) })
    expect((payload.exp as number) - (payload.iat as number)).toBe(PREVIEW_LIFETIME_SECONDS)
    expect(JSON.stringify(payload)).not.toContain(secret)
    expect(await readPreview(cookie, lakeEnv, test.lake, now)).toEqual({ perspective: ['rNeujahr', 'drafts'], grant, exp: payload.exp })
    // The same value signed with another server's key, or tampered with: a visitor.
    const other = parseEnv({ ...SANITY, SANITY_VIEWER_TOKEN: 'other-token' }) as PreviewEnv
    const foreign = value(await issuePreview(other, { perspective: 'drafts', grant, sum: secretDigest(secret) }))
    expect(await readPreview(foreign, lakeEnv, test.lake, now)).toBeUndefined()
    expect(
      await readPreview(
        cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
        lakeEnv,
        test.lake,
        now,
      ),
    ).toBeUndefined()
    expect(await readPreview('__sanity_preview=eyJwZXJzcGVjdGl2ZSI6ImRyYWZ0cyJ9', lakeEnv, test.lake, now)).toBeUndefined()
    // Without a viewer token nothing is read at all.
    expect(await readPreview(cookie, parseEnv(SANITY), test.lake, now)).toBeUndefined()
    expect(await readPreview(undefined, lakeEnv, test.lake, now)).toBeUndefined()
  })

  it('refuses the old format, signed with the real key: no expiry, no grant', async () => {
    const old = value(await previewCookie(lakeEnv).serialize({ perspective: 'drafts' }))
    expect(await readPreview(old, lakeEnv, test.lake)).toBeUndefined()
    const noGrant = value(await previewCookie(lakeEnv).serialize({ perspective: 'drafts', iat: 1, exp: 2 ** 31 }))
    expect(await readPreview(noGrant, lakeEnv, test.lake)).toBeUndefined()
  })

  it('refuses a `raw` perspective or a malformed value, even signed with the real key', async () => {
    const iat = Math.floor(Date.now() / 1000)
    const sign = (payload: unknown) => previewCookie(lakeEnv).serialize(payload).then(value)
    const good = { perspective: 'drafts', iat, exp: iat + 60, grant, sum: secretDigest(secret) }
    expect(await readPreview(await sign(good), lakeEnv, test.lake)).toBeDefined()
    for (const bad of [
      { ...good, perspective: 'raw' },
      { ...good, perspective: 'rNeujahr,raw' },
      { ...good, iat: String(iat) },
      { ...good, exp: iat + 0.5 },
      { ...good, grant: '' },
      { ...good, sum: undefined },
      // Longer than a preview may last.
      { ...good, exp: iat + PREVIEW_LIFETIME_SECONDS + 1 },
      'drafts',
      null,
    ]) {
      expect(await readPreview(await sign(bad), lakeEnv, test.lake), JSON.stringify(bad)).toBeUndefined()
    }
  })

  it('ends at its expiry, whatever the browser does with Max-Age', async () => {
    const iat = Math.floor(Date.now() / 1000)
    const cookie = value(await issuePreview(lakeEnv, { perspective: 'drafts', grant, sum: secretDigest(secret), iat }))
    const exp = iat + PREVIEW_LIFETIME_SECONDS
    expect(await readPreview(cookie, lakeEnv, test.lake, (exp - 1) * 1000)).toBeDefined()
    expect(await readPreview(cookie, lakeEnv, test.lake, exp * 1000)).toBeUndefined()
    expect(await readPreview(cookie, lakeEnv, test.lake, (exp + 3600) * 1000)).toBeUndefined()
  })

  it('ends when its grant is gone, noticed at the next check; Sanity is asked at most once per interval and grant', async () => {
    const own = studioSecret()
    const ownGrant = 'sanity-preview-url-secret.revoked'
    await createOrReplace(test.lake, { _id: ownGrant, _type: 'sanity.previewUrlSecret', secret: own, studioUrl: 'http://localhost/studio' })
    const cookie = value(await issuePreview(lakeEnv, { perspective: 'drafts', grant: ownGrant, sum: secretDigest(own) }))
    const start = Date.now()
    const before = grantReads()
    expect(await readPreview(cookie, lakeEnv, test.lake, start)).toBeDefined()
    expect(await readPreview(cookie, lakeEnv, test.lake, start + 1000)).toBeDefined()
    expect(grantReads()).toBe(before + 1)

    await test.lake.mutate([{ delete: { id: ownGrant } }])
    // Within the interval the answer stands; after it, Sanity says the grant is gone.
    const interval = lakeEnv.PREVIEW_GRANT_CHECK_SECONDS * 1000
    expect(await readPreview(cookie, lakeEnv, test.lake, start + interval - 1)).toBeDefined()
    expect(await readPreview(cookie, lakeEnv, test.lake, start + interval)).toBeUndefined()
    expect(grantReads()).toBe(before + 2)
  })

  it('ends when the share link was switched off and on again: same id, a new secret', async () => {
    const first = studioSecret()
    const share = 'sanity-preview-url-secret.share-access'
    await createOrReplace(test.lake, { _id: share, _type: 'sanity.previewUrlShareAccess', secret: first })
    const cookie = value(await issuePreview(lakeEnv, { perspective: 'drafts', grant: share, sum: secretDigest(first) }))
    const noCache = { ...lakeEnv, PREVIEW_GRANT_CHECK_SECONDS: 0 }
    expect(await readPreview(cookie, noCache, test.lake)).toBeDefined()
    await createOrReplace(test.lake, { _id: share, _type: 'sanity.previewUrlShareAccess', secret: studioSecret() })
    expect(await readPreview(cookie, noCache, test.lake)).toBeUndefined()
  })
})
