import { type ClientPerspective, type SanityClient, type StegaConfig } from '@sanity/client'
import { type PhotoStore } from '#app/submissions/photo-store.server.ts'

/**
 * The content lake: one interface for reads (GROQ) and writes (Sanity mutations),
 * with two backends: the embedded one (groq-js over the seed dataset plus a local SQLite database)
 * and the real Sanity content lake through @sanity/client.
 */

export type QueryParams = Record<string, unknown>

export interface SanityDocument {
  _id: string
  _type: string
  _rev?: string
  _createdAt?: string
  _updatedAt?: string
  [key: string]: unknown
}

/** A document about to be created; Sanity generates `_id` when it is missing. */
export type DocumentStub = Omit<SanityDocument, '_id'> & { _id?: string }

export interface PatchOperations {
  /** Apply the patch only when the document still has this revision. */
  ifRevisionID?: string
  set?: Record<string, unknown>
  setIfMissing?: Record<string, unknown>
  unset?: string[]
  inc?: Record<string, number>
  dec?: Record<string, number>
}

/** Sanity's mutation format, as sent to `/data/mutate`. */
export type Mutation =
  | { create: DocumentStub }
  | { createOrReplace: SanityDocument }
  | { createIfNotExists: SanityDocument }
  | { delete: { id: string } }
  | { patch: PatchOperations & { id: string } }

/**
 * A document of the public content, which pages may show and whose change moves the page cache: no
 * dot in its id (Sanity hides dotted ids, drafts and the site's `inbox.` documents, from public reads).
 */
export function isPublicId(id: string): boolean {
  return !id.includes('.')
}

/** The id of the document a mutation writes; undefined for a `create` whose id Sanity is to generate. */
export function mutationDocumentId(mutation: Mutation): string | undefined {
  if ('create' in mutation) return mutation.create._id
  if ('createOrReplace' in mutation) return mutation.createOrReplace._id
  if ('createIfNotExists' in mutation) return mutation.createIfNotExists._id
  if ('delete' in mutation) return mutation.delete.id
  return mutation.patch.id
}

export interface MutationResult {
  transactionId: string
  results: Array<{ id: string; operation: 'create' | 'update' | 'delete' | 'none' }>
  /** The documents as they are after the transaction (deleted ones are absent). */
  documents: SanityDocument[]
}

/** Raised for a mutation Sanity would refuse (409 conflict, missing document, revision mismatch). */
export class MutationError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message)
    this.name = 'MutationError'
  }
}

/** A conflict: the document exists already (`create`) or no longer has the revision a patch names (`ifRevisionID`). */
export function isConflict(error: unknown): boolean {
  return error instanceof MutationError && error.statusCode === 409
}

export interface FetchOptions {
  /** Also read private documents (ids with a dot, like `inbox.*`): server-side code only. */
  includePrivate?: boolean
  /** `raw`: every document, staff's drafts included (implies includePrivate); default `published`. */
  perspective?: 'published' | 'raw'
}

/**
 * The documents themselves, for a lake that holds them in this process (the embedded backend):
 * the vehicle index reads them directly instead of evaluating GROQ over 5,000 vehicles (decision 011).
 */
export interface LocalDocuments {
  /**
   * The public documents (published, no dot in the id); the same array until a committed write
   * touches one of them (cache key for indexes: a form submission does not rebuild them).
   */
  publishedDocuments(): readonly SanityDocument[]
  /** `->` by id, for groq-js evaluations over a subset of the documents. */
  readonly dereference: (reference: { _ref: string }) => SanityDocument | null
  /**
   * Evaluates a query over just these documents (some of `publishedDocuments()`, in their order),
   * `->` by id: the vehicle index projects its vehicles this way. Counted in the lake's work like
   * a `fetch` that missed its memo (app/sanity/page-work.test.ts). Not memoized: the caller keeps
   * what it needs per snapshot.
   */
  evaluateOver(query: string, documents: readonly SanityDocument[]): Promise<unknown>
}

