import { fstatSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { evaluate, type ExprNode, parse } from 'groq-js'
import {
  type AssetFiles,
  type ContentLake,
  type FetchOptions,
  type LocalDocuments,
  type Mutation,
  MutationError,
  mutationDocumentId,
  type MutationResult,
  type QueryParams,
  type SanityDocument,
} from '#app/lake/lake.server.ts'
import { DataDirLock, type LockLostError } from '#app/lake/data-dir-lock.server.ts'
import { applyMutations, deepFreeze, newTransactionId, toMutationResult } from '#app/lake/mutations.server.ts'
import { loadDataset } from '#app/sanity/seed.server.ts'
import { typesRead } from '#app/sanity/types-read.server.ts'
import { FilePhotoStore, type PhotoStoreOptions } from '#app/submissions/photo-store.server.ts'

/** One line of `journal.ndjson`: a committed transaction with generated ids already filled in. */
export interface JournalEntry {
  transactionId: string
  timestamp: string
  mutations: Mutation[]
}

/** The first line of `snapshot.ndjson`; one document per line follows. */
interface SnapshotHeader {
  snapshot: 1
  /** The last journal transaction the snapshot contains: journal lines up to it are not replayed again. */
  absorbed: string
  /** Seed documents that no longer exist. */
  deleted: string[]
  writtenAt: string
}

export const JOURNAL_FILE = 'journal.ndjson'
export const SNAPSHOT_FILE = 'snapshot.ndjson'
/** A journal past this size is compacted after the batch that made it so (besides at every open). */
const COMPACT_BYTES = 8 * 1024 * 1024
const MAX_CACHED_QUERIES = 500
/** Memoized query results per state of the lake; bounded because search params make keys without end. */
const MAX_MEMOIZED_RESULTS = 1000

/** The points of a compaction, in order; a test's `beforeCompactionStep` that throws there is a crash there. */
export const COMPACTION_STEPS = ['write-snapshot', 'rename-snapshot', 'write-journal', 'rename-journal', 'done'] as const
export type CompactionStep = (typeof COMPACTION_STEPS)[number]

/** Where the lake reports what an operator should know (German); pino's logger fits. */
export interface LakeLog {
  warn(message: string): void
  error(message: string): void
}

/**
 * The content lake without Sanity: the seed dataset plus the changes made since, under `dataDir`,
 * queried with groq-js. One process writes a `dataDir` (docs/decisions/039): `open` takes an
 * exclusive lock (DataDirLock) and holds it until `close`; a second process refuses to start.
 * Several instances of the site run on Sanity.
 *
 * On disk: `snapshot.ndjson` (the documents that differ from the seed, and the seed's deleted ids,
 * as of one journal transaction) and `journal.ndjson` (committed transactions since). Writes are
 * acknowledged only after their journal line is fsync'd (group commit: one append and one fsync per
 * batch). At open, and when the journal passes 8 MB, the lake compacts: a new snapshot, then a fresh
 * journal, each written to a temporary file, fsync'd and renamed into place (then the folder is
 * fsync'd), so a crash at any point leaves either the old or the new pair, and the snapshot names
 * the last transaction it absorbed so that lines of the old journal are never applied twice.
 */
export class EmbeddedLake implements ContentLake, LocalDocuments, AssetFiles {
  readonly kind = 'embedded'
  /** The public documents (no dot in the id): the same array until a write touches one of them. */
  private published: SanityDocument[] | undefined
  /** The public documents by type, each list in the order of `published` (built with it, on the first read narrowed by type). */
  private publishedByType: Map<string, SanityDocument[]> | undefined
  /** What `fetch` reads with `includePrivate`: every document but drafts and versions, private ones included. */
  private readable: SanityDocument[] | undefined
  private readonly queries = new Map<string, ExprNode>()
  /**
   * Results of `fetch` for the current documents, by perspective, query and params: a page reads
   * the site settings and the figures in the root loader and again in its own, and every uncached
   * page repeats them, each a groq-js scan of every document (5,000 vehicles: most of a render,
   * issue 28). `publicResults` holds the reads of public documents only (what Sanity's public
   * reader sees: every page's read) and is cleared when a public document changes; `results` holds
   * the reads that include private documents (the inbox, locks) and is cleared by every write. So
   * a form submission, a private write, leaves the pages' reads in place. Never older than the documents.
   */
  private publicResults = new Map<string, Promise<unknown>>()
  private results = new Map<string, Promise<unknown>>()
  /**
   * What `fetch` did since open, for the page-work guard (app/sanity/page-work.test.ts): calls,
   * groq-js evaluations (memo misses, and the vehicle index's projections through `evaluateOver`)
   * and the documents handed to them (each one scanned by a `*[...]` filter or projected). Counts, not timings, so a test can hold a budget on a loaded machine.
   */
  readonly work = { fetches: 0, evaluations: 0, documents: 0 }
  /** Transactions waiting for the next journal write. */
  private pending: PendingTransaction[] = []
  /** The running group commit, while there is one. */
  private flushing: Promise<void> | undefined
  private closed = false
  /** The sellers' photos as files under `dataDir`/uploads (docs/decisions/041); absent when opened only to read. */
  readonly photos: FilePhotoStore | undefined

  private constructor(
    private readonly seed: ReadonlyMap<string, SanityDocument>,
    private documents: ReadonlyMap<string, SanityDocument>,
    private readonly assetFiles: ReadonlyMap<string, string>,
    /** The folder with the journal; the media route keeps its cache here too. */
    readonly dataDir: string,
    private readonly writer: Writer | undefined,
    photos?: Omit<PhotoStoreOptions, 'lake'>,
  ) {
    this.photos = writer ? new FilePhotoStore(path.resolve(dataDir, 'uploads'), { ...photos, lake: this }) : undefined
  }

  /**
   * Loads the seed from `contentDir` and the state in `dataDir` as its only writer: takes the lock
   * (DataDirLockedError while a live process holds it), cuts an incomplete last journal line (an
   * append a crash interrupted: never acknowledged) and compacts.
   */
  static async open(options: OpenOptions): Promise<EmbeddedLake> {
    const { contentDir, dataDir } = options
    const log = options.log ?? console
    const seed = await loadSeed(contentDir)
    await mkdir(dataDir, { recursive: true })
    let lake: EmbeddedLake | undefined
    const lock = await DataDirLock.acquire(dataDir, {
      staleMs: options.lockStaleMs,
      warn: (message) => log.warn(message),
      onLost: (error) => lake?.lockLost(error),
    })
    let journal: FileHandle | undefined
    try {
      journal = await open(path.join(dataDir, JOURNAL_FILE), 'a+')
      const state = await readState(seed.documents, dataDir, journal, { repair: log })
      lake = new EmbeddedLake(
        seed.documents,
        state.documents,
        seed.assetFiles,
        dataDir,
        {
          lock,
          journal,
          journalSize: state.journalSize,
          lastTransactionId: state.lastTransactionId,
          compactBytes: options.compactBytes ?? COMPACT_BYTES,
          beforeCompactionStep: options.beforeCompactionStep ?? (() => undefined),
          onLockLost: options.onLockLost ?? exitOnLockLost(log),
          log,
        },
        options.photos,
      )
    } catch (error) {
      await journal?.close()
      await lock.release()
      throw error
    }
    // Start-up then replays one snapshot and a short journal, however many leads came in before.
    await lake.compactOrWarn()
    return lake
  }

  /**
   * The state in `dataDir` for reading only (`npm run preflight` while the server runs): no lock,
   * nothing written, an incomplete last line ignored; `mutate` refuses.
   */
  static async openReadOnly({ contentDir, dataDir }: Pick<OpenOptions, 'contentDir' | 'dataDir'>): Promise<EmbeddedLake> {
    const seed = await loadSeed(contentDir)
    const state = await readState(seed.documents, dataDir, undefined, {})
    return new EmbeddedLake(seed.documents, state.documents, seed.assetFiles, dataDir, undefined)
  }

  /**
   * Evaluates GROQ over the published documents (`drafts.*` and `versions.*` are invisible, unless
   * the `raw` perspective asks for every document). Private ids (`inbox.*`) are read only with
   * `includePrivate` (or `raw`), as on Sanity, where only the token's reads see them.
   */
  async fetch<R = unknown>(query: string, params: QueryParams = {}, options: FetchOptions = {}): Promise<R> {
    this.work.fetches++
    const scope: ReadScope = options.perspective === 'raw' ? 'raw' : options.includePrivate ? 'private' : 'public'
    const results = scope === 'public' ? this.publicResults : this.results
    const key = `${scope}\n${query}\n${JSON.stringify(params)}`
    const memoized = results.get(key)
    // The query decides the shape; callers type it (typegen types) or validate it. Frozen: every
    // caller of this (query, params) gets the same object until the documents it reads change.
    if (memoized) return (await memoized) as R
    const result = this.evaluate(query, params, scope)
    if (results.size >= MAX_MEMOIZED_RESULTS) results.clear()
    results.set(key, result)
    try {
      return (await result) as R
    } catch (error) {
      // A failed read is not kept: the next one tries again.
      if (results.get(key) === result) results.delete(key)
      throw error
    }
  }

  /** The parsed query, parsed once. */
  private tree(query: string): ExprNode {
    let tree = this.queries.get(query)
    if (!tree) {
      tree = parse(query)
      // Bounded, in case a caller builds query strings dynamically.
      if (this.queries.size >= MAX_CACHED_QUERIES) this.queries.clear()
      this.queries.set(query, tree)
    }
    return tree
  }

  private async evaluate(query: string, params: QueryParams, scope: ReadScope): Promise<unknown> {
    const tree = this.tree(query)
    let dataset: readonly SanityDocument[]
    if (scope === 'raw') dataset = [...this.documents.values()]
    else if (scope === 'private') dataset = this.readable ??= [...this.documents.values()].filter((doc) => isPublishedId(doc._id))
    else dataset = this.publishedOfTypes(typesRead(tree, params))
    this.work.evaluations++
    this.work.documents += dataset.length
    const result = await evaluate(tree, { dataset, params, dereference: this.dereference })
    return deepFreeze(await result.get())
  }

  /** LocalDocuments.evaluateOver: a query over just these documents, counted in `work`, not memoized. */
  async evaluateOver(query: string, documents: readonly SanityDocument[]): Promise<unknown> {
    const tree = this.tree(query)
    this.work.evaluations++
    this.work.documents += documents.length
    return deepFreeze(await (await evaluate(tree, { dataset: documents, dereference: this.dereference })).get())
  }

  /**
   * The public documents (published, no dot in the id), frozen. The array is replaced when a
   * committed write touches one of them, and is the same object until then, so a cache keyed by it
   * (WeakMap) is invalidated exactly then: app/vehicles/vehicle-index.server.ts builds its index
   * this way (docs/decisions/011). Writes to private documents only (form submissions, notification
   * claims, the sync's lease, drafts) keep it, and with it the vehicle and search index.
   */
  publishedDocuments(): readonly SanityDocument[] {
    this.published ??= [...this.documents.values()].filter((doc) => isPublicId(doc._id))
    return this.published
  }

  /** The public documents of these types (all of them for undefined), in the order of `publishedDocuments`, so results keep their order. */
  private publishedOfTypes(types: ReadonlySet<string> | undefined): readonly SanityDocument[] {
    const published = this.publishedDocuments()
    if (!types) return published
    if (!this.publishedByType) {
      this.publishedByType = new Map()
      for (const doc of published) {
        const list = this.publishedByType.get(doc._type)
        if (list) list.push(doc)
        else this.publishedByType.set(doc._type, [doc])
      }
    }
    if (types.size === 1) return this.publishedByType.get([...types][0]!) ?? []
    return published.filter((doc) => types.has(doc._type))
  }

  /**
   * `->` by id lookup: groq-js otherwise scans the whole dataset for every reference (an image
   * asset per vehicle card made 5,000-vehicle lists take seconds). Same result: the published
   * document with that id, or null.
   */
  readonly dereference = ({ _ref }: { _ref: string }): SanityDocument | null => {
    return isPublishedId(_ref) ? (this.documents.get(_ref) ?? null) : null
  }

  /**
   * Applies a transaction after every earlier one; resolves once its journal line is fsync'd.
   * Group commit: the transactions that arrive while one fsync runs share the next one.
   */
  mutate(mutations: Mutation[]): Promise<MutationResult> {
    const writer = this.writer
    if (!writer) return Promise.reject(new MutationError('Der eingebettete Content Lake ist nur zum Lesen geöffnet.', 503))
    if (this.closed) return Promise.reject(new MutationError('Der eingebettete Content Lake ist geschlossen.', 503))
    return new Promise((resolve, reject) => {
      this.pending.push({ mutations, resolve, reject })
      this.flushing ??= this.flush(writer)
    })
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

  /** Waits for pending writes, closes the journal and releases the lock (closing twice is harmless). */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.flushing
    if (!this.writer) return
    await this.writer.journal.close()
    await this.writer.lock.release()
  }

  /** The lock is gone (heartbeat lost, or another process holds it now): refuse every write from now on and tell the owner. */
  private lockLost(error: LockLostError): void {
    for (const transaction of this.pending.splice(0)) transaction.reject(error)
    this.writer?.onLockLost(error)
  }

  /**
   * Commits the waiting transactions in order, each all or nothing, with one append and one fsync
   * per batch; a transaction Sanity would refuse is rejected alone, the others still commit.
   */
  private async flush(writer: Writer): Promise<void> {
    // Yield first: `mutate` must have stored this promise in `flushing` before the loop can end and
    // clear it (a batch of only refused transactions would otherwise finish synchronously, leaving
    // a settled promise in `flushing` and every later write waiting forever). It also lets the
    // writes of the current tick join the first batch.
    await Promise.resolve()
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0)
      try {
        await this.commit(writer, batch)
      } catch (error) {
        // Nothing of this batch is acknowledged (settling twice is a no-op).
        for (const transaction of batch) transaction.reject(error)
      }
      if (writer.journalSize >= writer.compactBytes && !writer.lock.isLost) await this.compactOrWarn()
    }
    this.flushing = undefined
  }

  /** One batch: apply, append, fsync, check the lock is still this process's, then acknowledge. */
  private async commit(writer: Writer, batch: PendingTransaction[]): Promise<void> {
    writer.lock.verify()
    let documents = this.documents
    let publicChanged = false
    let lastTransactionId = writer.lastTransactionId
    const accepted: Array<{ transaction: PendingTransaction; line: string; result: MutationResult }> = []
    for (const transaction of batch) {
      const entry = { transactionId: newTransactionId(), timestamp: new Date().toISOString() }
      try {
        const applied = applyMutations(documents, transaction.mutations, { now: entry.timestamp, transactionId: entry.transactionId })
        documents = applied.documents
        // Journalled creates carry their generated ids.
        publicChanged ||= applied.mutations.some((mutation) => isPublicId(mutationDocumentId(mutation) ?? ''))
        lastTransactionId = entry.transactionId
        const line = `${JSON.stringify({ ...entry, mutations: applied.mutations } satisfies JournalEntry)}\n`
        accepted.push({ transaction, line, result: toMutationResult(entry.transactionId, applied.results) })
      } catch (error) {
        transaction.reject(error)
      }
    }
    if (accepted.length === 0) return
    const bytes = Buffer.from(accepted.map(({ line }) => line).join(''))
    try {
      await writer.journal.appendFile(bytes)
      await writer.journal.datasync()
      // After the fsync: a process that took the lock over wrote its token before reading the journal, so a line appended before this check is in its state.
      writer.lock.verify()
    } catch (error) {
      // Cut off a partial write so the next batch does not follow garbage; nothing of this batch counts.
      if (!writer.lock.isLost) await writer.journal.truncate(writer.journalSize).catch(() => undefined)
      for (const { transaction } of accepted) transaction.reject(error)
      return
    }
    writer.journalSize += bytes.length
    writer.lastTransactionId = lastTransactionId
    this.documents = documents
    this.readable = undefined
    this.results = new Map()
    if (publicChanged) {
      this.published = undefined
      this.publishedByType = undefined
      this.publicResults = new Map()
    }
    for (const { transaction, result } of accepted) transaction.resolve(result)
  }

  /** Compacts; a failure leaves the files as they were or as the next open completes them, so it is only reported. */
  private async compactOrWarn(): Promise<void> {
    try {
      await this.compact()
    } catch (error) {
      this.writer?.log.warn(`${path.join(this.dataDir, JOURNAL_FILE)}: Verdichten fehlgeschlagen, das Journal wächst weiter: ${errorMessage(error)}`)
    }
  }

  /**
   * A new snapshot of the current state, then a fresh journal; called when no batch is being
   * committed (at open, or between batches). Each file is written under a temporary name, fsync'd
   * and renamed into place, and the folder fsync'd after each rename. Crash after the snapshot's
   * rename: the new snapshot with the old journal, whose lines up to `absorbed` are skipped.
   */
  private async compact(): Promise<void> {
    const writer = this.writer
    if (!writer?.lastTransactionId) return
    const step = writer.beforeCompactionStep
    const snapshotPath = path.join(this.dataDir, SNAPSHOT_FILE)
    const journalPath = path.join(this.dataDir, JOURNAL_FILE)

    await step('write-snapshot')
    // Names of this compaction's own: files a crash left behind are never reopened, and are removed here.
    const suffix = `${randomBytes(6).toString('hex')}.tmp`
    await removeLeftovers(this.dataDir)
    const header: SnapshotHeader = {
      snapshot: 1,
      absorbed: writer.lastTransactionId,
      deleted: [...this.seed.keys()].filter((id) => !this.documents.has(id)),
      writtenAt: new Date().toISOString(),
    }
    const lines = [JSON.stringify(header)]
    // Documents that are not the seed's objects: created, changed or replaced since (the seed itself stays in content/).
    for (const [id, doc] of this.documents) if (this.seed.get(id) !== doc) lines.push(JSON.stringify(doc))
    await writeDurably(`${snapshotPath}.${suffix}`, `${lines.join('\n')}\n`)

    await step('rename-snapshot')
    writer.lock.verify()
    await rename(`${snapshotPath}.${suffix}`, snapshotPath)
    await syncFolder(this.dataDir)

    await step('write-journal')
    const fresh = await open(`${journalPath}.${suffix}`, 'ax+')
    try {
      await fresh.sync()
      await step('rename-journal')
      writer.lock.verify()
      await rename(`${journalPath}.${suffix}`, journalPath)
    } catch (error) {
      await fresh.close()
      throw error
    }
    // The rename happened: from here on the fresh file is the journal, whatever fails next.
    const old = writer.journal
    writer.journal = fresh
    writer.journalSize = 0
    writer.lastTransactionId = undefined
    await old.close()
    await syncFolder(this.dataDir)
    await step('done')
  }
}

