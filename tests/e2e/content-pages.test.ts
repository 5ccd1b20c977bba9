import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, storedContactMessages, storedLeadWith, test, uniqueName, waitForScripts } from './playwright-utils'
import { sentText } from './lead-form-cases'

/*
 * The content pages of the spec's route table (§2), except the vehicle pages: each answers 200
 * with exactly one H1, shows the figures of spec §9 that belong to it and the opening hours of its
 * variant, and every internal link on it leads somewhere. The expected figures are written from
 * the spec, not from the page JSON: a figure missing from a page is a content gap.
 */

type Hours = 'general' | 'city' | 'student'

const HOURS: Record<Hours, string> = {
  general: 'Mo–Fr: 09:00–18:00 Uhr',
  city: 'Mo–Sa: 08:00–20:00 Uhr',
  student: 'Mo–So: 08:00–22:00 Uhr',
}

interface PageRow {
  path: string
  /** A stable part of the one H1. */
  h1: RegExp
  /** Spec figures that must appear in <main>; strings go through `figure()`, regexes are used as they are. */
  figures?: Array<string | RegExp>
  hours: Hours
  /** Whether <main> shows the hours (a contact block, lead form or call banner); city and student pages always do. */
  hoursInMain?: boolean
  /** City pages: the hero (the section of the H1) names the place. */
  heroNames?: string
  /** Special pages: the page names its place somewhere in <main>. */
  names?: string
  /** Extra checks of this page. */
  extra?: (page: Page) => Promise<void>
  /** The header over the page start: transparent over a hero, solid on a page without one. */
  header?: 'transparent' | 'solid'
}

const CITY_PATHS = ['bochum', 'dortmund', 'duesseldorf', 'gelsenkirchen', 'oberhausen', 'muelheim', 'xanten', 'sonsbeck', 'uedem', 'muenster'].map(
  (city) => `/locations/${city}`,
)

/** Spec §9, Ruhr cities: travel minutes from Essen. */
const minutes = (n: number) => new RegExp(`(?<![\\d.,])${n}\\s*Min`)

