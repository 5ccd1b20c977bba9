import { type FileHandle, mkdir, open, readFile, truncate } from 'node:fs/promises'
import path from 'node:path'
import { evaluate, type ExprNode, parse } from 'groq-js'
import {
  type AssetFiles,
  type ContentLake,
  type FetchOptions,
  type LocalDocuments,
  type Mutation,
  MutationError,
  type MutationResult,
  type QueryParams,
  type SanityDocument,
} from '#app/sanity/lake.server.ts'
import { applyMutations, deepFreeze, newTransactionId, toMutationResult } from '#app/sanity/mutations.server.ts'
import { loadDataset } from '#app/sanity/seed.server.ts'

/** One line of `journal.ndjson`: a committed transaction with generated ids already filled in. */
export interface JournalEntry {
  transactionId: string
  timestamp: string
  mutations: Mutation[]
}

export const JOURNAL_FILE = 'journal.ndjson'
const MAX_CACHED_QUERIES = 500

/**
 * The content lake without Sanity: the seed dataset plus an append-only journal of committed
 * transactions under `dataDir`, queried with groq-js. Writes are serialized and acknowledged
 * only after the journal line is on disk.
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
  private committed = 0

  private constructor(
    documents: ReadonlyMap<string, SanityDocument>,
    private readonly assetFiles: ReadonlyMap<string, string>,
    /** The folder with the journal; the media route keeps its cache here too. */
    readonly dataDir: string,
    private readonly journal: FileHandle,
    private journalSize: number,
  ) {
    this.documents = documents
  }

  /** Loads the seed from `contentDir`, replays `<dataDir>/journal.ndjson` and opens it for appending. */
  static async open({ contentDir, dataDir }: { contentDir: string; dataDir: string }): Promise<EmbeddedLake> {
    const seed = await loadDataset(contentDir)
    let documents: ReadonlyMap<string, SanityDocument> = new Map(seed.documents.map((doc) => [doc._id, deepFreeze(doc)]))
    await mkdir(dataDir, { recursive: true })
    const journalPath = path.join(dataDir, JOURNAL_FILE)
    const { entries, size } = await readJournal(journalPath)
    for (const { entry, line } of entries) {
      try {
        documents = applyMutations(documents, entry.mutations, {
          now: entry.timestamp,
          transactionId: entry.transactionId,
          generateId: () => {
            throw new MutationError('a journalled create lacks its _id', 500)
          },
        }).documents
      } catch (error) {
        throw new Error(`${journalPath}:${line}: transaction ${entry.transactionId} no longer applies to the seed: ${errorMessage(error)}`)
      }
    }
    const journal = await open(journalPath, 'a')
    return new EmbeddedLake(documents, seed.assetFiles, dataDir, journal, size)
  }

  /** Incremented on every committed write since `open` (for caches keyed by content state). */
  get revision(): number {
    return this.committed
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
   * The published documents (frozen). The array is replaced on every committed write and is the
   * same object until then, so a cache keyed by it (WeakMap) is invalidated by every mutation;
   * app/vehicles/vehicle-index.server.ts builds its index this way (docs/decisions/011).
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
   * Applies a transaction after every earlier one; resolves once its journal line is fsync'd.
   * Group commit: the transactions that arrive while one fsync runs share the next one.
   */
  mutate(mutations: Mutation[]): Promise<MutationResult> {
    return new Promise((resolve, reject) => {
      this.pending.push({ mutations, resolve, reject })
      this.flushing ??= this.flush()
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

  /** Waits for pending writes and closes the journal (closing twice is harmless). */
  async close(): Promise<void> {
    await this.flushing
    await this.journal.close()
  }

  /**
   * Commits the waiting transactions in order, each all or nothing, with one append and one fsync
   * per batch; a transaction Sanity would refuse is rejected alone, the others still commit.
   */
  private async flush(): Promise<void> {
    // Yield first: `mutate` must have stored this promise in `flushing` before the loop can end and
    // clear it (a batch of only refused transactions would otherwise finish synchronously, leaving
    // a settled promise in `flushing` and every later write waiting forever). It also lets the
    // writes of the current tick join the first batch.
    await Promise.resolve()
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0)
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
      if (accepted.length === 0) continue
      const bytes = Buffer.from(accepted.map(({ line }) => line).join(''))
      try {
        await this.journal.appendFile(bytes)
        await this.journal.datasync()
      } catch (error) {
        // Cut off a partial write so the next batch does not follow garbage; nothing of this batch counts.
        await this.journal.truncate(this.journalSize).catch(() => undefined)
        for (const { transaction } of accepted) transaction.reject(error)
        continue
      }
      this.journalSize += bytes.length
      this.documents = documents
      this.published = undefined
      this.committed += accepted.length
      for (const { transaction, result } of accepted) transaction.resolve(result)
    }
    this.flushing = undefined
  }
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

/**
 * Reads the journal. Bytes after the last newline are a write that was never acknowledged
 * (a crash mid-append): they are dropped and cut from the file. Any other bad line is an error.
 */
async function readJournal(journalPath: string): Promise<{ entries: Array<{ entry: JournalEntry; line: number }>; size: number }> {
  let bytes: Buffer
  try {
    bytes = await readFile(journalPath)
  } catch (error) {
    if (isNodeError(error) && error.code === 'ENOENT') return { entries: [], size: 0 }
    throw error
  }
  const size = bytes.lastIndexOf(0x0a) + 1
  if (size < bytes.length) {
    console.warn(`${journalPath}: dropping an incomplete last line (${bytes.length - size} bytes from an interrupted write)`)
    await truncate(journalPath, size)
  }
  const lines = bytes.subarray(0, size).toString('utf8').split('\n').slice(0, -1)
  const entries = lines.map((text, index) => {
    const line = index + 1
    let entry: unknown
    try {
      entry = JSON.parse(text)
    } catch {
      throw new Error(`${journalPath}:${line}: corrupt journal line`)
    }
    if (!isJournalEntry(entry)) throw new Error(`${journalPath}:${line}: not a journal entry`)
    return { entry, line }
  })
  return { entries, size }
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

function isNodeError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
