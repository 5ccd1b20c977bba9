import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SanityDocument } from '#app/lake/lake.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import {
  DASHBOARD_PAGES_QUERY,
  DASHBOARD_QUERY,
  DUPLICATE_WINDOW_SECONDS,
  IS_POSSIBLE_DUPLICATE_QUERY,
  POSSIBLE_DUPLICATE_FILTER,
  SELLER_KINDS,
} from './dashboard.ts'

/*
 * The „Anfragen-Übersicht“'s figures (issue 38 item 5) are GROQ, so they must come out the same on
 * the embedded lake (groq-js) and through @sanity/client (the fake Sanity server): nine leads and a
 * contact message, every figure below counted by hand from this list.
 */

const lead = (
  n: number,
  kind: string,
  page: string,
  receivedAt: string,
  contact: Record<string, string>,
  more: Record<string, unknown> = {},
): SanityDocument => ({
  _id: `inbox.lead-00000000-0000-4000-8000-00000000000${n}`,
  _type: 'lead',
  kind,
  page,
  receivedAt,
  contact,
  ...more,
})

const LEADS = [
  // Week 1 (from Mon 2 Nov): L1 and L2 share an address (case aside), two days apart: both duplicates.
  lead(1, 'valuation', '/locations/dortmund', '2026-11-03T10:00:00.000Z', { email: 'a@example.de' }, { status: 'neu' }),
  lead(
    2,
    'vehicle-sale',
    '/auto-verkaufen',
    '2026-11-05T10:00:00.000Z',
    { email: 'A@Example.de' },
    { status: 'in Bearbeitung', answeredAt: '2026-11-05T15:00:00.000Z' },
  ),
  // Week 2: answered after 48 hours (late); its number comes again 8 days later (L5).
  lead(3, 'test-drive', '/vehicles/abc', '2026-11-10T09:00:00.000Z', { phone: '0201 111' }, { status: 'erledigt', answeredAt: '2026-11-12T09:00:00.000Z' }),
  // Week 3.
  lead(4, 'valuation', '/locations/dortmund', '2026-11-17T08:00:00.000Z', { phone: '0201 222' }, { status: 'neu' }),
  lead(
    5,
    'valuation',
    '/locations/muenster',
    '2026-11-18T08:00:00.000Z',
    { phone: '0201 111' },
    { status: 'in Bearbeitung', answeredAt: '2026-11-18T20:00:00.000Z' },
  ),
  // Week 4: L6 and L7 one address; L9 shares one with L8, 56 days before: no duplicate. L9 has no status: „neu“.
  lead(6, 'vehicle-enquiry', '/vehicles/abc', '2026-11-24T08:00:00.000Z', { email: 'b@example.de' }, { status: 'neu' }),
  // L7 came to the sell request from the Dortmund page: it counts there.
  lead(
    7,
    'vehicle-sale',
    '/auto-verkaufen',
    '2026-11-25T08:00:00.000Z',
    { email: 'b@example.de', phone: '0201 999' },
    { status: 'erledigt', sourcePage: '/locations/dortmund' },
  ),
  lead(8, 'valuation', '/locations/dortmund', '2026-10-01T08:00:00.000Z', { email: 'c@example.de' }, { status: 'erledigt' }),
  lead(9, 'valuation', '/locations/muenster', '2026-11-26T08:00:00.000Z', { email: 'c@example.de' }),
]
/** A contact message from L4's number: not a lead, so neither counted nor a duplicate. */
const MESSAGE = {
  _id: 'inbox.contact-00000000-0000-4000-8000-000000000001',
  _type: 'contactMessage',
  receivedAt: '2026-11-17T09:00:00.000Z',
  phone: '0201 222',
}

const WEEKS = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30'].map((day) => `${day}T00:00:00.000Z`)
const params = (filters: { kind?: string; status?: string } = {}, pages: string[] = []) => ({
  from: WEEKS[0],
  to: WEEKS.at(-1),
  kind: filters.kind ?? null,
  status: filters.status ?? null,
  weeks: WEEKS.slice(0, -1).map((start, index) => ({ start, end: WEEKS[index + 1] })),
  kinds: ['valuation', 'vehicle-sale', 'test-drive', 'vehicle-enquiry', 'export'].map((kind) => ({ kind })),
  pages: pages.map((page) => ({ page })),
  sellerKinds: SELLER_KINDS,
  promiseSeconds: 24 * 60 * 60,
  windowSeconds: DUPLICATE_WINDOW_SECONDS,
})
const id = (n: number) => LEADS[n - 1]!._id

