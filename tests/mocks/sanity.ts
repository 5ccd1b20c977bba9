import { createHash, randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { evaluate, type ExprNode, GroqSyntaxError, parse } from 'groq-js'
import { http, type HttpHandler, HttpResponse, type JsonBodyType } from 'msw'
import { type Mutation, mutationDocumentId, MutationError, type SanityDocument } from '#app/lake/lake.server.ts'
import { applyMutations, deepFreeze, newTransactionId } from '#app/lake/mutations.server.ts'

/*
 * MSW handlers emulating Sanity's HTTP API (query, mutate, listen) over an in-memory dataset, so
 * the real @sanity/client code path runs in tests. Queries are evaluated with groq-js and mutations
 * with the same engine as the embedded lake; listeners get Sanity's server-sent events for every
 * committed transaction.
 */

/** A request the mock answered, for assertions. */
export interface RecordedRequest {
  method: string
  /** e.g. `abc123.apicdn.sanity.io` */
  host: string
  /** e.g. `/v2025-02-19/data/query/production` */
  path: string
  searchParams: URLSearchParams
  /** The parsed JSON body, if any. */
  body: unknown
  headers: Record<string, string>
}

export interface SanityApiOptions {
  projectId: string
  dataset: string
  documents?: SanityDocument[]
  /** When set, only `Authorization: Bearer <token>` (one of them) counts as authenticated; otherwise any bearer token does. */
  token?: string | readonly string[]
}

export interface SanityApi {
  handlers: HttpHandler[]
  requests: RecordedRequest[]
  /** The current dataset, updated in place by mutations. */
  documents: Map<string, SanityDocument>
  /** The bytes of every uploaded image asset (`POST /assets/images/<dataset>`), by asset document id. */
  assetFiles: Map<string, Uint8Array>
  /** Open listener streams (`/data/listen`). */
  listenerCount: () => number
  /**
   * Ends every open listener stream, as Sanity does when a connection drops; clients reconnect.
   * A stream ends by itself when its client cancels it (over a real socket, tests/mocks/sanity-server.ts)
   * or aborts the request; in-process MSW passes neither on for the http.request a listener of
   * @sanity/client makes, so tests that listen through MSW call this when they are done.
   */
  closeListeners: () => void
}

/** One open `/data/listen` stream. */
interface Listener {
  filter: ExprNode
  params: Record<string, unknown>
  authenticated: boolean
  includeResult: boolean
  includePreviousRevision: boolean
  includeMutations: boolean
  visibility: 'query' | 'transaction'
  /** Events of one transaction are computed asynchronously (groq-js); this keeps their order. */
  queue: Promise<void>
  send: (chunk: string) => void
  close: () => void
}

/** A committed transaction, as listeners learn of it. */
interface Transaction {
  transactionId: string
  timestamp: string
  before: ReadonlyMap<string, SanityDocument>
  after: ReadonlyMap<string, SanityDocument>
  /** Changed documents in the order of their first mutation (no-ops left out). */
  ids: string[]
  mutations: Mutation[]
}

/** Sanity sends a lone colon as keep-alive; clients ignore comment lines. */
const HEARTBEAT_MS = 15_000
/** The identity events carry (in Sanity, the user or robot who made the change). */
const IDENTITY = 'p-e2e'

// From API version 2025-02-19 on, queries default to the published perspective; before, to raw.
const PUBLISHED_BY_DEFAULT_FROM = '2025-02-19'

/** Creates handlers for `https://<projectId>.api|apicdn.sanity.io/<version>/data/{query,mutate,listen}/<dataset>`. */
export function createSanityApi({ projectId, dataset, documents = [], token }: SanityApiOptions): SanityApi {
  const state = new Map(documents.map((doc) => [doc._id, deepFreeze(structuredClone(doc))]))
  const requests: RecordedRequest[] = []
  // MSW 2 cannot match `(api|apicdn)` in a host, so the host part is a parameter.
  const base = 'https://:projectId.:host.sanity.io/:version/data'

  const record = async (request: Request): Promise<RecordedRequest> => {
    const url = new URL(request.url)
    const raw = request.method === 'GET' ? '' : await request.text()
    const recorded: RecordedRequest = {
      method: request.method,
      host: url.host,
      path: url.pathname,
      searchParams: url.searchParams,
      body: raw === '' ? undefined : parseJson(raw),
      headers: Object.fromEntries(request.headers),
    }
    requests.push(recorded)
    return recorded
  }

  const isAuthenticated = (headers: Record<string, string>) => {
    const authorization = headers.authorization ?? ''
    if (token === undefined) return /^Bearer \S+/.test(authorization)
    return (typeof token === 'string' ? [token] : token).some((candidate) => authorization === `Bearer ${candidate}`)
  }

  const checkTarget = (params: Record<string, string | readonly string[] | undefined>): Response | undefined => {
    if (params.projectId !== projectId)
      return errorResponse(404, { error: 'Not Found', message: `Project "${String(params.projectId)}" not found`, statusCode: 404 })
    if (params.dataset !== dataset) return errorResponse(404, { error: 'Not Found', message: `Dataset "${String(params.dataset)}" not found`, statusCode: 404 })
    if (params.host !== 'api' && params.host !== 'apicdn') return errorResponse(404, { error: 'Not Found', message: 'Unknown host', statusCode: 404 })
    return undefined
  }

  const query = async (request: Request, params: Record<string, string | readonly string[] | undefined>) => {
    const recorded = await record(request)
    const wrongTarget = checkTarget(params)
    if (wrongTarget) return wrongTarget

    let groq: unknown
    let queryParams: Record<string, unknown> = {}
    if (request.method === 'GET') {
      groq = recorded.searchParams.get('query')
      const fromUrl = urlQueryParams(recorded.searchParams)
      if (fromUrl instanceof Response) return fromUrl
      queryParams = fromUrl
    } else {
      const body = recorded.body
      groq = isRecord(body) ? body.query : undefined
      queryParams = isRecord(body) && isRecord(body.params) ? body.params : {}
    }
    if (typeof groq !== 'string') return errorResponse(400, { error: { description: 'Missing query', type: 'httpBadRequest' } })

    const version = String(params.version).replace(/^v/, '')
    const perspective = recorded.searchParams.get('perspective') ?? (version >= PUBLISHED_BY_DEFAULT_FROM ? 'published' : 'raw')
    const authenticated = isAuthenticated(recorded.headers)
    if (perspective !== 'published' && perspective !== 'raw' && !authenticated) {
      return errorResponse(401, { error: 'Unauthorized', message: `The ${perspective} perspective needs a token`, statusCode: 401 })
    }
    // Public datasets hide ids with a dot (drafts.x, inbox.x) from requests without a token.
    const visible = visibleDocuments([...state.values()], perspective).filter((doc) => authenticated || !doc._id.includes('.'))

    const started = performance.now()
    try {
      const tree = parse(groq)
      const value = await evaluate(tree, { dataset: visible, params: queryParams })
      const result: JsonBodyType = await value.get()
      const sourceMap = recorded.searchParams.has('resultSourceMap') ? { resultSourceMap: contentSourceMap(result, visible) } : {}
      return HttpResponse.json({ query: groq, result, ...sourceMap, ms: Math.round(performance.now() - started) })
    } catch (error) {
      if (error instanceof GroqSyntaxError) {
        return errorResponse(400, {
          error: { type: 'queryParseError', description: error.message, query: groq, start: error.position, end: error.position + 1 },
        })
      }
      return errorResponse(400, { error: { description: error instanceof Error ? error.message : String(error), type: 'queryError' } })
    }
  }

  const listeners = new Set<Listener>()

  /** Sends each listener the events of a transaction: one per changed document it sees before or after. */
  const publish = (transaction: Transaction) => {
    for (const listener of listeners) {
      listener.queue = listener.queue
        .then(async () => {
          const events = await mutationEvents(listener, transaction)
          for (const event of events) listener.send(`event: mutation\nid: ${event.eventId}\ndata: ${JSON.stringify(event)}\n\n`)
        })
        .catch((error: unknown) => {
          // A filter that fails on a document: Sanity reports it on the channel and ends it.
          listener.send(`event: channelError\ndata: ${JSON.stringify({ message: error instanceof Error ? error.message : String(error) })}\n\n`)
          listener.close()
        })
    }
  }

  const listen = async (request: Request, params: Record<string, string | readonly string[] | undefined>) => {
    const recorded = await record(request)
    const wrongTarget = checkTarget(params)
    if (wrongTarget) return wrongTarget
    const groq = recorded.searchParams.get('query')
    if (!groq) return errorResponse(400, { error: { description: 'Missing query', type: 'httpBadRequest' } })
    let filter: ExprNode
    try {
      filter = parse(groq)
    } catch (error) {
      if (!(error instanceof GroqSyntaxError)) throw error
      return errorResponse(400, {
        error: { type: 'queryParseError', description: error.message, query: groq, start: error.position, end: error.position + 1 },
      })
    }
    const queryParams = urlQueryParams(recorded.searchParams)
    if (queryParams instanceof Response) return queryParams
    const flag = (name: string, fallback: boolean) => {
      const value = recorded.searchParams.get(name)
      return value === null ? fallback : value === 'true'
    }

    const encoder = new TextEncoder()
    let open = true
    let heartbeat: ReturnType<typeof setInterval> | undefined
    const listener: Listener = {
      filter,
      params: queryParams,
      authenticated: isAuthenticated(recorded.headers),
      includeResult: flag('includeResult', false),
      includePreviousRevision: flag('includePreviousRevision', false),
      includeMutations: flag('includeMutations', true),
      visibility: recorded.searchParams.get('visibility') === 'query' ? 'query' : 'transaction',
      queue: Promise.resolve(),
      send: () => {},
      close: () => {},
    }
    /** Forgets the listener; `end` also ends the stream (not after the client cancelled it). */
    const stop = (end?: () => void) => {
      if (!open) return
      open = false
      listeners.delete(listener)
      clearInterval(heartbeat)
      end?.()
    }
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        listener.send = (chunk) => {
          if (open) controller.enqueue(encoder.encode(chunk))
        }
        listener.close = () => stop(() => controller.close())
        listeners.add(listener)
        listener.send(`event: welcome\ndata: ${JSON.stringify({ listenerName: randomBytes(16).toString('base64url').slice(0, 22) })}\n\n`)
        heartbeat = setInterval(() => listener.send(':\n\n'), HEARTBEAT_MS)
        heartbeat.unref?.()
        // In-process MSW hands the client a copy of this stream (it clones responses), so the
        // client's cancel never arrives here; an aborted request does (fetch with a signal).
        request.signal.addEventListener('abort', () => listener.close(), { once: true })
      },
      cancel: () => stop(),
    })
    return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' } })
  }

  const assetFiles = new Map<string, Uint8Array>()

  /**
   * `POST /assets/images/<dataset>` as Sanity answers it: the image's bytes become a
   * `sanity.imageAsset` document `image-<sha1>-WxH-<ext>` (the same bytes, the same asset), its
   * CDN address and dimensions; bytes that are no image are refused with 400.
   */
  const uploadImage = async (request: Request, params: Record<string, string | readonly string[] | undefined>) => {
    const url = new URL(request.url)
    const bytes = new Uint8Array(await request.arrayBuffer())
    const recorded: RecordedRequest = {
      method: request.method,
      host: url.host,
      path: url.pathname,
      searchParams: url.searchParams,
      body: { bytes: bytes.byteLength, contentType: request.headers.get('content-type') },
      headers: Object.fromEntries(request.headers),
    }
    requests.push(recorded)
    const wrongTarget = checkTarget(params)
    if (wrongTarget) return wrongTarget
    if (params.host !== 'api') return errorResponse(400, { error: { description: 'Uploads go to api.sanity.io', type: 'httpBadRequest' } })
    if (!isAuthenticated(recorded.headers))
      return errorResponse(401, { error: 'Unauthorized', message: 'Uploads need a token with write access', statusCode: 401 })
    let metadata: sharp.Metadata
    try {
      metadata = await sharp(bytes).metadata()
    } catch {
      return errorResponse(400, { error: 'Bad Request', message: 'Invalid image, could not read metadata', statusCode: 400 })
    }
    const extension = metadata.format === 'jpeg' ? 'jpg' : (metadata.format ?? 'bin')
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    const { width = 0, height = 0 } = metadata
    const file = `${sha1}-${width}x${height}.${extension}`
    const document: SanityDocument = {
      _id: `image-${sha1}-${width}x${height}-${extension}`,
      _type: 'sanity.imageAsset',
      assetId: sha1,
      sha1hash: sha1,
      extension,
      mimeType: `image/${metadata.format}`,
      size: bytes.byteLength,
      path: `images/${projectId}/${dataset}/${file}`,
      url: `https://cdn.sanity.io/images/${projectId}/${dataset}/${file}`,
      uploadId: randomBytes(16).toString('hex'),
      // The uploader's label (`source` of assets.upload), as Sanity keeps it on the asset document.
      ...(url.searchParams.get('sourceName')
        ? {
            source: {
              name: url.searchParams.get('sourceName'),
              id: url.searchParams.get('sourceId'),
              ...(url.searchParams.get('sourceUrl') ? { url: url.searchParams.get('sourceUrl') } : {}),
            },
          }
        : {}),
      metadata: { _type: 'sanity.imageMetadata', dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: height ? width / height : 0 } },
    }
    const transactionId = newTransactionId()
    const now = new Date().toISOString()
    const applied = applyMutations(state, [{ createIfNotExists: document }], { now, transactionId })
    const before = new Map(state)
    for (const [id, doc] of applied.documents) state.set(id, doc)
    assetFiles.set(document._id, bytes)
    publish({ transactionId, timestamp: now, before, after: new Map(state), ids: [document._id], mutations: applied.mutations })
    return HttpResponse.json({ document: state.get(document._id) })
  }

  const handlers = [
    http.post('https://:projectId.:host.sanity.io/:version/assets/images/:dataset', ({ request, params }) => uploadImage(request, params)),
    http.get(`${base}/listen/:dataset`, ({ request, params }) => listen(request, params)),
    http.get(`${base}/query/:dataset`, ({ request, params }) => query(request, params)),
    http.post(`${base}/query/:dataset`, ({ request, params }) => query(request, params)),
    http.post(`${base}/mutate/:dataset`, async ({ request, params }) => {
      const recorded = await record(request)
      const wrongTarget = checkTarget(params)
      if (wrongTarget) return wrongTarget
      if (params.host !== 'api') return errorResponse(400, { error: { description: 'Mutations go to api.sanity.io, not the CDN', type: 'httpBadRequest' } })
      if (!isAuthenticated(recorded.headers)) {
        return errorResponse(401, { error: 'Unauthorized', message: 'Mutations need a token with write access', statusCode: 401 })
      }
      const body = recorded.body
      if (!isRecord(body) || !Array.isArray(body.mutations)) {
        return errorResponse(400, { error: { description: 'The body must be {"mutations": [...]}', type: 'httpBadRequest' } })
      }
      const transactionId = typeof body.transactionId === 'string' ? body.transactionId : newTransactionId()
      const now = new Date().toISOString()
      try {
        const applied = applyMutations(state, body.mutations, { now, transactionId })
        const before = new Map(state)
        state.clear()
        for (const [id, doc] of applied.documents) state.set(id, doc)
        const ids = [...new Set(applied.results.filter((item) => item.operation !== 'none').map((item) => item.id))]
        publish({ transactionId, timestamp: now, before, after: new Map(state), ids, mutations: applied.mutations })
        const withDocuments = recorded.searchParams.get('returnDocuments') === 'true'
        const results = applied.results.map(({ id, operation, document }) => (withDocuments && document ? { id, operation, document } : { id, operation }))
        return HttpResponse.json({ transactionId, results })
      } catch (error) {
        if (!(error instanceof MutationError)) throw error
        return errorResponse(error.statusCode, {
          error: {
            type: 'mutationError',
            description: `The mutation(s) failed: ${error.message}`,
            items: [{ error: { type: ERROR_TYPES[error.statusCode] ?? 'mutationError', description: error.message } }],
          },
        })
      }
    }),
  ]

  return {
    handlers,
    requests,
    documents: state,
    assetFiles,
    listenerCount: () => listeners.size,
    closeListeners: () => {
      for (const listener of [...listeners]) listener.close()
    },
  }
}

