import { readFileSync } from 'node:fs'
import { type Page } from '@playwright/test'
import { Mutation } from '@sanity/mutator'
import { evaluate, parse } from 'groq-js'
import { FIGURES, FIGURE_USAGE_QUERY, figureUsage, figureUsageNote } from '#schemas/lib/figures.ts'
import { SANITY_BACKED_PORT } from '../../playwright.config'
import { expect, test } from './playwright-utils'

/*
 * The built Studio as staff meet it: its deep links and Sanity's intent links must be taken by the
 * Studio's own router (issue 19). It is served only by a site with a Sanity project (the server
 * against the fake Sanity API); the embedded one explains how to connect one instead (issue 14).
 * No Sanity project is reachable from the browser, so it is signed in with a stand-in user
 * (`users/me`) and every other request to Sanity fails, as it would offline. The Studio still
 * routes: it names the pane it opened in the document title before any content loads, and
 * rewrites an intent link to the document's place in the structure.
 */

const sanitySite = `http://localhost:${SANITY_BACKED_PORT}`

const STAND_IN_USER = {
  id: 'pE2eRedaktion',
  name: 'Redaktion',
  email: 'redaktion@example.de',
  role: 'administrator',
  roles: [{ name: 'administrator', title: 'Administrator' }],
}

async function signIn(page: Page) {
  await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) =>
    new URL(route.request().url()).pathname.endsWith('/users/me') ? route.fulfill({ json: STAND_IN_USER }) : route.abort(),
  )
}

type StoredDocument = { _id: string; _type?: string; _rev?: string; [field: string]: unknown }
type Action = { actionType: string; draftId?: string; publishedId?: string; attributes?: StoredDocument; patch?: Record<string, unknown> }

/**
 * Signed in, and Sanity's API answered from the seed dataset (queries with groq-js, documents by
 * id), so the Studio shows the documents as staff would. Edits really write: the Studio 4 sends
 * them to the Actions API (`POST …/data/actions/<dataset>`), and the stand-in applies create, edit,
 * publish and discard to the in-memory dataset as Sanity would, and keeps every action for the test.
 * `route.fulfill` cannot stream, so the listener says welcome and ends, with a short `retry`: the
 * Studio reconnects and fetches the documents again, which is how it sees what was written.
 * `role` is the signed-in user's role ("administrator" or "editor").
 */