const PAGES: PageRow[] = [
  {
    path: '/services',
    h1: /rund ums Auto|Leistungen|Services/i,
    // Free delivery within 50 km (§1, §9: the page's delivery details).
    figures: ['50 km'],
    hours: 'general',
    hoursInMain: true,
    extra: async (page) => {
      const main = page.locator('main')
      for (const title of ['AUTOANKAUF', 'AUTOVERKAUF', 'INZAHLUNGNAHME', 'EXPORT', 'FAHRZEUGBEWERTUNG', 'ZULASSUNG & UMMELDUNG']) {
        await expect(main.getByRole('heading', { name: title, exact: true })).toHaveCount(1)
      }
      const more = main.getByRole('link', { name: 'MEHR ERFAHREN' })
      await expect(more).toHaveCount(2)
      await expect(more.nth(0)).toHaveAttribute('href', '/services/autoankauf')
      await expect(more.nth(1)).toHaveAttribute('href', '/services/autoverkauf')
    },
  },
  {
    path: '/services/autoankauf',
    h1: /Auto verkaufen|Autoankauf/i,
    // Statistics 2500+ bought, 1800+ happy customers, 24h, 100%; 34 cities served; free pickup from 5,000 EUR.
    figures: ['2.500+', '1.800+', '24 h', '100 %', /(?<!\d)34\s+(Städte|Orte)/, '5.000'],
    hours: 'general',
  },
  {
    path: '/services/autoverkauf',
    h1: /Gebrauchtwagen|Autoverkauf/i,
    // Four price bands, 12 brands, 30 cities.
    figures: ['3.000', '8.000', '15.000', '30.000', /(?<!\d)12\s+\S*\s*Marken/, /(?<!\d)30\s+Städte/],
    hours: 'general',
    extra: async (page) => {
      await expect(page.locator('main #inventory')).toHaveCount(1)
    },
  },
  {
    path: '/about',
    h1: /Über uns|2009/,
    figures: ['2009', '15+', '2.500+', '150+', '98 %'],
    hours: 'general',
    header: 'transparent',
  },
  {
    path: '/contact',
    h1: /Kontakt/,
    // Directions: B224, free parking, bus line 145.
    figures: ['B224', /(?<!\d)145(?!\d)/],
    hours: 'general',
    hoursInMain: true,
    header: 'solid',
    extra: async (page) => {
      await expect(page.getByTestId('map-placeholder')).toBeVisible()
      await expect(page.getByTestId('map-placeholder').getByRole('button', { name: 'KARTE LADEN' })).toBeVisible()
    },
  },
  {
    path: '/locations',
    h1: /Standorte/,
    // 12 cities, 95 km catchment, 4.8/5 rating, 2200+ sold; and each city's distance from Essen (§9).
    figures: [/(?<!\d)12\s+Städte/, '95 km', '4,8', '2.200+', ...[15, 25, 35, 10, 8, 12].map(minutes), '65 km', '55 km', '75 km', '95 km'],
    hours: 'general',
    extra: async (page) => {
      // The ten city cards: each a heading linking to its city page.
      const cards = page.locator('main li h3 a[href^="/locations/"]')
      await expect(cards).toHaveCount(10)
      const targets = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')))
      expect(targets.sort()).toEqual([...CITY_PATHS].sort())
    },
  },
  // The Ruhr cities (one template: counters, services, why us, call banner with travel minutes).
  { path: '/locations/bochum', h1: /Bochum/, heroNames: 'Bochum', figures: ['15 Minuten'], hours: 'city' },
  { path: '/locations/dortmund', h1: /Dortmund/, heroNames: 'Dortmund', figures: ['650+', '99 %', '150+', minutes(25)], hours: 'city' },
  {
    path: '/locations/duesseldorf',
    h1: /Düsseldorf/,
    heroNames: 'Düsseldorf',
    figures: ['300+', '100 %', '50+', '500.000', minutes(35)],
    hours: 'city',
  },
  {
    path: '/locations/gelsenkirchen',
    h1: /Gelsenkirchen/,
    heroNames: 'Gelsenkirchen',
    figures: ['400+', '97 %', '5.000', minutes(10)],
    hours: 'city',
  },
  { path: '/locations/oberhausen', h1: /Oberhausen/, heroNames: 'Oberhausen', figures: ['350+', '96 %', '6.000', minutes(8)], hours: 'city' },
  { path: '/locations/muelheim', h1: /Mülheim/, heroNames: 'Mülheim', figures: ['280+', '98 %', '7.000', minutes(12)], hours: 'city' },
  // The Niederrhein cities and Münster (distance from Essen, cars sold, 50 km free travel radius).
  { path: '/locations/xanten', h1: /Xanten/, heroNames: 'Xanten', figures: ['65 km', '150+', '50 km'], hours: 'city' },
  { path: '/locations/sonsbeck', h1: /Sonsbeck/, heroNames: 'Sonsbeck', figures: ['55 km', '85+', '50 km'], hours: 'city' },
  { path: '/locations/uedem', h1: /Uedem/, heroNames: 'Uedem', figures: ['75 km', '65+', '50 km'], hours: 'city' },
  { path: '/locations/muenster', h1: /Münster/, heroNames: 'Münster', figures: ['95 km', '420+', '50 km'], hours: 'city' },
  // The seven special pages.
  {
    path: '/locations/xanten/bmw-ankauf',
    h1: /BMW/,
    names: 'Xanten',
    // 52 km, 85+ bought, indicative prices 320d 25,000, X3 35,000, 530d 32,000, 118i 18,000.
    figures: ['52 km', '85+', '25.000', '35.000', '32.000', '18.000'],
    hours: 'city',
  },
  { path: '/locations/sonsbeck/mercedes-ankauf', h1: /Mercedes/, names: 'Sonsbeck', figures: ['65+'], hours: 'city' },
  { path: '/locations/uedem/audi-ankauf', h1: /Audi/, names: 'Uedem', figures: ['45+'], hours: 'city' },
  {
    path: '/locations/muenster/studenten-autoankauf',
    h1: /Stud(ium|ent|ier)/i,
    names: 'Münster',
    // 280+ cars, 95% satisfied, at most 30 minutes; the eight example prices.
    figures: ['280+', '95 %', /(?<![\d.,])30\s*Min/, '6.500', '4.800', '7.200', '5.900', '9.800', '7.500', '11.200', '8.900'],
    hours: 'student',
  },
  {
    path: '/locations/xanten/gebrauchtwagen',
    h1: /Gebrauchtwagen/,
    names: 'Xanten',
    // 52 km, 150+ sold with 98%, price classes 3,000–8,000, 8,000–18,000, 18,000–40,000.
    figures: ['52 km', '150+', '98 %', '3.000', '8.000', '18.000', '40.000'],
    hours: 'city',
  },
  {
    path: '/locations/sonsbeck/autoexport',
    h1: /Export/i,
    names: 'Sonsbeck',
    // 500+ exports, 25+ countries, papers in 48h, trucks from 3.5 t to 40 t.
    figures: ['500+', '25+', /(?<![\d.,])48\s*(h\b|Std|Stunden)/, '3,5 t', '40 t'],
    hours: 'city',
  },
  {
    path: '/locations/uedem/grosshandel',
    h1: /Großhandel in Uedem/,
    names: 'Uedem',
    // 300+ vehicles, 50+ partners; tiers Bronze (5–15, 7 days), Silver (15–50, 14 days, free transfer 50 km), Gold (50+, 30 days).
    figures: [
      '300+',
      '50+',
      'Bronze',
      /Silber|Silver/,
      'Gold',
      /(?<!\d)5\s*[–-]\s*15(?!\d)/,
      /(?<!\d)15\s*[–-]\s*50(?!\d)/,
      '7 Tage',
      '14 Tage',
      '30 Tage',
      '50 km',
    ],
    hours: 'city',
  },
  { path: '/impressum', h1: /Impressum/, figures: ['Gladbecker Straße 250', '45326 Essen'], hours: 'general' },
  { path: '/datenschutz', h1: /Datenschutz/, figures: ['Januar 2025'], hours: 'general' },
]