/**
 * The `mutation` events a listener gets for a transaction, in Sanity's format: one per changed
 * document whose version before or after matches the listener's filter (evaluated over just that
 * document, as Sanity's listener does). Without a token, ids with a dot (drafts, inbox, lock) are
 * invisible, as they are to queries.
 */
async function mutationEvents(listener: Listener, transaction: Transaction) {
  const matches = async (doc: SanityDocument | undefined) => {
    if (!doc || (!listener.authenticated && doc._id.includes('.'))) return false
    const value = await (await evaluate(listener.filter, { dataset: [doc], params: listener.params })).get()
    return Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined && value !== false
  }
  const seen: Array<{ id: string; previous?: SanityDocument; result?: SanityDocument; transition: 'update' | 'appear' | 'disappear' }> = []
  for (const id of transaction.ids) {
    const previous = transaction.before.get(id)
    const result = transaction.after.get(id)
    const [was, is] = [await matches(previous), await matches(result)]
    if (!was && !is) continue
    seen.push({ id, previous, result, transition: was && is ? 'update' : is ? 'appear' : 'disappear' })
  }
  return seen.map(({ id, previous, result, transition }, index) => ({
    eventId: `${transaction.transactionId}#${id}`,
    documentId: id,
    transactionId: transaction.transactionId,
    transition,
    identity: IDENTITY,
    ...(listener.includeMutations ? { mutations: transaction.mutations.filter((mutation) => mutationDocumentId(mutation) === id) } : {}),
    ...(previous?._rev ? { previousRev: previous._rev } : {}),
    ...(result?._rev ? { resultRev: result._rev } : {}),
    ...(listener.includeResult && result ? { result } : {}),
    ...(listener.includePreviousRevision ? { previous: previous ?? null } : {}),
    timestamp: transaction.timestamp,
    visibility: listener.visibility,
    transactionTotalEvents: seen.length,
    // One-based, as Sanity sends it (its own tests and fakes: 1 of 1).
    transactionCurrentEvent: index + 1,
  }))
}

