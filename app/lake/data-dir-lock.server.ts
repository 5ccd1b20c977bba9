import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile, rename, stat, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import path from 'node:path'
import lockfile from 'proper-lockfile'

/*
 * One writer per DATA_DIR (docs/decisions/039): the embedded lake takes this lock at open and holds
 * it for the life of the process. The lock itself is proper-lockfile's: a directory created with
 * mkdir (atomic) whose mtime the holder refreshes every UPDATE_MS; one not refreshed for STALE_MS
 * belongs to a holder that is gone (crashed, killed, its container stopped) and is taken over.
 * Liveness rests on that heartbeat alone, never on host name and pid, which two containers can share.
 * Beside it, `lake.lock.json` names the holder (pid, host, since: for the message a second process
 * prints) and a random token that the holder checks after every fsync, before it acknowledges: a
 * holder that lost the lock (its heartbeat stalled past STALE_MS and another process took over,
 * which writes its own token before it reads the journal) never acknowledges a write again.
 */

/** A lock not refreshed for this long is taken over: a restarted container waits at most this long. */
export const STALE_MS = 10_000
/** How often the holder refreshes the lock's mtime. A second process sees the change and refuses. */
const UPDATE_MS = 2_000
/** How often a starting process looks again while the lock is held. */
const POLL_MS = 250

export const LOCK_DIR = 'lake.lock'
export const HOLDER_FILE = 'lake.lock.json'

export interface LockHolder {
  pid: number
  host: string
  /** ISO time the holder took the lock. */
  since: string
  token: string
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

/** This process no longer holds the lock: it must not acknowledge a write. */
export class LockLostError extends Error {
  constructor(dataDir: string, reason: string) {
    super(`Die Sperre auf DATA_DIR ${dataDir} ist verloren (${reason}): dieser Prozess nimmt keine Schreibvorgänge mehr an.`)
    this.name = 'LockLostError'
  }
}

export function describeHolder(holder: LockHolder | undefined): string {
  if (!holder) return 'Prozess unbekannt'
  const since = new Date(holder.since)
  const when = Number.isNaN(since.getTime()) ? holder.since : `${since.toLocaleString('de-DE', { timeZone: 'UTC' })} UTC`
  return `PID ${holder.pid} auf Rechner „${holder.host}“, seit ${when}`
}

/** The holder named in `dataDir`, if the file is there and readable (it may name a holder that is gone). */
export async function readHolder(dataDir: string): Promise<LockHolder | undefined> {
  try {
    return parseHolder(await readFile(path.join(dataDir, HOLDER_FILE), 'utf8'))
  } catch {
    return undefined
  }
}

/** The holder of `dataDir` if a live process holds it now (its lock refreshed within STALE_MS); else undefined. */
export async function liveHolder(dataDir: string, staleMs = STALE_MS): Promise<LockHolder | 'unknown' | undefined> {
  const held = await lockfile.check(dataDir, { lockfilePath: path.join(dataDir, LOCK_DIR), stale: staleMs, realpath: false }).catch(() => false)
  if (!held) return undefined
  return (await readHolder(dataDir)) ?? 'unknown'
}

export interface AcquireOptions {
  /** Called once when the lock is lost while held (heartbeat failed or another process took it over). */
  onLost: (error: LockLostError) => void
  /** Where a taken-over lock is reported. */
  warn: (message: string) => void
  /** Tests only: a shorter staleness (proper-lockfile's minimum is 2 s). */
  staleMs?: number
}

export class DataDirLock {
  private lost: LockLostError | undefined

  private constructor(
    readonly dataDir: string,
    private readonly token: string,
    private readonly unlock: () => Promise<void>,
    private readonly onLost: (error: LockLostError) => void,
  ) {}

  /**
   * Takes the lock on `dataDir` (which must exist). While it is held: waits until its holder
   * refreshes it (a live process: DataDirLockedError at once) or lets it go stale (a crashed one:
   * taken over, at most STALE_MS after the crash).
   */
  static async acquire(dataDir: string, options: AcquireOptions): Promise<DataDirLock> {
    const lockfilePath = path.join(dataDir, LOCK_DIR)
    const staleMs = options.staleMs ?? STALE_MS
    // Set once the lock is taken; proper-lockfile's heartbeat reports to it.
    const taken: { lock?: DataDirLock } = {}
    const settings = {
      lockfilePath,
      stale: staleMs,
      update: Math.min(UPDATE_MS, staleMs / 2),
      realpath: false,
      // Called by proper-lockfile's heartbeat (the lock's mtime was changed by someone else, or could not be refreshed in time).
      onCompromised: (error: Error) => taken.lock?.markLost(error.message),
    }
    const previous = await readHolder(dataDir)
    let seenMtime: number | undefined
    let unlock: () => Promise<void>
    for (;;) {
      try {
        unlock = await lockfile.lock(dataDir, settings)
        break
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
        const mtime = (await stat(lockfilePath).catch(() => undefined))?.mtimeMs
        // Refreshed since the first look: its holder is alive.
        if (seenMtime !== undefined && mtime !== undefined && mtime !== seenMtime) throw new DataDirLockedError(dataDir, await readHolder(dataDir))
        seenMtime ??= mtime
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      }
    }
    const holder: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), token: randomBytes(16).toString('base64url') }
    // Before anything is read: a holder that lost the lock to this process sees the token change before its next acknowledgement.
    const temporary = path.join(dataDir, `${HOLDER_FILE}.${holder.token}.tmp`)
    await writeFile(temporary, `${JSON.stringify(holder)}\n`)
    await rename(temporary, path.join(dataDir, HOLDER_FILE))
    if (seenMtime !== undefined) options.warn(`DATA_DIR ${dataDir}: Sperre eines beendeten Prozesses übernommen (${describeHolder(previous)}).`)
    taken.lock = new DataDirLock(dataDir, holder.token, () => unlock(), options.onLost)
    return taken.lock
  }

  /**
   * Throws LockLostError unless this process still holds the lock: called after each fsync, before
   * the writes are acknowledged (synchronous: two small system calls per batch).
   */
  verify(): void {
    if (this.lost) throw this.lost
    let holder: LockHolder | undefined
    try {
      holder = parseHolder(readFileSync(path.join(this.dataDir, HOLDER_FILE), 'utf8'))
    } catch {
      holder = undefined
    }
    if (holder?.token !== this.token) {
      this.markLost(`ein anderer Prozess hält sie: ${describeHolder(holder)}`)
      throw this.lost
    }
  }

  get isLost(): boolean {
    return this.lost !== undefined
  }

  /** Gives the lock up (closing twice, or after it was lost, is harmless). */
  async release(): Promise<void> {
    if (this.lost) return
    this.lost = new LockLostError(this.dataDir, 'freigegeben')
    await this.unlock().catch(() => undefined)
  }

  private markLost(reason: string): void {
    if (this.lost) return
    this.lost = new LockLostError(this.dataDir, reason)
    this.onLost(this.lost)
  }
}

function parseHolder(text: string): LockHolder | undefined {
  const value: unknown = JSON.parse(text)
  if (typeof value !== 'object' || value === null) return undefined
  const { pid, host, since, token } = value as Record<string, unknown>
  if (typeof pid !== 'number' || typeof host !== 'string' || typeof since !== 'string' || typeof token !== 'string') return undefined
  return { pid, host, since, token }
}
