import { devices, type BrowserContextOptions, type CDPSession, type Locator, type Page } from '@playwright/test'
import { CONTENT_ROUTES } from '../content-routes'
import { expect, test, uniqueName, waitForScripts } from './playwright-utils'

/*
 * The site on phones (issue 13): every page fits the narrowest phones, the menu works from the
 * first tap with and without JavaScript, and a vehicle page prints on one sheet.
 */

const PHONE_WIDTHS = [320, 360, 390, 414] as const
/**
 * A larger default font on a narrow phone (Chrome's „Schriftgröße: Sehr groß“ is 24 px, „Groß“ 20 px; Android's
 * font scale does the same): both below 20rem, where the pages must reflow too (WCAG 1.4.10, decision 110).
 */
const LARGE_FONTS = [
  { width: 390, font: 24 },
  { width: 320, font: 20 },
] as const

/** A phone of the given width (Pixel 7's user agent, touch and scaling). */
function phone(width: number, extra: BrowserContextOptions = {}): BrowserContextOptions {
  return { ...devices['Pixel 7'], viewport: { width, height: 800 }, ...extra }
}

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth)
}

/**
 * The page laid out at a default font (the browser's setting, which rem-based media queries follow too; a
 * font-size on <html> would not move them) and a width, without a reload; its width then.
 */
async function pageWidthAt(page: Page, cdp: CDPSession, { width, font }: { width: number; font: number }) {
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: font } })
  await page.setViewportSize({ width, height: 800 })
  const [scrollWidth, rootFont] = await page.evaluate(() => [document.documentElement.scrollWidth, getComputedStyle(document.documentElement).fontSize])
  expect(rootFont, 'the default font took').toBe(`${font}px`)
  return scrollWidth
}

/**
 * Runs in the page: the words of `elements` that a line break cuts with no soft hyphen between their
 * letters, each up to its break („DATENSCHUTZERKLÄ“). Two letters of one word on different lines with
 * no U+00AD between them is a word broken mid-syllable, which decision 102 keeps out of headings.
 * Visually hidden elements (1 × 1 px) are left out: there every letter is a line of its own.
 */
function brokenWithoutHyphen(elements: Element | Element[]): string[] {
  const unmarked: string[] = []
  const range = document.createRange()
  for (const element of Array.isArray(elements) ? elements : [elements]) {
    const box = element.getBoundingClientRect()
    if (box.width < 2 || box.height < 2) continue
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      let last: { index: number; top: number } | undefined
      for (let index = 0; index < text.length; index++) {
        if (!/\p{L}/u.test(text[index]!)) {
          if (text[index] !== '\u00AD') last = undefined
          continue
        }
        range.setStart(node, index)
        range.setEnd(node, index + 1)
        // The letter's own box: a range at the start of a line may also report an empty one at the end of the line before.
        const rect = [...range.getClientRects()].filter((candidate) => candidate.width > 0).at(-1)
        if (!rect) continue
        const top = Math.round(rect.top)
        if (last && top > last.top && !text.slice(last.index, index).includes('\u00AD')) unmarked.push(text.slice(0, index).replace(/\u00AD/g, ''))
        last = { index, top }
      }
    }
  }
  return unmarked
}

/** Every page of the route table, every vehicle, the 404 page and the forms' confirmation states (server HTML). */
async function allPages(baseURL: string) {
  const response = await fetch(`${baseURL}/api/vehicles`)
  const vehicles = (await response.json()) as Array<{ id: string }>
  expect(vehicles.length).toBeGreaterThan(0)
  return [
    '/',
    '/vehicles',
    ...CONTENT_ROUTES,
    ...vehicles.map((vehicle) => `/vehicles/${vehicle.id}`),
    '/gibt-es-nicht',
    '/vehicles/9999',
    // The confirmations a form leads to without JavaScript (with it, a toast: tested below).
    '/?nachricht=gesendet#contact-bestaetigung',
    '/contact?nachricht=gesendet#contact-bestaetigung',
    '/locations/uedem/grosshandel?anfrage=gesendet&formular=contact#contact-bestaetigung',
    `/vehicles/${vehicles[0]?.id}?anfrage=gesendet&formular=anfrage#anfrage-bestaetigung`,
  ]
}

