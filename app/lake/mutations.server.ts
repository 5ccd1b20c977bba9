import { randomBytes, randomUUID } from 'node:crypto'
import { extract, Mutation as SanityMutation } from '@sanity/mutator'
import { type DocumentStub, type Mutation, MutationError, type MutationResult, type PatchOperations, type SanityDocument } from '#app/lake/lake.server.ts'

/*
 * A pure mutation engine with the semantics of Sanity's /data/mutate endpoint. The embedded lake
 * and the MSW mock of Sanity's HTTP API both use it, so tests of either exercise the same rules.
 */

export type MutationOperation = 'create' | 'update' | 'delete' | 'none'

/** One entry per mutation, as Sanity answers with `returnIds` and `returnDocuments`. */
export interface MutationResultItem {
  id: string
  operation: MutationOperation
  /** The document after the whole transaction; absent when it was deleted. */
  document?: SanityDocument
}

export interface ApplyOptions {
  /** ISO timestamp written to `_createdAt` / `_updatedAt`. */
  now: string
  /** Also becomes the `_rev` of every document the transaction writes, as in Sanity. */
  transactionId: string
  /** Generates ids for `create` without `_id` (default: a random UUID, like Sanity). */
  generateId?: () => string
  /**
   * Change `documents` itself (a Map) instead of a copy: for replaying an old journal once, at its
   * migration (journal-migration.server.ts), where a copy per line made start-up quadratic and a
   * line that fails fails the whole open anyway.
   */
  inPlace?: boolean
}

export interface AppliedTransaction {
  /** The new state; the input map is left untouched. */
  documents: Map<string, SanityDocument>
  results: MutationResultItem[]
  /** Documents the transaction created or updated, in their final state (deleted ones absent). */
  changed: SanityDocument[]
  /** The mutations with generated ids filled in: replaying them with the same options gives the same state. */
  mutations: Mutation[]
}

const MAX_ID_LENGTH = 128
const ID_PATTERN = /^[a-zA-Z0-9._-]+$/
const PROTECTED_FIELDS = new Set(['_id', '_rev'])
// `insert` and `diffMatchPatch` are not implemented: refusing them beats ignoring them silently.
const PATCH_OPERATIONS = new Set(['ifRevisionID', 'set', 'setIfMissing', 'unset', 'inc', 'dec'])

/**
 * Applies a transaction, all or nothing: the first failing mutation throws a MutationError
 * (400 invalid input, 404 patching a missing document, 409 conflict) and nothing changes.
 * Stored documents are deep-frozen so readers cannot alter the state by accident.
 */