export interface OpenOptions {
  contentDir: string
  dataDir: string
  /** Compact when the journal passes this many bytes (default 8 MB); a non-empty journal is also compacted at every open. */
  compactBytes?: number
  /** Default: console. */
  log?: LakeLog
  /**
   * Called once when this process lost the lock while running; every write is refused from then
   * on. Default: log and exit with code 1 (a writer without the lock must not go on serving).
   */
  onLockLost?: (error: LockLostError) => void
  /** Tests: the lock's staleness (default STALE_MS of data-dir-lock.server.ts). */
  lockStaleMs?: number
  /** Tests: called before each step of a compaction; throwing there stands for a crash at that point. */
  beforeCompactionStep?: (step: CompactionStep) => void | Promise<void>
  /** Tests: the photo store's budget, free space and file writing (app/submissions/photo-store.server.ts). */
  photos?: Omit<PhotoStoreOptions, 'lake'>
}

interface Writer {
  lock: DataDirLock
  journal: FileHandle
  /** Bytes of the journal applied to the documents: always the end of a complete line. */
  journalSize: number
  /** The id of the journal's last line; undefined while the journal is empty. */
  lastTransactionId: string | undefined
  compactBytes: number
  beforeCompactionStep: (step: CompactionStep) => void | Promise<void>
  onLockLost: (error: LockLostError) => void
  log: LakeLog
}

