import { type ContentLake, type Mutation } from '#app/lake/lake.server.ts'
import { SYNC_LEASE_QUERY } from '#app/sanity/queries/vehicles.ts'
import { leaseRuns, writeLease } from '#app/lake/lease.server.ts'

/*
 * One marketplace sync at a time across every instance of the site and the CLI (issue 15,
 * docs/decisions/035): the sync holds a lease, a private document in the lake with an expiry.
 * It is taken with `create` (no lease yet) or with an `ifRevisionID` patch of an expired one, so
 * of two takers exactly one succeeds; renewed while the sync runs; released at the end. The
 * sync's final transaction carries the lease's revision too (`fence`), so a sync that lost its
 * lease (its process stalled past the expiry and another took over) writes nothing.
 */

/** Private (a dot in the id): never readable without the token, never shown by a page. */
export const SYNC_LEASE_ID = 'lock.marketplaceSync'

interface LeaseDocument {
  _rev: string
  holder?: string
  expiresAt?: string
}

/** The sync could not take the lease: another one runs. The holder and expiry are for the message. */
export class LeaseTakenError extends Error {
  constructor(
    readonly holder: string | undefined,
    readonly expiresAt: string | undefined,
  ) {
    super(`The marketplace sync's lease is held by ${holder ?? 'another instance'} until ${expiresAt ?? 'unknown'}`)
    this.name = 'LeaseTakenError'
  }
}

export interface LeaseOptions {
  /** How long the lease lasts without renewal. */
  leaseMs: number
  /** Who takes it (INSTANCE_ID). */
  holder: string
  now?: () => Date
}

export class SyncLease {
  private timer: ReturnType<typeof setInterval> | undefined
  private renewing: Promise<void> | undefined
  private lost = false

  private constructor(
    private readonly lake: ContentLake,
    private revision: string,
    private readonly options: Required<LeaseOptions>,
  ) {}

  /** Takes the lease or throws LeaseTakenError; renews it every third of its length until `release`. */
  static async take(lake: ContentLake, leaseOptions: LeaseOptions): Promise<SyncLease> {
    const options = { ...leaseOptions, now: leaseOptions.now ?? (() => new Date()) }
    const current = await lake.fetch<LeaseDocument | null>(SYNC_LEASE_QUERY, { id: SYNC_LEASE_ID }, { includePrivate: true })
    // Any running lease refuses, this instance's own too: two syncs may be asked of one process.
    if (current && leaseRuns(current.expiresAt, options.now())) throw new LeaseTakenError(current.holder, current.expiresAt)
    const fields = { holder: options.holder, takenAt: options.now().toISOString(), expiresAt: expiry(options) }
    const revision = await writeLease(lake, { id: SYNC_LEASE_ID, revision: current?._rev, type: 'syncLease', set: fields })
    // Someone else took it between our read and our write.
    if (revision === undefined) throw new LeaseTakenError(undefined, undefined)
    const lease = new SyncLease(lake, revision, options)
    lease.timer = setInterval(() => void lease.renew(), Math.max(1000, options.leaseMs / 3))
    lease.timer.unref?.()
    return lease
  }

  /** False once a renewal found the lease changed by someone else (it had expired and was taken over). */
  get held(): boolean {
    return !this.lost
  }

  /**
   * Stops renewing and returns the mutation that releases the lease, applied only if it is still
   * ours: to be added to the sync's final transaction, which then fails as a whole if it is not.
   */
  async fence(): Promise<Mutation> {
    await this.stopRenewing()
    return { patch: { id: SYNC_LEASE_ID, ifRevisionID: this.revision, set: { expiresAt: this.options.now().toISOString() } } }
  }

  /** Releases the lease if it is still ours (after a failed sync; a successful one released it with `fence`). */
  async release(): Promise<void> {
    const mutation = await this.fence()
    if (this.lost) return
    await this.lake.mutate([mutation]).catch(() => undefined)
  }

  private async stopRenewing() {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    await this.renewing
  }

  private async renew() {
    if (this.renewing || this.lost) return
    this.renewing = (async () => {
      try {
        const renewed = await writeLease(this.lake, { id: SYNC_LEASE_ID, revision: this.revision, set: { expiresAt: expiry(this.options) } })
        // Changed by someone else: it had expired and was taken over, so it is no longer ours.
        if (renewed === undefined) this.lost = true
        else this.revision = renewed
      } catch {
        // The lake did not answer: tried again at the next tick, while the lease still runs.
      }
    })()
    await this.renewing
    this.renewing = undefined
  }
}

function expiry({ now, leaseMs }: Required<LeaseOptions>): string {
  return new Date(now().getTime() + leaseMs).toISOString()
}