/**
 * The documents a perspective sees. `raw`: all. `published`: no drafts or versions. `drafts` or a
 * release stack (`rSpring,drafts`, first wins): each document as its first version in the stack,
 * else its draft (for `drafts` in the stack), else published, with the published `_id` and the
 * source in `_originalId`, as Sanity answers.
 */
function visibleDocuments(documents: SanityDocument[], perspective: string): SanityDocument[] {
  if (perspective === 'raw') return documents
  const published = documents.filter((doc) => !doc._id.startsWith('drafts.') && !doc._id.startsWith('versions.'))
  if (perspective === 'published') return published
  const stack = perspective.split(',')
  const byId = new Map(documents.map((doc) => [doc._id, doc]))
  const publishedIds = new Set(documents.map((doc) => doc._id.replace(/^drafts\./, '').replace(/^versions\.[^.]+\./, '')))
  return [...publishedIds].flatMap((id) => {
    const layers = stack.map((layer) => (layer === 'drafts' ? `drafts.${id}` : layer === 'published' ? id : `versions.${layer}.${id}`))
    const source = [...layers, id].map((candidate) => byId.get(candidate)).find(Boolean)
    return source ? [{ ...source, _id: id, _originalId: source._id }] : []
  })
}

/**
 * A content source map for the result, as Sanity sends with `resultSourceMap`: here every string
 * of the result is traced to the first document field holding that very string (the mock does
 * not track projections), which is enough for stega encoding and click-to-edit in tests.
 */
