import { type MetaDescriptor } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as rootLoader } from '#app/root.tsx'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { meta as unsubscribeMeta } from './benachrichtigung.abmelden'
import { meta as confirmMeta } from './benachrichtigung.bestaetigen'

/*
 * The pages an alert mail links to (docs/decisions/080) are titled like every other page, with the
 * dealer's name (visitor review L9), and are neither indexed nor followed.
 */
describe('the alert pages’ head', () => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake('embedded')
  })
  afterAll(() => test.close())

  /** The route's meta as Remix calls it on that page (with its token in the address), the root's data beside it. */
  const head = async (path: string, meta: typeof confirmMeta | typeof unsubscribeMeta): Promise<MetaDescriptor[]> => {
    const root = await rootLoader({ request: new Request(`http://localhost${path}?t=GEHEIM`), params: {}, context: { lake: test.lake, env: test.env } })
    return (meta as (args: unknown) => MetaDescriptor[])({
      data: undefined,
      matches: [{ id: 'root', data: root }],
      location: { pathname: path, search: '?t=GEHEIM' },
    })
  }

  it.each([
    ['/benachrichtigung/bestaetigen', confirmMeta, 'Benachrichtigung bestätigen | Ruhrstern Automobile'],
    ['/benachrichtigung/abmelden', unsubscribeMeta, 'Benachrichtigung abmelden | Ruhrstern Automobile'],
  ] as const)('%s: the title with the dealer’s name, not indexed, no canonical, no token', async (path, meta, title) => {
    const tags = await head(path, meta)
    expect(tags).toContainEqual({ title })
    expect(tags).toContainEqual({ property: 'og:title', content: title })
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex, nofollow' })
    expect(tags.filter((tag) => 'rel' in tag && tag.rel === 'canonical')).toEqual([])
    expect(JSON.stringify(tags)).not.toContain('GEHEIM')
  })
})
