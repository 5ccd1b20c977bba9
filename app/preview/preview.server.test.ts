import { describe, expect, it } from 'vitest'
import { parseEnv } from '#app/env.server.ts'
import { parsePerspective, perspectiveParam, previewAvailable, previewCookie, readPreview, studioUrl, type PreviewEnv } from './preview.server'

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
    // Malformed: drafts, never a query-string injection.
    ['rNeujahr,"drafts"', 'drafts'],
    ['a b', 'drafts'],
    [Array.from({ length: 11 }, (_, index) => `r${index}`).join(','), 'drafts'],
  ])('%s → %j', (value, expected) => {
    expect(parsePerspective(value)).toEqual(expected)
    expect(perspectiveParam(parsePerspective(value))).toBe(Array.isArray(expected) ? expected.join(',') : expected)
  })
})

describe('the preview cookie', () => {
  it('is HttpOnly, Secure and SameSite=None (the page lives in the Studio’s frame), for 8 hours', async () => {
    const header = await previewCookie(env).serialize({ perspective: 'drafts' })
    expect(header).toMatch(/^__sanity_preview=/)
    expect(header).toContain('HttpOnly')
    expect(header).toContain('Secure')
    expect(header).toContain('SameSite=None')
    expect(header).toContain('Max-Age=28800')
  })

  it('opens the preview only when this server signed it', async () => {
    const header = await previewCookie(env).serialize({ perspective: 'rNeujahr,drafts' })
    const cookie = header.split(';')[0]!
    expect(await readPreview(cookie, env)).toEqual({ perspective: ['rNeujahr', 'drafts'] })
    // The same value signed with another server's key, or tampered with: a visitor.
    const other = parseEnv({ ...SANITY, SANITY_VIEWER_TOKEN: 'other-token' }) as PreviewEnv
    const foreign = (await previewCookie(other).serialize({ perspective: 'drafts' })).split(';')[0]!
    expect(await readPreview(foreign, env)).toBeUndefined()
    expect(
      await readPreview(
        cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
        env,
      ),
    ).toBeUndefined()
    expect(await readPreview('__sanity_preview=eyJwZXJzcGVjdGl2ZSI6ImRyYWZ0cyJ9', env)).toBeUndefined()
    // Without a viewer token nothing is read at all.
    expect(await readPreview(cookie, parseEnv(SANITY))).toBeUndefined()
    expect(await readPreview(undefined, env)).toBeUndefined()
  })
})