async function signInWithSeed(page: Page, { role = 'administrator' }: { role?: string } = {}) {
  /** What the Studio asked for and was refused: named when a test fails, to tell a missing answer from a slow machine. */
  const aborted: string[] = []
  const actions: Action[] = []
  const documents: StoredDocument[] = readFileSync('content/production.ndjson', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => ({ _rev: 'seed', ...(JSON.parse(line) as { _id: string }) }))
  let revision = 0
  const put = (document: StoredDocument) => {
    const stored = { ...document, _rev: `e2e-${++revision}`, _updatedAt: new Date().toISOString() }
    const index = documents.findIndex((candidate) => candidate._id === document._id)
    if (index === -1) documents.push({ ...stored, _createdAt: stored._updatedAt })
    else documents[index] = stored
  }
  const remove = (id: string) => {
    const index = documents.findIndex((candidate) => candidate._id === id)
    if (index !== -1) documents.splice(index, 1)
  }
  const find = (id: string | undefined) => documents.find((candidate) => candidate._id === id)
  function apply(action: Action) {
    const draftId = action.draftId ?? `drafts.${action.publishedId}`
    switch (action.actionType) {
      case 'sanity.action.document.create':
        if (action.attributes) put(action.attributes)
        return
      case 'sanity.action.document.edit': {
        // Revisions are not checked: the stand-in's listener never tells the Studio the new ones.
        const base = find(draftId) ?? { ...find(action.publishedId), _id: draftId }
        const patched = new Mutation({ mutations: [{ patch: { ...action.patch, ifRevisionID: undefined, id: draftId } }] }).apply(
          base as never,
        ) as StoredDocument
        put(patched)
        return
      }
      case 'sanity.action.document.publish': {
        const draft = find(draftId)
        if (!draft) throw new Error(`publish: no draft ${draftId}`)
        put({ ...draft, _id: action.publishedId! })
        remove(draftId)
        return
      }
      case 'sanity.action.document.discard':
        remove(draftId)
        return
      default:
        throw new Error(`The stand-in does not know ${action.actionType}`)
    }
  }
  await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, async (route) => {
    const url = new URL(route.request().url())
    const path = url.pathname
    if (path.endsWith('/users/me')) return route.fulfill({ json: { ...STAND_IN_USER, role, roles: [{ name: role, title: role }] } })
    if (path.endsWith('/acl')) return route.fulfill({ json: [{ filter: '_id in path("**")', permissions: ['read', 'update', 'create', 'history'] }] })
    if (path.includes('/data/actions/') && route.request().method() === 'POST') {
      const body = route.request().postDataJSON() as { actions: Action[]; transactionId?: string }
      try {
        for (const action of body.actions) apply(action)
      } catch (error) {
        return route.fulfill({ status: 409, json: { error: { description: String(error) } } })
      }
      actions.push(...body.actions)
      return route.fulfill({ json: { transactionId: body.transactionId ?? `e2e-${revision}` } })
    }
    if (path.includes('/data/query/')) {
      const params = Object.fromEntries([...url.searchParams].filter(([key]) => key.startsWith('$')).map(([key, value]) => [key.slice(1), JSON.parse(value)]))
      // groq-js only slices by constants; the Studio's lists slice by parameters ([0...$limit]).
      const query = (url.searchParams.get('query') ?? '').replace(/\$(\w+)/g, (name, key: string) =>
        typeof params[key] === 'number' ? String(params[key]) : name,
      )
      const result = await (await evaluate(parse(query), { dataset: documents, params })).get()
      return route.fulfill({ json: { ms: 1, result } })
    }
    if (path.includes('/data/doc/')) {
      const ids = decodeURIComponent(path.split('/').pop() ?? '').split(',')
      return route.fulfill({ json: { documents: documents.filter((document) => ids.includes(document._id)), omitted: [] } })
    }
    if (path.includes('/data/listen/'))
      return route.fulfill({ headers: { 'content-type': 'text/event-stream' }, body: 'retry: 500\nevent: welcome\ndata: {}\n\n' })
    if (path.includes('/history/')) return route.fulfill({ contentType: 'application/json', body: path.includes('/events/') ? '{"events":[]}' : '' })
    // The Studio's per-user settings (list layout, sort order): nothing stored, an array of entries.
    if (path.includes('/keyvalue')) return route.fulfill({ json: [] })
    if (/\/(journey|features)/.test(path)) return route.fulfill({ json: path.includes('/features') ? [] : {} })
    aborted.push(`${route.request().method()} ${path}`)
    return route.abort()
  })
  return { documents, aborted, actions }
}

/** The Studio's bundle is large; on a busy machine it boots in seconds, not milliseconds. */
const BOOT = { timeout: 30_000 }

