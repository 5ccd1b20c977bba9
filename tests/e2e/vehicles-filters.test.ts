import { type Locator, type Page } from '@playwright/test'
import { expect, isPhone, openVehicleFilters, test, vehicleFilterToggle, waitForScripts } from './playwright-utils'

/*
 * Filters that stay put (issue 29, item 1): a changed filter leaves the page where it is; on phones a
 * sticky bar shows the live count and leads to the results; at 1366×768 the first car's price shows
 * without scrolling; without JavaScript the form is sent as before. The review's sizes: 390 px and
 * 1366×768 (the phone project runs at 390 px, the desktop one at 1366×768).
 */

const form = (page: Page) => page.getByRole('search', { name: 'Fahrzeuge durchsuchen' })
const resultsHeading = (page: Page) => page.locator('#ergebnisse')
const countBar = (page: Page) => page.getByRole('button', { name: /^[\d.]+ Fahrzeuge? anzeigen$/ })

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(isPhone(page) ? { width: 390, height: 844 } : { width: 1366, height: 768 })
})

/** The navigation a filter started has rendered, and two frames have passed (any scroll it caused has begun). */
async function settled(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __remixRouter: { state: { navigation: { state: string } } } }).__remixRouter.state.navigation.state === 'idle',
  )
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

/** Whether the middle of the control is what a tap there hits (not the header or the count bar over it). */
function reachable(control: Locator) {
  return control.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect()
    return document.elementFromPoint(x + width / 2, y + height / 2) === element
  })
}

test('four filters in a row: the page never moves and the next filter stays on the screen', { tag: '@both' }, async ({ page }) => {
  await page.goto('/vehicles')
  await waitForScripts(page)
  await openVehicleFilters(page)
  const steps: Array<[label: string, option: string]> = [
    ['Kraftstoff', 'Benzin'],
    ['Getriebe', 'Automatik'],
    ['Kilometerstand bis', '150.000 km'],
    ['Erstzulassung ab', '2015'],
  ]
  const labels = [...steps.map(([label]) => label), 'Monatsrate bis']
  for (const [index, [label, option]] of steps.entries()) {
    const control = form(page).getByLabel(label, { exact: true })
    const next = form(page).getByLabel(labels[index + 1]!, { exact: true })
    // The visitor has both the filter and the next one in front of them.
    await next.scrollIntoViewIfNeeded()
    await control.scrollIntoViewIfNeeded()
    const before = await page.evaluate(() => window.scrollY)
    const nextTop = await next.evaluate((element) => element.getBoundingClientRect().top)
    const url = page.url()
    // As a tap on the select would (selectOption alone does not move the focus).
    await control.focus()
    await control.selectOption({ label: option })
    await expect(page).not.toHaveURL(url)
    await settled(page)
    expect(await page.evaluate(() => window.scrollY), `scrollY after ${label}`).toBe(before)
    expect(await next.evaluate((element) => element.getBoundingClientRect().top), `${labels[index + 1]} after ${label}`).toBe(nextTop)
    await expect(control).toBeFocused()
    await expect(next).toBeInViewport({ ratio: 1 })
    expect(await reachable(next), `${labels[index + 1]} can be tapped`).toBe(true)
  }
  await expect(page).toHaveURL(/fuel=petrol/)
  await expect(page).toHaveURL(/yearFrom=2015/)
})

// The count bar is for phones; wider screens show the results beside the filters.
test('phone: the count bar shows the live count and takes the visitor to the results', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/vehicles')
  await waitForScripts(page)
  await openVehicleFilters(page)
  const fuel = form(page).getByLabel('Kraftstoff')
  await fuel.scrollIntoViewIfNeeded()
  await expect(countBar(page)).toBeInViewport({ ratio: 1 })
  // The heading reads „24 Fahrzeuge (Seite 1 von 2)“; the bar „24 Fahrzeuge anzeigen“.
  const count = /^[\d.]+ Fahrzeuge?/.exec(await resultsHeading(page).innerText())![0]
  await expect(countBar(page)).toHaveText(`${count} anzeigen`)

  await fuel.selectOption({ label: 'Elektro' })
  await expect(resultsHeading(page)).toHaveText('3 Fahrzeuge')
  await expect(countBar(page)).toHaveText('3 Fahrzeuge anzeigen')
  await expect(resultsHeading(page)).not.toBeInViewport()

  // A price typed and not yet applied counts too: the tap applies it first.
  await form(page).getByLabel('Preis bis (€)').fill('1000')
  await countBar(page).click()
  await expect(page).toHaveURL(/priceTo=1000/)
  await expect(resultsHeading(page)).toHaveText('0 Fahrzeuge')
  await expect(resultsHeading(page)).toBeFocused()
  await expect(resultsHeading(page)).toBeInViewport()
  await expect(countBar(page)).toHaveText('0 Fahrzeuge anzeigen')
})

