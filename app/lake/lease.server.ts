import { type ContentLake, createDocument, isConflict, patchDocument } from '#app/lake/lake.server.ts'

/*
 * The one lease protocol of the lake (issue 15, docs/decisions/035 and 089): something only one
 * instance may do at a time (the marketplace sync, sending one mail) is marked in a document with
 * who does it and until when. A lease is taken by a write that applies only to the revision it was
 * read at (`ifRevisionID`), or by a `create` when there was no document yet, so of instances racing
 * for one lease exactly one write lands; the others get a 409. A lease whose holder died is taken
 * over once its end has passed. Renewing is the same write on one's own last revision.
 */

/** Whether a lease ending at `expiresAt` (ISO string or ms) still runs at `now`; none or an unreadable end: free. */
export function leaseRuns(expiresAt: string | number | null | undefined, now: Date): boolean {
  const end = typeof expiresAt === 'string' ? Date.parse(expiresAt) : expiresAt
  return typeof end === 'number' && end > now.getTime()
}

export interface LeaseWrite {
  /** The document that carries the lease. */
  id: string
  /** The revision the lease was read at; absent when there was no document (it is created then). */
  revision: string | undefined
  /** The lease's fields (top level or nested, as the document keeps them). */
  set: Record<string, unknown>
  /** The document's type, when it is to be created. */
  type?: string
}

/**
 * Takes or renews a lease: resolves with the document's new revision, or undefined when someone
 * else changed the document since `revision` was read (the lease is theirs, or no longer ours).
 */
export async function writeLease(lake: ContentLake, { id, revision, set, type }: LeaseWrite): Promise<string | undefined> {
  try {
    const written =
      revision === undefined
        ? await createDocument(lake, { _id: id, _type: type ?? 'lease', ...set })
        : await patchDocument(lake, id, { ifRevisionID: revision, set })
    return String(written._rev)
  } catch (error) {
    if (isConflict(error)) return undefined
    throw error
  }
}
