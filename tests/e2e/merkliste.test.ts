import { type Page } from '@playwright/test'
import { expect, expectNoA11yViolations, test, waitForScripts } from './playwright-utils'

/*
 * The Merkliste (issue 38 item 1) as a buyer uses it: on a phone with JavaScript (the list in the
 * browser's cookie, the header's count without a reload), and without JavaScript (form posts, the
 * same cookie set by the server). The rules, the loader and the comparison's rows are proved in
 * app/vehicles/saved-list.test.ts and app/routes/merkliste/route.test.ts.
 */

const savedListLink = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('link', { name: /^Merkliste/ })
    .first()
/** The Merkliste and the comparison name a car as its page does: the card's make and model, or the staff's longer title. */
const named = (...names: string[]) => names.map((name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
const cardName = async (page: Page, index: number) => (await page.getByRole('article').nth(index).getByRole('heading').textContent())!.trim()

test.describe('Merkliste on a phone', { tag: '@phone' }, () => {
  test('save two cars from the list and one from its page, open the Merkliste, compare, remove: 8 taps', async ({ page }) => {
    await page.goto('/vehicles')
    await waitForScripts(page)
    await expect(savedListLink(page)).toHaveAccessibleName('Merkliste')
    // The list lives in the browser: no tap below reloads the page.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    const first = await cardName(page, 0)
    const second = await cardName(page, 1)
    const third = await cardName(page, 2)

    // Taps 1 and 2: „Merken“ on two cards; the header counts at once.
    await page.getByRole('button', { name: `Merken: ${first}` }).tap()
    // Saved: the button says so in words too („Gemerkt“), pressed.
    await expect(page.getByRole('button', { name: `Gemerkt: ${first}` })).toHaveAttribute('aria-pressed', 'true')
    await expect(savedListLink(page)).toHaveAccessibleName('Merkliste, 1 Fahrzeug')
    await page.getByRole('button', { name: `Merken: ${second}` }).tap()
    await expect(savedListLink(page)).toHaveAccessibleName('Merkliste, 2 Fahrzeuge')
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
    expect(page.url()).toMatch(/\/vehicles$/)

    // Taps 3 and 4: the third car's page, „Merken“ there.
    await page
      .getByRole('article')
      .nth(2)
      .getByRole('link', { name: /DETAILS ANSEHEN/ })
      .tap()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(named(third)[0]!)
    const thirdPage = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
    await page.getByRole('button', { name: `Merken: ${thirdPage}` }).tap()
    await expect(page.getByRole('button', { name: `Gemerkt: ${thirdPage}` })).toHaveAttribute('aria-pressed', 'true')
    await expect(savedListLink(page)).toHaveAccessibleName('Merkliste, 3 Fahrzeuge')

    // Tap 5: the Merkliste, in the order saved, each with its price; all three ticked for the comparison.
    await savedListLink(page).tap()
    await expect(page).toHaveURL(/\/merkliste$/)
    await expect(page.getByRole('heading', { level: 2, name: '3 Fahrzeuge gemerkt' })).toBeVisible()
    const items = page.getByTestId('saved-vehicle')
    await expect(items.getByRole('heading', { level: 3 })).toHaveText(named(first, second, third))
    await expect(items.first()).toContainText(/\d\s€/)
    await expect(page.getByRole('checkbox', { name: /^Vergleichen/, checked: true })).toHaveCount(3)
    await expect(page.getByRole('textbox', { name: 'Link zur Merkliste' })).toHaveValue(/\/merkliste\?ids=[\w-]+,[\w-]+,[\w-]+$/)
    // Its own scan: /merkliste and the comparison are no sitemap URLs, so the sweep does not reach them.
    await expectNoA11yViolations(page)

    // Tap 6: side by side.
    await page.getByRole('button', { name: 'AUSGEWÄHLTE VERGLEICHEN' }).tap()
    await expect(page).toHaveURL(/\/merkliste\/vergleich\?ids=/)
    const table = page.getByRole('table')
    await expect(table.getByRole('columnheader')).toHaveText(named(first, second, third))
    for (const label of [
      'Preis',
      'Monatliche Rate*',
      'Erstzulassung',
      'Kilometerstand',
      'Kraftstoff',
      'Getriebe',
      'Leistung',
      'HU bis',
      'Garantie',
      'MwSt.',
      'Unfallfrei',
    ]) {
      await expect(table.getByRole('rowheader', { name: label, exact: true })).toBeVisible()
    }
    await expectNoA11yViolations(page)

    // Taps 7 and 8: back to the list, remove the second car; the count follows.
    await page.getByRole('link', { name: 'Zurück zur Merkliste' }).tap()
    await page.getByRole('button', { name: named(`Entfernen: ${second}`)[0] }).tap()
    await expect(items.getByRole('heading', { level: 3 })).toHaveText(named(first, third))
    await expect(savedListLink(page)).toHaveAccessibleName('Merkliste, 2 Fahrzeuge')
    // The tapped button went with its card: focus is on the next card's, and the removal is announced.
    await expect(page.getByRole('button', { name: named(`Entfernen: ${third}`)[0] })).toBeFocused()
    await expect(page.locator('[aria-live="polite"]', { hasText: 'von der Merkliste entfernt.' })).toHaveText(named(second)[0]!)
  })
})

test.describe('Merkliste without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('„Merken“ posts and shows the list, back for a second car, then compare and remove', async ({ page }) => {
    await page.goto('/vehicles')
    await expect(savedListLink(page)).toHaveAccessibleName('Merkliste')
    const first = await cardName(page, 3)
    const second = await cardName(page, 0)

    await page.getByRole('button', { name: `Merken: ${first}` }).click()
    await expect(page).toHaveURL(/\/merkliste\?gemerkt=/)
    await expect(page.getByRole('status').filter({ hasText: 'Gemerkt' })).toContainText(`Gemerkt: ${first}`)
    await page.getByRole('link', { name: 'Zurück, weitere Fahrzeuge merken' }).click()
    // Back at the card just saved, not at the list's top (visitor review 2026-11-29, L5).
    await expect(page).toHaveURL(/\/vehicles#fahrzeug-[\w-]+$/)
    await expect(page.getByRole('article').filter({ has: page.getByRole('heading', { name: first }) })).toBeInViewport()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
    await page.getByRole('button', { name: `Merken: ${second}` }).click()
    await expect(page.getByRole('heading', { level: 2, name: '2 Fahrzeuge gemerkt' })).toBeVisible()
    const items = page.getByTestId('saved-vehicle')
    await expect(items.getByRole('heading', { level: 3 })).toHaveText(named(first, second))

    await page.getByRole('button', { name: 'AUSGEWÄHLTE VERGLEICHEN' }).click()
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveText(named(first, second))
    await expect(page.getByRole('table').getByRole('row', { name: /^Preis/ })).toContainText(/\d\s€.*\d\s€/)

    await page.goto('/merkliste')
    await page.getByRole('button', { name: named(`Entfernen: ${first}`)[0] }).click()
    await expect(items.getByRole('heading', { level: 3 })).toHaveText(named(second))
    // The new page says what went, as „Merken“ says what came (the walk of 12-03: the car was simply missing).
    await expect(page.getByText(`Entfernt: ${first}`)).toBeVisible()
    const cookies = await page.context().cookies()
    const cookie = cookies.find((saved) => saved.name === 'merkliste')!
    expect(cookie).toMatchObject({ path: '/', httpOnly: false, sameSite: 'Lax' })

    // A car the dealer deleted meanwhile: said so, and removable.
    await page.context().addCookies([{ ...cookie, value: `${cookie.value}.gone-1` }])
    await page.goto('/merkliste')
    await expect(page.getByText('Dieses Fahrzeug ist nicht mehr im Angebot')).toBeVisible()
    await page.getByRole('button', { name: 'Entfernen: Fahrzeug gone-1' }).click()
    await expect(page.getByText('Dieses Fahrzeug ist nicht mehr im Angebot')).toHaveCount(0)
    await expect(items.getByRole('heading', { level: 3 })).toHaveText(named(second))
  })
})

