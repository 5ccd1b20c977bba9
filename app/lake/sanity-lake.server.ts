import { ClientError, createClient, type SanityClient, ServerError } from '@sanity/client'
import {
  type ChangeListener,
  type ContentLake,
  type FetchOptions,
  type Mutation,
  MutationError,
  type MutationResult,
  type PreviewReader,
  type QueryParams,
} from '#app/lake/lake.server.ts'
import { type MutationResultItem, toMutationResult } from '#app/lake/mutations.server.ts'
import { loggerOf, type Logger } from '#app/server/logging.server.ts'
import { type PhotoStoreOptions, SanityPhotoStore } from '#app/submissions/photo-store.server.ts'

export interface SanityLakeOptions {
  projectId: string
  dataset: string
  /** A token with write access; used for mutations only. */
  token: string
  apiVersion: string
  /** Read published content through the API CDN (apicdn.sanity.io). */
  useCdn: boolean
  /**
   * A local stand-in for Sanity's API (the e2e fake server), e.g. `http://127.0.0.1:3212`.
   * The project then travels in the X-Sanity-Project-ID header instead of the host name.
   */
  apiHost?: string
  /** Request timeouts; SANITY_TIMEOUTS unless a test needs shorter ones. */
  timeouts?: { readMs: number; writeMs: number }
  /** Where the listener reports that it lost the lake (onChanges); else console. */
  logger?: Logger
  /** Tests: the photo store's budget and clock (app/submissions/photo-store.server.ts). */
  photos?: Omit<PhotoStoreOptions, 'lake'>
}

/** After the listener was refused (not a dropped connection, which @sanity/client retries itself), try again after this long. */
export const LISTENER_RETRY_MS = 30_000

/**
 * How long a request to Sanity may take (ms). @sanity/client waits 300 s by default: a slow or
 * silent API would hold every uncached page and every submission that long. Pages then fall back
 * to their last good copy; submissions answer 503 with nothing reported as stored.
 */
export const SANITY_TIMEOUTS = { readMs: 4_000, writeMs: 8_000 } as const

/** The body of `/data/mutate` with `returnIds` and `returnDocuments`. */
interface MutateResponse {
  transactionId: string
  results: MutationResultItem[]
}

/**
 * The real Sanity content lake. Reads go without a token (published perspective, optionally
 * through the CDN): the site shows public content only. Writes use a separate client with the
 * token that never touches the CDN.
 */
export class SanityLake implements ContentLake {
  readonly kind = 'sanity'
  private readonly reader: SanityClient
  private readonly writer: SanityClient
  private readonly dataset: string
  private readonly timeouts: { readMs: number; writeMs: number }
  private readonly logger: Logger
  /** The sellers' photos as image assets, uploaded through this lake's write client (docs/decisions/041). */
  readonly photos: SanityPhotoStore

  constructor({ projectId, dataset, token, apiVersion, useCdn, apiHost, timeouts = SANITY_TIMEOUTS, logger, photos }: SanityLakeOptions) {
    // Passing `apiHost: undefined` would override the client's default host, so only set it when given.
    const base = { projectId, dataset, apiVersion, ...(apiHost ? { apiHost, useProjectHostname: false } : {}) }
    // One retry for reads (safe to repeat); none for writes, whose outcome is unknown after a timeout.
    this.reader = createClient({ ...base, useCdn, perspective: 'published', timeout: timeouts.readMs, maxRetries: 1 })
    this.writer = createClient({ ...base, token, useCdn: false, timeout: timeouts.writeMs, maxRetries: 0 })
    this.dataset = dataset
    this.timeouts = timeouts
    this.logger = loggerOf({ logger })
    // The same project, dataset, token, host and (no) retries as the lake's writes; an upload's own, longer timeout.
    this.photos = new SanityPhotoStore(this.writer, { ...photos, lake: this })
  }