/**
 * A figure as the spec writes it, matched in the page text: the German thousands dot may be
 * missing (2500+), a space may be missing or any kind of space (55km, 5.000 €), and a number
 * never matches inside a longer one (8.000 is not found in 18.000).
 */
function figure(text: string): RegExp {
  const escaped = text
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/(\d)\\\.(\d{3})/g, '$1\\.?$2')
    .replace(/ /g, '\\s*')
  const before = /^\d/.test(text) ? '(?<![\\d.,])' : ''
  const after = /\d$/.test(text) ? '(?![\\d]|[.,]\\d)' : ''
  return new RegExp(`${before}${escaped}${after}`)
}

/** The text of an element with every run of whitespace (no-break spaces included) as one space. */
async function textOf(page: Page, selector: string) {
  return ((await page.locator(selector).textContent()) ?? '').replace(/\s+/g, ' ')
}

/** Internal link targets already checked in this worker, with their final status. */
const checkedLinks = new Map<string, number>()

async function checkInternalLinks(page: Page, request: APIRequestContext) {
  const hrefs = await page
    .locator('main a[href^="/"], header a[href^="/"], footer a[href^="/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  const targets = [...new Set(hrefs.filter((href) => !href.startsWith('//')).map((href) => href.split('#')[0] || '/'))]
  for (const target of targets) {
    if (!checkedLinks.has(target)) checkedLinks.set(target, (await request.get(target)).status())
    expect.soft(checkedLinks.get(target), `link ${target} on ${new URL(page.url()).pathname}`).toBe(200)
  }
}

test.describe('content pages', () => {
  for (const row of PAGES) {
    test(`${row.path}: 200, one H1, the spec figures, the hours${row.header ? ', the header' : ''}, working links, hydrated without errors`, async ({
      page,
      request,
    }) => {
      // A hydration mismatch (React errors #418, #422, #425) surfaces as a page error or a console error.
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
      const response = await page.goto(row.path)
      // The steps only read the page: one load for all of them.
      await test.step('200 and one H1', async () => {
        expect(response?.status()).toBe(200)
        expect(new URL(page.url()).pathname).toBe(row.path)
        await expect(page.locator('h1')).toHaveCount(1)
        // Read as a person sees it: long compounds carry invisible soft hyphens (decision 102).
        expect((await page.getByRole('heading', { level: 1 }).textContent())?.replaceAll('\u00AD', '')).toMatch(row.h1)
        if (row.heroNames) await expect(page.locator('main section:has(h1)')).toContainText(row.heroNames)
        if (row.names) await expect(page.locator('main')).toContainText(row.names)
      })

      await test.step('the spec figures and the opening hours', async () => {
        // Counters are aria-hidden while they count; their sr-only twins hold the final figures.
        const main = await textOf(page, 'main')
        const missing = (row.figures ?? []).filter((expected) => !(typeof expected === 'string' ? figure(expected) : expected).test(main))
        expect.soft(missing.map(String), `spec figures missing on ${row.path}`).toEqual([])

        // The page's opening hours (the footer always shows the general ones, so look in <main>).
        const hoursInMain = row.hoursInMain ?? row.hours !== 'general'
        const shownHours = Object.entries(HOURS).flatMap(([variant, line]) => (main.includes(line) ? [variant] : []))
        // The page's own reading, and on city and student pages (and those marked) certainly that; a city
        // or student page's banner and contact card show the yard's hours beside it (decision 068).
        const others = shownHours.filter((variant) => variant !== 'general')
        expect
          .soft(row.hours === 'general' ? (hoursInMain ? shownHours : others) : others, `opening hours in <main> of ${row.path}`)
          .toEqual(hoursInMain ? [row.hours] : [])
        if (row.hours !== 'general') await expect(page.locator('main').getByText('Telefonisch erreichbar').first()).toBeVisible()
        await expect(page.getByRole('contentinfo')).toContainText(HOURS.general)
      })

      if (row.header) {
        // At the top of the page, before anything scrolls (formerly tests of their own on /about and /contact).
        await test.step(`the header over the page start is ${row.header}`, async () => {
          await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'false')
          const paddingTop = await page.locator('main').evaluate((main) => getComputedStyle(main).paddingTop)
          const background = await page.getByRole('banner').evaluate((header) => getComputedStyle(header).backgroundColor)
          if (row.header === 'transparent') {
            expect(paddingTop).toBe('0px')
            expect(background).toBe('rgba(0, 0, 0, 0)')
          } else {
            expect(paddingTop).toBe('80px')
            expect(background).not.toBe('rgba(0, 0, 0, 0)')
          }
        })
      }

      if (row.extra) await test.step('the page’s own content', () => row.extra!(page))
      await test.step('every internal link answers 200', () => checkInternalLinks(page, request))

      await test.step('hydrated without errors', async () => {
        // The scripts start after the first paint (decision 018); then every part of the page hydrates.
        await waitForScripts(page)
        expect(errors, `errors in the browser on ${row.path}`).toEqual([])
      })
    })
  }

  for (const path of ['/locations/unbekannt', '/locations/xanten/unbekannt', '/services/unbekannt']) {
    test(`${path}: 404 with the not-found page`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden')
      await expect(page.locator('h1')).toHaveCount(1)
    })
  }

  test('/services/finanzierung ends on /services', async ({ page }) => {
    const response = await page.goto('/services/finanzierung')
    expect(response?.status()).toBe(200)
    expect(new URL(page.url()).pathname).toBe('/services')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/rund ums Auto|Leistungen|Services/i)
  })
})

