import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { leaseRuns, writeLease } from '#app/lake/lease.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'

const FIXTURE = 'tests/fixtures/mini-dataset'
const T = Date.parse('2026-11-26T10:00:00.000Z')
const iso = (ms: number) => new Date(T + ms).toISOString()
const ID = 'lock.leaseTest'

describe('a lease runs', () => {
  it('until its end, not at it; none or an unreadable end is free', () => {
    expect(leaseRuns(iso(60_000), new Date(T + 59_999))).toBe(true)
    expect(leaseRuns(T + 60_000, new Date(T + 59_999))).toBe(true)
    expect(leaseRuns(iso(60_000), new Date(T + 60_000))).toBe(false)
    expect(leaseRuns(iso(60_000), new Date(T + 60_001))).toBe(false)
    expect(leaseRuns(undefined, new Date(T))).toBe(false)
    expect(leaseRuns(null, new Date(T))).toBe(false)
    expect(leaseRuns('kein Datum', new Date(T))).toBe(false)
  })
})

describe.each(BACKENDS)('the lease protocol on the %s lake', (backend) => {
  let test: TestLake

  beforeEach(async () => {
    test = await openTestLake(backend, FIXTURE)
  })
  afterEach(async () => {
    await test.close()
  })

  it('of holders racing for a new lease exactly one creates it', async () => {
    const holders = ['a', 'b', 'c']
    const revisions = await Promise.all(
      holders.map((holder) => writeLease(test.lake, { id: ID, revision: undefined, type: 'syncLease', set: { holder, expiresAt: iso(60_000) } })),
    )
    expect(revisions.filter((revision) => revision !== undefined)).toHaveLength(1)
    const winner = holders[revisions.findIndex((revision) => revision !== undefined)]
    expect(await test.stored(ID)).toMatchObject({ _type: 'syncLease', holder: winner })
  })

  it('of holders racing for an expired lease read at one revision exactly one takes it over', async () => {
    const first = await writeLease(test.lake, { id: ID, revision: undefined, set: { holder: 'dead', expiresAt: iso(60_000) } })
    expect(first).toBeDefined()
    const revisions = await Promise.all(
      ['b', 'c'].map((holder) => writeLease(test.lake, { id: ID, revision: first, set: { holder, expiresAt: iso(120_000) } })),
    )
    expect(revisions.filter((revision) => revision !== undefined)).toHaveLength(1)
    expect(['b', 'c']).toContain((await test.stored(ID))?.holder)
  })

  it('a holder whose lease was taken over cannot renew it; the new holder can', async () => {
    const old = await writeLease(test.lake, { id: ID, revision: undefined, set: { holder: 'a', expiresAt: iso(60_000) } })
    const taken = await writeLease(test.lake, { id: ID, revision: old, set: { holder: 'b', expiresAt: iso(120_000) } })
    expect(taken).toBeDefined()
    await expect(writeLease(test.lake, { id: ID, revision: old, set: { expiresAt: iso(180_000) } })).resolves.toBeUndefined()
    const renewed = await writeLease(test.lake, { id: ID, revision: taken, set: { expiresAt: iso(180_000) } })
    expect(renewed).toBeDefined()
    expect(renewed).not.toBe(taken)
    expect(await test.stored(ID)).toMatchObject({ holder: 'b', expiresAt: iso(180_000) })
  })

  it('a lease nested in another document (a mail claim) leaves its other fields alone', async () => {
    const created = await writeLease(test.lake, { id: 'inbox.lease-test', revision: undefined, type: 'contactMessage', set: { message: 'Hallo' } })
    const claimed = await writeLease(test.lake, { id: 'inbox.lease-test', revision: created, set: { notificationClaim: { instance: 'a', at: iso(0) } } })
    expect(claimed).toBeDefined()
    await expect(
      writeLease(test.lake, { id: 'inbox.lease-test', revision: created, set: { notificationClaim: { instance: 'b', at: iso(0) } } }),
    ).resolves.toBeUndefined()
    expect(await test.stored('inbox.lease-test')).toMatchObject({ message: 'Hallo', notificationClaim: { instance: 'a' } })
  })
})
