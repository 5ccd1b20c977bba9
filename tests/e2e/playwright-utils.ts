import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, test as base, type Page } from '@playwright/test'
import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'

export { expect }

/**
 * The test of every e2e file. It has no automatic accessibility scan any more (issue 40 item 2):
 * tests/e2e/accessibility.test.ts scans every sitemap URL and a named list of states once per run.
 * A test that wants a scan of its own calls expectNoA11yViolations.
 */
export const test = base

/**
 * axe (WCAG 2 A/AA, 2.1 A/AA) on the page as it is now; fails with every violation, its rule and its elements,
 * and with every rule that could not run: axe reports a rule that threw (a colour it cannot parse skipped the
 * contrast rule on every page until decision 108) as merely incomplete, which would pass unseen.
 */
export async function expectNoA11yViolations(page: Page) {
  // Contrast is measured on the colours as they end: a toast stepping behind a new one fades its text out.
  await page.evaluate(settledAnimations, 2000)
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Violations keep all their nodes and a rule that threw stays in `incomplete` with its error; only
    // the nodes of passes and inapplicable rules, which nothing reads, are cut to one.
    .options({ resultTypes: ['violations'] })
    // axe.run in the page instead of runPartial there and finishRun in a new blank page: a sitemap
    // page's scan took 1.6 s, 0.65 s so (2026-11-30). Legacy mode skips cross-origin frames, so a page
    // with a frame (the map after its consent) keeps the per-frame way.
    .setLegacyMode(page.frames().length === 1)
    .analyze()
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  const notRun = results.incomplete.filter((rule) => rule.error).map((rule) => `${rule.id} did not run: ${rule.error?.message}`)
  expect([...notRun, ...summary], `axe violations on ${page.url()}`).toEqual([])
}

/** In the page: resolves when every transition and animation with an end has ended, or after `limit` ms. */
function settledAnimations(limit: number): Promise<unknown> {
  const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
  const ended = Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)))
  return Promise.race([ended, new Promise((resolve) => setTimeout(resolve, limit))])
}

/**
 * The page's scripts ran and their requests are done. They start only after the first contentful
 * paint (docs/decisions/018), so `networkidle` alone can come before them: first wait for the
 * router Remix creates, then for the network to go quiet.
 */
export async function waitForScripts(page: Page) {
  await page.waitForFunction(() => '__remixRouter' in window)
  await page.waitForLoadState('networkidle')
}

/** Where a toast (or anything that slides in) comes to rest: its box once two looks 250 ms apart agree. */
export async function settledBox(target: Locator) {
  let last = ''
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await target.boundingBox())
        const settled = now === last
        last = now
        return settled
      },
      { intervals: [250] },
    )
    .toBe(true)
  return (await target.boundingBox())!
}

type Box = { x: number; y: number; width: number; height: number }

/** Whether two boxes (boundingBox()) share any area: a toast over a field or a button. */
export function overlaps(a: Box, b: Box) {
  return a.y < b.y + b.height && a.y + a.height > b.y && a.x < b.x + b.width && a.x + a.width > b.x
}

export function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? 1024) < 768
}

/**
 * Documents of one type the server under test stored, read beside it as `npm run preflight` reads
 * (a read-only open of its embedded lake: docs/decisions/087), whatever the lake's files look like.
 */
async function storedDocuments(type: string): Promise<Array<Record<string, unknown>>> {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) return []
  const lake = await EmbeddedLake.openReadOnly({ contentDir: 'content', dataDir })
  return lake.fetch('*[_type == $type]', { type }, { includePrivate: true })
}

/** Contact messages the server under test stored. */
export function storedContactMessages(): Promise<Array<Record<string, unknown>>> {
  return storedDocuments('contactMessage')
}

export interface StoredLeadField {
  name: string
  label: string
  value: string
}

/** Leads the server under test stored (`lead` documents: kind, page, contact, fields, vehicle). */
export function storedLeads(): Promise<Array<Record<string, unknown> & { kind?: string; page?: string; fields?: StoredLeadField[] }>> {
  return storedDocuments('lead')
}

/** The stored lead one of whose fields has this value (a uniqueName marker). */
export async function storedLeadWith(value: string) {
  return (await storedLeads()).find((lead) => lead.fields?.some((field) => field.value === value))
}

/** A unique marker so parallel tests can find their own stored message. */
export function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/** The summary of /vehicles' search form: "Filter", "Filter (2 aktiv)"; shown on phones only. */
export function vehicleFilterToggle(page: Page) {
  return page.locator('summary', { hasText: /^Filter/ })
}

/** Opens /vehicles' search form on a phone, where it sits closed behind "Filter"; on wider screens it is always shown. */
export async function openVehicleFilters(page: Page) {
  if (!isPhone(page)) return
  if (await page.getByRole('searchbox', { name: 'Suche' }).isVisible()) return
  await vehicleFilterToggle(page).click()
  await expect(page.getByRole('searchbox', { name: 'Suche' })).toBeVisible()
}

/** Records CSP violations and Permissions-Policy complaints of a page, from the DOM event and the console. */
export async function watchPolicy(page: Page) {
  const problems: string[] = []
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`)
    })
  })
  page.on('console', (message) => {
    const text = message.text()
    if (/Content Security Policy|CSP violation|Permissions-Policy|Refused to/i.test(text)) problems.push(`${page.url()}: ${text}`)
  })
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`))
  return problems
}
