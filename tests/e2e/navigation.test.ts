import { expect, test, waitForScripts } from './playwright-utils'

const NAV = [
  ['HOME', '/'],
  ['SERVICES', '/services'],
  ['FAHRZEUGE', '/vehicles'],
  // Issue 26: the seller's flow beside the spec's six links.
  ['AUTO VERKAUFEN', '/auto-verkaufen'],
  ['STANDORTE', '/locations'],
  ['ÜBER UNS', '/about'],
  ['KONTAKT', '/contact'],
] as const

test.describe('desktop navigation', () => {
  // Only reads the home page: one load for its header and footer.
  test('home: the header shows the spec’s six links and „Auto verkaufen“, marks the current one and the dealer number; the footer has the spec links, opening hours and contact data', async ({
    page,
  }) => {
    await page.goto('/')
    await test.step('the six links and „Auto verkaufen“, HOME marked as the current one', async () => {
      const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
      for (const [label, href] of NAV) {
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href)
      }
      await expect(nav.getByRole('link', { name: 'HOME', exact: true })).toHaveAttribute('aria-current', 'page')
      await expect(nav.getByRole('link', { name: 'STANDORTE', exact: true })).not.toHaveAttribute('aria-current', 'page')
    })
    await test.step('the phone button shows the dealer number', async () => {
      const phone = page.getByRole('banner').getByRole('link', { name: /0201 8512 3400/ })
      await expect(phone).toBeVisible()
      await expect(phone).toHaveAttribute('href', 'tel:+4920185123400')
    })
    await test.step('the footer has the spec links, opening hours and contact data', async () => {
      const footer = page.getByRole('contentinfo')
      for (const href of ['/services', '/about', '/locations', '/vehicles', '/auto-verkaufen', '/contact', '/datenschutz', '/impressum']) {
        await expect(footer.locator(`a[href="${href}"]`).first()).toBeVisible()
      }
      await expect(footer).toContainText('Mo–Fr: 09:00–18:00 Uhr')
      await expect(footer).toContainText('Sa: 09:00–16:00 Uhr')
      await expect(footer).toContainText('So: nach Vereinbarung')
      await expect(footer.getByRole('link', { name: 'info@ruhrstern-automobile.de' })).toHaveAttribute('href', 'mailto:info@ruhrstern-automobile.de')
      await expect(footer).toContainText('45326 Essen')
    })
  })

  test('STANDORTE is active on every /locations sub-path', async ({ page }) => {
    await page.goto('/locations/dortmund')
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    // The section the page is in: „true“; „page“ is the list of cities itself.
    await expect(nav.getByRole('link', { name: 'STANDORTE', exact: true })).toHaveAttribute('aria-current', 'true')
    await expect(nav.getByRole('link', { name: 'HOME', exact: true })).not.toHaveAttribute('aria-current')
  })
})

test('the header turns solid after more than 50 px of scrolling', async ({ page }) => {
  await page.goto('/')
  const header = page.getByRole('banner')
  await expect(header).toHaveAttribute('data-scrolled', 'false')
  await page.evaluate(() => window.scrollTo(0, 40))
  await expect(header).toHaveAttribute('data-scrolled', 'false')
  await page.evaluate(() => window.scrollTo(0, 51))
  await expect(header).toHaveAttribute('data-scrolled', 'true')
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(header).toHaveAttribute('data-scrolled', 'false')
})

test('without JavaScript the bar is solid over a hero from the start: no script turns it solid on scrolling', async ({ browser, baseURL, viewport }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport })
  const page = await context.newPage()
  for (const path of ['/', '/locations/dortmund']) {
    await page.goto(path)
    await page.evaluate(() => window.scrollTo(0, 1500))
    const header = page.getByRole('banner')
    expect(await header.evaluate((element) => getComputedStyle(element).backgroundImage), path).toBe('none')
    expect(await header.evaluate((element) => getComputedStyle(element).backgroundColor), path).not.toBe('rgba(0, 0, 0, 0)')
  }
  await context.close()
})

test('every navigation starts at the top of the page', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
  await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click()
  await expect(page).toHaveURL('/datenschutz')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test(
  'a tap whose page is slow to come shows the bar at the top until it is there; then its title is said; Back returns the focus to the card',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/vehicles')
    await waitForScripts(page)
    // The car's data answers after 1.5 s, as on a slow phone line.
    let answer: () => void = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    await page.route(/\/vehicles\/5\.data/, async (route) => {
      await answered
      await route.continue()
    })
    const bar = page.locator('[data-navigation-progress]')
    await expect(bar).toBeHidden()
    const card = page.locator('a[href="/vehicles/5"]').first()
    await card.scrollIntoViewIfNeeded()
    await card.click()
    // Drawn and growing over the header, a moment after the tap.
    await expect(bar).toBeVisible()
    await expect.poll(async () => (await bar.boundingBox())?.y).toBe(0)
    await expect.poll(async () => (await bar.boundingBox())?.width ?? 0).toBeGreaterThan(50)
    answer()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Golf')
    await expect(bar).toBeHidden()
    await expect(page.locator('[aria-live="assertive"]')).toHaveText(await page.title())

    // Back: the list where it was, and the focus on the link that left it (on <body>, a keyboard or
    // screen reader would start again from the top of the page).
    await page.goBack()
    await expect(page).toHaveURL('/vehicles')
    await expect(card).toBeFocused()
    await expect(card).toBeInViewport()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  },
)

test.describe('mobile menu', { tag: '@phone' }, () => {
  // tests/e2e/phone.test.ts covers the menu without JavaScript, before hydration, focus and Escape.
  test('opens with the links and the call button, and closes when a link is clicked', async ({ page }) => {
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Menü' })
    await toggle.click()
    const menu = page.locator('#mobile-menu')
    await expect(menu).toBeVisible()
    for (const [label, href] of NAV) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href)
    }
    await expect(menu.getByRole('link', { name: 'JETZT ANRUFEN' })).toHaveAttribute('href', 'tel:+4920185123400')
    await menu.getByRole('link', { name: 'STANDORTE', exact: true }).click()
    await expect(page).toHaveURL('/locations')
    await expect(menu).toBeHidden()
  })

  test('closes on Escape, and when Tab leaves it for the page under it (tablet review 2026-11-29, M3)', async ({ page }) => {
    await page.goto('/')
    await waitForScripts(page)
    const menu = page.locator('#mobile-menu')
    await page.getByRole('button', { name: 'Menü' }).click()
    await expect(menu).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()

    await page.getByRole('button', { name: 'Menü' }).click()
    await expect(menu).toBeVisible()
    await menu.getByRole('link', { name: 'JETZT ANRUFEN' }).focus()
    await page.keyboard.press('Tab')
    await expect(menu).toBeHidden()
    // Focus went on to the page, where it can be seen.
    expect(await page.evaluate(() => document.activeElement?.closest('#mobile-menu') === null && document.activeElement !== document.body)).toBe(true)
  })
})