describe.each(BACKENDS)('the lead dashboard’s GROQ on the %s lake', (backend) => {
  let test: TestLake
  const fetch = <R>(query: string, values: Record<string, unknown>) => test.lake.fetch<R>(query, values, { includePrivate: true })

  beforeAll(async () => {
    test = await openTestLake(backend, 'tests/fixtures/mini-dataset')
    await test.lake.mutate([...LEADS, MESSAGE].map((doc) => ({ createOrReplace: doc })))
  })
  afterAll(() => test.close())

  it('counts per week, per form, per page (sellers apart), answered in time, and the possible duplicates', async () => {
    const pages = await fetch<string[]>(DASHBOARD_PAGES_QUERY, params())
    expect([...pages].sort()).toEqual(['/auto-verkaufen', '/locations/dortmund', '/locations/muenster', '/vehicles/abc'])
    const figures = await fetch<Record<string, unknown>>(
      DASHBOARD_QUERY,
      params({}, ['/locations/dortmund', '/locations/muenster', '/auto-verkaufen', '/vehicles/abc']),
    )
    expect(figures).toEqual({
      total: 8,
      weeks: [
        { start: WEEKS[0], end: WEEKS[1], count: 2 },
        { start: WEEKS[1], end: WEEKS[2], count: 1 },
        { start: WEEKS[2], end: WEEKS[3], count: 2 },
        { start: WEEKS[3], end: WEEKS[4], count: 3 },
      ],
      forms: [
        { kind: 'valuation', count: 4 },
        { kind: 'vehicle-sale', count: 2 },
        { kind: 'test-drive', count: 1 },
        { kind: 'vehicle-enquiry', count: 1 },
        { kind: 'export', count: 0 },
      ],
      pages: [
        { page: '/locations/dortmund', count: 3, sellers: 3 },
        { page: '/locations/muenster', count: 2, sellers: 2 },
        { page: '/auto-verkaufen', count: 1, sellers: 1 },
        { page: '/vehicles/abc', count: 2, sellers: 0 },
      ],
      answered: 3,
      answeredInTime: 2,
      duplicates: [7, 6, 5, 3, 2, 1].map((n) => expect.objectContaining({ _id: id(n) })),
    })
  })

  it('takes the inbox lists’ filters: a form, a state (none counts as „neu“)', async () => {
    const valuations = await fetch<{ total: number; weeks: Array<{ count: number }>; duplicates: Array<{ _id: string }> }>(
      DASHBOARD_QUERY,
      params({ kind: 'valuation' }),
    )
    expect(valuations.total).toBe(4)
    expect(valuations.weeks.map((week) => week.count)).toEqual([1, 0, 2, 1])
    // A duplicate of any form counts: L1's is the sell request L2, L5's the test drive L3.
    expect(valuations.duplicates.map((doc) => doc._id)).toEqual([id(5), id(1)])
    const fresh = await fetch<{ total: number; answered: number }>(DASHBOARD_QUERY, params({ status: 'neu' }))
    expect(fresh).toMatchObject({ total: 4, answered: 0 })
  })

  it('marks the same leads „Mögliche Dublette“ in the inbox’s list and on an open lead', async () => {
    const listed = await fetch<string[]>(`*[${POSSIBLE_DUPLICATE_FILTER}] | order(receivedAt desc)._id`, { windowSeconds: DUPLICATE_WINDOW_SECONDS })
    expect(listed).toEqual([7, 6, 5, 3, 2, 1].map(id))
    const marks = await Promise.all(LEADS.map((doc) => fetch<boolean>(IS_POSSIBLE_DUPLICATE_QUERY, { id: doc._id, windowSeconds: DUPLICATE_WINDOW_SECONDS })))
    expect(marks).toEqual([true, true, true, false, true, true, true, false, false])
  })
})