/** Waits until React has hydrated the page: its forms take over validation then. */
async function hydrated(page: Page, form = '#contact form') {
  await expect(page.locator(form).first()).toHaveAttribute('novalidate', '')
}

/**
 * Clicks the first button to #contact and records every scroll position the page passes through
 * from then on (the button is brought into view first, so that scroll is not counted). Returns the start.
 */
async function clickToContact(page: Page) {
  const button = page.locator('main a[href="#contact"]').first()
  await button.scrollIntoViewIfNeeded()
  const start = await page.evaluate(() => {
    const positions: number[] = []
    ;(window as unknown as { __scrolls: number[] }).__scrolls = positions
    window.addEventListener('scroll', () => positions.push(Math.round(window.scrollY)), { passive: true })
    return Math.round(window.scrollY)
  })
  await button.click()
  return start
}

const contactTop = (page: Page) => page.evaluate(() => document.getElementById('contact')!.getBoundingClientRect().top)
const scrolls = (page: Page) => page.evaluate(() => (window as unknown as { __scrolls: number[] }).__scrolls)

test('a city page’s hero, heading to buttons, fits the first screen of a 1280×720 laptop and a 1024×768 tablet (tablet review 2026-11-29, M5)', async ({
  page,
}) => {
  for (const [width, height] of [
    [1280, 720],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.goto('/locations/dortmund')
    const hero = page.locator('main section').first()
    const last = (await hero.getByRole('link').last().boundingBox())!
    expect(last.y + last.height, `${width}×${height}`).toBeLessThanOrEqual(height)
  }
})

test.describe('in-page jumps to #contact', () => {
  test('on a Ruhr city page the jump lands 80 px below the top at once, without animation', async ({ page }) => {
    await page.goto('/locations/dortmund')
    await hydrated(page)
    const start = await clickToContact(page)
    const first = await page.evaluate(() => window.scrollY)
    // Three frames later: a smooth scroll would have moved on by then.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve)))))
    const second = await page.evaluate(() => window.scrollY)
    expect(first).toBeGreaterThan(start)
    expect(second).toBe(first)
    expect(Math.abs((await contactTop(page)) - 80)).toBeLessThanOrEqual(2)
    // No frame in between: the page went straight to its target.
    expect(new Set(await scrolls(page))).toEqual(new Set([Math.round(first)]))
    expect(new URL(page.url()).hash).toBe('')
  })

  test('on /services the jump animates smoothly to 80 px below the top', async ({ page }) => {
    await page.goto('/services')
    await hydrated(page)
    const start = await clickToContact(page)
    await expect.poll(async () => Math.round(await contactTop(page)), { timeout: 10_000 }).toBe(80)
    const positions = await scrolls(page)
    const end = positions.at(-1)!
    // Positions between the start and the end: the page scrolled through intermediate frames.
    expect(end).toBeGreaterThan(start)
    expect(positions.filter((y) => y > start && y < end - 2).length).toBeGreaterThan(0)
  })
})

test.describe('/contact', () => {
  test('loads nothing from other hosts until the visitor asks for the map', async ({ page }) => {
    const foreign: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.protocol.startsWith('http') && !['localhost', '127.0.0.1'].includes(url.hostname)) foreign.push(request.url())
    })
    // Nothing leaves the machine: OpenStreetMap's embed is answered locally.
    await page.route(/^https:\/\/[^/]*openstreetmap\.org\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="de"><title>Karte</title><body></body></html>' }),
    )
    await page.goto('/contact')
    await hydrated(page)
    await page.waitForLoadState('networkidle')
    const placeholder = page.getByTestId('map-placeholder')
    await expect(placeholder).toBeVisible()
    await expect(page.locator('main iframe')).toHaveCount(0)
    expect(foreign).toEqual([])

    await placeholder.getByRole('button', { name: 'KARTE LADEN' }).click()
    const map = page.locator('main iframe')
    await expect(map).toHaveCount(1)
    await expect(map).toHaveAttribute('src', /^https:\/\/www\.openstreetmap\.org\//)
    await expect.poll(() => foreign.length).toBeGreaterThan(0)
    expect(foreign.every((url) => new URL(url).hostname.endsWith('openstreetmap.org'))).toBe(true)
  })

  test('TERMIN opens the form with the subject „Termin vereinbaren“', async ({ page }) => {
    await page.goto('/contact')
    await hydrated(page)
    await page.getByRole('navigation', { name: 'Schnellkontakt' }).getByRole('link', { name: 'TERMIN' }).click()
    await expect(page).toHaveURL(/\/contact\?betreff=termin#contact$/)
    const subject = page.locator('#contact form').getByLabel('Betreff')
    await expect(subject).toHaveValue('termin')
    await expect(subject.locator('option:checked')).toHaveText('Termin vereinbaren')
    await expect(page.locator('#contact form')).toBeInViewport()
  })

  test('sends the contact form with JavaScript: toast and stored with the page', async ({ page }) => {
    await page.goto('/contact')
    await hydrated(page)
    const form = page.locator('#contact form')
    const name = uniqueName('Kontaktseite')
    await form.getByLabel('Name').fill(name)
    await form.getByLabel('E-Mail').fill('kontakt@example.de')
    await form.getByLabel('Betreff').selectOption('bewertung')
    await form.getByLabel('Nachricht').fill('Was ist mein Astra noch wert?')
    await form.getByRole('button', { name: 'NACHRICHT SENDEN' }).click()
    await expect(page.locator('[data-sonner-toast]').getByText('Nachricht gesendet!')).toBeVisible()
    await expect(page.locator('#contact').getByRole('status')).toContainText(
      'Vielen Dank für Ihre Nachricht! Wir werden uns schnellstmöglich bei Ihnen melden.',
    )
    await expect.poll(async () => (await storedContactMessages()).find((message) => message.name === name)).toBeDefined()
    expect((await storedContactMessages()).find((message) => message.name === name)).toMatchObject({
      email: 'kontakt@example.de',
      subject: 'bewertung',
      message: 'Was ist mein Astra noch wert?',
      page: '/contact',
    })
  })
})