export function applyMutations(documents: ReadonlyMap<string, SanityDocument>, mutations: Mutation[], options: ApplyOptions): AppliedTransaction {
  if (!Array.isArray(mutations) || mutations.length === 0) {
    throw new MutationError('A transaction needs at least one mutation', 400)
  }
  const generateId = options.generateId ?? randomUUID
  const working = options.inPlace && documents instanceof Map ? (documents as Map<string, SanityDocument>) : new Map(documents)
  const operations: Array<{ id: string; operation: MutationOperation }> = []
  const resolved: Mutation[] = []

  const store = (doc: SanityDocument, createdAt: unknown) => {
    const stored: SanityDocument = {
      ...doc,
      _createdAt: typeof createdAt === 'string' ? createdAt : options.now,
      _updatedAt: options.now,
      _rev: options.transactionId,
    }
    working.set(doc._id, deepFreeze(stored))
  }

  for (const mutation of mutations) {
    // Mutations may come straight from an HTTP body (the MSW mock), so check their shape.
    if (!isRecord(mutation)) throw new MutationError('Each mutation must be an object', 400)
    if ('create' in mutation) {
      const stub = validBody(mutation.create, 'create')
      const id = stub._id === undefined ? generateId() : stub._id.endsWith('.') ? stub._id + generateId() : stub._id
      validateId(id)
      if (working.has(id)) throw new MutationError(`Document by ID "${id}" already exists`, 409)
      const doc = { ...structuredClone(stub), _id: id }
      store(doc, stub._createdAt)
      operations.push({ id, operation: 'create' })
      resolved.push({ create: doc })
    } else if ('createOrReplace' in mutation) {
      const doc = withId(validBody(mutation.createOrReplace, 'createOrReplace'), 'createOrReplace')
      const existing = working.get(doc._id)
      // Same type: a replacement keeps its creation time; another type is a delete plus create.
      const keepCreatedAt = existing?._type === doc._type ? existing._createdAt : undefined
      store(structuredClone(doc), doc._createdAt ?? keepCreatedAt)
      operations.push({ id: doc._id, operation: existing ? 'update' : 'create' })
      resolved.push(mutation)
    } else if ('createIfNotExists' in mutation) {
      const doc = withId(validBody(mutation.createIfNotExists, 'createIfNotExists'), 'createIfNotExists')
      const exists = working.has(doc._id)
      if (!exists) store(structuredClone(doc), doc._createdAt)
      operations.push({ id: doc._id, operation: exists ? 'none' : 'create' })
      resolved.push(mutation)
    } else if ('delete' in mutation) {
      const target: unknown = mutation.delete
      const id = isRecord(target) ? target.id : undefined
      if (typeof id !== 'string') throw new MutationError('delete needs an id', 400)
      validateId(id)
      // Sanity treats deleting a missing document as success.
      operations.push({ id, operation: working.delete(id) ? 'delete' : 'none' })
      resolved.push(mutation)
    } else if ('patch' in mutation) {
      const patch: unknown = mutation.patch
      if (!isRecord(patch) || typeof patch.id !== 'string') throw new MutationError('patch needs an id', 400)
      const { id, ...patchOps } = mutation.patch
      validateId(id)
      const unsupported = Object.keys(patchOps).find((key) => !PATCH_OPERATIONS.has(key))
      if (unsupported) throw new MutationError(`Unsupported patch operation "${unsupported}"`, 400)
      const existing = working.get(id)
      if (!existing) throw new MutationError(`Cannot patch missing document "${id}"`, 404)
      if (patchOps.ifRevisionID !== undefined && patchOps.ifRevisionID !== existing._rev) {
        throw new MutationError(`Document "${id}" has unexpected revision ID ("${existing._rev ?? ''}"), expected "${patchOps.ifRevisionID}"`, 409)
      }
      const patched = applyPatch(existing, patchOps)
      store(patched, existing._createdAt)
      operations.push({ id, operation: 'update' })
      resolved.push(mutation)
    } else {
      throw new MutationError(`Unknown mutation: ${JSON.stringify(Object.keys(mutation))}`, 400)
    }
  }

  const results = operations.map(({ id, operation }): MutationResultItem => {
    const document = operation === 'delete' ? undefined : working.get(id)
    return document ? { id, operation, document } : { id, operation }
  })
  const changedIds = new Set(operations.filter((item) => item.operation === 'create' || item.operation === 'update').map((item) => item.id))
  const changed = [...changedIds].flatMap((id) => working.get(id) ?? [])
  return { documents: working, results, changed, mutations: resolved }
}

/** The lake's MutationResult from per-mutation results: each returned document once, in its final state. */
export function toMutationResult(transactionId: string, results: readonly MutationResultItem[]): MutationResult {
  const documents = new Map<string, SanityDocument>()
  for (const item of results) if (item.document && item.operation !== 'delete') documents.set(item.id, item.document)
  return {
    transactionId,
    results: results.map(({ id, operation }) => ({ id, operation })),
    documents: [...documents.values()],
  }
}

/** A random id in the style of Sanity's transaction ids (22 base62 characters). */
export function newTransactionId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return [...randomBytes(22)].map((byte) => alphabet[byte % alphabet.length]).join('')
}

/** Throws a 400 MutationError for an id Sanity would refuse. */
export function validateId(id: string): void {
  if (id.length === 0 || id.length > MAX_ID_LENGTH || !ID_PATTERN.test(id) || id.startsWith('-')) {
    throw new MutationError(`Invalid document ID "${id}": 1–${MAX_ID_LENGTH} characters of a-z, A-Z, 0-9, ".", "_" and "-", not starting with "-"`, 400)
  }
}

type TypedStub = DocumentStub & { _type: string }

function validBody(body: unknown, operation: string): TypedStub {
  if (!isRecord(body)) throw new MutationError(`${operation} needs a document`, 400)
  if (typeof body._type !== 'string' || body._type === '') {
    throw new MutationError(`${operation}: the document needs a _type`, 400)
  }
  if (body._id !== undefined && typeof body._id !== 'string') {
    throw new MutationError(`${operation}: _id must be a string`, 400)
  }
  return { ...body, _type: body._type }
}

function withId(body: TypedStub, operation: string): SanityDocument {
  const id = body._id
  if (id === undefined) throw new MutationError(`${operation} needs an _id`, 400)
  validateId(id)
  return { ...body, _id: id }
}