/**
 * The sweep's pages in this many parts, each a test of its own: the workers share them, and each part
 * keeps its own timeout (the whole sweep took 3 minutes on a slow machine, the timeout of one test).
 */
const SWEEP_PARTS = 3

// Each part in a phone context of its own; the project's own page is not used.
test.describe('every page fits every phone', { tag: '@phone' }, () => {
  for (let part = 0; part < SWEEP_PARTS; part++) {
    test(`no page is wider than the phone at ${PHONE_WIDTHS.join(', ')} px, nor at a larger default font (24 px at 390 px, 20 px at 320 px), pages ${part + 1} of ${SWEEP_PARTS}`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000)
      const pages = (await allPages(baseURL!)).filter((_, index) => index % SWEEP_PARTS === part)
      // The server HTML is what a phone shows first, and all it shows without JavaScript. So each page is
      // loaded once and laid out at every width and font in turn: without scripts only the CSS answers them.
      const context = await browser.newContext(phone(PHONE_WIDTHS[0], { javaScriptEnabled: false, baseURL }))
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      const tooWide: string[] = []
      const brokenHeadings: string[] = []
      for (const url of pages) {
        await page.goto(url)
        // The default font first, then the larger ones (the setting outlasts a navigation: every layout sets it).
        for (const width of PHONE_WIDTHS) {
          const scrollWidth = await pageWidthAt(page, cdp, { width, font: 16 })
          if (scrollWidth > width) tooWide.push(`${url} at ${width} px: ${scrollWidth} px`)
          // Headings break long words at their soft hyphens, in a browser without a German dictionary too (visitor review 2026-11-30, L2).
          for (const word of await page.$$eval('h1, h2, h3', brokenWithoutHyphen)) brokenHeadings.push(`${url} at ${width} px: „${word}|“`)
        }
        for (const { width, font } of LARGE_FONTS) {
          const scrollWidth = await pageWidthAt(page, cdp, { width, font })
          if (scrollWidth > width) tooWide.push(`${url} at ${width} px with a ${font} px font: ${scrollWidth} px`)
        }
      }
      await context.close()
      expect(tooWide, 'pages wider than the phone').toEqual([])
      expect(brokenHeadings, 'heading words broken without a hyphen at the default font').toEqual([])
    })
  }

  test('hydrated pages fit 320 px too (gallery arrows, financing example, forms), and a larger default font', async ({ browser, baseURL }) => {
    test.setTimeout(90_000)
    const context = await browser.newContext(phone(320, { baseURL }))
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    const tooWide: string[] = []
    for (const url of ['/', '/contact', '/vehicles', '/vehicles/1', '/vehicles/23', '/locations/xanten/gebrauchtwagen', '/datenschutz', '/auto-verkaufen']) {
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16 } })
      await page.setViewportSize({ width: 320, height: 800 })
      await page.goto(url)
      await waitForScripts(page)
      for (const { width, font } of [{ width: 320, font: 16 }, ...LARGE_FONTS]) {
        const scrollWidth = await pageWidthAt(page, cdp, { width, font })
        if (scrollWidth > width) tooWide.push(`${url} at ${width} px with a ${font} px font: ${scrollWidth} px`)
        if (url !== '/auto-verkaufen') continue
        // The photo field's button stays inside its dashed box (visitor review 2026-11-30, L1: 12–16 px out).
        const [button, box] = await page.locator('label[for="verkaufen-photos"][aria-hidden="true"]').evaluate((label) => {
          const style = getComputedStyle(label.parentElement!)
          const inner = label.parentElement!.getBoundingClientRect()
          return [label.getBoundingClientRect().right, inner.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth)]
        })
        if (button! > box! + 0.5) tooWide.push(`the photo button at ${width} px with a ${font} px font: ${Math.round(button! - box!)} px out of its box`)
      }
    }
    await context.close()
    expect(tooWide, 'pages wider than the phone').toEqual([])
  })
})

