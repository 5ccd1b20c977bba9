import { existsSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'

/*
 * One writer per DATA_DIR (docs/decisions/039, 087). The lock is SQLite's own: the writer holds an
 * exclusive lock on a small database file, LOCK_FILE, for the life of its connection
 * (`locking_mode = EXCLUSIVE`). The operating system releases it when the process ends, however it
 * ends (killed, crashed, its container stopped), so there is no heartbeat, staleness or token.
 * The holder's pid, host and start time are a row of the lake's own database (table `writer`,
 * readable beside the writer thanks to WAL), for the message a second process prints.
 */

/** The lake's documents (docs/decisions/087). */
export const LAKE_FILE = 'lake.sqlite'
/** Held exclusively by the one writer. */
export const LOCK_FILE = 'writer.lock'

export interface LockHolder {
  pid: number
  host: string
  /** ISO time the holder took the lock. */
  since: string
}

/** A live process holds the lock; `message` is German, for the operator. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(
      `DATA_DIR ${dataDir} wird schon von einem anderen laufenden Prozess benutzt (${describeHolder(holder)}). ` +
        'In einen DATA_DIR schreibt immer nur ein Prozess; mehrere Instanzen der Website brauchen Sanity (README, Abschnitt „Mehrere Instanzen“). ' +
        'Der Abgleich läuft bei laufendem Server über ihn: npm run sync mit SYNC_TOKEN.',
    )
    this.name = 'DataDirLockedError'
  }
}

export function describeHolder(holder: LockHolder | undefined): string {
  if (!holder) return 'Prozess unbekannt'
  const since = new Date(holder.since)
  const when = Number.isNaN(since.getTime()) ? holder.since : `${since.toLocaleString('de-DE', { timeZone: 'UTC' })} UTC`
  return `PID ${holder.pid} auf Rechner „${holder.host}“, seit ${when}`
}

/** The writer named in the lake's database (it may be one that ended without closing), if any. */
export function readHolder(dataDir: string): LockHolder | undefined {
  const file = path.join(dataDir, LAKE_FILE)
  if (!existsSync(file)) return undefined
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true })
    try {
      return db.prepare('SELECT pid, host, since FROM writer').get() as LockHolder | undefined
    } finally {
      db.close()
    }
  } catch {
    return undefined
  }
}

/** Takes the lock on `dataDir` (which must exist): the connection to close to release it, or DataDirLockedError. */
export function takeLock(dataDir: string): Database.Database {
  const lock = new Database(path.join(dataDir, LOCK_FILE), { timeout: 0 })
  try {
    lock.pragma('locking_mode = EXCLUSIVE')
    // The exclusive lock this takes stays with the connection after the commit (locking_mode).
    lock.exec('BEGIN EXCLUSIVE; COMMIT')
    return lock
  } catch (error) {
    lock.close()
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new DataDirLockedError(dataDir, readHolder(dataDir))
    throw error
  }
}

/** The holder of `dataDir` if a live process holds it now; else undefined (`npm run sync` then writes itself). */
export function liveHolder(dataDir: string): LockHolder | 'unknown' | undefined {
  if (!existsSync(path.join(dataDir, LOCK_FILE))) return undefined
  try {
    takeLock(dataDir).close()
    return undefined
  } catch (error) {
    if (error instanceof DataDirLockedError) return error.holder ?? 'unknown'
    throw error
  }
}
