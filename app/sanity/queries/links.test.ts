import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadDataset } from '#app/sanity/seed.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { PAGE_QUERY } from './pages'
import { HOME_PAGE_QUERY, SITE_SETTINGS_QUERY } from './site'

/*
 * Links are stored as references and resolved to addresses in GROQ (LINK_HREF, docs/decisions/053).
 * The seed's links were text until then; tests/fixtures/link-targets.before-053.json is the list of every text
 * target per document, taken from the seed (content/production.ndjson) just before the migration,
 * sorted. It is a fixture and not produced by the code under test, so that the site's queries,
 * run on both lake backends, must give back exactly the addresses the site rendered before, byte
 * for byte, and none may lead nowhere (null).
 */

const BEFORE = JSON.parse(readFileSync(new URL('../../../tests/fixtures/link-targets.before-053.json', import.meta.url), 'utf8')) as Record<string, string[]>

/**
 * Seller buttons sent to the sell flow since then (issue 36, decision 066): per document, how many
 * of its former targets lead to /auto-verkaufen now. Counted by hand from the seed's change.
 */
const TO_SELL_FLOW_066: Record<string, Record<string, number>> = {
  homePage: { '#contact': 1, '?betreff=ankauf#contact': 2 },
  'page-locations-bochum': { '#contact': 2 },
  'page-locations-dortmund': { '#contact': 3 },
  'page-locations-duesseldorf': { '#contact': 4 },
  'page-locations-gelsenkirchen': { '#contact': 4 },
  'page-locations-muelheim': { '#contact': 2 },
  'page-locations-oberhausen': { '#contact': 3 },
}

/** The addresses a document's links must resolve to: those before 053 with the seller buttons moved. */
function expectedTargets(id: string): string[] {
  const targets = [...BEFORE[id]!]
  for (const [from, count] of Object.entries(TO_SELL_FLOW_066[id] ?? {})) {
    for (let moved = 0; moved < count; moved++) {
      const at = targets.indexOf(from)
      if (at < 0) throw new Error(`${id}: no ${from} left to move`)
      targets.splice(at, 1, '/auto-verkaufen')
    }
  }
  return targets.sort()
}

/** Link addresses in a query result: every `target` (buttons) and `href` (menus, text links, tiles). */
function addressesIn(value: unknown, found: Array<string | null> = []): Array<string | null> {
  if (Array.isArray(value)) for (const item of value) addressesIn(item, found)
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if ((key === 'target' || key === 'href') && (typeof child === 'string' || child === null)) found.push(child)
      else addressesIn(child, found)
    }
  }
  return found
}

/** Tiles stored without a link: their `href` is null by design. */
function unlinkedTiles(doc: unknown): number {
  let count = 0
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>
      if (record._type === 'area' && record.linkType === undefined) count += 1
      Object.values(record).forEach(walk)
    }
  }
  walk(doc)
  return count
}

describe.each(BACKENDS)('links resolved by the site’s queries on the %s lake', (backend) => {
  let test: TestLake
  let documents: Array<Record<string, unknown>>
  beforeAll(async () => {
    test = await openTestLake(backend)
    documents = (await loadDataset('content')).documents as unknown as Array<Record<string, unknown>>
  })
  afterAll(() => test.close())

  async function resolved(id: string): Promise<Array<string | null>> {
    if (id === 'siteSettings') return addressesIn(await test.lake.fetch(SITE_SETTINGS_QUERY))
    if (id === 'homePage') return addressesIn(await test.lake.fetch(HOME_PAGE_QUERY))
    const page = documents.find((doc) => doc._id === id)
    return addressesIn(await test.lake.fetch(PAGE_QUERY, { path: page?.path }))
  }

  it('covers every document with links', () => {
    const withLinks = documents.filter((doc) => JSON.stringify(doc).includes('"linkType"')).map((doc) => String(doc._id))
    expect(withLinks.sort()).toEqual(Object.keys(BEFORE).sort())
  })

  it.each(Object.keys(BEFORE))('%s: the same addresses as before the migration (seller buttons to the sell flow), none null', async (id) => {
    const addresses = await resolved(id)
    const doc = documents.find((candidate) => candidate._id === id)
    expect(addresses.filter((address) => address === null)).toHaveLength(unlinkedTiles(doc))
    expect(addresses.filter((address) => address !== null).sort()).toEqual(expectedTargets(id))
  })

  it('follows a renamed page: the link changes with the path', async () => {
    const footer = async () =>
      (await test.lake.fetch<{ footerLinks: Array<{ href: string | null }> }>(SITE_SETTINGS_QUERY)).footerLinks.map((link) => link.href)
    expect(await footer()).toContain('/contact')
    await test.lake.mutate([{ patch: { id: 'page-contact', set: { path: '/kontakt' } } }])
    expect(await footer()).toContain('/kontakt')
    expect(await footer()).not.toContain('/contact')
  })
})
