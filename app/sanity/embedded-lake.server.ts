import { fstatSync, type FSWatcher, watch } from 'node:fs'
import { type FileHandle, mkdir, open } from 'node:fs/promises'
import path from 'node:path'
import { evaluate, type ExprNode, parse } from 'groq-js'
import {
  type AssetFiles,
  type ChangeListener,
  type ContentLake,
  type FetchOptions,
  type LocalDocuments,
  type Mutation,
  MutationError,
  mutationDocumentId,
  type MutationResult,
  type QueryParams,
  type SanityDocument,
} from '#app/sanity/lake.server.ts'
import { applyMutations, deepFreeze, newTransactionId, toMutationResult } from '#app/sanity/mutations.server.ts'
import { JournalLock } from '#app/sanity/journal-lock.server.ts'
import { loadDataset } from '#app/sanity/seed.server.ts'

/** One line of `journal.ndjson`: a committed transaction with generated ids already filled in. */
export interface JournalEntry {
  transactionId: string
  timestamp: string
  mutations: Mutation[]
}

export const JOURNAL_FILE = 'journal.ndjson'
/** A symbolic link that exists while a process appends to the journal (JournalLock). */
export const LOCK_FILE = 'journal.ndjson.lock'
const MAX_CACHED_QUERIES = 500
/** How often the journal is checked for other processes' lines when fs.watch says nothing. */
const FOLLOW_INTERVAL_MS = 1000

/**
 * The content lake without Sanity: the seed dataset plus an append-only journal of committed
 * transactions under `dataDir`, queried with groq-js. Writes are serialized and acknowledged
 * only after the journal line is on disk (group commit: one append and one fsync per batch).
 *
 * Several processes on one host may share `dataDir` (docs/decisions/034; not over a network
 * filesystem). Each batch is committed under the lock `journal.ndjson.lock` (JournalLock): read and
 * apply the lines others appended since this instance last looked, apply the batch on top (so
 * `ifRevisionID` and `create` conflicts see every committed transaction, whoever wrote it), append,
 * fsync, release. Between its own writes each instance follows the journal (fs.watch, and a stat
 * every second in case an event is missed), applies the complete lines others appended and tells
 * `onChanges` listeners which documents they touched. An incomplete last line is cut off only under
 * the lock (at open, or before a batch): without it, it may be another process's append in progress.
 * A crashed holder's lock is removed by the next writer (JournalLock says when a lock is stale).
 */
export class EmbeddedLake implements ContentLake, LocalDocuments, AssetFiles {
  readonly kind = 'embedded'
  private documents: ReadonlyMap<string, SanityDocument>
  private published: SanityDocument[] | undefined
  private publishedById: Map<string, SanityDocument> | undefined
  private readonly queries = new Map<string, ExprNode>()
  /** Transactions waiting for the next journal write. */
  private pending: PendingTransaction[] = []
  /** The running group commit, while there is one. */
  private flushing: Promise<void> | undefined
  /** The running read of other processes' lines, while there is one. */
  private following: Promise<void> | undefined
  /** The journal changed while `flushing` or `following` ran: look again when they are done. */
  private followAgain = false
  private readonly listeners = new Set<ChangeListener>()
  private watcher: FSWatcher | undefined
  private timer: NodeJS.Timeout | undefined
  private closed = false
  private applied = 0

  private constructor(
    private readonly seed: ReadonlyMap<string, SanityDocument>,
    documents: ReadonlyMap<string, SanityDocument>,
    private readonly assetFiles: ReadonlyMap<string, string>,
    /** The folder with the journal; the media route keeps its cache here too. */
    readonly dataDir: string,
    private readonly journal: FileHandle,
    /** Bytes of the journal applied to `documents`: always the end of a complete line. */
    private journalSize: number,
    private readonly lock: JournalLock,
  ) {
    this.documents = documents
  }

