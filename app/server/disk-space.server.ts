import { statfs } from 'node:fs/promises'

/*
 * Free space on the disk of DATA_DIR: /readyz reports a nearly full disk (app/server/health.server.ts),
 * and the photo store withholds photos before they could fill it (app/submissions/photo-store.server.ts).
 */

/** The bytes an unprivileged process may still write on the file system of `dir`. Tests inject their own. */
export type FreeBytes = (dir: string) => Promise<number>

export const freeBytes: FreeBytes = async (dir) => {
  const stats = await statfs(dir)
  return stats.bavail * stats.bsize
}

const MiB = 1024 * 1024

/**
 * Below this much free space under DATA_DIR, /readyz answers 503: the lake's database and its
 * write-ahead log, the outbox and the uploads need room, and a full disk fails every submission
 * (ENOSPC).
 */
export const READY_MIN_FREE_BYTES = 512 * MiB