test('desktop: at 1366×768 the first car and its price show without scrolling', async ({ page }) => {
  await page.goto('/vehicles')
  const first = page.getByRole('article').first()
  await expect(first.getByText(/^[\d.]+\s€$/)).toBeInViewport({ ratio: 1 })
  await expect(first.getByRole('heading')).toBeInViewport({ ratio: 1 })
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await expect(countBar(page)).toBeHidden()
})

test('desktop: with a filter set, „FAHRZEUGE SUCHEN“ and „Filter zurücksetzen“ stay inside the filter column (tablet review 2026-11-29, M4)', async ({
  page,
}) => {
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/vehicles?fuel=diesel')
    const column = (await form(page).boundingBox())!
    for (const control of [form(page).getByRole('button', { name: 'FAHRZEUGE SUCHEN' }), form(page).getByRole('link', { name: 'Filter zurücksetzen' })]) {
      const box = (await control.boundingBox())!
      expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(column.x + column.width + 0.5)
    }
  }
})

/** The prices the cards show, in their order. */
async function cardPrices(page: Page) {
  return (
    await page
      .getByRole('article')
      .getByText(/^[\d.]+\s€$/)
      .allInnerTexts()
  ).map((text) => Number(text.replace(/\D/g, '')))
}

/** Whether a field's placeholder fits in it (measured in the field's own font), so none is cut off. */
function placeholderFits(field: Locator) {
  return field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    return context.measureText(input.placeholder).width <= input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
  })
}

test('desktop at 1280×720: „Sortieren nach“ beside the count in the first screen reorders the list at once, the focus stays; three cards a row (tablet review 2026-11-29, M6, Low 14, Low 15)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto('/vehicles')
  await waitForScripts(page)
  const sort = page.getByLabel('Sortieren nach')
  const count = resultsHeading(page).getByText('24 Fahrzeuge', { exact: true })

  await test.step('beside the count, on the right of the results, inside the first screen', async () => {
    await expect(sort).toBeInViewport({ ratio: 1 })
    const [countBox, sortBox, firstCard] = [(await count.boundingBox())!, (await sort.boundingBox())!, (await page.getByRole('article').first().boundingBox())!]
    expect(Math.abs(countBox.y + countBox.height / 2 - (sortBox.y + sortBox.height / 2)), 'on the count’s line').toBeLessThan(8)
    expect(sortBox.x).toBeGreaterThan(countBox.x + countBox.width)
    expect(sortBox.y + sortBox.height).toBeLessThan(firstCard.y)
    // Its right edge is the list's: the third card of the first row ends there.
    const third = (await page.getByRole('article').nth(2).boundingBox())!
    expect(Math.abs(third.y - firstCard.y), 'three cards in the first row').toBeLessThan(1)
    expect(Math.abs(sortBox.x + sortBox.width - (third.x + third.width))).toBeLessThan(1)
    expect((await page.getByRole('article').nth(3).boundingBox())!.y).toBeGreaterThan(firstCard.y + firstCard.height)
  })

  await test.step('a card photo takes the candidate that fits its 288 px, not a wider one', async () => {
    const photo = page.getByRole('article').first().getByRole('img').first()
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/[?&]w=320\b/)
    expect((await photo.boundingBox())!.width).toBeLessThanOrEqual(320)
  })

  await test.step('the search field’s placeholder is not cut off', async () => {
    await expect(form(page).getByRole('searchbox', { name: 'Suche' })).toHaveAttribute('placeholder', 'z. B. Golf, Kombi')
    expect(await placeholderFits(form(page).getByRole('searchbox', { name: 'Suche' }))).toBe(true)
  })

  await test.step('a new order applies at once: the list and the address follow, the page and the focus stay', async () => {
    const before = await cardPrices(page)
    await sort.focus()
    const scrollY = await page.evaluate(() => window.scrollY)
    await sort.selectOption({ label: 'Preis aufsteigend' })
    await expect(page).toHaveURL(/\/vehicles\?sort=price-asc$/)
    await settled(page)
    const after = await cardPrices(page)
    expect(after).toEqual([...after].sort((a, b) => a - b))
    expect(after).not.toEqual(before)
    await expect(sort).toBeFocused()
    await expect(sort).toHaveValue('price-asc')
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY)

    // Filters keep the order, and the order keeps the filters: one form.
    await form(page).getByLabel('Kraftstoff').selectOption({ label: 'Diesel' })
    await expect(page).toHaveURL(/\/vehicles\?fuel=diesel&sort=price-asc$/)
    await sort.selectOption({ label: 'Preis absteigend' })
    await expect(page).toHaveURL(/\/vehicles\?fuel=diesel&sort=price-desc$/)
    await settled(page)
    const diesel = await cardPrices(page)
    expect(diesel).toEqual([...diesel].sort((a, b) => b - a))

    // „Filter zurücksetzen“ is a link: the control shows the address's order again.
    await form(page).getByRole('link', { name: 'Filter zurücksetzen' }).click()
    await expect(page).toHaveURL(/\/vehicles$/)
    await expect(sort).toHaveValue('newest')
    // The link went with the filters: the results heading has the focus, not the page's body (accessibility review 2026-11-29, M5).
    await expect(page.getByRole('heading', { level: 2, name: /^\d+ Fahrzeuge/ })).toBeFocused()
  })

  await test.step('the Suchauftrag field’s placeholder is not cut off, at 1280 and at 320 px', async () => {
    await page.goto('/vehicles?search=zeppelin')
    const field = page.getByRole('textbox', { name: /^E-Mail oder Telefon/ })
    expect(await placeholderFits(field)).toBe(true)
    await page.setViewportSize({ width: 320, height: 720 })
    expect(await placeholderFits(field)).toBe(true)
  })
})