test.describe('the Studio under /studio', () => {
  test.use({ baseURL: sanitySite })

  test.beforeEach(async ({ page, axe }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'The Studio is for desktop editors')
    axe.skip() // Sanity's own UI, not ours
    await signIn(page)
  })

  const DEEP_LINKS = [
    { path: '/studio', url: '/studio/structure', title: 'Inhalte' },
    { path: '/studio/structure/siteSettings', url: '/studio/structure/siteSettings', title: 'Einstellungen' },
    { path: '/studio/structure/vehicles;vehicles-all', url: '/studio/structure/vehicles;vehicles-all', title: 'Fahrzeuge' },
    { path: '/studio/structure/inbox;lead', url: '/studio/structure/inbox;lead', title: 'Anfragen' },
    { path: '/studio/structure/inbox;contactMessage', url: '/studio/structure/inbox;contactMessage', title: 'Nachrichten' },
  ]

  for (const link of DEEP_LINKS) {
    test(`${link.path} opens „${link.title}“`, async ({ page }) => {
      await page.goto(link.path)
      await expect(page).toHaveTitle(`${link.title} | Ruhrstern Automobile`, BOOT)
      expect(new URL(page.url()).pathname).toBe(link.url)
      await expect(page.getByText(/Workspace not found|Arbeitsbereich nicht gefunden/)).toHaveCount(0)
    })
  }

  test('an intent link (the lead mail links to one) opens the document in its place in the structure', async ({ page }) => {
    await page.goto('/studio/intent/edit/id=inbox.lead-7f3a;type=lead')
    await expect(page).toHaveURL(/\/studio\/structure\/inbox;lead;inbox\.lead-7f3a$/, BOOT)
    await page.goto('/studio/intent/edit/id=siteSettings;type=siteSettings')
    await expect(page).toHaveURL(/\/studio\/structure\/siteSettings$/, BOOT)
    await expect(page).toHaveTitle('Einstellungen | Ruhrstern Automobile')
  })

  test('Einstellungen → Kennzahlen says next to each figure on how many pages it appears', async ({ page }) => {
    // Every query of the Studio is answered with groq-js over the whole seed in this process: on a
    // busy 2-core machine the document took longer than one test's 30 s to open.
    test.slow()
    await page.unrouteAll()
    const { documents, aborted } = await signInWithSeed(page)
    const usage = figureUsage(await (await evaluate(parse(FIGURE_USAGE_QUERY), { dataset: documents })).get())
    await page.goto('/studio/structure/siteSettings')
    await expect(page).toHaveTitle('Einstellungen | Ruhrstern Automobile', BOOT)
    // The Vorschau tool's note on where the settings appear (studio/presentation.ts) loads after
    // the form and moves it down: a click before it lands can miss the tab, so it is repeated
    // until the group shows. The form itself waits for the document; under CI's load that took
    // longer than 30 s once, so the form gets the test's whole slow budget.
    await expect(page.getByRole('tab', { name: 'Kennzahlen' }))
      .toBeVisible({ timeout: 60_000 })
      .catch((error: Error) => {
        throw new Error(`${error.message}\nRequests refused meanwhile: ${aborted.join(', ') || 'none'}`)
      })
    await expect(async () => {
      await page.getByRole('tab', { name: 'Kennzahlen' }).click({ timeout: 5_000 })
      await expect(page.getByRole('tab', { name: 'Kennzahlen' })).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 })
    }).toPass(BOOT)
    for (const { value, title } of FIGURES) {
      const field = page.getByTestId(`field-claims.${value}`)
      await expect(field.getByText(title, { exact: true })).toBeVisible(BOOT)
      await expect(field.getByText(figureUsageNote(value, usage[value]), { exact: true })).toBeVisible()
    }
    expect(usage.freeDeliveryKm.pages).toBeGreaterThan(10)
  })

  test('„Vorschau“ opens the site beside the form through the site’s preview-mode route, with the tool’s secret', async ({ page }) => {
    await page.unrouteAll()
    await signInWithSeed(page)
    // The tool stores its secret as a document before it opens the preview: let that write succeed.
    await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)[^/]*\/v[^/]+\/data\/mutate\//, (route) =>
      route.fulfill({ json: { transactionId: 'e2e', results: [{ id: 'e2e-secret', operation: 'create' }] } }),
    )
    const enable = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/preview-mode/enable', BOOT)
    await page.goto('/studio/presentation')
    await expect(page).toHaveTitle(/Vorschau/, BOOT)
    const url = new URL((await enable).url())
    // The preview is the site the Studio is served by, entered with a fresh secret at its home page.
    expect(url.origin).toBe(sanitySite)
    expect(url.searchParams.get('sanity-preview-secret')).toMatch(/^[\w-]{16,}$/)
    expect(url.searchParams.get('sanity-preview-pathname')).toBe('/')
    await expect(page.locator('iframe')).toHaveCount(1)
  })

  /** An image asset in the stand-in's dataset, so a hero can have a picture without an upload. */
  const ASSET = {
    _id: 'image-0123456789abcdef0123456789abcdef01234567-1600x900-jpg',
    _type: 'sanity.imageAsset',
    url: `${sanitySite}/favicon.ico`,
    mimeType: 'image/jpeg',
    metadata: { dimensions: { width: 1600, height: 900, aspectRatio: 16 / 9 } },
  }
  const IMAGE = { _type: 'imageWithAlt', alt: 'Illustration: Skyline von Bottrop', asset: { _type: 'reference', _ref: ASSET._id } }
  const BODY = [
    { _key: 'b1', _type: 'block', style: 'normal', markDefs: [], children: [{ _key: 's1', _type: 'span', text: 'Wir kaufen Ihr Auto.', marks: [] }] },
  ]
  const SEO = { _type: 'seo', title: 'Neue Seite | Ruhrstern Automobile', description: 'Eine neue Seite, in der Redaktion angelegt und veröffentlicht.' }

  /** The form's "Veröffentlichen" (publish) button. */
  const publishButton = (page: Page) => page.getByRole('button', { name: 'Veröffentlichen', exact: true })

  const TEMPLATES = [
    {
      id: 'page-city',
      title: 'Autoankauf Bottrop',
      sections: ['heroSection', 'richTextSection', 'leadFormSection', 'callBanner'],
      shown: ['Jetzt kostenlose Fahrzeugbewertung anfordern', 'Rufen Sie uns an – wir kommen zu Ihnen'],
      isCity: true,
      // What staff type into the template's empty fields (hero, text, the city card), written as the Studio would.
      filled: (draft: StoredDocument) => {
        const sections = draft.sections as Record<string, unknown>[]
        Object.assign(sections[0]!, { heading: 'Autoankauf in Bottrop', image: IMAGE })
        Object.assign(sections[1]!, { body: BODY })
        return {
          ...draft,
          path: '/locations/bottrop',
          seo: SEO,
          location: { name: 'Bottrop', distance: '20 Min.', customers: '300+ Kunden', description: 'Über die A42 schnell bei uns.', image: IMAGE },
        }
      },
    },
    {
      id: 'page-service',
      title: 'Leasing',
      sections: ['heroSection', 'richTextSection', 'serviceCardsSection', 'contactSection'],
      shown: ['Unsere Leistungen', 'Sprechen Sie uns an'],
      isCity: false,
      filled: (draft: StoredDocument) => {
        const sections = draft.sections as Record<string, unknown>[]
        Object.assign(sections[0]!, { heading: 'Leasing für Gebrauchtwagen', image: IMAGE })
        Object.assign(sections[1]!, { body: BODY })
        const card = (n: number) => ({ _key: `c${n}`, _type: 'serviceCard', icon: 'ankauf', title: `Leistung ${n}`, text: 'Kurz erklärt.' })
        Object.assign(sections[2]!, { cards: [card(1), card(2)] })
        return { ...draft, path: '/services/leasing', seo: SEO }
      },
    },
  ]

  for (const template of TEMPLATES) {
    test(`a page from the template ${template.id} starts with its sections, is written through the Actions API and can be published`, async ({ page }) => {
      test.slow()
      await page.unrouteAll()
      const { documents, actions, aborted } = await signInWithSeed(page)
      documents.push(ASSET)
      await page.goto(`/studio/intent/create/template=${template.id};type=page/`)
      const title = page.getByRole('textbox', { name: 'Name der Seite' })
      await expect(title)
        .toBeVisible({ timeout: 60_000 })
        .catch((error: Error) => {
          throw new Error(`${error.message}\nRequests refused meanwhile: ${aborted.join(', ') || 'none'}`)
        })
      const sections = page.getByTestId('field-sections')
      for (const text of template.shown) await expect(sections.getByText(text)).toBeVisible()
      // The first keystroke creates the draft with the template's initial value.
      await title.fill(template.title)
      await expect.poll(() => actions.find((action) => action.actionType === 'sanity.action.document.create'), BOOT).toBeDefined()
      const created = actions.find((action) => action.actionType === 'sanity.action.document.create')!
      expect(created.attributes).toMatchObject({ _type: 'page', isCity: template.isCity })
      expect((created.attributes!.sections as { _type: string }[]).map((section) => section._type)).toEqual(template.sections)
      if (!template.isCity) expect(created.attributes!.location).toBeUndefined()
      await expect.poll(() => documents.find((document) => document._id === created.attributes!._id)?.title, BOOT).toBe(template.title)

      // The rest of the form, filled in the dataset as the Studio would have written it; the Studio reads it back.
      const draftId = created.attributes!._id
      const index = documents.findIndex((document) => document._id === draftId)
      documents[index] = { ...template.filled(structuredClone(documents[index]!)), _rev: 'e2e-filled' }
      await page.reload()
      await expect(page.getByRole('textbox', { name: 'Pfad' })).toHaveValue(template.isCity ? '/locations/bottrop' : '/services/leasing', {
        timeout: 60_000,
      })
      await expect(publishButton(page)).toBeEnabled(BOOT)
      await publishButton(page).click()
      const publishedId = draftId.replace(/^drafts\./, '')
      await expect
        .poll(() => actions.some((action) => action.actionType === 'sanity.action.document.publish' && action.publishedId === publishedId), BOOT)
        .toBe(true)
      const published = documents.find((document) => document._id === publishedId)
      expect(published).toMatchObject({ _type: 'page', title: template.title, isCity: template.isCity })
      expect(documents.some((document) => document._id === draftId)).toBe(false)
    })
  }

  test('a page that is not a city page, with title, path, hero and search-engine texts only, shows no card and can be published', async ({ page }) => {
    test.slow()
    await page.unrouteAll()
    const { documents, actions, aborted } = await signInWithSeed(page)
    documents.push(ASSET, {
      _id: 'drafts.page-e2e-leasing',
      _type: 'page',
      // The Studio shows when a draft was last changed: without these dates it crashes.
      _createdAt: '2026-11-27T06:00:00Z',
      _updatedAt: '2026-11-27T06:00:00Z',
      title: 'Leasing',
      path: '/services/leasing',
      openingHours: 'general',
      seo: SEO,
      sections: [{ _key: 'hero', _type: 'heroSection', heading: 'Leasing für Gebrauchtwagen', image: IMAGE }],
    })
    await page.goto('/studio/intent/edit/id=page-e2e-leasing;type=page/')
    await expect(page.getByRole('textbox', { name: 'Pfad' }))
      .toHaveValue('/services/leasing', { timeout: 60_000 })
      .catch((error: Error) => {
        throw new Error(`${error.message}\nRequests refused meanwhile: ${aborted.join(', ') || 'none'}`)
      })
    await expect(page.getByTestId('field-isCity')).toBeVisible()
    // The card appears only once the page opts in: nothing of it to fill, nothing "Erforderlich".
    await expect(page.getByTestId('field-location')).toHaveCount(0)
    await expect(publishButton(page)).toBeEnabled(BOOT)
    await publishButton(page).click()
    await expect
      .poll(() => actions.some((action) => action.actionType === 'sanity.action.document.publish' && action.publishedId === 'page-e2e-leasing'), BOOT)
      .toBe(true)
    expect(documents.find((document) => document._id === 'page-e2e-leasing')).toMatchObject({ title: 'Leasing', path: '/services/leasing' })
  })

  test('the GROQ tool is there for administrators only', async ({ page }) => {
    await page.unrouteAll()
    await signInWithSeed(page, { role: 'editor' })
    await page.goto('/studio/structure')
    await expect(page).toHaveTitle('Inhalte | Ruhrstern Automobile', BOOT)
    await expect(page.getByRole('link', { name: 'Vorschau' }).first()).toBeVisible(BOOT)
    await expect(page.getByRole('link', { name: 'GROQ' })).toHaveCount(0)
    await page.unrouteAll()
    await signInWithSeed(page, { role: 'administrator' })
    await page.reload()
    await expect(page.getByRole('link', { name: 'GROQ' }).first()).toBeVisible(BOOT)
  })

  test('the Studio speaks German whatever the browser’s language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US', baseURL: sanitySite })
    const page = await context.newPage()
    await signIn(page)
    const helpLocale = page.waitForRequest((request) => request.url().includes('/help?')).then((request) => new URL(request.url()).searchParams.get('locale'))
    await page.goto('/studio/structure')
    await expect(page).toHaveTitle('Inhalte | Ruhrstern Automobile', BOOT)
    // The Studio asks Sanity for its help links in its own locale.
    expect(await helpLocale).toBe('de-DE')
    await context.close()
  })
})