test.describe('vehicle cards on the narrowest phone', { tag: '@phone' }, () => {
  // Issue 36: first registration and buyer facts joined the cards; nothing may stick out of a card
  // (the cards clip their content, so the page width alone would not tell). The card's text keeps to
  // its padding too: at 280 px (a folding phone's cover screen) and in the two-column grid at 640 px
  // „Schaltgetriebe“ ran into it.
  test('at 280, 320 and 640 px every line of a card stays inside its padding, the buyer facts included', async ({ browser, baseURL }) => {
    const context = await browser.newContext(phone(320, { baseURL }))
    const page = await context.newPage()
    await page.goto('/vehicles')
    await waitForScripts(page)
    const cards = page.getByRole('article')
    await expect(cards.getByText('Schaltgetriebe', { exact: true }).first()).toBeAttached()
    for (const width of [280, 320, 640]) {
      await page.setViewportSize({ width, height: 800 })
      // A phone widens its layout to fit what sticks out, and the cards with it: first the page's width.
      expect(await pageWidth(page), `${width} px`).toBeLessThanOrEqual(width)
      const overflow = await cards.evaluateAll((articles) =>
        articles.flatMap((article) => {
          const heading = article.querySelector('h2, h3')!
          // The card's body: its padding is the edge of the text (the badges and „Merken“ sit on the photo).
          const body = heading.parentElement!
          const style = getComputedStyle(body)
          const rect = body.getBoundingClientRect()
          const left = rect.left + parseFloat(style.paddingLeft)
          const right = rect.right - parseFloat(style.paddingRight)
          return [...body.querySelectorAll('h2, h3, p, dd, li, a')].flatMap((element) => {
            if (element.closest('.absolute') || element.getClientRects().length === 0) return []
            const inner = element.getBoundingClientRect()
            const clipped = inner.right > right + 0.5 || inner.left < left - 0.5 || element.scrollWidth > element.clientWidth + 1
            return clipped ? [`${heading.textContent}: ${element.textContent} (${Math.round(inner.right - right)} px)`] : []
          })
        }),
      )
      expect(overflow, `${width} px`).toEqual([])
    }
    await expect(cards.filter({ hasText: 'V 250 d' }).getByRole('list', { name: 'Vorteile' })).toHaveText(/MwSt\. ausweisbar\s*Garantie\s*Unfallfrei/)
    await context.close()
  })
})

