import {
  type ChangeListener,
  type ContentLake,
  type FetchOptions,
  type Mutation,
  mutationDocumentId,
  type MutationResult,
  type PreviewReader,
  type QueryParams,
} from '#app/lake/lake.server.ts'

/**
 * The content revision of this process: a counter that moves on with every write a page may show
 * (ObservedLake), every such change the lake reports from elsewhere (`follow`: other instances,
 * the Studio) and every revalidation webhook. The page cache keeps a page only for the revision
 * it was rendered at (docs/decisions/014).
 */
export class ContentRevision {
  private value = 0

  get current(): number {
    return this.value
  }

  /** Marks everything rendered so far as outdated; returns the new revision. */
  bump(): number {
    return ++this.value
  }
}

/** A lake that passes everything to the one it wraps; the wrappers below change only what they watch. */
class WrappedLake implements ContentLake {
  constructor(protected readonly lake: ContentLake) {}

  get kind() {
    return this.lake.kind
  }

  get local() {
    return this.lake.local
  }

  get assets() {
    return this.lake.assets
  }

  get previewReader() {
    return this.lake.previewReader
  }

  get photos() {
    return this.lake.photos
  }

  fetch<R = unknown>(query: string, params?: QueryParams, options?: FetchOptions): Promise<R> {
    return this.lake.fetch<R>(query, params, options)
  }

  mutate(mutations: Mutation[]): Promise<MutationResult> {
    return this.lake.mutate(mutations)
  }

  onChanges(listener: ChangeListener): () => void {
    return this.lake.onChanges?.(listener) ?? (() => undefined)
  }
}

/**
 * One request's view of the lake: its loaders read through it, and a read that fails marks the
 * request (`readFailed`), whose page (possibly an error note) is then not kept in the page cache.
 * A wrapper per request rather than AsyncLocalStorage: its promise hooks slowed every promise of
 * the process, groq-js's many included (docs/decisions/060).
 */
export class RequestLake extends WrappedLake {
  /** A read through this view failed: the response may show an error note and must not be cached. */
  readFailed = false

  override async fetch<R = unknown>(query: string, params?: QueryParams, options?: FetchOptions): Promise<R> {
    try {
      return await this.lake.fetch<R>(query, params, options)
    } catch (error) {
      this.readFailed = true
      throw error
    }
  }
}

/**
 * Whether a transaction touches only private documents, which no page shows: ids with a dot, as on
 * Sanity (the inbox of form submissions, the claims on it, the sync's lease, drafts). A `create`
 * without an id gets a public one.
 */
export function touchesOnlyPrivate(mutations: readonly Mutation[]): boolean {
  return mutations.length > 0 && mutations.every((mutation) => !isPublishedContent(mutationDocumentId(mutation) ?? ''))
}

/** A document the site's pages may show: published, not private (Sanity: no dot in the id). */
function isPublishedContent(id: string): boolean {
  return !id.includes('.')
}

/**
 * A lake that reports to the page cache: a write (committed or not: a timed-out write may still
 * have landed) moves the revision on, unless it touches only private documents, so form posts
 * (and spam), notification claims and the sync's lease do not turn into page renders. Everything
 * else, capabilities included, is the wrapped lake's.
 */
export class ObservedLake extends WrappedLake {
  private stopFollowing: (() => void) | undefined

  constructor(
    lake: ContentLake,
    private readonly revision: ContentRevision,
  ) {
    super(lake)
  }

  /**
   * Also moves the revision on for changes others make (another instance of the site, the Studio:
   * issue 15), as far as the lake can tell (`onChanges`). Changes only to documents no page shows
   * (ids with a dot: drafts, the inbox, locks) are ignored. Called once at start; `close` stops it.
   */
  follow(): void {
    this.stopFollowing ??= this.lake.onChanges?.((documentIds) => {
      if (documentIds === undefined || documentIds.some(isPublishedContent)) this.revision.bump()
    })
  }

  override async mutate(mutations: Mutation[]): Promise<MutationResult> {
    try {
      return await this.lake.mutate(mutations)
    } finally {
      if (!touchesOnlyPrivate(mutations)) this.revision.bump()
    }
  }

  /**
   * The preview's lake (drafts, Sanity only) writes to the same dataset the public pages read: it
   * is observed like this one, so a public write made during a preview outdates cached pages too.
   */
  override get previewReader(): PreviewReader | undefined {
    const reader = this.lake.previewReader
    if (!reader) return undefined
    return { lake: (options) => new ObservedLake(reader.lake(options), this.revision), client: (token) => reader.client(token) }
  }

  close(): Promise<void> {
    this.stopFollowing?.()
    return this.lake.close?.() ?? Promise.resolve()
  }
}