test(
  'phone: „Sortieren nach“ sits under the count, above the first card, within the screen’s width, and applies at once (M6)',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/vehicles')
    await waitForScripts(page)
    const sort = page.getByLabel('Sortieren nach')
    const [heading, control, card] = [
      (await resultsHeading(page).boundingBox())!,
      (await sort.boundingBox())!,
      (await page.getByRole('article').first().boundingBox())!,
    ]
    expect(control.y).toBeGreaterThanOrEqual(heading.y + heading.height)
    expect(control.y + control.height).toBeLessThan(card.y)
    expect(control.x + control.width).toBeLessThanOrEqual(page.viewportSize()!.width)
    // Nothing to open first: the filter panel stays closed.
    await expect(vehicleFilterToggle(page)).toHaveText('Filter')
    // As a tap would (selectOption alone does not move the focus).
    await sort.focus()
    await sort.selectOption({ label: 'Preis absteigend' })
    await expect(page).toHaveURL(/\/vehicles\?sort=price-desc$/)
    await settled(page)
    const prices = await cardPrices(page)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))
    await expect(sort).toBeFocused()
  },
)

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the filter form is sent as before and there is no count bar', { tag: '@both' }, async ({ page }) => {
    await page.goto('/vehicles')
    if (isPhone(page)) await vehicleFilterToggle(page).click()
    await form(page).getByLabel('Kraftstoff').selectOption({ label: 'Elektro' })
    // Nothing applies before the form is sent.
    await expect(resultsHeading(page)).not.toHaveText('3 Fahrzeuge')
    await expect(countBar(page)).toHaveCount(0)
    await form(page).getByRole('button', { name: 'FAHRZEUGE SUCHEN' }).click()
    await expect(page).toHaveURL(/\/vehicles\?.*fuel=electric.*#ergebnisse$/)
    await expect(resultsHeading(page)).toHaveText('3 Fahrzeuge')
    await expect(resultsHeading(page)).toBeInViewport()

    // A price typed the German way („30.000“) is sent as typed and read as 30000 €.
    if (isPhone(page)) await vehicleFilterToggle(page).click()
    await form(page).getByLabel('Preis bis (€)').fill('30.000')
    await form(page).getByRole('button', { name: 'FAHRZEUGE SUCHEN' }).click()
    await expect(page).toHaveURL(/priceTo=30\.000/)
    if (isPhone(page)) await vehicleFilterToggle(page).click()
    await expect(form(page).getByLabel('Preis bis (€)')).toHaveValue('30.000')
    const prices = (
      await page
        .getByRole('article')
        .getByText(/^[\d.]+\s€$/)
        .allInnerTexts()
    ).map((text) => Number(text.replace(/\D/g, '')))
    expect(prices.length).toBeGreaterThan(0)
    expect(prices.every((price) => price <= 30_000)).toBe(true)

    // Back shows the list before and its fields, not the price the browser kept of the search after it (QA walk 12-04).
    await page.goBack()
    await expect(page).not.toHaveURL(/priceTo=30/)
    await expect(resultsHeading(page)).toHaveText('3 Fahrzeuge')
    if (isPhone(page)) await vehicleFilterToggle(page).click()
    await expect(form(page).getByLabel('Preis bis (€)')).toHaveValue('')
    await expect(form(page).getByLabel('Kraftstoff')).toHaveValue('electric')
  })

  test('desktop: „Sortieren nach“ and its button „Sortieren“ send the whole form, filters included (M6)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.goto('/vehicles?fuel=diesel')
    await page.getByLabel('Sortieren nach').selectOption({ label: 'Preis absteigend' })
    await page.getByRole('button', { name: 'Sortieren', exact: true }).click()
    await expect(page).toHaveURL(/\/vehicles\?.*fuel=diesel.*&sort=price-desc#ergebnisse$/)
    // The URL changes when the new page starts to arrive; its cards are read once it is all there.
    await page.waitForLoadState('load')
    const prices = await cardPrices(page)
    expect(prices.length).toBeGreaterThan(1)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))
    await expect(form(page).getByLabel('Kraftstoff')).toHaveValue('diesel')
  })
})