test.describe('on a phone', { tag: '@phone' }, () => {
  test('the contact form’s success toast is inside the visible screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/contact')
    const form = page.locator('#contact form')
    await expect(form).toHaveAttribute('novalidate', '')
    await form.getByLabel('Name').fill(uniqueName('Telefon Test'))
    await form.getByLabel('E-Mail').fill('phone@example.de')
    await form.getByLabel('Nachricht').fill('Gesendet vom Telefon.')
    await form.getByRole('button', { name: 'NACHRICHT SENDEN' }).click()
    const toast = page.locator('[data-sonner-toast]').getByText('Nachricht gesendet!')
    await expect(toast).toBeVisible()
    // The toast slides in from the top edge: where it comes to rest is what the visitor reads.
    // (Measured at its first visible frame, a loaded CI machine caught it mid-slide.)
    const edges = async () => {
      const box = (await toast.boundingBox())!
      return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height }
    }
    await expect.poll(async () => (await edges()).top).toBeGreaterThanOrEqual(0)
    const rest = await edges()
    expect(rest.left).toBeGreaterThanOrEqual(0)
    expect(rest.bottom).toBeLessThanOrEqual(740)
    expect(rest.right).toBeLessThanOrEqual(360)
    expect(await pageWidth(page)).toBeLessThanOrEqual(360)
  })

  test('small links and the trade-in checkbox are big enough to tap: 24 × 24 px at least, a lone link or checkbox row 44 px high (visitor review L2)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 })
    // Soft: every target too small is reported at once.
    const sizeOf = async (target: Locator) => {
      await target.scrollIntoViewIfNeeded()
      const box = (await target.boundingBox())!
      return { width: Math.round(box.width), height: Math.round(box.height) }
    }

    // /about: every review names its source, a link within the line (it was 16 px high).
    await page.goto('/about')
    const sources = page.getByRole('link', { name: /^(Google|mobile\.de) \(öffnet in neuem Tab\)$/ })
    expect(await sources.count()).toBeGreaterThan(1)
    for (const source of await sources.all()) {
      const size = await sizeOf(source)
      expect.soft(size.width, (await source.textContent()) ?? '').toBeGreaterThanOrEqual(24)
      expect.soft(size.height, (await source.textContent()) ?? '').toBeGreaterThanOrEqual(24)
    }

    // The phone number in the contact section's card (it was 19 px high), on the pages that show it.
    for (const path of ['/', '/contact']) {
      await page.goto(path)
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Telefon', exact: true }) })
      const size = await sizeOf(card.getByRole('link', { name: '0201 8512 3400' }))
      expect.soft(size.height, path).toBeGreaterThanOrEqual(44)
      expect.soft(size.width, path).toBeGreaterThanOrEqual(44)
    }

    // The call banner's address, a route link alone on its line (it was 43 px high).
    await page.goto('/locations/dortmund')
    const address = await sizeOf(page.getByRole('link', { name: 'Gladbecker Straße 250, 45326 Essen' }))
    expect.soft(address.height).toBeGreaterThanOrEqual(44)
    expect.soft(address.width).toBeGreaterThanOrEqual(44)

    // The sell page's „Lieber anrufen?“: the number and WhatsApp (they were 19 px high).
    await page.goto('/auto-verkaufen')
    const rather = page.locator('p', { hasText: 'Lieber anrufen?' })
    for (const name of ['0201 8512 3400', /^per WhatsApp/]) {
      const size = await sizeOf(rather.getByRole('link', { name }))
      expect.soft(size.height, String(name)).toBeGreaterThanOrEqual(44)
      expect.soft(size.width, String(name)).toBeGreaterThanOrEqual(44)
    }

    // The test drive's trade-in: its whole row is the label (the box alone was 20 px), and a tap anywhere on it ticks.
    await page.goto('/vehicles/1')
    // „Vergrößern“ on the photo: the way to the large photos, the only one without JavaScript (it was 28 px high).
    const enlarge = await sizeOf(page.getByRole('link', { name: 'Vergrößern' }))
    expect.soft(enlarge.height).toBeGreaterThanOrEqual(44)
    expect.soft(enlarge.width).toBeGreaterThanOrEqual(44)
    const tradeIn = page.locator('#probefahrt').getByRole('checkbox', { name: 'Fahrzeug in Zahlung geben?' })
    const row = page.locator('#probefahrt').locator('label', { hasText: 'Fahrzeug in Zahlung geben?' })
    const size = await sizeOf(row)
    expect.soft(size.height).toBeGreaterThanOrEqual(44)
    expect.soft(size.width).toBeGreaterThanOrEqual(44)
    // Below the box, at the row's left edge: neither the box nor the words.
    await row.tap({ position: { x: 2, y: size.height - 3 } })
    await expect(tradeIn).toBeChecked()
    await row.tap({ position: { x: 2, y: size.height - 3 } })
    await expect(tradeIn).not.toBeChecked()
  })

  test('held sideways (or zoomed to 400 %), nothing fixed covers the short screen: the header scrolls away, the contact bar follows the page’s content (accessibility review 2026-11-29, M6)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 640, height: 320 })
    await page.goto('/vehicles/1')
    const header = page.getByRole('banner')
    const bar = page.getByRole('navigation', { name: 'Schnellkontakt' })
    await expect(bar.getByRole('link', { name: 'Anrufen' })).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, 600))
    // Scrolled down, the header is gone from the screen and the bar is not on it: the whole height shows the car.
    await expect(header).not.toBeInViewport()
    await expect(bar).not.toBeInViewport()
    // The bar follows the car's page in the flow, before the footer.
    await expect(bar).toHaveCSS('position', 'static')
    await bar.scrollIntoViewIfNeeded()
    await expect(page.getByRole('contentinfo')).not.toBeInViewport({ ratio: 0.5 })

    await page.setViewportSize({ width: 640, height: 900 })
    await expect(header).toBeInViewport()
    await expect(bar).toHaveCSS('position', 'fixed')
  })

  test('with a larger default font (24 px at 390 px, 20 px at 320 px) the header stays on the screen: logo, Merkliste, phone and „Menü“ in reach (accessibility review 2026-11-29, L1)', async ({
    page,
  }) => {
    // Chrome's „Schriftgröße: Sehr groß / Groß“ is the default font, which rem-based media queries follow too;
    // a font-size on <html> would not move them.
    const cdp = await page.context().newCDPSession(page)
    // At the default font no text is hyphenated by a dictionary (only the headings' soft hyphens break words).
    await page.goto('/')
    expect(await page.evaluate(() => getComputedStyle(document.body).hyphens)).toBe('manual')
    for (const [width, font] of [
      [390, 24],
      [320, 20],
    ] as const) {
      await test.step(`${font} px at ${width} px`, async () => {
        await page.setViewportSize({ width, height: 800 })
        await cdp.send('Page.setFontSizes', { fontSizes: { standard: font } })
        await page.goto('/')
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(`${font}px`)
        const banner = page.getByRole('banner')
        const menu = banner.getByRole('button', { name: 'Menü' })
        for (const control of [
          banner.getByRole('link', { name: /Ruhrstern/ }),
          banner.getByRole('link', { name: 'Merkliste' }),
          banner.getByRole('link', { name: /^Anrufen/ }),
          menu,
        ]) {
          await expect(control).toBeInViewport({ ratio: 1 })
        }
        // The row holds them without running over (the name gives way to the mark), and the fixed header is no
        // wider than the page: the browser shows innerWidth whole. The page's content fits the phone at this
        // font too (since 2026-11-30, the sweep above), so innerWidth is the phone's width and nothing zooms out.
        const { right, innerWidth, scrollWidth, row } = await menu.evaluate((button) => {
          const rowElement = button.closest('header > div')!
          return {
            right: button.getBoundingClientRect().right,
            innerWidth: window.innerWidth,
            scrollWidth: document.documentElement.scrollWidth,
            row: [rowElement.scrollWidth, rowElement.clientWidth],
          }
        })
        expect(innerWidth).toBe(width)
        expect(right).toBeLessThanOrEqual(innerWidth)
        expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
        expect(row[0]).toBeLessThanOrEqual(row[1]!)
        // The hero grows with its text: the title starts below the header, hyphenated at a syllable
        // („AUTOAN-“, not „AUTOANKA“), and its buttons end above the slide controls, inside the hero.
        const slide = page.locator('[aria-roledescription="Folie"]').first()
        const hero = await slide.evaluate((element) => {
          const title = element.querySelector('p')!
          const buttons = [...element.querySelectorAll('a')].map((link) => link.getBoundingClientRect().bottom)
          const controls = element.closest('section')!.querySelector('button')!.getBoundingClientRect().top
          const header = document.querySelector('header')!.getBoundingClientRect().bottom
          return { titleTop: title.getBoundingClientRect().top, header, buttons, controls }
        })
        expect(hero.titleTop, 'the hero title starts below the header').toBeGreaterThanOrEqual(hero.header)
        for (const bottom of hero.buttons) expect(bottom, 'a hero button ends above the slide controls').toBeLessThanOrEqual(hero.controls)
        expect(await slide.locator('p').first().evaluate(brokenWithoutHyphen), 'words of the hero title broken without a hyphen (up to the break)').toEqual([])
        // Long words hyphenate where the browser has a German dictionary (not this Chromium), an address never.
        expect(await page.evaluate(() => getComputedStyle(document.body).hyphens)).toBe('auto')
        expect(
          await page
            .getByRole('contentinfo')
            .getByText('ruhrstern-automobile.de', { exact: true })
            .first()
            .evaluate((part) => getComputedStyle(part).hyphens),
        ).toBe('manual')
        await menu.tap()
        await expect(page.locator('#mobile-menu')).toBeVisible()
      })
    }
  })

  test('price tables stack their rows: the price is on screen, nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/locations/xanten/gebrauchtwagen')
    const table = page.getByRole('table').first()
    const price = table.getByRole('cell', { name: /€/ }).first()
    await price.scrollIntoViewIfNeeded()
    const box = (await price.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(360)
    // The rows are still rows of a table for screen readers.
    await expect(table.getByRole('row').nth(1).getByRole('rowheader')).toHaveCount(1)
  })
})