/** Image originals as local files, for a lake that has them (the embedded backend): /media encodes variants of them. */
export interface AssetFiles {
  /** The absolute path of an asset named as in its URL (`<sha1>-WxH.ext`), or undefined for any other name. */
  assetFile(name: string): string | undefined
  /** Where /media keeps the variants it encoded (DATA_DIR/media-cache). */
  readonly variantsDir: string
}

/** What the Studio's preview reads through (docs/decisions/031); only a Sanity lake has drafts to show. */
export interface PreviewReader {
  /** The lake in `perspective` (drafts or a release stack) with the viewer token, strings stega-encoded. */
  lake(options: { token: string; perspective: ClientPerspective; stega: StegaConfig }): ContentLake
  /** A raw client with the token, for the Presentation tool's secret (a private document). */
  client(token: string): SanityClient
}

/**
 * Told about documents that changed in the lake, whoever changed them: another instance of the site,
 * the Studio, a script (issue 15: every instance invalidates its page cache). `undefined`: changes may
 * have been missed (the connection to the lake was lost and is back), so treat everything as changed.
 */
export type ChangeListener = (documentIds: readonly string[] | undefined) => void

export interface ContentLake {
  readonly kind: 'embedded' | 'sanity'
  /** Present for Sanity; the embedded lake has no drafts to preview. */
  readonly previewReader?: PreviewReader
  /** Present when the documents are in this process; absent for Sanity. */
  readonly local?: LocalDocuments
  /** Present when image originals are local files; absent for Sanity (its CDN serves images). */
  readonly assets?: AssetFiles
  /**
   * Where a seller's photos are kept, with their budget (docs/decisions/041): made with the lake,
   * from its own configuration (Sanity: image assets through its write client; embedded: files
   * under DATA_DIR/uploads). Absent for a lake opened only to read, and in tests' stand-ins.
   */
  readonly photos?: PhotoStore
  /** Waits for pending writes and releases files or connections; optional. */
  close?(): Promise<void>
  /**
   * Evaluate a GROQ query over the published documents. Public reads: real Sanity hides ids
   * with a dot (`inbox.*`, docs/decisions/004) unless `includePrivate` is set, which reads with
   * the server's token and never through the CDN. The embedded lake draws the same line, so
   * code that forgets `includePrivate` fails on both (and a private write keeps public reads'
   * memo, decision 046).
   */
  fetch<R = unknown>(query: string, params?: QueryParams, options?: FetchOptions): Promise<R>
  /**
   * Apply mutations as one transaction, all or nothing. Resolves only once the
   * transaction is durable (a committed SQLite transaction, or Sanity's acknowledged write).
   */
  mutate(mutations: Mutation[]): Promise<MutationResult>
  /**
   * Follows the lake's changes made by anyone (Sanity's listener: other instances, the Studio).
   * Returns a function that stops following. Optional: a lake without it is only changed through
   * this process (the embedded lake, whose DATA_DIR has one writer: docs/decisions/039).
   */
  onChanges?(listener: ChangeListener): () => void
}

export async function createDocument(lake: ContentLake, doc: DocumentStub) {
  return firstDocument(await lake.mutate([{ create: doc }]))
}

export async function createOrReplace(lake: ContentLake, doc: SanityDocument) {
  return firstDocument(await lake.mutate([{ createOrReplace: doc }]))
}

export async function createIfNotExists(lake: ContentLake, doc: SanityDocument) {
  return firstDocument(await lake.mutate([{ createIfNotExists: doc }]))
}

export async function patchDocument(lake: ContentLake, id: string, operations: PatchOperations) {
  return firstDocument(await lake.mutate([{ patch: { id, ...operations } }]))
}

function firstDocument(result: MutationResult): SanityDocument {
  const first = result.documents[0]
  if (!first) throw new MutationError('The mutation returned no document', 500)
  return first
}
