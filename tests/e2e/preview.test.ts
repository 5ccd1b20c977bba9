import { type APIRequestContext } from '@playwright/test'
import { FAKE_SANITY_PORT, SANITY_BACKED_PORT } from '../../playwright.config'
import { studioSecret } from '../preview-secret'
import { expect, test, uniqueName } from './playwright-utils'

/*
 * The Studio's preview on the Sanity-backed production server (issue 14, docs/decisions/031): the
 * fake Sanity API holds a draft and a release version of /about that differ from the published
 * page, and a preview secret as the Presentation tool writes one. Visitors keep seeing the published
 * page, from the cache; staff who come through the secret see the draft, stega-encoded, uncached.
 */

const site = `http://localhost:${SANITY_BACKED_PORT}`
const fakeSanity = `http://127.0.0.1:${FAKE_SANITY_PORT}`
/** The invisible characters stega encoding adds to a string. */
const STEGA = /[\u200b-\u200d\u2060\ufeff]/

async function sanity(request: APIRequestContext, path: string, body?: unknown) {
  const headers = { 'x-sanity-project-id': 'e2e-project', authorization: 'Bearer e2e-write-token', 'content-type': 'application/json' }
  const response =
    body === undefined ? await request.get(`${fakeSanity}${path}`, { headers }) : await request.post(`${fakeSanity}${path}`, { headers, data: body })
  expect(response.ok(), await response.text()).toBe(true)
  return response.json() as Promise<{ result?: unknown }>
}

const mutate = (request: APIRequestContext, mutations: unknown[]) => sanity(request, '/v2025-02-19/data/mutate/production?returnIds=true', { mutations })

