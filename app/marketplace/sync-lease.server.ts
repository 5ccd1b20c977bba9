import { type ContentLake, createDocument, isConflict, type Mutation, patchDocument } from '#app/lake/lake.server.ts'

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
    const current = await lake.fetch<LeaseDocument | null>('*[_id == $id][0]{_rev, holder, expiresAt}', { id: SYNC_LEASE_ID }, { includePrivate: true })
    if (current?.expiresAt && Date.parse(current.expiresAt) > options.now().getTime()) throw new LeaseTakenError(current.holder, current.expiresAt)
    const fields = { holder: options.holder, takenAt: options.now().toISOString(), expiresAt: expiry(options) }
    try {
      const taken = current
        ? await patchDocument(lake, SYNC_LEASE_ID, { ifRevisionID: current._rev, set: fields })
        : await createDocument(lake, { _id: SYNC_LEASE_ID, _type: 'syncLease', ...fields })
      const lease = new SyncLease(lake, String(taken._rev), options)
      lease.timer = setInterval(() => void lease.renew(), Math.max(1000, options.leaseMs / 3))
      lease.timer.unref?.()
      return lease
    } catch (error) {
      // Someone else took it between our read and our write.
      if (isConflict(error)) throw new LeaseTakenError(undefined, undefined)
      throw error
    }
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
        const renewed = await patchDocument(this.lake, SYNC_LEASE_ID, { ifRevisionID: this.revision, set: { expiresAt: expiry(this.options) } })
        this.revision = String(renewed._rev)
      } catch (error) {
        // 409: someone else changed the lease, so it is no longer ours. Anything else (the lake
        // did not answer) is tried again at the next tick, while the lease still runs.
        if (isConflict(error)) this.lost = true
      }
    })()
    await this.renewing
    this.renewing = undefined
  }
}

function expiry({ now, leaseMs }: Required<LeaseOptions>): string {
  return new Date(now().getTime() + leaseMs).toISOString()
}