test.describe('The comparison on a narrow phone', { tag: '@phone' }, () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('three cars at 360 px: no word split over two lines, „€“ beside its number, the table scrolls in its box, not the page', async ({ page }) => {
    // A long make (Mercedes-Benz), „Reserviert“ and a price of five digits, as the audit found them.
    await page.goto('/merkliste/vergleich?ids=2,10,7')
    const table = page.getByRole('table')
    await expect(table.getByRole('columnheader')).toHaveCount(3)

    /**
     * Every word of every cell whose first and last letter sit on different lines. Words are split at
     * ordinary spaces only (so „21.490 €“ with its no-break space is one), and at a hyphen or a soft
     * hyphen: a compound may break there with a hyphen shown („Mercedes-“ / „Benz“, „Differenz-“ /
     * „besteuert“), never elsewhere. A letter's line is that of its glyph, its last rectangle: Chromium
     * counts the hyphen it draws at a soft hyphen's break to the letter after it.
     */
    const splitWords = () =>
      table.evaluate((element) => {
        const lineOf = (node: Node, index: number) => {
          const range = document.createRange()
          range.setStart(node, index)
          range.setEnd(node, index + 1)
          return Math.round([...range.getClientRects()].filter((rect) => rect.width > 0).at(-1)?.top ?? -1)
        }
        const split: string[] = []
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? ''
          for (const match of text.matchAll(/[^ \t\n\u00ad-]+/g)) {
            if (lineOf(node, match.index) !== lineOf(node, match.index + match[0].length - 1)) split.push(match[0])
          }
        }
        return split
      })
    expect(await splitWords()).toEqual([])
    await expect(table.getByRole('row', { name: /^Preis/ })).toContainText('21.490\u00a0€')
    await expect(table.getByRole('cell', { name: 'Reserviert', exact: true })).toBeVisible()

    // The table is wider than the phone: it scrolls in its own box, the row labels stay at its left edge.
    const box = page.getByTestId('comparison-scroller')
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
    const label = table.getByRole('rowheader', { name: 'Kilometerstand', exact: true })
    // The names wrap in the narrower columns: the row may start below the first screen.
    await label.scrollIntoViewIfNeeded()
    const before = (await label.boundingBox())!
    await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
    await expect.poll(async () => (await label.boundingBox())!.x).toBe(before.x)
    await expect(label).toBeInViewport({ ratio: 1 })

    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width} px`).toBeLessThanOrEqual(width)
      expect(await splitWords(), `split words at ${width} px`).toEqual([])
    }
  })
})

test.describe('Two cars side by side on a phone (visitor review M3)', { tag: '@phone' }, () => {
  // Without scripts: the layout and the cue are the server's HTML and CSS alone.
  test.use({ viewport: { width: 360, height: 780 }, javaScriptEnabled: false })

  test('two cars at 360 and 390 px: every column whole in the box, the names wrapped, not cut; three cars: a cue that more follow', async ({ page }) => {
    const hint = page.getByText('Weitere Fahrzeuge: seitlich wischen')
    const box = page.getByTestId('comparison-scroller')
    const table = page.getByRole('table')
    await page.goto('/merkliste/vergleich?ids=2&ids=1')
    await expect(table.getByRole('columnheader')).toHaveCount(2)
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 780 })
      // The right edge of what the box shows, and of every cell (names, prices, „ANFRAGEN“).
      const shown = await box.evaluate((element) => element.getBoundingClientRect().left + element.clientLeft + element.clientWidth)
      const rights = await table.locator('th, td').evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right))
      expect(Math.max(...rights), `right edge of the table at ${width} px`).toBeLessThanOrEqual(shown + 0.5)
      expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth), `scrolls sideways at ${width} px`).toBe(true)
      const cut = await table
        .getByRole('columnheader')
        .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent))
      expect(cut, `names cut at ${width} px`).toEqual([])
      await expect(table.getByRole('row', { name: /^Preis/ })).toContainText(/\d\s€.*\d\s€/)
      await expect(hint).toBeHidden()
    }

    // Three cars: wider than the phone, and said so above the table.
    await page.setViewportSize({ width: 360, height: 780 })
    await page.goto('/merkliste/vergleich?ids=2,10,7')
    await expect(table.getByRole('columnheader')).toHaveCount(3)
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
    await expect(hint).toBeVisible()
    await expect(hint).toBeInViewport()
  })
})

test.describe('The comparison on tablets and desktops', () => {
  test('three cars at 768 and 1280 px: equal columns, a photo and „ANFRAGEN“ for each, no scrolling sideways', async ({ page }) => {
    await page.goto('/merkliste/vergleich?ids=2,10,7')
    const table = page.getByRole('table')
    const names = await table.getByRole('columnheader').allTextContents()
    expect(names).toHaveLength(3)
    for (const width of [768, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      const widths = await table.getByRole('columnheader').evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().width)))
      expect(Math.max(...widths) - Math.min(...widths), `column widths at ${width} px: ${widths.join(', ')}`).toBeLessThanOrEqual(1)
      const box = page.getByTestId('comparison-scroller')
      expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth), `scrolls sideways at ${width} px`).toBe(true)
      expect(await table.locator('thead img').count()).toBe(3)
      await expect(table.locator('thead img').first()).toBeVisible()
      await expect(page.getByText('Weitere Fahrzeuge: seitlich wischen')).toBeHidden()
    }
    // The hidden photo links and the new row pass axe.
    await expectNoA11yViolations(page)
    // Each car's enquiry, named with the car; it opens the vehicle page at its form.
    const ask = table.getByRole('link', { name: `Anfragen: ${names[0]!.trim()}` })
    await expect(ask).toHaveText('ANFRAGEN')
    await ask.click()
    await expect(page).toHaveURL(/\/vehicles\/2#anfrage$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Fahrzeug anfragen' })).toBeVisible()
  })
})