interface PendingTransaction {
  mutations: Mutation[]
  resolve: (result: MutationResult) => void
  reject: (error: unknown) => void
}

/** Which documents a `fetch` reads: public ones, the published ones with private ones, or all (drafts too). */
type ReadScope = 'public' | 'private' | 'raw'

/** Whether the published perspective shows a document with this id. */
export function isPublishedId(id: string): boolean {
  return !id.startsWith('drafts.') && !id.startsWith('versions.')
}

/** A document of the public content: no dot in the id (Sanity hides dotted ids from public reads). */
function isPublicId(id: string): boolean {
  return !id.includes('.')
}

function exitOnLockLost(log: LakeLog): (error: LockLostError) => void {
  return (error) => {
    log.error(`${error.message} Der Prozess beendet sich.`)
    process.exit(1)
  }
}

async function loadSeed(contentDir: string) {
  const dataset = await loadDataset(contentDir)
  const documents: ReadonlyMap<string, SanityDocument> = new Map(dataset.documents.map((doc) => [doc._id, deepFreeze(doc)]))
  return { documents, assetFiles: dataset.assetFiles }
}

// ---------------------------------------------------------------------------------------------
// The files

interface State {
  documents: ReadonlyMap<string, SanityDocument>
  /** Bytes of complete journal lines. */
  journalSize: number
  /** The id of the journal's last complete line. */
  lastTransactionId: string | undefined
}

