import { randomBytes } from 'node:crypto'
import { type FSWatcher, lstatSync, lutimes, readlinkSync, statSync, symlinkSync, unlinkSync, watch, writeFileSync } from 'node:fs'
import { type FileHandle, lstat, open, readlink, stat, unlink } from 'node:fs/promises'
import { hostname } from 'node:os'
import path from 'node:path'

/*
 * The embedded lake's inter-process lock on journal.ndjson (docs/decisions/034): several processes
 * on one DATA_DIR take it around each group commit (app/sanity/embedded-lake.server.ts).
 */

/** A lock not refreshed for this long is stale even if its holder cannot be checked (another host name: another container). */
const STALE_MS = 30_000
/** A holder refreshes its lock's mtime this often while it holds it (a batch takes milliseconds; this is for a sick disk). */
const REFRESH_MS = 5_000
/** A write gives up waiting for the lock after this long (its transactions are rejected). */
const ACQUIRE_TIMEOUT_MS = 60_000
/** A `.break` file (see breakStale) left by a process that died within its microseconds of use. */
const BREAKER_STALE_MS = 5_000
/** A waiter tries again this often (times 0.5–1.5) if fs.watch does not wake it earlier. */
const POLL_MS = 10
/** Waiters touch `<lock>.wait` this often… */
const WAIT_ANNOUNCE_MS = 10
/** …so that one touched this recently means someone waits… */
const WAIT_FRESH_MS = 50
/** …and the next taker leaves the lock to them for this long. */
const POLITE_MS = 10
const HOST = hostname()
/** Tokens of the locks this process holds: a lock file naming this pid with another token was left by an earlier process. */
const heldTokens = new Set<string>()

interface LockOwner {
  pid: number
  host: string
  token: string
}

interface HeldLock {
  target: string
  token: string
  refresh: NodeJS.Timeout
}

/**
 * An inter-process lock on one host: a symbolic link that exists while someone holds it, whose
 * target names the holder (pid, host name, a random token; Mercurial and Emacs lock the same way).
 * Creating a symlink is atomic, fails if one exists and writes the holder in the same call, so
 * there is no half-written lock to read.
 *
 * Stale: on this host, when no process has the holder's pid (or it is this process's pid without
 * one of its tokens: a restarted container); from another host name (another container on the
 * same volume), when it has not been refreshed for 30 s (holders refresh it every 5 s). A stale lock
 * is removed under a second lock file (`.break`), so that two waiters never both remove it and the
 * second then removes the lock the first has just taken.
 *
 * Waiting: woken by fs.watch when the lock goes (polling every 5–15 ms besides); waiters announce
 * themselves in `<lock>.wait`, so that a busy writer lets them in. Not for network filesystems
 * (exclusive creation, mtimes and inotify are unreliable there).
 */
export class JournalLock {
  private readonly wakers = new Set<() => void>()
  private watcher: FSWatcher | undefined

  constructor(readonly file: string) {}