/** Shared by the menu tests with and without JavaScript. */
async function expectMenuWorks(page: Page, { scripted }: { scripted: boolean }) {
  const toggle = page.getByRole('button', { name: 'Menü' })
  const menu = page.locator('#mobile-menu')
  await expect(toggle).toBeEnabled()
  await expect(menu).toBeHidden()

  // Opens on the first tap, with the links and the call button; the bar is solid behind it.
  await toggle.tap()
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('link', { name: 'JETZT ANRUFEN' })).toHaveAttribute('href', 'tel:+4920185123400')
  await expect(page.getByRole('banner')).toHaveCSS('background-image', 'none')
  await expect(page.getByRole('banner')).toHaveCSS('background-color', /^oklch\(0\.141 /)

  // Keyboard: the menu's links come right after the toggle; Escape closes and returns focus to the toggle.
  await toggle.focus()
  await page.keyboard.press('Tab')
  await expect(menu.getByRole('link', { name: 'HOME', exact: true })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(toggle).toBeFocused()

  // A second tap closes it again.
  await toggle.tap()
  await expect(menu).toBeVisible()
  await toggle.tap()
  await expect(menu).toBeHidden()

  // A link closes it: a new document without scripts, a client-side navigation with them.
  await toggle.tap()
  await menu.getByRole('link', { name: 'STANDORTE', exact: true }).tap()
  await expect(page).toHaveURL('/locations')
  await expect(page.locator('#mobile-menu')).toBeHidden()
  if (scripted) expect(await page.evaluate(() => '__remixRouter' in window)).toBe(true)
}

test.describe('phone menu', { tag: '@phone' }, () => {
  // Many steps, each waiting for the browser; on a busy machine they need more than the default 30 s.
  test.describe.configure({ timeout: 60_000 })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('opens on the first tap, closes on Escape, a second tap or a link', async ({ page }) => {
      await page.goto('/')
      await expectMenuWorks(page, { scripted: false })
    })
  })

  test('before the scripts have loaded, the first tap opens it', async ({ page }) => {
    // Hold the scripts back: the page is server HTML only, as on a slow line.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/build/**/*.js', async (route) => {
      await held
      await route.continue()
    })
    // Not until `load`: the held scripts delay it.
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    await page.getByRole('button', { name: 'Menü' }).tap()
    await expect(page.locator('#mobile-menu')).toBeVisible()
    expect(await page.evaluate(() => '__remixRouter' in window)).toBe(false)
    release()
    // Hydration leaves the open menu open and reports its state.
    await waitForScripts(page)
    await expect(page.locator('#mobile-menu')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Menü' })).toHaveAttribute('aria-expanded', 'true')
  })

  test('with JavaScript: the same, and the browser reports it expanded', async ({ page }) => {
    await page.goto('/')
    await waitForScripts(page)
    const toggle = page.getByRole('button', { name: 'Menü' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.tap()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    // What assistive technology gets from the browser itself (the popover's invoker), not from the attribute alone.
    const cdp = await page.context().newCDPSession(page)
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: Array<{ role?: { value: string }; name?: { value: string }; properties?: Array<{ name: string; value: { value: unknown } }> }>
    }
    const button = nodes.find((node) => node.role?.value === 'button' && node.name?.value === 'Menü')
    expect(button?.properties?.find((property) => property.name === 'expanded')?.value.value).toBe(true)
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expectMenuWorks(page, { scripted: true })
  })
})

