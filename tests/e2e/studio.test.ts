import { type Page } from '@playwright/test'
import { expect, test } from './playwright-utils'

/*
 * The built Studio as staff meet it: its deep links and Sanity's intent links must be taken by the
 * Studio's own router (issue 19). No Sanity project is reachable here, so the browser is signed in
 * with a stand-in user (`users/me`) and every other request to Sanity fails, as it would offline.
 * The Studio still routes: it names the pane it opened in the document title before any content
 * loads, and rewrites an intent link to the document's place in the structure.
 */

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

/** The Studio's bundle is large; on a busy machine it boots in seconds, not milliseconds. */
const BOOT = { timeout: 30_000 }

test.describe('the Studio under /studio', () => {
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

  test('the Studio speaks German whatever the browser’s language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' })
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
