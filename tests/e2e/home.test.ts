import { expect, test } from './playwright-utils'

// Only reads the page: one load for what a visitor sees of it as it loads (the server HTML's
// sections and figures: tests/http/pages-and-api.test.ts).
test('home as it loads: the six sections in order, and the first three vehicles with formatted data', async ({ page }) => {
  // A frozen clock keeps the first slide (with the page's h1) in view.
  await page.clock.install()
  await page.goto('/')
  await test.step('the six sections in order', async () => {
    // By its name: the title's soft hyphens (AU·TO·AN·KAUF, decision 110) are no part of it.
    await expect(page.getByRole('heading', { level: 1, name: /^AUTOANKAUF\s*&\s*VERKAUF$/ })).toHaveCount(1)
    for (const title of ['AUTOANKAUF', 'AUTOVERKAUF', 'FINANZIERUNG', 'INZAHLUNGNAHME', 'EXPORT', 'FAHRZEUGPRÜFUNG']) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toHaveCount(1)
    }
    for (const step of ['TERMIN VEREINBAREN', 'FAHRZEUG AUSWÄHLEN', 'FINANZIERUNG KLÄREN', 'FAHRZEUG ÜBERGABE']) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible()
    }
    const order = await page.evaluate(() => ['inventory', 'contact'].map((id) => document.getElementById(id)?.getBoundingClientRect().top ?? -1))
    expect(order[0]).toBeGreaterThan(0)
    expect(order[1]).toBeGreaterThan(order[0]!)
  })
  await test.step('inventory highlights: the first three vehicles with formatted data', async () => {
    const inventory = page.locator('#inventory')
    const details = inventory.getByRole('link', { name: /DETAILS ANSEHEN/ })
    await expect(details).toHaveCount(3)
    await expect(details.nth(0)).toHaveAttribute('href', '/vehicles/1')
    await expect(details.nth(1)).toHaveAttribute('href', '/vehicles/2')
    await expect(details.nth(2)).toHaveAttribute('href', '/vehicles/3')
    await expect(inventory.getByRole('link', { name: 'ALLE FAHRZEUGE ANSEHEN' })).toHaveAttribute('href', '/vehicles')
    await expect(inventory).toContainText(/\d{1,3}(\.\d{3})* km/)
    await expect(inventory).toContainText(/\d{1,3}(\.\d{3})*\s€/)
    await expect(inventory.getByRole('img').first()).toHaveAttribute('alt', /.+/)
  })
})

test('the hero slider advances every 5 seconds, wraps, and jumps by dot', async ({ page }) => {
  await page.clock.install()
  await page.goto('/')
  const dot = (n: number) => page.getByRole('button', { name: `Folie ${n} anzeigen` })
  await expect(dot(1)).toHaveAttribute('aria-current', 'true')
  await page.clock.runFor(5_000)
  await expect(dot(2)).toHaveAttribute('aria-current', 'true')
  await expect(page.getByRole('link', { name: 'INVENTAR DURCHSUCHEN' })).toBeVisible()
  await page.clock.runFor(5_000)
  await expect(dot(3)).toHaveAttribute('aria-current', 'true')
  await expect(page.getByRole('link', { name: 'BERATUNG VEREINBAREN' })).toBeVisible()
  await page.clock.runFor(5_000)
  await expect(dot(1)).toHaveAttribute('aria-current', 'true')
  await dot(3).click()
  await expect(dot(3)).toHaveAttribute('aria-current', 'true')
  await expect(dot(1)).not.toHaveAttribute('aria-current', 'true')
})

test('hero buttons scroll smoothly to their section with an 80 px offset', async ({ page }) => {
  await page.clock.install()
  await page.goto('/')
  const hero = page.getByRole('region', { name: 'Highlights' })
  await hero.getByRole('link', { name: 'FAHRZEUGE ANSEHEN', exact: true }).click()
  await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('inventory')!.getBoundingClientRect().top)), { timeout: 5_000 }).toBe(80)
})

test('„FAHRZEUG BEWERTEN“ opens the sell request in one tap, with reduced motion and without JavaScript too; without, no hero button that would do nothing', async ({
  browser,
  baseURL,
  viewport,
}) => {
  // Issue 36: the seller once landed on the contact section and needed a second tap („ZUM VERKAUFSFORMULAR“).
  for (const options of [{}, { reducedMotion: 'reduce' as const }, { javaScriptEnabled: false }]) {
    const context = await browser.newContext({ ...options, baseURL, viewport })
    const page = await context.newPage()
    await page.goto('/')
    const hero = page.getByRole('region', { name: 'Highlights' })
    // Without JavaScript the first slide stays and the pause and slide buttons could not work, so they are not drawn.
    if (options.javaScriptEnabled === false) await expect(hero.getByRole('button')).toHaveCount(0)
    else await expect(hero.getByRole('button', { name: 'Folie 2 anzeigen' })).toBeVisible()
    await hero.getByRole('link', { name: 'FAHRZEUG BEWERTEN', exact: true }).click()
    await expect(page).toHaveURL('/auto-verkaufen')
    await expect(page.getByRole('heading', { level: 1, name: 'Auto verkaufen' })).toBeVisible()
    await context.close()
  }
})

test('statistics count up once they are visible and end at the targets', async ({ page }) => {
  await page.clock.install()
  await page.goto('/')
  const stats = page.getByTestId('stats-band')
  // Hydrated and not yet visible: the counters wait at zero.
  await expect(stats.getByTestId('stat-value').first()).toHaveText('0+')
  // An installed clock still follows real time; paused, only runFor moves the counters' timers,
  // however slow the machine is. pauseAt needs a moment still ahead of the running page clock:
  // 1 s of margin for a loaded machine (nothing is due within it: the counters have not started,
  // the slider waits 5 s).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
  await stats.scrollIntoViewIfNeeded()
  // Each counter starts when its intersection observer reports (on a real frame, which the paused
  // clock does not hold back). Observers are notified in the order they were created, so once
  // observers created now report every counter visible, the counters' own have reported too.
  await stats.evaluate(
    (band) =>
      new Promise<void>((resolve) => {
        const counters = [...band.querySelectorAll('[data-testid="stat-value"]')].map((value) => value.parentElement!)
        const seen = new Set<Element>()
        const observer = new IntersectionObserver(
          (entries) => {
            for (const entry of entries) if (entry.isIntersecting && entry.intersectionRatio >= 0.099) seen.add(entry.target)
            if (seen.size < counters.length) return
            observer.disconnect()
            resolve()
          },
          { threshold: 0.1 },
        )
        counters.forEach((counter) => observer.observe(counter))
      }),
  )
  await page.clock.runFor(1_000)
  const midway = Number((await stats.getByTestId('stat-value').nth(1).innerText()).replace(/\D/g, ''))
  expect(midway).toBeGreaterThan(0)
  expect(midway).toBeLessThan(2500)
  await page.clock.runFor(1_200)
  await expect(stats.getByTestId('stat-value')).toHaveText(['15+', /^2\.?500\+$/, '150+', /^98\s?%$/])
  // Screen readers get the final figures at all times.
  await expect(stats).toContainText(/2\.?500\+ verkaufte Fahrzeuge/)
})

test('counters do not animate when the visitor prefers reduced motion', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByTestId('stat-value').nth(1)).toHaveText(/^2\.?500\+$/)
  await context.close()
})
