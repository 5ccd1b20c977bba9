import { chmodSync, closeSync, existsSync, openSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { hostname } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { evaluate, type ExprNode, parse } from 'groq-js'
import { describeHolder, LAKE_FILE, readHolder, takeLock } from '#app/lake/data-dir-lock.server.ts'
import { assertNoLegacyWriter, readLegacyState, retireLegacyFiles } from '#app/lake/journal-migration.server.ts'
import {
  type AssetFiles,
  type ContentLake,
  type FetchOptions,
  type LocalDocuments,
  type Mutation,
  isPublicId,
  MutationError,
  type MutationResult,
  type QueryParams,
  type SanityDocument,
} from '#app/lake/lake.server.ts'
import { applyMutations, deepFreeze, newTransactionId, toMutationResult } from '#app/lake/mutations.server.ts'
import { loadDataset } from '#app/sanity/seed.server.ts'
import { documentsRead } from '#app/sanity/types-read.server.ts'
import { FilePhotoStore, type PhotoStoreOptions, uploadsDir } from '#app/submissions/photo-store.server.ts'

const MAX_CACHED_QUERIES = 500
/** Memoized query results per state of the lake; bounded because search params make keys without end. */
const MAX_MEMOIZED_RESULTS = 1000

/** Where the lake reports what an operator should know (German); pino's logger fits. */
export interface LakeLog {
  warn(message: string): void
  error(message: string): void
}

/**
 * The content lake without Sanity: the seed dataset plus the changes made since, queried with
 * groq-js from memory. The changes are rows of a SQLite database, `DATA_DIR/lake.sqlite`
 * (docs/decisions/087): a `documents` table with each document written since the seed in its
 * current state (a row without json: a seed document that was deleted). The seed itself stays in
 * content/, so a new seed shows up at the next start. Each batch of transactions is one SQLite
 * transaction (WAL, synchronous=FULL: on disk before it is acknowledged). One process writes a
 * `dataDir` (docs/decisions/039): `open` takes SQLite's exclusive lock on `writer.lock` and holds
 * it until `close` or the process's end; a second process refuses to start. Several instances of
 * the site run on Sanity.
 */
export class EmbeddedLake implements ContentLake, LocalDocuments, AssetFiles {
  readonly kind = 'embedded'
  /** The public documents (no dot in the id): the same array until a write touches one of them. */
  private published: SanityDocument[] | undefined
  /** The public documents by type, each list in the order of `published` (built with it, on the first read narrowed by type). */
  private publishedByType: Map<string, SanityDocument[]> | undefined
  /** What `fetch` reads with `includePrivate`: every document but drafts and versions, private ones included. */
  private readable: SanityDocument[] | undefined
  /** Each document's place in `documents`, so that a read by ids keeps the order of a scan (built on the first such read of more than one document). */
  private positions: Map<string, number> | undefined
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
  /** Transactions waiting for the next commit (group commit: those of one tick share a SQLite transaction). */
  private pending: PendingTransaction[] = []
  private closed = false
  /** The sellers' photos as files under `dataDir`/uploads (docs/decisions/041); absent when opened only to read. */
  readonly photos: FilePhotoStore | undefined

  private constructor(
    private documents: ReadonlyMap<string, SanityDocument>,
    private readonly assetFiles: ReadonlyMap<string, string>,
    /** The folder with the database; the media route keeps its cache here too. */
    readonly dataDir: string,
    private readonly store: Store | undefined,
    photos?: Omit<PhotoStoreOptions, 'lake'>,
  ) {
    this.photos = store ? new FilePhotoStore(uploadsDir({ DATA_DIR: dataDir }), { ...photos, lake: this }) : undefined
  }

  /**
   * Loads the seed from `contentDir` and the documents in `dataDir` as its only writer: takes the
   * lock (DataDirLockedError while a live process holds it) and, at the first start on SQLite,
   * moves the documents of the old journal and snapshot into the database.
   */
  static async open(options: OpenOptions): Promise<EmbeddedLake> {
    const { contentDir, dataDir } = options
    const log = options.log ?? console
    const seed = await loadSeed(contentDir)
    // Only this process's user reads what holds the leads: a folder made here, and the database.
    await mkdir(dataDir, { recursive: true, mode: 0o700 })
    const lock = takeLock(dataDir)
    let db: Database.Database | undefined
    try {
      await assertNoLegacyWriter(dataDir)
      keepPrivate(path.join(dataDir, LAKE_FILE), log)
      db = new Database(path.join(dataDir, LAKE_FILE))
      db.pragma('journal_mode = WAL')
      // Every commit is fsync'd before the write is acknowledged (NORMAL would survive a crash of the process, not of the machine).
      db.pragma('synchronous = FULL')
      // An erased lead leaves no bytes behind in the file's free pages.
      db.pragma('secure_delete = ON')
      db.exec(`CREATE TABLE IF NOT EXISTS documents (id TEXT PRIMARY KEY, type TEXT, rev TEXT, json TEXT);
               CREATE TABLE IF NOT EXISTS writer (pid INTEGER, host TEXT, since TEXT)`)
      // A row left behind: the last writer ended without closing (killed, crashed); the OS gave its lock up.
      const previous = readHolder(dataDir)
      if (previous) log.warn(`DATA_DIR ${dataDir}: Sperre eines beendeten Prozesses übernommen (${describeHolder(previous)}).`)
      db.transaction(() => {
        db!.exec('DELETE FROM writer')
        db!.prepare('INSERT INTO writer (pid, host, since) VALUES (?, ?, ?)').run(process.pid, hostname(), new Date().toISOString())
      })()
      const store = new Store(db, lock, seed.documents)
      const legacy = await readLegacyState(seed.documents, dataDir)
      if (legacy) {
        // Written again in full if a crash comes before the rename: the same rows.
        store.write(changedSince(seed.documents, legacy), legacy)
        await retireLegacyFiles(dataDir)
        log.warn(`DATA_DIR ${dataDir}: Journal und Snapshot nach ${LAKE_FILE} übernommen (die alten Dateien liegen daneben als *.migrated).`)
      }
      return new EmbeddedLake(readDocuments(db, seed.documents), seed.assetFiles, dataDir, store, options.photos)
    } catch (error) {
      db?.close()
      lock.close()
      throw error
    }
  }

  /**
   * The documents in `dataDir` for reading only (`npm run preflight` while the server runs, tests):
   * no lock, nothing written (a folder not yet migrated is read from its old files); `mutate` refuses.
   */
  static async openReadOnly({ contentDir, dataDir }: Pick<OpenOptions, 'contentDir' | 'dataDir'>): Promise<EmbeddedLake> {
    const seed = await loadSeed(contentDir)
    const file = path.join(dataDir, LAKE_FILE)
    let documents: ReadonlyMap<string, SanityDocument>
    if (existsSync(file)) {
      const db = new Database(file, { readonly: true, fileMustExist: true })
      try {
        documents = readDocuments(db, seed.documents)
      } finally {
        db.close()
      }
    } else documents = (await readLegacyState(seed.documents, dataDir)) ?? seed.documents
    return new EmbeddedLake(documents, seed.assetFiles, dataDir, undefined)
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
    const read = documentsRead(tree, params)
    let dataset: readonly SanityDocument[]
    if (read.ids) dataset = this.withIds(read.ids, scope)
    else if (scope === 'raw') dataset = [...this.documents.values()]
    else if (scope === 'private') dataset = this.readableOfTypes(read.types)
    else dataset = this.publishedOfTypes(read.types)
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

  /**
   * The documents with these ids that the scope reads, looked up (issue 37: a car's price history on
   * its page, the watcher's changed cars, without a pass over 5,000 documents after every write), in
   * the order of `documents`, so results keep the order a scan gives.
   */
  private withIds(ids: ReadonlySet<string>, scope: ReadScope): SanityDocument[] {
    const visible = scope === 'raw' ? () => true : scope === 'private' ? isPublishedPerspectiveId : isPublicId
    const found: SanityDocument[] = []
    for (const id of ids) {
      const doc = visible(id) ? this.documents.get(id) : undefined
      if (doc) found.push(doc)
    }
    if (found.length > 1) {
      const positions = (this.positions ??= new Map([...this.documents.keys()].map((id, index) => [id, index])))
      found.sort((a, b) => positions.get(a._id)! - positions.get(b._id)!)
    }
    return found
  }

  /** What `includePrivate` reads (private documents too), narrowed like public reads: a car's price history by id read all 5,000 cars. */
  private readableOfTypes(types: ReadonlySet<string> | undefined): readonly SanityDocument[] {
    const readable = (this.readable ??= [...this.documents.values()].filter((doc) => isPublishedPerspectiveId(doc._id)))
    return types ? readable.filter((doc) => types.has(doc._type)) : readable
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
    return isPublishedPerspectiveId(_ref) ? (this.documents.get(_ref) ?? null) : null
  }

  /**
   * Applies a transaction after every earlier one; resolves once it is committed to the database.
   * Group commit: the transactions of one tick share one SQLite transaction.
   */
  mutate(mutations: Mutation[]): Promise<MutationResult> {
    const store = this.store
    if (!store) return Promise.reject(new MutationError('Der eingebettete Content Lake ist nur zum Lesen geöffnet.', 503))
    if (this.closed) return Promise.reject(new MutationError('Der eingebettete Content Lake ist geschlossen.', 503))
    return new Promise((resolve, reject) => {
      if (this.pending.push({ mutations, resolve, reject }) === 1) queueMicrotask(() => this.commit(store, this.pending.splice(0)))
    })
  }

  /**
   * One batch, in order, each transaction all or nothing: a transaction Sanity would refuse is
   * rejected alone, the others are written in one SQLite transaction and acknowledged after it.
   */
  private commit(store: Store, batch: PendingTransaction[]): void {
    let documents = this.documents
    const touched = new Set<string>()
    const accepted: Array<{ transaction: PendingTransaction; result: MutationResult }> = []
    for (const transaction of batch) {
      const transactionId = newTransactionId()
      try {
        const applied = applyMutations(documents, transaction.mutations, { now: new Date().toISOString(), transactionId })
        documents = applied.documents
        for (const { id } of applied.results) touched.add(id)
        accepted.push({ transaction, result: toMutationResult(transactionId, applied.results) })
      } catch (error) {
        transaction.reject(error)
      }
    }
    if (accepted.length === 0) return
    try {
      store.write(touched, documents)
    } catch (error) {
      // Rolled back: nothing of this batch counts.
      for (const { transaction } of accepted) transaction.reject(error)
      return
    }
    this.documents = documents
    this.readable = undefined
    this.positions = undefined
    this.results = new Map()
    if ([...touched].some(isPublicId)) {
      this.published = undefined
      this.publishedByType = undefined
      this.publicResults = new Map()
    }
    for (const { transaction, result } of accepted) transaction.resolve(result)
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

  /** Commits the waiting writes, closes the database and releases the lock (closing twice is harmless). */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    if (!this.store) return
    this.commit(this.store, this.pending.splice(0))
    this.store.close()
  }
}

export interface OpenOptions {
  contentDir: string
  dataDir: string
  /** Default: console. */
  log?: LakeLog
  /** Tests: the photo store's budget, free space and file writing (app/submissions/photo-store.server.ts). */
  photos?: Omit<PhotoStoreOptions, 'lake'>
}

interface PendingTransaction {
  mutations: Mutation[]
  resolve: (result: MutationResult) => void
  reject: (error: unknown) => void
}

/** The writer's database and lock. */
class Store {
  private readonly upsert: Database.Statement
  private readonly remove: Database.Statement
  /** The current state of these ids, in one transaction (BEGIN IMMEDIATE): all of it or, on an error, none. */
  readonly write: (ids: Iterable<string>, documents: ReadonlyMap<string, SanityDocument>) => void

  constructor(
    private readonly db: Database.Database,
    private readonly lock: Database.Database,
    seed: ReadonlyMap<string, SanityDocument>,
  ) {
    this.upsert = db.prepare(
      'INSERT INTO documents (id, type, rev, json) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET type = excluded.type, rev = excluded.rev, json = excluded.json',
    )
    this.remove = db.prepare('DELETE FROM documents WHERE id = ?')
    this.write = db.transaction((ids: Iterable<string>, documents: ReadonlyMap<string, SanityDocument>) => {
      for (const id of ids) {
        const doc = documents.get(id)
        if (doc) this.upsert.run(id, doc._type, doc._rev ?? null, JSON.stringify(doc))
        // A seed document stays deleted; any other is simply gone.
        else if (seed.has(id)) this.upsert.run(id, null, null, null)
        else this.remove.run(id)
      }
    }).immediate
  }

  /** A clean end: the holder row goes (a row left behind at the next start means a killed writer), then both connections. */
  close(): void {
    try {
      this.db.exec('DELETE FROM writer')
    } finally {
      this.db.close()
      this.lock.close()
    }
  }
}

/** Which documents a `fetch` reads: public ones, the published ones with private ones, or all (drafts too). */
type ReadScope = 'public' | 'private' | 'raw'

/** Whether the published perspective shows a document with this id: not a draft or a release's version (private `inbox.` ones it shows). */
function isPublishedPerspectiveId(id: string): boolean {
  return !id.startsWith('drafts.') && !id.startsWith('versions.')
}

async function loadSeed(contentDir: string) {
  const dataset = await loadDataset(contentDir)
  const documents: ReadonlyMap<string, SanityDocument> = new Map(dataset.documents.map((doc) => [doc._id, deepFreeze(doc)]))
  return { documents, assetFiles: dataset.assetFiles }
}

/** The seed with the database's rows applied, in the seed's order and then the order the rows were written. */
function readDocuments(db: Database.Database, seed: ReadonlyMap<string, SanityDocument>): Map<string, SanityDocument> {
  const documents = new Map(seed)
  const rows = db.prepare('SELECT id, json FROM documents ORDER BY rowid').iterate() as Iterable<{ id: string; json: string | null }>
  for (const { id, json } of rows) {
    if (json === null) documents.delete(id)
    else documents.set(id, deepFreeze(JSON.parse(json) as SanityDocument))
  }
  return documents
}

/** The ids whose documents differ from the seed's: created, changed or deleted since. */
function changedSince(seed: ReadonlyMap<string, SanityDocument>, documents: ReadonlyMap<string, SanityDocument>): string[] {
  return [...[...documents].filter(([id, doc]) => seed.get(id) !== doc).map(([id]) => id), ...[...seed.keys()].filter((id) => !documents.has(id))]
}

/**
 * The database file, readable and writable by this process's user only (0600), made so before SQLite
 * opens it: SQLite gives its -wal and -shm files the database's mode. An older, wider file is narrowed;
 * one this user does not own stays as it is, with a warning.
 */
function keepPrivate(file: string, log: Pick<Console, 'warn'>) {
  closeSync(openSync(file, 'a', 0o600))
  try {
    chmodSync(file, 0o600)
  } catch (error) {
    log.warn(`DATA_DIR: ${file} ließ sich nicht auf 0600 setzen (${(error as Error).message}); andere Benutzer des Rechners könnten die Anfragen lesen.`)
  }
}