  /**
   * Loads the seed from `contentDir`, replays `<dataDir>/journal.ndjson` and opens it for appending;
   * from then on follows the lines other processes append (checked every `followIntervalMs` besides fs.watch).
   */
  static async open({ contentDir, dataDir, followIntervalMs = FOLLOW_INTERVAL_MS }: OpenOptions): Promise<EmbeddedLake> {
    const dataset = await loadDataset(contentDir)
    const seed: ReadonlyMap<string, SanityDocument> = new Map(dataset.documents.map((doc) => [doc._id, deepFreeze(doc)]))
    await mkdir(dataDir, { recursive: true })
    const journalPath = path.join(dataDir, JOURNAL_FILE)
    const journal = await open(journalPath, 'a+')
    const lock = new JournalLock(path.join(dataDir, LOCK_FILE))
    let documents = seed
    let size: number
    try {
      // Under the lock: an incomplete last line is then a crashed append, never one in progress.
      const bytes = await lock.hold(async () => completeLines(journalPath, journal, 0, await readRange(journal, 0, (await journal.stat()).size), true))
      size = bytes.length
      splitLines(bytes).forEach((text, index) => {
        const where = `${journalPath}:${index + 1}`
        const entry = parseEntry(text, where)
        try {
          documents = replay(documents, entry)
        } catch (error) {
          throw new Error(`${where}: transaction ${entry.transactionId} no longer applies to the seed: ${errorMessage(error)}`)
        }
      })
    } catch (error) {
      await journal.close()
      throw error
    }
    const lake = new EmbeddedLake(seed, documents, dataset.assetFiles, dataDir, journal, size, lock)
    lake.startFollowing(followIntervalMs)
    return lake
  }

  /** Counts the transactions applied since `open`, this instance's and other processes' (for caches keyed by content state). */
  get revision(): number {
    return this.applied
  }

  /**
   * Evaluates GROQ over the published documents (`drafts.*` and `versions.*` are invisible, unless
   * the `raw` perspective asks for every document).
   * Private ids (`inbox.*`) are always readable here: the process is the only reader.
   */
  async fetch<R = unknown>(query: string, params: QueryParams = {}, options: FetchOptions = {}): Promise<R> {
    let tree = this.queries.get(query)
    if (!tree) {
      tree = parse(query)
      // Bounded, in case a caller builds query strings dynamically.
      if (this.queries.size >= MAX_CACHED_QUERIES) this.queries.clear()
      this.queries.set(query, tree)
    }
    const dataset = options.perspective === 'raw' ? [...this.documents.values()] : this.publishedDocuments()
    const result = await evaluate(tree, { dataset, params, dereference: this.dereference })
    // The query decides the shape; callers type it (typegen types) or validate it.
    return (await result.get()) as R
  }

  /**
   * The published documents (frozen). The array is replaced on every change (a committed write,
   * or another process's lines) and is the same object until then, so a cache keyed by it (WeakMap)
   * is invalidated by every mutation; app/vehicles/vehicle-index.server.ts builds its index this way
   * (docs/decisions/011).
   */
  publishedDocuments(): readonly SanityDocument[] {
    if (!this.published) {
      this.published = [...this.documents.values()].filter((doc) => isPublishedId(doc._id))
      this.publishedById = new Map(this.published.map((doc) => [doc._id, doc]))
    }
    return this.published
  }

  /**
   * `->` by id lookup: groq-js otherwise scans the whole dataset for every reference (an image
   * asset per vehicle card made 5,000-vehicle lists take seconds). Same result: the published
   * document with that id, or null.
   */
  readonly dereference = ({ _ref }: { _ref: string }): SanityDocument | null => {
    this.publishedDocuments()
    return this.publishedById?.get(_ref) ?? null
  }

  /**
   * Applies a transaction after every earlier one, this process's or another's; resolves once its
   * journal line is fsync'd. Group commit: the transactions that arrive while one fsync runs share the next one.
   */
  mutate(mutations: Mutation[]): Promise<MutationResult> {
    return new Promise((resolve, reject) => {
      this.pending.push({ mutations, resolve, reject })
      this.flushing ??= this.flush()
    })
  }

  /**
   * Calls `listener` with the ids of the documents other processes' transactions touched, once they
   * are readable here; `undefined` when the journal could not be followed line by line (a corrupt or
   * cut line: the documents were rebuilt from the whole journal). This instance's own writes are not reported.
   */
  onChanges(listener: ChangeListener): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  /** This lake offers its documents and asset files to the vehicle index and /media (ContentLake's capabilities). */
  get local(): LocalDocuments {
    return this
  }

  get assets(): AssetFiles {
    return this
  }

  get variantsDir(): string {
    return path.join(this.dataDir, 'media-cache')
  }

  /** The absolute path of an asset named as in its URL (`<sha1>-WxH.ext`), or undefined for any other name. */
  assetFile(name: string): string | undefined {
    return this.assetFiles.get(name)
  }

  /** Stops following, waits for pending writes and closes the journal (closing twice is harmless). */
  async close(): Promise<void> {
    this.closed = true
    clearInterval(this.timer)
    this.watcher?.close()
    this.listeners.clear()
    await this.flushing
    await this.following
    await this.journal.close()
  }