/**
 * The seed with the snapshot and the journal applied. `journal`: the writer's open journal (an
 * incomplete last line is cut off, reported to `repair`). Without it (read-only), the files are
 * opened here and read again if a compaction replaced the snapshot meanwhile.
 */
async function readState(
  seed: ReadonlyMap<string, SanityDocument>,
  dataDir: string,
  journal: FileHandle | undefined,
  { repair }: { repair?: LakeLog },
): Promise<State> {
  const snapshotPath = path.join(dataDir, SNAPSHOT_FILE)
  const journalPath = path.join(dataDir, JOURNAL_FILE)
  for (let attempt = 0; ; attempt++) {
    const snapshotFile = await open(snapshotPath, 'r').catch(ignoreMissing)
    const journalFile = journal ?? (await open(journalPath, 'r').catch(ignoreMissing))
    try {
      // A reader beside a running writer: the snapshot must be the one the journal it opened continues (the writer renames the snapshot first).
      if (!journal && attempt < 10 && (await inode(snapshotPath)) !== (snapshotFile ? fstatSync(snapshotFile.fd).ino : undefined)) continue
      // Replayed in place, into a map of its own (the seed's stays as it is).
      let documents = new Map(seed)
      let absorbed: string | undefined
      if (snapshotFile) {
        const snapshot = parseSnapshot(await readAll(snapshotFile), snapshotPath, seed)
        documents = snapshot.documents
        absorbed = snapshot.absorbed
      }
      const bytes = journalFile ? await readAll(journalFile) : Buffer.alloc(0)
      const complete = bytes.lastIndexOf(0x0a) + 1
      if (repair && journal && complete < bytes.length) {
        repair.warn(`${journalPath}: unvollständige letzte Zeile verworfen (${bytes.length - complete} Bytes eines abgebrochenen Schreibvorgangs)`)
        await journal.truncate(complete)
      }
      const entries = splitLines(bytes.subarray(0, complete)).map((text, index) => ({
        entry: parseEntry(text, `${journalPath}:${index + 1}`),
        line: index + 1,
      }))
      // Lines up to the absorbed transaction are in the snapshot already (a crash between its rename and the journal's).
      const skip = absorbed === undefined ? 0 : entries.findIndex(({ entry }) => entry.transactionId === absorbed) + 1
      for (const { entry, line } of entries.slice(skip)) {
        try {
          documents = replay(documents, entry)
        } catch (error) {
          throw new Error(`${journalPath}:${line}: transaction ${entry.transactionId} no longer applies: ${errorMessage(error)}`)
        }
      }
      return { documents, journalSize: complete, lastTransactionId: entries.at(-1)?.entry.transactionId }
    } finally {
      await snapshotFile?.close()
      if (!journal) await journalFile?.close()
    }
  }
}

