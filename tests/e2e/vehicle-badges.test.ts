import { type Locator, type Page } from '@playwright/test'
import { SANITY_BACKED_PORT } from '../../playwright.config'
import { expect, test, waitForScripts } from './playwright-utils'

/*
 * Badges on every vehicle card (issue 29 item 3, docs/decisions/052). The seed's only reserved car
 * is the Mercedes-Benz V 250 d Avantgarde (id 10); every seed car was listed in 2024/2025, so none
 * is "Neu im Bestand" today (the 7-day rule at a fixed clock is in app/vehicles/badges.test.ts and
 * app/routes/vehicles._index/route.test.ts). The cards where the reserved car can appear: the list, the
 * search results, the home highlights (the newest three, which it is not among) and "Ähnliche
 * Fahrzeuge", which offers available cars only, as before.
 */

const RESERVED = 'Mercedes-Benz V 250 d Avantgarde'

function card(scope: Page | Locator, name: string) {
  const page = 'goto' in scope ? scope : scope.page()
  return scope.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) })
}

/** Every card's name with its badges, in page order. */
async function cardBadges(scope: Page | Locator): Promise<Array<[string, string[]]>> {
  return scope
    .getByRole('article')
    .evaluateAll((articles) =>
      articles.map((article): [string, string[]] => [
        article.querySelector('h2, h3')?.textContent ?? '',
        [...article.querySelectorAll('ul[aria-label="Status"] > li')].map((badge) => badge.textContent ?? ''),
      ]),
    )
}

function hydrationErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match/i.test(message.text())) errors.push(message.text())
  })
  page.on('pageerror', (error) => {
    if (/hydrat|did not match|Minified React error #(418|423|425)/i.test(error.message)) errors.push(error.message)
  })
  return errors
}

async function expectReservedBadge(scope: Page | Locator) {
  const reserved = card(scope, RESERVED)
  await expect(reserved).toHaveCount(1)
  const status = reserved.getByRole('list', { name: 'Status' })
  await expect(status.getByRole('listitem')).toHaveText(['Reserviert'])
  // On the photo and in sight, not clipped away by the card.
  await expect(status).toBeVisible()
}

test('the list: the reserved car says "Reserviert", no other card has a badge, and hydration keeps it', async ({ page }) => {
  const errors = hydrationErrors(page)
  await page.goto('/vehicles')
  await expectReservedBadge(page)
  const badges = await cardBadges(page)
  expect(badges).toHaveLength(12)
  expect(badges.filter(([, list]) => list.length > 0)).toEqual([[RESERVED, ['Reserviert']]])
  await waitForScripts(page)
  await expectReservedBadge(page)
  expect(await cardBadges(page)).toEqual(badges)
  expect(errors).toEqual([])
})

test('search results: the reserved car keeps its badge among the Mercedes-Benz', async ({ page }) => {
  await page.goto('/vehicles?search=mercedes')
  await expect(page.getByRole('heading', { level: 2, name: '3 Fahrzeuge' })).toBeVisible()
  await expectReservedBadge(page)
  expect((await cardBadges(page)).filter(([, list]) => list.length > 0)).toEqual([[RESERVED, ['Reserviert']]])
  // Its own page says the same.
  await card(page, RESERVED)
    .getByRole('link', { name: /DETAILS ANSEHEN/ })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: RESERVED })).toBeVisible()
  await expect(page.getByText('Reserviert', { exact: true }).first()).toBeVisible()
})

test('home highlights: the newest three, without the reserved car and without badges', async ({ page }) => {
  await page.goto('/')
  const inventory = page.locator('#inventory')
  await expect(inventory.getByRole('article')).toHaveCount(3)
  expect(await cardBadges(inventory)).toEqual([
    ['BMW 320d Touring', []],
    ['Mercedes-Benz C 220 d', []],
    ['Audi A4 Avant 40 TDI', []],
  ])
})

test('"Ähnliche Fahrzeuge" on another Mercedes-Benz: available cars only, so not the reserved one, and no badge', async ({ page }) => {
  await page.goto('/vehicles/2')
  const similar = page.getByRole('region', { name: 'Ähnliche Fahrzeuge' })
  await expect(similar.getByRole('article')).not.toHaveCount(0)
  await expect(card(similar, RESERVED)).toHaveCount(0)
  for (const [, list] of await cardBadges(similar)) expect(list).toEqual([])
})

test('the Sanity-backed server shows the same cards with the same badges as the embedded one', async ({ page }) => {
  const sanitySite = `http://localhost:${SANITY_BACKED_PORT}`
  for (const path of ['/vehicles', '/vehicles?search=mercedes']) {
    await page.goto(path)
    const embedded = await cardBadges(page)
    await page.goto(`${sanitySite}${path}`)
    await expectReservedBadge(page)
    expect(await cardBadges(page), path).toEqual(embedded)
  }
})