test('/contact between 640 and 700 px (1280×720 at 200 % zoom): the quick contact wraps, no button runs off the page', async ({ page }) => {
  await page.goto('/contact')
  const links = page.getByRole('navigation', { name: 'Schnellkontakt' }).getByRole('link')
  await expect(links).toHaveCount(4)
  for (const width of [640, 670, 699]) {
    await page.setViewportSize({ width, height: 360 })
    const edges = await links.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect()).map(({ left, right }) => [left, right]))
    for (const [left, right] of edges) expect([left! >= 0, right! <= width], `${width} px: ${JSON.stringify(edges)}`).toEqual([true, true])
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width)
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('/contact: TERMIN opens the form with the subject „Termin vereinbaren“', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('navigation', { name: 'Schnellkontakt' }).getByRole('link', { name: 'TERMIN' }).click()
    await expect(page).toHaveURL(/\/contact\?betreff=termin#contact$/)
    const subject = page.locator('#contact form').getByLabel('Betreff')
    await expect(subject).toHaveValue('termin')
    await expect(subject.locator('option:checked')).toHaveText('Termin vereinbaren')
  })

  test('/locations/sonsbeck: the valuation form posts, confirms and stores the lead', async ({ page }) => {
    await page.goto('/locations/sonsbeck')
    const form = page.locator('form:has(input[name="leadKind"])')
    await expect(form).toHaveCount(1)
    const anchor = await form.evaluate((element) => element.closest('section')!.id)
    const model = uniqueName('Sonsbeck Modell')
    await form.getByLabel(/^Marke\*?$/).fill('VW')
    await form.getByLabel(/^Modell\*?$/).fill(model)
    await form.getByLabel(/^Baujahr\*?$/).fill('2017')
    await form.getByLabel(/^Kilometerstand \(km\)\*?$/).fill('98000')
    await form.getByLabel(/^Telefon\*?$/).fill('02801 123456')
    // The page names its button („BEWERTUNG ANFORDERN“ or the like): the form's submit button that
    // posts (the other, „MIT FOTOS WEITER“, leads into the sell request: docs/decisions/047).
    await form.locator('button[type="submit"]:not([formaction])').click()

    await expect(page).toHaveURL(new RegExp(`/locations/sonsbeck\\?anfrage=gesendet&formular=${anchor}#${anchor}-bestaetigung$`))
    await expect(page.locator(`#${anchor} form`).getByRole('status')).toContainText(sentText('valuation'))
    await expect.poll(() => storedLeadWith(model)).toBeDefined()
    const lead = (await storedLeadWith(model))!
    expect(lead).toMatchObject({ _type: 'lead', kind: 'valuation', page: '/locations/sonsbeck', status: 'neu' })
    const values = Object.fromEntries((lead.fields ?? []).map((field) => [field.name, field.value]))
    expect(values).toMatchObject({ brand: 'VW', year: '2017', mileage: '98000', phone: '02801 123456' })
  })
})