// ---------------------------------------------------------------------------------------------
// Patches: applied by Sanity's own patch engine, @sanity/mutator (docs/decisions/088). It was
// written for the Studio's optimistic updates and accepts what Sanity's API refuses, so the paths,
// the protected fields and the increments are checked here first.

type Segment = { kind: 'key'; name: string } | { kind: 'index'; index: number } | { kind: 'keyed'; key: string }

/** Applies the operations in the order Sanity does (setIfMissing, set, unset, inc, dec) to a copy of `doc`. */
function applyPatch(doc: SanityDocument, patch: Omit<PatchOperations, 'ifRevisionID'>): SanityDocument {
  const unset: unknown = patch.unset ?? []
  if (!Array.isArray(unset) || !unset.every((path) => typeof path === 'string')) {
    throw new MutationError('unset needs an array of paths', 400)
  }
  for (const [path, amount] of [...entries(patch.inc), ...entries(patch.dec)]) {
    if (typeof amount !== 'number' || !Number.isFinite(amount)) throw new MutationError(`inc/dec of "${path}" needs a number`, 400)
  }
  // Values are copied: the stored document is frozen, the caller's objects stay theirs.
  // Sanity creates missing objects along a path, never array elements: a path through an element that is not there is left out.
  const operations = (record: Record<string, unknown> | undefined) =>
    Object.fromEntries(entries(record).flatMap(([path, value]) => (reaches(doc, path) ? [[enginePath(path), structuredClone(value)]] : [])))
  const mutation = new SanityMutation({
    mutations: [
      {
        patch: {
          id: doc._id,
          setIfMissing: operations(patch.setIfMissing),
          set: operations(patch.set),
          unset: unset.map(enginePath),
          inc: operations(patch.inc) as Record<string, number>,
          dec: operations(patch.dec) as Record<string, number>,
        },
      },
    ],
  })
  try {
    return mutation.apply(doc) as SanityDocument
  } catch (error) {
    throw new MutationError(`Invalid patch: ${error instanceof Error ? error.message : String(error)}`, 400)
  }
}

/** Whether the array elements the path goes through exist in `doc`. */
function reaches(doc: SanityDocument, path: string): boolean {
  const segments = parsePath(path)
  const throughElement = segments.findLastIndex((segment) => segment.kind !== 'key')
  return throughElement < 0 || extract(enginePath(segments.slice(0, throughElement + 1)), doc).length > 0
}

/** A valid path as the engine reads it (a key selector in double quotes). */
function enginePath(path: string | Segment[]): string {
  return (typeof path === 'string' ? parsePath(path) : path)
    .map((segment, index) =>
      segment.kind === 'key'
        ? `${index === 0 ? '' : '.'}${segment.name}`
        : segment.kind === 'index'
          ? `[${segment.index}]`
          : `[_key==${JSON.stringify(segment.key)}]`,
    )
    .join('')
}

function entries(record: Record<string, unknown> | undefined): Array<[string, unknown]> {
  if (record === undefined) return []
  if (typeof record !== 'object' || record === null) throw new MutationError('Patch operations must be objects', 400)
  return Object.entries(record)
}

const SEGMENT_PATTERN = /^(?:\.?([A-Za-z_$][\w$]*)|\[\s*(-?\d+)\s*\]|\[\s*_key\s*==\s*(?:"([^"]*)"|'([^']*)')\s*\])/

/** Parses `a.b`, `a[0]`, `a[-1]` and `a[_key=="x"]`. */
export function parsePath(path: string): Segment[] {
  const segments: Segment[] = []
  let rest = path.trim()
  while (rest.length > 0) {
    const match = SEGMENT_PATTERN.exec(rest)
    // A leading dot is only allowed between segments.
    if (!match || (segments.length === 0 && rest.startsWith('.'))) throw new MutationError(`Invalid patch path "${path}"`, 400)
    const [whole, name, index, doubleQuoted, singleQuoted] = match
    if (name !== undefined) segments.push({ kind: 'key', name })
    else if (index !== undefined) segments.push({ kind: 'index', index: Number(index) })
    else segments.push({ kind: 'keyed', key: doubleQuoted ?? singleQuoted ?? '' })
    rest = rest.slice(whole.length)
  }
  const first = segments[0]
  if (!first) throw new MutationError('Empty patch path', 400)
  if (first.kind === 'key' && PROTECTED_FIELDS.has(first.name)) throw new MutationError(`${first.name} cannot be patched`, 400)
  return segments
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Freezes a JSON value and everything inside it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