  /**
   * Follows every change to public documents, whoever made it (another instance, the Studio, a
   * script), through Sanity's listener (`/data/listen`, server-sent events) with the public reader:
   * no token, so drafts and private documents (inbox, locks) are not even sent. A dropped connection
   * is reopened by @sanity/client; what happened meanwhile is unknown, so every welcome after the
   * first reports `undefined` (everything may have changed). A refused listener (4xx) is logged and
   * tried again after LISTENER_RETRY_MS; pages then rely on the webhook and PAGE_CACHE_TTL meanwhile.
   */
  onChanges(listener: ChangeListener): () => void {
    let stopped = false
    let welcomed = false
    let subscription: { unsubscribe(): void } | undefined
    let retry: ReturnType<typeof setTimeout> | undefined
    const subscribe = () => {
      subscription = this.reader
        .withConfig({ useCdn: false })
        .listen('*', {}, { events: ['welcome', 'mutation'], includeResult: false, includePreviousRevision: false, visibility: 'query', tag: 'site.follow' })
        .subscribe({
          next: (event) => {
            if (event.type === 'welcome') {
              if (welcomed) listener(undefined)
              welcomed = true
            } else if (event.type === 'mutation') listener([event.documentId])
          },
          error: (error: unknown) => {
            if (stopped) return
            this.logger.error(
              { reason: error instanceof Error ? error.message : String(error) },
              'Die Verbindung zu Sanitys Änderungen (Listener) wurde abgelehnt; neuer Versuch in 30 s. Bis dahin leeren nur der Webhook und PAGE_CACHE_TTL den Seiten-Cache.',
            )
            // Whatever changed until the next welcome is unknown.
            welcomed = true
            retry = setTimeout(subscribe, LISTENER_RETRY_MS)
            retry.unref?.()
          },
        })
    }
    subscribe()
    return () => {
      stopped = true
      if (retry) clearTimeout(retry)
      subscription?.unsubscribe()
    }
  }

  /** Evaluates GROQ over the published documents; private ones only with `includePrivate` (token, no CDN). */
  fetch<R = unknown>(query: string, params: QueryParams = {}, options: FetchOptions = {}): Promise<R> {
    if (options.includePrivate || options.perspective === 'raw') {
      return this.writer.fetch<R>(query, params, { perspective: options.perspective ?? 'published', timeout: this.timeouts.readMs })
    }
    return this.reader.fetch<R>(query, params)
  }

  /**
   * The lake as the Studio's preview shows it (docs/decisions/031): reads in `perspective` (drafts,
   * or a release stack) with the viewer token, never through the CDN, and with strings
   * stega-encoded for click-to-edit. Private reads and writes stay as they are. And a raw reader
   * with the token, never through the CDN, for the preview secret, which only a token may read.
   */
  readonly previewReader: PreviewReader = {
    lake: ({ token, perspective, stega }) => {
      const reader = this.reader.withConfig({ token, useCdn: false, perspective, stega: { ...stega, enabled: true } })
      return {
        kind: 'sanity',
        // Staff may switch perspective while in preview: the secret is checked with the same reader.
        previewReader: this.previewReader,
        photos: this.photos,
        fetch: <R>(query: string, params: QueryParams = {}, options: FetchOptions = {}) =>
          options.includePrivate || options.perspective === 'raw' ? this.fetch<R>(query, params, options) : reader.fetch<R>(query, params),
        mutate: (mutations) => this.mutate(mutations),
      }
    },
    client: (token) => this.reader.withConfig({ token, useCdn: false, perspective: 'raw' }),
  }

  /**
   * Sends the mutations as one transaction and waits until they are visible to queries.
   * HTTP errors from Sanity become a MutationError with Sanity's status code.
   */
  async mutate(mutations: Mutation[]): Promise<MutationResult> {
    try {
      // client.mutate() with returnDocuments answers with the documents only; the raw request
      // keeps the transaction id and the operation of each mutation as well.
      const response = await this.writer.request<MutateResponse>({
        method: 'POST',
        uri: `/data/mutate/${this.dataset}`,
        query: { returnIds: 'true', returnDocuments: 'true', visibility: 'sync' },
        body: { mutations },
      })
      return toMutationResult(response.transactionId, response.results)
    } catch (error) {
      if (error instanceof ClientError || error instanceof ServerError) throw new MutationError(error.message, error.statusCode)
      throw error
    }
  }
}