  private get journalPath(): string {
    return path.join(this.dataDir, JOURNAL_FILE)
  }

  private startFollowing(intervalMs: number): void {
    try {
      this.watcher = watch(this.journalPath, { persistent: false }, () => this.follow())
      // Without the watcher the timer still follows, a little later.
      this.watcher.on('error', () => {
        this.watcher?.close()
        this.watcher = undefined
      })
    } catch {
      this.watcher = undefined
    }
    this.timer = setInterval(() => this.follow(), intervalMs)
    this.timer.unref()
    // Lines appended between reading the journal in `open` and the watcher's start.
    this.follow()
  }

  /** Reads other processes' new lines, unless a read or a commit (which reads them too) is running. */
  private follow(): void {
    if (this.closed) return
    if (this.flushing || this.following) {
      this.followAgain = true
      return
    }
    this.followAgain = false
    this.following = this.catchUp(false)
      // A read error is retried at the next tick; the journal itself is read again from where this instance stands.
      .catch(() => undefined)
      .finally(() => {
        this.following = undefined
        if (this.followAgain) this.follow()
      })
  }

  /**
   * Applies the complete lines appended since `journalSize` (all of them other processes': this
   * instance's own are counted in when written) and tells the listeners. Under the lock an incomplete
   * last line is a crashed append and is cut off; without the lock it may be an append in progress
   * and is left for later. A journal that shrank below `journalSize`, or a line that does not parse
   * or apply, means this state no longer matches the file: it is rebuilt from the seed and the whole journal.
   */
  private async catchUp(locked: boolean): Promise<void> {
    // Synchronous for the same reason as the lock's calls: this runs before every batch.
    const size = fstatSync(this.journal.fd).size
    if (size === this.journalSize) return
    if (size < this.journalSize) return this.rebuild(locked)
    const bytes = await completeLines(this.journalPath, this.journal, this.journalSize, await readRange(this.journal, this.journalSize, size), locked)
    if (bytes.length === 0) return
    let documents = this.documents
    const ids = new Set<string>()
    const lines = splitLines(bytes)
    try {
      for (const text of lines) {
        const entry = parseEntry(text, JOURNAL_FILE)
        documents = replay(documents, entry)
        // Journalled creates carry their generated ids.
        for (const mutation of entry.mutations) {
          const id = mutationDocumentId(mutation)
          if (id) ids.add(id)
        }
      }
    } catch {
      return this.rebuild(locked)
    }
    this.documents = documents
    this.published = undefined
    this.journalSize += bytes.length
    this.applied += lines.length
    this.notify([...ids])
  }

  /** The documents from the seed and every line of the journal that applies; the listeners hear `undefined`. */
  private async rebuild(locked: boolean): Promise<void> {
    const journalPath = this.journalPath
    const bytes = await completeLines(journalPath, this.journal, 0, await readRange(this.journal, 0, (await this.journal.stat()).size), locked)
    let documents = this.seed
    let count = 0
    const skipped: string[] = []
    splitLines(bytes).forEach((text, index) => {
      try {
        documents = replay(documents, parseEntry(text, `${journalPath}:${index + 1}`))
        count++
      } catch (error) {
        skipped.push(errorMessage(error))
      }
    })
    if (skipped.length > 0) console.warn(`${journalPath}: skipped ${skipped.length} line(s) that do not apply: ${skipped.slice(0, 3).join('; ')}`)
    this.documents = documents
    this.published = undefined
    this.journalSize = bytes.length
    this.applied = Math.max(this.applied + 1, count)
    this.notify(undefined)
  }