test.describe('preview mode for staff in the Studio', () => {
  test('visitors get the published page; the secret opens drafts and releases, stega-encoded and never cached', async ({ page, request }) => {
    const marker = uniqueName('Entwurf')
    const { result } = await sanity(request, `/v2025-02-19/data/query/production?query=${encodeURIComponent('*[_id == "page-about"][0]')}&perspective=raw`)
    const about = result as { sections: Array<{ _type: string; heading?: string }> } & Record<string, unknown>
    const withHeading = (heading: string) => ({ ...about, sections: about.sections.map((section, index) => (index === 0 ? { ...section, heading } : section)) })
    const secret = studioSecret()
    await mutate(request, [
      { createOrReplace: { ...withHeading(`Über uns – ${marker}`), _id: 'drafts.page-about' } },
      { createOrReplace: { ...withHeading(`Über uns – Release ${marker}`), _id: 'versions.rNeujahr.page-about' } },
      { createOrReplace: { _id: `sanity-preview-url-secret.${secret}`, _type: 'sanity.previewUrlSecret', secret, studioUrl: `${site}/studio` } },
    ])

    // A visitor: the published heading, no stega, and from the second request on the cached page.
    // (Tests in parallel write to the same lake, and every write starts the cache over: ask again.)
    let visitor = await request.get(`${site}/about`)
    await expect(async () => {
      visitor = await request.get(`${site}/about`)
      expect(visitor.headers()['x-cache']).toBe('HIT')
    }).toPass({ timeout: 15_000 })
    const published = await visitor.text()
    expect(published).toContain('Über uns: Ihr Autohändler aus Essen seit 2009')
    expect(published).not.toContain(marker)
    expect(published).not.toMatch(STEGA)
    expect(visitor.headers()['content-security-policy']).toContain("frame-ancestors 'none'")

    // A wrong secret: 401, no cookie.
    const wrong = await request.get(`${site}/api/preview-mode/enable?sanity-preview-secret=falsch&sanity-preview-pathname=/about`, { maxRedirects: 0 })
    expect(wrong.status()).toBe(401)
    expect(wrong.headers()['set-cookie']).toBeUndefined()
    expect((await wrong.json()) as unknown).toEqual({ error: expect.stringContaining('ungültig') })

    // Staff come through the Presentation tool's URL: the draft, stega-encoded, private, framable by the Studio.
    const overlays = page.waitForRequest(/\/build\/_preview\/overlays-[A-Z0-9]+\.js$/)
    const entered = await page.goto(`${site}/api/preview-mode/enable?sanity-preview-secret=${secret}&sanity-preview-pathname=/about`)
    expect(new URL(page.url()).pathname).toBe('/about')
    const headers = entered!.headers()
    expect(headers['cache-control']).toBe('private, no-store')
    expect(headers['x-cache']).toBe('BYPASS')
    expect(headers['content-security-policy']).toContain(`frame-ancestors ${site}`)
    const heading = page.getByRole('heading', { level: 1 })
    await expect(heading).toContainText(marker)
    expect(await heading.textContent()).toMatch(STEGA)
    await overlays
    await expect(page.getByRole('status').filter({ hasText: 'Vorschau: Entwürfe' })).toBeVisible()
    const [cookie] = (await page.context().cookies(site)).filter((candidate) => candidate.name === '__sanity_preview')
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'None' })

    // Staff type in the Studio: the overlays revalidate the page's data (`.data`), which then holds the new draft.
    await mutate(request, [{ createOrReplace: { ...withHeading(`Über uns – ${marker} getippt`), _id: 'drafts.page-about' } }])
    const revalidated = await page.evaluate(async () => {
      const response = await fetch('/about.data')
      return { text: await response.text(), cacheControl: response.headers.get('cache-control') }
    })
    expect(revalidated.text).toContain(`${marker} getippt`)
    expect(revalidated.cacheControl).toBe('private, no-store')

    // Meanwhile visitors still get the published page (the fake API's webhook announced the draft
    // write, so the cache starts over), and the cached copy is the published one: no preview was kept.
    // (As above: a write by a test in parallel starts the cache over, so ask until the copy is served.)
    await expect(async () => {
      const during = await request.get(`${site}/about`)
      expect(await during.text()).not.toContain(marker)
      expect(during.headers()['x-cache']).toBe('HIT')
    }).toPass({ timeout: 15_000 })

    // A release: what /about will show once „Neujahr“ is published. The Studio reloads its frame
    // with the same secret; this browser holds its grant, so the used secret lets it in again.
    await page.goto(`${site}/api/preview-mode/enable?sanity-preview-secret=${secret}&sanity-preview-pathname=/about&sanity-preview-perspective=rNeujahr,drafts`)
    await expect(heading).toContainText(`Release ${marker}`)
    await expect(page.getByRole('status').filter({ hasText: 'Vorschau: Release rNeujahr' })).toBeVisible()

    // Another site cannot end the preview (an image pointing at the disable route): the cookie stays.
    const foreign = await page.request.get(`${site}/api/preview-mode/disable`, {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
      maxRedirects: 0,
    })
    expect(foreign.status()).toBe(403)
    expect((await page.context().cookies(site)).some((candidate) => candidate.name === '__sanity_preview')).toBe(true)

    // Leaving through the note's link: the published page again, and no cookie.
    await page.getByRole('link', { name: 'Vorschau beenden' }).click()
    await expect(page).toHaveURL(`${site}/about`)
    await expect(heading).toHaveText('Über uns: Ihr Autohändler aus Essen seit 2009')
    expect((await page.context().cookies(site)).some((candidate) => candidate.name === '__sanity_preview')).toBe(false)
  })

  test('every kind of document shows its draft: the settings on every page, the home page, a vehicle', async ({ page, request }) => {
    const marker = uniqueName('Entwurf')
    const read = async (id: string) =>
      (await sanity(request, `/v2025-02-19/data/query/production?query=${encodeURIComponent(`*[_id == "${id}"][0]`)}&perspective=raw`)).result as Record<
        string,
        any
      >
    const [settings, home, vehicle] = await Promise.all([read('siteSettings'), read('homePage'), read('vehicle-1')])
    const secret = studioSecret()
    await mutate(request, [
      { createOrReplace: { ...settings, _id: 'drafts.siteSettings', footerText: `Fußzeile ${marker}` } },
      {
        createOrReplace: {
          ...home,
          _id: 'drafts.homePage',
          heroSlides: [{ ...home.heroSlides[0], titleLine1: `START ${marker}` }, ...home.heroSlides.slice(1)],
        },
      },
      { createOrReplace: { ...vehicle, _id: 'drafts.vehicle-1', price: 27_500 } },
      { createOrReplace: { _id: `sanity-preview-url-secret.${secret}`, _type: 'sanity.previewUrlSecret', secret, studioUrl: `${site}/studio` } },
    ])
    try {
      await page.goto(`${site}/api/preview-mode/enable?sanity-preview-secret=${secret}&sanity-preview-pathname=/`)
      await expect(page.getByRole('contentinfo')).toContainText(`Fußzeile ${marker}`)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`START ${marker}`)
      await page.goto(`${site}/vehicles/1`)
      await expect(page.getByRole('contentinfo')).toContainText(`Fußzeile ${marker}`)
      await expect(page.getByText('27.500 €').first()).toBeVisible()
      // Visitors: none of it.
      const visitor = await (await request.get(`${site}/vehicles/1`)).text()
      expect(visitor).not.toContain(marker)
      expect(visitor).not.toContain('27.500')
    } finally {
      await mutate(request, [{ delete: { id: 'drafts.siteSettings' } }, { delete: { id: 'drafts.homePage' } }, { delete: { id: 'drafts.vehicle-1' } }])
    }
  })
})