function parseSnapshot(bytes: Buffer, where: string, seed: ReadonlyMap<string, SanityDocument>): { documents: Map<string, SanityDocument>; absorbed: string } {
  const [first, ...rest] = splitLines(bytes)
  const header = first === undefined ? undefined : (JSON.parse(first) as Partial<SnapshotHeader>)
  if (header?.snapshot !== 1 || typeof header.absorbed !== 'string' || !Array.isArray(header.deleted)) throw new Error(`${where}: not a snapshot`)
  const documents = new Map(seed)
  for (const id of header.deleted) documents.delete(id)
  rest.forEach((text, index) => {
    const doc = JSON.parse(text) as SanityDocument
    if (typeof doc?._id !== 'string') throw new Error(`${where}:${index + 2}: not a document`)
    documents.set(doc._id, deepFreeze(doc))
  })
  return { documents, absorbed: header.absorbed }
}

async function readAll(handle: FileHandle): Promise<Buffer> {
  const buffer = Buffer.alloc(fstatSync(handle.fd).size)
  let filled = 0
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled)
    if (bytesRead === 0) break
    filled += bytesRead
  }
  return buffer.subarray(0, filled)
}

/** Writes `text` to a new file and fsyncs it before returning. */
async function writeDurably(file: string, text: string): Promise<void> {
  const handle = await open(file, 'w')
  try {
    await handle.writeFile(text)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Makes the renames in `folder` durable. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Removes temporary files of compactions a crash interrupted. */
async function removeLeftovers(dataDir: string): Promise<void> {
  for (const name of await readdir(dataDir)) {
    if ((name.startsWith(`${SNAPSHOT_FILE}.`) || name.startsWith(`${JOURNAL_FILE}.`)) && name.endsWith('.tmp'))
      await rm(path.join(dataDir, name), { force: true })
  }
}

async function inode(file: string): Promise<number | undefined> {
  return (await stat(file).catch(ignoreMissing))?.ino
}

function ignoreMissing(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined
  throw error
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

/** Applies a journal line to `documents` itself (see ApplyOptions.inPlace). */
function replay(documents: Map<string, SanityDocument>, entry: JournalEntry): Map<string, SanityDocument> {
  return applyMutations(documents, entry.mutations, {
    now: entry.timestamp,
    transactionId: entry.transactionId,
    inPlace: true,
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
