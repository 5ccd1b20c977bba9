import { afterAll, beforeAll, expect, it } from 'vitest'
import { HOME_PAGE_QUERY, SITE_SETTINGS_QUERY } from '#app/sanity/queries/site.ts'
import { VEHICLE_HIGHLIGHTS_QUERY } from '#app/sanity/queries/vehicles.ts'
import { CRAWLER_AGENT } from '#tests/e2e/servers.ts'
import { SANITY_ENV, startSite, type TestSite } from './site'

/*
 * The same build with Sanity credentials (moved from tests/e2e/sanity-backend.test.ts): it reads
 * the page from the content lake API, as the embedded site reads it from its files, and writes a
 * message there with the server token. The API is MSW's emulation over the same seed.
 */

let embedded: TestSite
let sanityBacked: TestSite

beforeAll(async () => {
  ;[embedded, sanityBacked] = await Promise.all([startSite(), startSite({ sanity: true })])
})
afterAll(async () => {
  await Promise.all([embedded?.close(), sanityBacked?.close()])
})

function mainOf(html: string) {
  const main = html.match(/<main[\s\S]*<\/main>/)?.[0]
  expect(main, 'a <main> element').toBeTruthy()
  return main!
}

// A crawler gets the whole document at once (no streaming), so the two renders are comparable.
const crawl = (site: TestSite) => fetch(`${site.base}/`, { headers: { 'user-agent': CRAWLER_AGENT } })

it('with Sanity credentials the home page comes from the content lake API, identical to the embedded one', async () => {
  const [fromEmbedded, fromSanity] = await Promise.all([crawl(embedded), crawl(sanityBacked)])
  expect(fromSanity.status).toBe(200)
  expect(mainOf(await fromSanity.text())).toBe(mainOf(await fromEmbedded.text()))

  const { requests } = sanityBacked.sanity!.api
  // The page's own reads; the notifier's private reads carry the token by design.
  const pageQueryTexts = new Set<string>([SITE_SETTINGS_QUERY, HOME_PAGE_QUERY, VEHICLE_HIGHLIGHTS_QUERY])
  const pageQueries = requests.filter((r) => r.path.includes('/data/query/production') && pageQueryTexts.has(r.searchParams.get('query') ?? ''))
  // A preview read would carry the viewer token, never the write token.
  const previewReads = pageQueries.filter((r) => r.headers.authorization !== undefined)
  for (const query of previewReads) expect(query.headers.authorization).toBe(`Bearer ${SANITY_ENV.SANITY_VIEWER_TOKEN}`)
  const publicReads = pageQueries.filter((r) => r.headers.authorization === undefined)
  expect(new Set(publicReads.map((r) => r.searchParams.get('query'))).size).toBe(3)
  // Public reads: the published perspective, no token.
  for (const query of publicReads) expect(query.searchParams.get('perspective')).toBe('published')
})

it('with Sanity credentials a contact message is written to the content lake with the server token', async () => {
  const name = `Sanity Kunde ${Date.now().toString(36)}`
  const response = await fetch(`${sanityBacked.base}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email: 'sanity@example.de', message: 'Über Sanity gespeichert' }),
  })
  expect(response.status).toBe(201)
  type Mutations = { mutations?: Array<{ create?: Record<string, unknown> }> }
  const write = sanityBacked.sanity!.api.requests.find(
    (r) => r.path.includes('/data/mutate/production') && (r.body as Mutations | undefined)?.mutations?.[0]?.create?.name === name,
  )
  expect(write).toBeDefined()
  expect(write!.headers.authorization).toBe(`Bearer ${SANITY_ENV.SANITY_WRITE_TOKEN}`)
  expect(write!.searchParams.get('visibility')).toBe('sync')
  expect((write!.body as Mutations).mutations![0]!.create).toMatchObject({ _type: 'contactMessage', email: 'sanity@example.de', status: 'neu' })
})
