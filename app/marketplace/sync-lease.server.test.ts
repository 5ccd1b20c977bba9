import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LeaseTakenError, SYNC_LEASE_ID, SyncLease } from '#app/marketplace/sync-lease.server.ts'
import { MutationError } from '#app/lake/lake.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'

const FIXTURE = 'tests/fixtures/mini-dataset'
const T = Date.parse('2026-11-26T10:00:00.000Z')
const at = (ms: number) => () => new Date(T + ms)

describe.each(BACKENDS)('the sync lease on the %s lake', (backend) => {
  let test: TestLake
  const held: SyncLease[] = []

  beforeEach(async () => {
    test = await openTestLake(backend, FIXTURE)
  })
  afterEach(async () => {
    for (const lease of held.splice(0)) await lease.release()
    await test.close()
  })

  const take = async (holder: string, options: { leaseMs?: number; now?: () => Date } = {}) => {
    const lease = await SyncLease.take(test.lake, { holder, leaseMs: options.leaseMs ?? 60_000, now: options.now })
    held.push(lease)
    return lease
  }

  it('of two instances taking it at the same moment exactly one gets it', async () => {
    const results = await Promise.allSettled([take('instance-a'), take('instance-b'), take('instance-c')])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results.filter((result) => result.status === 'rejected')) expect(result.reason).toBeInstanceOf(LeaseTakenError)
    const stored = await test.stored(SYNC_LEASE_ID)
    expect(['instance-a', 'instance-b', 'instance-c']).toContain(stored?.holder)
  })

  it('is refused while it runs, names its holder, and is free again after release', async () => {
    const lease = await take('instance-a', { now: at(0) })
    const refused = await take('instance-b', { now: at(59_000) }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(LeaseTakenError)
    expect(refused).toMatchObject({ holder: 'instance-a', expiresAt: new Date(T + 60_000).toISOString() })
    await lease.release()
    await expect(take('instance-b', { now: at(1000) })).resolves.toBeInstanceOf(SyncLease)
    expect((await test.stored(SYNC_LEASE_ID))?.holder).toBe('instance-b')
  })

  it('left behind by an instance that died, it is taken over once it has expired', async () => {
    await take('instance-a', { now: at(0) })
    // instance-a dies: nobody renews or releases its lease.
    held.splice(0).forEach((lease) => void lease.fence())
    await expect(take('instance-b', { now: at(59_999) })).rejects.toBeInstanceOf(LeaseTakenError)
    await expect(take('instance-b', { now: at(60_001) })).resolves.toBeInstanceOf(SyncLease)
    expect((await test.stored(SYNC_LEASE_ID))?.holder).toBe('instance-b')
  })

  it('is renewed while the sync runs, so a long sync keeps it past its length', async () => {
    // Only the renewal's interval is faked, so the lake's own I/O runs as usual; the clock is ours.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      let clock = 0
      await take('instance-a', { leaseMs: 3000, now: () => new Date(T + clock) })
      clock = 1000
      await vi.advanceTimersByTimeAsync(1000)
      await vi.waitFor(async () => expect((await test.stored(SYNC_LEASE_ID))?.expiresAt).toBe(new Date(T + 4000).toISOString()))
      // Past the first expiry (3000), within the renewed one (4000).
      await expect(take('instance-b', { leaseMs: 3000, now: at(3500) })).rejects.toBeInstanceOf(LeaseTakenError)
    } finally {
      vi.useRealTimers()
    }
  })

  it('a sync whose lease was taken over writes nothing: its final transaction carries the lease (fence)', async () => {
    const stalled = await take('instance-a', { now: at(0) })
    await take('instance-b', { now: at(60_001) })
    const write = { createOrReplace: { _id: 'vehicle-from-a-stalled-sync', _type: 'vehicle', make: 'Opel' } }
    const rejected = await test.lake.mutate([write, await stalled.fence()]).catch((error: unknown) => error)
    expect(rejected).toBeInstanceOf(MutationError)
    expect(rejected).toMatchObject({ statusCode: 409 })
    expect(await test.stored('vehicle-from-a-stalled-sync')).toBeUndefined()
    expect((await test.stored(SYNC_LEASE_ID))?.holder).toBe('instance-b')
  })
})
