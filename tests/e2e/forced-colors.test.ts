import { type Locator } from '@playwright/test'
import { expect, test, waitForScripts } from './playwright-utils'

/*
 * Forced colours (Windows high contrast; accessibility review 2026-11-29, L5): the browser paints every
 * background as Canvas and every border and text in the system's colours, so a state drawn with a
 * background or a border colour alone disappears. Read from the computed styles Chromium uses under
 * `forced-colors: active`, not from screenshots.
 */

/** A colour of an element (or of its ::after) as the browser computes it under forced colours. */
function color(locator: Locator, property: 'backgroundColor' | 'borderTopColor', pseudo?: '::after') {
  return locator.evaluate((element, [name, after]) => getComputedStyle(element, after)[name as 'backgroundColor'], [property, pseudo ?? null] as const)
}

test('under forced colours the current states keep a mark of their own: the selected photo, the current page, the slide; filled buttons keep their shape', async ({
  page,
}) => {
  await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' })

  await test.step('/vehicles/1: the selected thumbnail, the current menu entry, the filled buttons', async () => {
    await page.goto('/vehicles/1')
    await waitForScripts(page)
    const canvas = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    const thumbs = page.getByRole('list', { name: 'Alle Fotos' }).getByRole('link')
    await expect(thumbs.first()).toHaveAttribute('aria-current', 'true')
    const selected = await color(thumbs.first(), 'borderTopColor')
    // The others' border is the page's Canvas (unseen), the selected one's another colour (Highlight).
    expect(await color(thumbs.nth(1), 'borderTopColor')).toBe(canvas)
    expect(selected).not.toBe(canvas)

    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' }).first()
    const current = nav.getByRole('link', { name: 'FAHRZEUGE', exact: true })
    // The car's section: „true“, „page“ only on /vehicles itself.
    await expect(current).toHaveAttribute('aria-current', 'true')
    // The underline under the current entry, drawn in the text's colour, not in the Canvas it would become.
    expect(await current.evaluate((link) => getComputedStyle(link, '::after').height)).toBe('2px')
    expect(await color(current, 'backgroundColor', '::after')).not.toBe(canvas)
    expect(await nav.getByRole('link', { name: 'SERVICES', exact: true }).evaluate((link) => getComputedStyle(link, '::after').content)).toBe('none')

    // A primary button (amber, no border of its own): a visible border in forced colours only.
    const primary = page.getByRole('button', { name: 'Mit diesen Werten anfragen' })
    await expect(primary).toHaveCSS('border-top-width', '2px')
    await expect(primary).toHaveCSS('border-top-style', 'solid')
    expect(await color(primary, 'borderTopColor')).not.toBe(canvas)
    await page.emulateMedia({ forcedColors: 'none' })
    await expect(primary).toHaveCSS('border-top-width', '0px')
    await page.emulateMedia({ forcedColors: 'active' })
  })

  await test.step('/: the hero’s dots on a plate of Canvas, the current one in another colour', async () => {
    await page.goto('/')
    const dot = (n: number) => page.getByRole('button', { name: `Folie ${n} anzeigen` }).locator('span')
    await expect(page.getByRole('button', { name: 'Folie 1 anzeigen' })).toHaveAttribute('aria-current', 'true')
    const plate = await color(page.getByRole('button', { name: 'Folie 1 anzeigen' }).locator('xpath=ancestor::ul'), 'backgroundColor')
    const [first, second, third] = await Promise.all([1, 2, 3].map((n) => color(dot(n), 'backgroundColor')))
    expect(second).toBe(third)
    expect(new Set([plate, first, second]).size).toBe(3)
  })
})
