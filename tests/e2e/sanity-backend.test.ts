import { HOME_PAGE_QUERY, SITE_SETTINGS_QUERY } from '#app/sanity/queries/site.ts'
import { VEHICLE_HIGHLIGHTS_QUERY } from '#app/sanity/queries/vehicles.ts'
import { FAKE_SANITY_PORT, SANITY_BACKED_PORT } from '../../playwright.config'
import { expect, test, uniqueName } from './playwright-utils'

const sanitySite = `http://localhost:${SANITY_BACKED_PORT}`
const fakeSanity = `http://127.0.0.1:${FAKE_SANITY_PORT}`
// A crawler gets the whole document at once (no streaming), so the two renders are comparable.
const crawler = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }

interface FakeRequest {
  method: string
  path: string
  searchParams: Record<string, string>
  headers: Record<string, string>
  body?: { mutations?: Array<{ create?: Record<string, unknown> }> }
}

function mainOf(html: string) {
  const main = html.match(/<main[\s\S]*<\/main>/)?.[0]
  expect(main, 'a <main> element').toBeTruthy()
  return main!
}

test('with Sanity credentials the home page comes from the content lake API, identical to the embedded one', async ({ request }) => {
  const [embedded, fromSanity] = await Promise.all([request.get('/', { headers: crawler }), request.get(`${sanitySite}/`, { headers: crawler })])
  expect(fromSanity.status()).toBe(200)
  expect(mainOf(await fromSanity.text())).toBe(mainOf(await embedded.text()))

  const requests = (await (await request.get(`${fakeSanity}/__requests`)).json()) as FakeRequest[]
  // The page's own reads; the notifier's private reads carry the token by design.
  const pageQueryTexts = new Set<string>([SITE_SETTINGS_QUERY, HOME_PAGE_QUERY, VEHICLE_HIGHLIGHTS_QUERY])
  const pageQueries = requests.filter((r) => r.path.includes('/data/query/production') && pageQueryTexts.has(r.searchParams.query ?? ''))
  // Staff in the preview (tests/e2e/preview.test.ts) read the same queries with the viewer token, never the write token.
  const previewReads = pageQueries.filter((r) => r.headers.authorization !== undefined)
  for (const query of previewReads) expect(query.headers.authorization).toBe('Bearer e2e-viewer-token')
  const publicReads = pageQueries.filter((r) => r.headers.authorization === undefined)
  expect(new Set(publicReads.map((r) => r.searchParams.query)).size).toBe(3)
  // Public reads: the published perspective, no token.
  for (const query of publicReads) expect(query.searchParams.perspective).toBe('published')
})

test('with Sanity credentials a contact message is written to the content lake with the server token', async ({ request }) => {
  const name = uniqueName('Sanity Kunde')
  const response = await request.post(`${sanitySite}/api/contacts`, {
    data: { name, email: 'sanity@example.de', message: 'Über Sanity gespeichert' },
  })
  expect(response.status()).toBe(201)
  const requests = (await (await request.get(`${fakeSanity}/__requests`)).json()) as FakeRequest[]
  const write = requests.find((r) => r.path.includes('/data/mutate/production') && r.body?.mutations?.[0]?.create?.name === name)
  expect(write).toBeDefined()
  expect(write!.headers.authorization).toBe('Bearer e2e-write-token')
  expect(write!.searchParams.visibility).toBe('sync')
  expect(write!.body!.mutations![0]!.create).toMatchObject({ _type: 'contactMessage', email: 'sanity@example.de', status: 'neu' })
})