/** Pages of a PDF, read from its trailer-independent page objects (no pdfinfo needed). */
function pdfPageCount(pdf: Buffer): number {
  const text = pdf.toString('latin1')
  return (text.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length
}

test.describe('printing', () => {
  test('a vehicle page prints on one A4 page, black on white, with photo, price, data and contact', async ({ page }) => {
    await page.goto('/vehicles/1')
    await waitForScripts(page)
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('banner')).toBeHidden()
    await expect(page.getByRole('contentinfo')).toBeHidden()
    await expect(page.getByText('Gladbecker Straße 250, 45326 Essen · Tel. 0201 8512 3400')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Technische Daten' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Verbrauch und Emissionen' })).toBeVisible()
    await expect(page.getByText('28.900 €').first()).toBeVisible()
    await expect(page.getByRole('img').first()).toBeVisible()
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)')
    expect(pdfPageCount(await page.pdf({ format: 'A4', printBackground: true }))).toBe(1)

    // The seed's longest sheet: a long name, the reservation notice, the net price, consumption and equipment.
    await page.goto('/vehicles/10')
    await expect(page.getByText('Dieses Fahrzeug ist reserviert.')).toBeVisible()
    await expect(page.getByText('Umweltplakette')).toBeVisible()
    expect(pdfPageCount(await page.pdf({ format: 'A4', printBackground: true }))).toBe(1)
  })
})