  /** Runs `work` while holding the lock; releases it however `work` ends. */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    const held = await this.acquire()
    try {
      return await work()
    } finally {
      this.release(held)
    }
  }

  private async acquire(): Promise<HeldLock> {
    const token = randomBytes(12).toString('base64url')
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS
    // Waiting alone is not fair: a process committing one transaction after another re-takes the
    // lock within microseconds of releasing it, and a waiter would rarely get in. So waiters keep
    // `<lock>.wait` fresh, and a process that finds it fresh lets them go first: it waits until one
    // of them holds the lock (at most POLITE_MS) before it competes.
    let waiting = false
    if (this.othersWaiting()) {
      waiting = true
      const until = Date.now() + POLITE_MS
      while (Date.now() < until && !lstatSync(this.file, { throwIfNoEntry: false })) await this.changeOrTimeout(until - Date.now())
    }
    let announced = 0
    for (;;) {
      // Known before the file exists, so another instance in this process never takes it for stale.
      heldTokens.add(token)
      try {
        const held = this.create(token)
        if (waiting) attempt(() => unlinkSync(this.waitFile))
        return held
      } catch (error) {
        heldTokens.delete(token)
        if (!isNodeError(error) || error.code !== 'EEXIST') throw error
      }
      const holder = await this.inspect()
      if (holder === 'gone') continue
      if (holder.stale && (await this.breakStale())) continue
      if (Date.now() > deadline) {
        throw new Error(`${this.file}: held by ${holder.owner ? `process ${holder.owner.pid} on ${holder.owner.host}` : 'an unknown process'}; gave up waiting`)
      }
      waiting = true
      if (Date.now() - announced >= WAIT_ANNOUNCE_MS) {
        announced = Date.now()
        attempt(() => writeFileSync(this.waitFile, ''))
      }
      await this.changeOrTimeout(POLL_MS * (0.5 + Math.random()))
    }
  }

  /**
   * Resolves when the lock is created or removed in its folder (fs.watch: the waiter tries again at
   * once), or after `ms` at the latest (a missed or unsupported watch event costs one poll interval).
   * One watcher per lock while anyone in this process waits for it.
   */
  private changeOrTimeout(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        this.wakers.delete(wake)
        if (this.wakers.size === 0) {
          this.watcher?.close()
          this.watcher = undefined
        }
        resolve()
      }
      const timer = setTimeout(wake, ms)
      this.wakers.add(wake)
      if (this.watcher) return
      try {
        const name = path.basename(this.file)
        this.watcher = watch(path.dirname(this.file), { persistent: false }, (_event, changed) => {
          if (changed === name) for (const waker of [...this.wakers]) waker()
        })
        this.watcher.on('error', () => undefined)
      } catch {
        // Polling only.
      }
    })
  }

  private get waitFile(): string {
    return `${this.file}.wait`
  }

  /** Whether another process waited for the lock very recently. */
  private othersWaiting(): boolean {
    const stats = statSync(this.waitFile, { throwIfNoEntry: false })
    return stats !== undefined && Date.now() - stats.mtimeMs < WAIT_FRESH_MS
  }

  // Taking and releasing the lock are synchronous calls: each takes some microseconds on a local
  // disk, less than a hop to libuv's thread pool and back (docs/decisions/034 has the figures).
  private create(token: string): HeldLock {
    const target = JSON.stringify({ pid: process.pid, host: HOST, token } satisfies LockOwner)
    symlinkSync(target, this.file)
    const refresh = setInterval(() => {
      const now = new Date()
      lutimes(this.file, now, now, () => undefined)
    }, REFRESH_MS)
    refresh.unref()
    return { target, token, refresh }
  }

  /** Never throws: what ran under the lock has happened. A lock that cannot be removed is taken for stale once this process is gone. */
  private release({ target, token, refresh }: HeldLock): void {
    clearInterval(refresh)
    // Only our own: had it been taken for stale and replaced, the new one is someone else's.
    attempt(() => readlinkSync(this.file) === target && unlinkSync(this.file))
    heldTokens.delete(token)
  }

  /** The lock file's holder and whether it is stale; `gone` when the file disappeared meanwhile. */
  private async inspect(): Promise<'gone' | { owner: LockOwner | undefined; stale: string | undefined }> {
    let target: string
    let mtimeMs: number
    try {
      // lstat: the link's own time (its target is no file).
      mtimeMs = (await lstat(this.file)).mtimeMs
      target = await readlink(this.file).catch((error: unknown) => {
        // Not a symbolic link (EINVAL): not made by this class; stale once old.
        if (isNodeError(error) && error.code === 'EINVAL') return ''
        throw error
      })
    } catch (error) {
      if (isNodeError(error) && error.code === 'ENOENT') return 'gone'
      throw error
    }
    const owner = parseOwner(target)
    const age = Date.now() - mtimeMs
    if (!owner) return { owner, stale: age > STALE_MS ? `an unreadable lock ${Math.round(age / 1000)} s old` : undefined }
    if (owner.host === HOST) {
      if (owner.pid === process.pid) return { owner, stale: heldTokens.has(owner.token) ? undefined : `left by an earlier process with pid ${owner.pid}` }
      return { owner, stale: processExists(owner.pid) ? undefined : `process ${owner.pid} is gone` }
    }
    return { owner, stale: age > STALE_MS ? `process ${owner.pid} on ${owner.host} has not refreshed it for ${Math.round(age / 1000)} s` : undefined }
  }

  /**
   * Removes the lock file if it is (still) stale. Done under `<lock>.break`, created like the lock,
   * so that the check and the removal are one step for all waiters. Returns whether the caller
   * should try again at once (false: another waiter is breaking it).
   */
  private async breakStale(): Promise<boolean> {
    const breaker = `${this.file}.break`
    let handle: FileHandle
    try {
      handle = await open(breaker, 'wx')
    } catch (error) {
      if (!isNodeError(error) || error.code !== 'EEXIST') throw error
      const since = await stat(breaker).then(
        (stats) => Date.now() - stats.mtimeMs,
        () => 0,
      )
      if (since > BREAKER_STALE_MS) await unlink(breaker).catch(() => undefined)
      return false
    }
    try {
      const holder = await this.inspect()
      if (holder !== 'gone' && holder.stale) {
        await unlink(this.file).catch(() => undefined)
        console.warn(`${this.file}: removed a stale lock (${holder.stale})`)
      }
      return true
    } finally {
      await handle.close().catch(() => undefined)
      await unlink(breaker).catch(() => undefined)
    }
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return undefined
    const { pid, host, token } = value as Partial<Record<keyof LockOwner, unknown>>
    return typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0 && typeof host === 'string' && typeof token === 'string'
      ? { pid, host, token }
      : undefined
  } catch {
    return undefined
  }
}

/** Whether a process with this pid exists on this host (EPERM: it exists, and belongs to another user). */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return isNodeError(error) && error.code === 'EPERM'
  }
}

function attempt(step: () => unknown): void {
  try {
    step()
  } catch {
    // Best effort.
  }
}

function isNodeError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error
}
