import { type APIRequestContext } from '@playwright/test'
import { addCalendarDays, berlinParts } from '#app/utils/clock.ts'
import { expect, test } from './playwright-utils'
import { BROWSER_AGENT, CRAWLER_AGENT, OWN_PORT_BASE, type RunningProcess, startFakeSanity, startSiteServer } from './servers'

/*
 * Special opening hours („Sonderöffnungszeiten“, issue 27) on the built site: staff add, in
 * Einstellungen, a closing for today and a company holiday that ended yesterday. Today's shows on
 * every page with hours (the footer's list everywhere, the page's own hours on a city page) and in
 * the AutoDealer's structured data with its dates; yesterday's shows nowhere. A Sanity-backed
 * server with a fake Sanity of this file's own, so no other test sees the changed settings.
 */

const FAKE_PORT = OWN_PORT_BASE + 46
const SITE_PORT = OWN_PORT_BASE + 47
const FAKE = `http://127.0.0.1:${FAKE_PORT}`
const SITE = `http://localhost:${SITE_PORT}`
const SECRET = 'special-hours-e2e-secret-0123456789'
const LAKE_HEADERS = { authorization: 'Bearer e2e-write-token', 'x-sanity-project-id': 'e2e-project', 'content-type': 'application/json' }

// Today as the site reckons it: the calendar date in Europe/Berlin.
const today = berlinParts(new Date()).date
const yesterday = addCalendarDays(today, -1)
/** `2026-12-24` → `Do, 24.12.`, as German pages write a date without the year, with its weekday. */
const dayMonth = (date: string) => {
  const weekday = new Intl.DateTimeFormat('de-DE', { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`)).replace('.', '')
  return `${weekday}, ${date.slice(8, 10)}.${date.slice(5, 7)}.`
}
const TODAY_LINE = `Sonderöffnungszeiten: ${dayMonth(today)} geschlossen (Inventur)`

let fake: RunningProcess | undefined
let site: RunningProcess | undefined

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  fake = await startFakeSanity(FAKE_PORT, { SANITY_MOCK_WEBHOOK_URL: `${SITE}/api/revalidate`, SANITY_MOCK_WEBHOOK_SECRET: SECRET })
  site = await startSiteServer(SITE_PORT, {
    SITE_URL: SITE,
    SANITY_PROJECT_ID: 'e2e-project',
    SANITY_DATASET: 'production',
    SANITY_WRITE_TOKEN: 'e2e-write-token',
    SANITY_API_HOST: FAKE,
    REVALIDATE_SECRET: SECRET,
  })
})

test.afterAll(async () => {
  await site?.stop()
  await fake?.stop()
})

type Node = Record<string, unknown>

/** A page as a crawler gets it (the whole document at once) and the nodes of its JSON-LD. */
async function crawl(request: APIRequestContext, path: string): Promise<{ html: string; nodes: Node[] }> {
  const response = await request.get(`${SITE}${path}`, { headers: { 'user-agent': CRAWLER_AGENT } })
  expect(response.status(), path).toBe(200)
  const html = await response.text()
  const nodes = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(([, body = '']) => {
    const document = JSON.parse(body) as Node
    return Array.isArray(document['@graph']) ? (document['@graph'] as Node[]) : [document]
  })
  return { html, nodes }
}

const dealerHours = (nodes: Node[]) => {
  const dealers = nodes.filter((node) => node['@type'] === 'AutoDealer')
  expect(dealers).toHaveLength(1)
  return dealers[0]!.openingHoursSpecification as Node[]
}

test('a special opening entry for today shows on the pages and in the JSON-LD; one that ended yesterday does not', async ({ request, page }) => {
  // Before: the seed's entries (Heiligabend, Silvester) are not due on most days; whatever shows, it is not ours.
  const before = await crawl(request, '/')
  expect(before.html).not.toContain('(Inventur)')
  expect(dealerHours(before.nodes).filter((spec) => spec.validFrom === today)).toEqual([])

  const write = await request.post(`${FAKE}/v2025-02-19/data/mutate/production?returnIds=true&visibility=sync`, {
    headers: LAKE_HEADERS,
    data: {
      mutations: [
        {
          patch: {
            id: 'siteSettings',
            set: {
              specialOpeningHours: [
                { _key: 'inventur', _type: 'specialOpeningHours', from: today, closed: true, note: 'Inventur', leadDays: 0 },
                {
                  _key: 'ferien',
                  _type: 'specialOpeningHours',
                  from: addCalendarDays(today, -5),
                  to: yesterday,
                  closed: true,
                  note: 'Betriebsferien',
                  leadDays: 7,
                },
              ],
            },
          },
        },
      ],
    },
  })
  expect(write.ok()).toBe(true)

  // Home: the footer's hours and the home AutoDealer.
  const home = await crawl(request, '/')
  expect(home.html).toContain(TODAY_LINE)
  expect(home.html).not.toContain('Betriebsferien')
  const homeHours = dealerHours(home.nodes)
  expect(homeHours).toContainEqual({ '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: today, validThrough: today })
  expect(homeHours.filter((spec) => spec.validFrom !== undefined)).toHaveLength(1)
  // The yard's regular hours stay as they are, with their weekdays (decision 068).
  expect(homeHours.filter((spec) => spec.dayOfWeek !== undefined).map((spec) => `${spec.opens}–${spec.closes}`)).toEqual(['09:00–18:00', '09:00–16:00'])

  // A city page: its own hours (the page's sections); its data describes the one dealership as the home page does,
  // today's special hours included (decision 068, amended 2026-11-30).
  const city = await crawl(request, '/locations/dortmund')
  expect(city.html.split(TODAY_LINE).length - 1, 'the footer and the page’s own hours').toBeGreaterThanOrEqual(2)
  expect(city.html).not.toContain('Betriebsferien')
  const cityDealers = city.nodes.filter((node) => node['@type'] === 'AutoDealer')
  expect(cityDealers).toEqual([expect.objectContaining({ '@id': `${SITE}/#dealer` })])
  expect(dealerHours(city.nodes)).toEqual(homeHours)

  // A page without structured hours still lists them in the footer.
  const vehicles = await crawl(request, '/vehicles')
  expect(vehicles.html).toContain(TODAY_LINE)

  // What a visitor sees: the line heads the footer's opening hours.
  await page.setExtraHTTPHeaders({ 'user-agent': BROWSER_AGENT })
  await page.goto(`${SITE}/contact`)
  const footerHours = page.getByRole('contentinfo').getByRole('heading', { name: 'Öffnungszeiten' }).locator('xpath=..').getByRole('listitem')
  await expect(footerHours.first()).toHaveText(TODAY_LINE)
  await expect(page.getByText('Betriebsferien')).toHaveCount(0)
})