  private notify(ids: readonly string[] | undefined): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(ids)
      } catch (error) {
        console.error('An onChanges listener of the embedded lake failed:', error)
      }
    }
  }

  /**
   * Commits the waiting transactions in order, each all or nothing, with one lock, one append and
   * one fsync per batch; a transaction Sanity would refuse is rejected alone, the others still commit.
   */
  private async flush(): Promise<void> {
    // Yield first: `mutate` must have stored this promise in `flushing` before the loop can end and
    // clear it (a batch of only refused transactions would otherwise finish synchronously, leaving
    // a settled promise in `flushing` and every later write waiting forever). It also lets the
    // writes of the current tick join the first batch.
    await Promise.resolve()
    // `follow` starts no new read while `flushing` is set; one that already runs finishes first.
    await this.following
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0)
      try {
        // Acknowledged once the lock is released, so a caller that goes on never finds it still held by this write.
        const acknowledge = await this.lock.hold(() => this.commit(batch))
        acknowledge()
      } catch (error) {
        // The lock or the journal could not be read: nothing of this batch was written (settling twice is a no-op).
        for (const transaction of batch) transaction.reject(error)
      }
    }
    this.flushing = undefined
    if (this.followAgain) this.follow()
  }

  /** One batch, under the lock: catch up with the journal, apply, append, fsync. Returns what resolves the committed writes. */
  private async commit(batch: PendingTransaction[]): Promise<() => void> {
    await this.catchUp(true)
    let documents = this.documents
    const accepted: Array<{ transaction: PendingTransaction; line: string; result: MutationResult }> = []
    for (const transaction of batch) {
      const entry = { transactionId: newTransactionId(), timestamp: new Date().toISOString() }
      try {
        const applied = applyMutations(documents, transaction.mutations, { now: entry.timestamp, transactionId: entry.transactionId })
        documents = applied.documents
        const line = `${JSON.stringify({ ...entry, mutations: applied.mutations } satisfies JournalEntry)}\n`
        accepted.push({ transaction, line, result: toMutationResult(entry.transactionId, applied.results) })
      } catch (error) {
        transaction.reject(error)
      }
    }
    if (accepted.length === 0) return () => undefined
    const bytes = Buffer.from(accepted.map(({ line }) => line).join(''))
    try {
      await this.journal.appendFile(bytes)
      await this.journal.datasync()
    } catch (error) {
      // Cut off a partial write (still under the lock) so the next batch does not follow garbage; nothing of this batch counts.
      await this.journal.truncate(this.journalSize).catch(() => undefined)
      for (const { transaction } of accepted) transaction.reject(error)
      return () => undefined
    }
    this.journalSize += bytes.length
    this.documents = documents
    this.published = undefined
    this.applied += accepted.length
    return () => {
      for (const { transaction, result } of accepted) transaction.resolve(result)
    }
  }
}

export interface OpenOptions {
  contentDir: string
  dataDir: string
  /** How often to check the journal for other processes' lines besides fs.watch (default 1 s). */
  followIntervalMs?: number
}

interface PendingTransaction {
  mutations: Mutation[]
  resolve: (result: MutationResult) => void
  reject: (error: unknown) => void
}

/** Whether the published perspective shows a document with this id. */
export function isPublishedId(id: string): boolean {
  return !id.startsWith('drafts.') && !id.startsWith('versions.')
}

// ---------------------------------------------------------------------------------------------
// The journal file

/** Reads `[start, end)` of the file; shorter if the file is shorter by now. */
async function readRange(handle: FileHandle, start: number, end: number): Promise<Buffer> {
  const buffer = Buffer.alloc(Math.max(0, end - start))
  let filled = 0
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, start + filled)
    if (bytesRead === 0) break
    filled += bytesRead
  }
  return buffer.subarray(0, filled)
}

/**
 * The complete lines of `bytes` (read from `offset`). The bytes after the last newline are an append
 * in progress, or, when the caller holds the lock, one that was never acknowledged (a crash
 * mid-append): those are cut from the file.
 */
async function completeLines(name: string, handle: FileHandle, offset: number, bytes: Buffer, locked: boolean): Promise<Buffer> {
  const complete = bytes.lastIndexOf(0x0a) + 1
  if (locked && complete < bytes.length) {
    console.warn(`${name}: dropping an incomplete last line (${bytes.length - complete} bytes from an interrupted write)`)
    await handle.truncate(offset + complete)
  }
  return bytes.subarray(0, complete)
}

function splitLines(bytes: Buffer): string[] {
  return bytes.length === 0 ? [] : bytes.toString('utf8').split('\n').slice(0, -1)
}

function parseEntry(text: string, where: string): JournalEntry {
  let entry: unknown
  try {
    entry = JSON.parse(text)
  } catch {
    throw new Error(`${where}: corrupt journal line`)
  }
  if (!isJournalEntry(entry)) throw new Error(`${where}: not a journal entry`)
  return entry
}

function replay(documents: ReadonlyMap<string, SanityDocument>, entry: JournalEntry): ReadonlyMap<string, SanityDocument> {
  return applyMutations(documents, entry.mutations, {
    now: entry.timestamp,
    transactionId: entry.transactionId,
    generateId: () => {
      throw new MutationError('a journalled create lacks its _id', 500)
    },
  }).documents
}

function isJournalEntry(value: unknown): value is JournalEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    'transactionId' in value &&
    typeof value.transactionId === 'string' &&
    'timestamp' in value &&
    typeof value.timestamp === 'string' &&
    'mutations' in value &&
    Array.isArray(value.mutations)
  )
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