function contentSourceMap(result: unknown, documents: SanityDocument[]) {
  const origins = new Map<string, { document: number; path: number }>()
  const paths: string[] = []
  const sources: Array<{ _id: string; _type: string }> = []
  documents.forEach((doc, index) => {
    walkStrings(doc, [], (value, path) => {
      if (origins.has(value) || path[0]?.toString().startsWith('_')) return
      paths.push(jsonPath(path))
      origins.set(value, { document: index, path: paths.length - 1 })
    })
  })
  const mappings: Record<string, unknown> = {}
  const used = new Map<number, number>()
  walkStrings(result, [], (value, path) => {
    const origin = origins.get(value)
    if (!origin) return
    if (!used.has(origin.document)) {
      const doc = documents[origin.document]!
      used.set(origin.document, sources.length)
      sources.push({ _id: String(doc._originalId ?? doc._id), _type: doc._type })
    }
    mappings[jsonPath(path.map((segment) => (typeof segment === 'object' ? segment.index : segment)))] = {
      type: 'value',
      source: { type: 'documentValue', document: used.get(origin.document), path: origin.path },
    }
  })
  return { documents: sources, paths, mappings }
}

type PathSegment = string | number | { key: string; index: number }

function walkStrings(value: unknown, path: PathSegment[], visit: (value: string, path: PathSegment[]) => void) {
  if (typeof value === 'string') visit(value, path)
  else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const key = isRecord(item) && typeof item._key === 'string' ? item._key : undefined
      walkStrings(item, [...path, key === undefined ? index : { key, index }], visit)
    })
  } else if (isRecord(value)) for (const [key, item] of Object.entries(value)) walkStrings(item, [...path, key], visit)
}

function jsonPath(path: PathSegment[]): string {
  return `$${path.map((segment) => (typeof segment === 'string' ? `['${segment}']` : typeof segment === 'number' ? `[${segment}]` : `[?(@._key=='${segment.key}')]`)).join('')}`
}

/** The GROQ parameters of a URL (`$name=<JSON>`), or Sanity's 400 for one that is not JSON. */
function urlQueryParams(searchParams: URLSearchParams): Record<string, unknown> | Response {
  const params: Record<string, unknown> = {}
  for (const [key, value] of searchParams) {
    if (!key.startsWith('$')) continue
    const parsed = parseJson(value)
    if (parsed === undefined) return errorResponse(400, { error: { description: `Invalid JSON in parameter ${key}`, type: 'httpBadRequest' } })
    params[key.slice(1)] = parsed
  }
  return params
}

// Approximations of Sanity's item error types, by status.
const ERROR_TYPES: Record<number, string> = {
  400: 'validationError',
  404: 'documentNotFoundError',
  409: 'conflictError',
}

function errorResponse(status: number, body: JsonBodyType): Response {
  return HttpResponse.json(body, { status })
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