test.describe('/studio on the embedded lake', () => {
  for (const path of ['/studio', '/studio/structure/siteSettings']) {
    test(`${path} explains in German how to connect a Sanity project and how content is changed until then`, async ({ page, baseURL }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow')
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'nonce-")
      expect(new URL(page.url()).pathname).toBe(path)
      await expect(page).toHaveTitle('Studio nicht verbunden | Ruhrstern Automobile')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Das Studio braucht ein Sanity-Projekt')
      await expect(page.locator('#sanity')).toHaveCount(0)

      const steps = page.getByRole('heading', { name: 'So verbinden Sie ein Sanity-Projekt' }).locator('xpath=following-sibling::ol[1]').getByRole('listitem')
      await expect(steps).toHaveCount(5)
      await expect(steps.nth(0)).toContainText('Projekt anlegen')
      await expect(steps.nth(0).getByRole('link', { name: 'sanity.io/manage' })).toHaveAttribute('href', 'https://www.sanity.io/manage')
      await expect(steps.nth(1)).toContainText('npx sanity dataset import ../content/production.ndjson production')
      for (const name of ['SANITY_PROJECT_ID', 'SANITY_DATASET', 'SANITY_WRITE_TOKEN', 'SANITY_STUDIO_PROJECT_ID'])
        await expect(steps.nth(3)).toContainText(name)
      // The origin to allow is this site's own.
      await expect(steps.nth(4)).toContainText('CORS')
      await expect(steps.nth(4)).toContainText(new URL(baseURL!).origin)
      await expect(steps.nth(4)).toContainText('Allow credentials')

      await expect(page.getByRole('heading', { name: 'Inhalte ändern ohne Sanity-Projekt' })).toBeVisible()
      await expect(page.getByText('content/pages/*.json')).toBeVisible()
      await expect(page.getByText('npm run seed:pages')).toBeVisible()
    })
  }

  test('reads on a 360 px phone: nothing wider than the screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/studio')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  })
})
