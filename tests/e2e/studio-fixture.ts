import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { type AddressInfo } from 'node:net'
import { createSecureServer, type ServerHttp2Stream } from 'node:http2'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type APIRequestContext, type Browser, type BrowserContext, type Page, type Route as RequestRoute } from '@playwright/test'
import { Mutation } from '@sanity/mutator'
import { evaluate, parse } from 'groq-js'
import { loadDataset } from '#app/sanity/seed.server.ts'
import { FAKE_SANITY_PORT, SANITY_BACKED_PORT } from '../../playwright.config'
import { expect, test as base } from './playwright-utils'

export { expect }

/*
 * The built Studio for e2e tests, booted once per worker (issue 40 item 3; decision 065): its
 * 5.7 MB bundle took seconds to boot for each of some 25 tests. A test asks for `studio` and gets
 * the worker's signed-in Studio with the seed dataset behind it; it moves between tools and
 * documents with `studio.open(path)`, through the Studio's own router as a click on one of its
 * links would, never by loading the page again. Tests that need a browser of their own (another
 * language, another role, a phone) boot one with `bootStudio`.
 *
 * No Sanity project is reachable from the browser, so the Studio is signed in with a stand-in
 * user (`users/me`) and Sanity's API is answered in this process (signInWithSeed below).
 */

/** The site that serves the built Studio: the server against the fake Sanity API. */
export const sanitySite = `http://localhost:${SANITY_BACKED_PORT}`

/** The fake Sanity the Sanity-backed site reads and writes (tests/mocks/sanity-server.ts). */
export const fakeSanity = `http://127.0.0.1:${FAKE_SANITY_PORT}`

/** The document the site created in the fake Sanity with id `id` (a lead posted to the site), as its write request carried it. */
export async function createdInFakeSanity(request: APIRequestContext, id: string) {
  type Written = { body?: { mutations?: Array<{ create?: StoredDocument }> } }
  const written = (await (await request.get(`${fakeSanity}/__requests`)).json()) as Written[]
  return written.map((entry) => entry.body?.mutations?.[0]?.create).find((document) => document?._id === id)
}

/** The Studio's bundle is large; on a busy machine it boots in seconds, not milliseconds. */
export const BOOT = { timeout: 30_000 }

const STAND_IN_USER = {
  id: 'pE2eRedaktion',
  name: 'Redaktion',
  email: 'redaktion@example.de',
  // Staff are editors; the administrator's extras (the GROQ tool) are asked for by name.
  role: 'editor',
  roles: [{ name: 'editor', title: 'Editor' }],
}

/**
 * The uncaught errors of the Studio's pages (staff see each as a red „Uncaught error“ toast) since
 * the running test began: every test of `test` below fails with them when it ends. Each Studio page
 * is watched from its sign-in on, the worker's included.
 */
const pageErrors: string[] = []
function watchPageErrors(page: Page) {
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${(error.stack ?? error.message).split('\n').slice(0, 4).join('\n')}`))
}

/**
 * Sanity's `/ping`: the Studio fetches it once at boot to see which HTTP version its API is reached
 * over (it reads the request's timing, not the answer), and a refused one is an uncaught error.
 */
const answerPing = (route: RequestRoute) => route.fulfill({ contentType: 'text/plain', body: '' })

/** Signed in as the stand-in user only: every other request to Sanity fails, as it would offline (but `/ping`, above). */
export async function signIn(page: Page) {
  watchPageErrors(page)
  await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => {
    const path = new URL(route.request().url()).pathname
    return path.endsWith('/users/me') ? route.fulfill({ json: STAND_IN_USER }) : path.endsWith('/ping') ? answerPing(route) : route.abort()
  })
}

export type StoredDocument = { _id: string; _type?: string; _rev?: string; [field: string]: unknown }
type Action = { actionType: string; draftId?: string; publishedId?: string; attributes?: StoredDocument; patch?: Record<string, unknown> }
type MutationBody = Record<string, StoredDocument & { id?: string }>

/*
 * The Studio's listeners (server-sent events) need a stream that stays open: `route.fulfill` can
 * only answer and close, and a listener that keeps reconnecting leaves the Studio's form read-only
 * ("reconnecting"). So listener requests are sent on, unseen by the page, to a small local HTTPS
 * server (HTTP/2: the Studio opens more listeners than a browser's six connections per host) that
 * says welcome and keeps the stream open. After a write the stand-in tells the form's document
 * listeners (`*[_id in $ids]`) what changed, as Sanity does: a mutation event per document, with the
 * transaction's id as the new revision. Only that echo ends the form's „Speichern…“ (until then a
 * publish click waits), and a reconnect within 20 s does not make the Studio read the documents
 * again. The other listeners (lists, previews) are closed instead: they reconnect and query again.
 */
type Hub = { streams: Set<ServerHttp2Stream>; pairs: Map<ServerHttp2Stream, string[]> }

const hubs = new Map<string, Hub>()
let listenerServer: Promise<number> | undefined

/** A document as the value of a mendoza patch: Sanity's effects leave its revision out (the event's `resultRev` has it). */
function effectValue(document: StoredDocument | undefined) {
  if (!document) return null
  const { _rev, ...value } = document
  return value
}

function startListenerServer(): Promise<number> {
  const folder = mkdtempSync(path.join(tmpdir(), 'studio-listen-'))
  const [key, cert] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')]
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'], {
    stdio: 'ignore',
  })
  const server = createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true })
  rmSync(folder, { recursive: true, force: true })
  server.on('stream', (stream, headers) => {
    // /listen/<hub>?query=…
    const hub = hubs.get(String(headers[':path']).split('?')[0]!.split('/')[2] ?? '')
    if (!hub) return stream.respond({ ':status': 404 }, { endStream: true })
    const search = new URL(String(headers[':path']), 'https://localhost').searchParams
    const ids = search.get('query') === '*[_id in $ids]' ? (JSON.parse(search.get('$ids') ?? '[]') as string[]) : undefined
    // The Studio listens with credentials from its own origin, as from Sanity's.
    stream.respond({
      ':status': 200,
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'access-control-allow-origin': String(headers.origin ?? '*'),
      'access-control-allow-credentials': 'true',
    })
    stream.write('retry: 300\nevent: welcome\ndata: {"listenerName":"e2e"}\n\n')
    // Sanity's listener drops a stream silent for 45 s; a comment line keeps it alive, as Sanity's own heartbeat does.
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), 10_000)
    heartbeat.unref()
    stream.on('close', () => clearInterval(heartbeat))
    if (ids) hub.pairs.set(stream, ids)
    else hub.streams.add(stream)
    const forget = () => {
      hub.streams.delete(stream)
      hub.pairs.delete(stream)
    }
    stream.on('close', forget)
    stream.on('error', forget)
  })
  // Open streams must not keep the test worker from ending.
  server.unref()
  // A port the system picks: the tests of this file run in several workers at once, each with its own server.
  return new Promise((resolve) => server.listen(0, 'localhost', () => resolve((server.address() as AddressInfo).port)))
}

/**
 * Signed in, and Sanity's API answered from the seed dataset as the fake Sanity loads it (queries
 * with groq-js, documents by id, images from content/images), so the Studio shows the documents
 * and their photos as staff would. Edits really write: the Studio 4 sends them to the Actions API
 * (`POST …/data/actions/<dataset>`; a document edited live, such as a lead's status, to
 * `…/data/mutate/<dataset>`), and the stand-in applies them to the in-memory dataset as Sanity
 * would, and keeps every action for the test. `role` is the signed-in user's role: "editor" as staff
 * are, "administrator" only where a test is about what administrators alone see. `photos` answers requests to other image hosts (mobile.de's) with a seed photo.
 */
export async function signInWithSeed(page: Page, { role = 'editor' }: { role?: string } = {}) {
  watchPageErrors(page)
  listenerServer ??= startListenerServer()
  const port = await listenerServer
  const hubId = randomUUID()
  const hub: Hub = { streams: new Set(), pairs: new Map() }
  hubs.set(hubId, hub)
  const reconnect = () => {
    for (const stream of hub.streams) stream.close()
    hub.streams.clear()
  }
  /** A transaction's documents as they were before it (undefined: there was none), to tell the document listeners what changed. */
  let touched = new Map<string, StoredDocument | undefined>()
  const announce = (transactionId: string) => {
    const changes = [...touched]
    touched = new Map()
    changes.forEach(([id, before], index) => {
      const after = find(id)
      const event = {
        type: 'mutation',
        eventId: `${transactionId}#${id}`,
        documentId: id,
        transactionId,
        transition: !after ? 'disappear' : before ? 'update' : 'appear',
        identity: STAND_IN_USER.id,
        // The document as it now is, whatever the actions did: the Studio applies it to its copy.
        mutations: [after ? { createOrReplace: after } : { delete: { id } }],
        previousRev: before?._rev,
        resultRev: transactionId,
        timestamp: new Date().toISOString(),
        visibility: 'transaction',
        // What the transaction did to the document, as mendoza patches (the listeners ask for
        // `effectFormat=mendoza`): one Value operation each, `[0, value]`, the document after (apply) and
        // before (revert), `[0, null]` where there is none. A valid patch, only coarser than Sanity's
        // diffs; `[0, null]` is the very patch by which the Studio's history tells a deleted or created
        // version (getEffectState), and empty effects made it read the `_id` of a deleted draft.
        effects: { apply: [0, effectValue(after)], revert: [0, effectValue(before)] },
        transactionTotalEvents: changes.length,
        transactionCurrentEvent: index + 1,
      }
      for (const [stream, ids] of hub.pairs) if (ids.includes(id)) stream.write(`event: mutation\ndata: ${JSON.stringify(event)}\n\n`)
    })
    reconnect()
  }
  /** What the Studio asked for and was refused: named when a test fails, to tell a missing answer from a slow machine. */
  const aborted: string[] = []
  /** The queries answered, in order: a document's validation runs its rules' queries (e.g. "is this path taken?"). */
  const answered: string[] = []
  const actions: Action[] = []
  const { documents: seed, assetFiles } = await loadDataset('content')
  const documents = structuredClone(seed) as StoredDocument[]
  let revision = 0
  /** The transaction being applied: its id is the new revision of what it writes, as in Sanity. */
  let transaction: string | undefined
  const put = (document: StoredDocument) => {
    const index = documents.findIndex((candidate) => candidate._id === document._id)
    if (!touched.has(document._id)) touched.set(document._id, index === -1 ? undefined : documents[index])
    const stored = { ...document, _rev: transaction ?? `e2e-${++revision}`, _updatedAt: new Date().toISOString() }
    if (index === -1) documents.push({ ...stored, _createdAt: stored._updatedAt })
    else documents[index] = { ...stored, _createdAt: documents[index]!._createdAt }
  }
  const remove = (id: string) => {
    const index = documents.findIndex((candidate) => candidate._id === id)
    if (index !== -1 && !touched.has(id)) touched.set(id, documents[index])
    if (index !== -1) documents.splice(index, 1)
  }
  const find = (id: string | undefined) => documents.find((candidate) => candidate._id === id)
  const patched = (base: StoredDocument, patch: Record<string, unknown>) =>
    new Mutation({ mutations: [{ patch: { ...patch, ifRevisionID: undefined, id: base._id } }] }).apply(base as never) as StoredDocument
  function apply(action: Action) {
    const draftId = action.draftId ?? `drafts.${action.publishedId}`
    switch (action.actionType) {
      case 'sanity.action.document.create':
        if (action.attributes) put(action.attributes)
        return
      case 'sanity.action.document.edit':
        // Revisions are not checked: the stand-in's listener never tells the Studio the new ones.
        put(patched(find(draftId) ?? { ...find(action.publishedId)!, _id: draftId }, action.patch ?? {}))
        return
      case 'sanity.action.document.publish': {
        const draft = find(draftId)
        if (!draft) throw new Error(`publish: no draft ${draftId}`)
        put({ ...draft, _id: action.publishedId! })
        remove(draftId)
        return
      }
      case 'sanity.action.document.discard':
        remove(draftId)
        return
      default:
        throw new Error(`The stand-in does not know ${action.actionType}`)
    }
  }
  function mutate(mutation: MutationBody) {
    const [[kind, target]] = Object.entries(mutation) as [[string, StoredDocument & { id?: string }]]
    const id = target.id ?? target._id
    if (kind === 'patch') put(patched(find(id)!, target))
    else if (kind === 'delete') remove(id)
    else if (kind === 'create' || kind === 'createOrReplace' || (kind === 'createIfNotExists' && !find(id))) put(target)
  }
  await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, async (route) => {
    const url = new URL(route.request().url())
    const path = url.pathname
    const method = route.request().method()
    if (path.endsWith('/users/me')) return route.fulfill({ json: { ...STAND_IN_USER, role, roles: [{ name: role, title: role }] } })
    if (path.endsWith('/ping')) return answerPing(route)
    if (path.endsWith('/acl')) return route.fulfill({ json: [{ filter: '_id in path("**")', permissions: ['read', 'update', 'create', 'history'] }] })
    if (path.includes('/data/actions/') && method === 'POST') {
      const body = route.request().postDataJSON() as { actions: Action[]; transactionId?: string }
      const transactionId = body.transactionId ?? `e2e-${++revision}`
      transaction = transactionId
      try {
        for (const action of body.actions) apply(action)
      } catch (error) {
        touched = new Map()
        return route.fulfill({ status: 409, json: { error: { description: String(error) } } })
      } finally {
        transaction = undefined
      }
      actions.push(...body.actions)
      announce(transactionId)
      return route.fulfill({ json: { transactionId } })
    }
    if (path.includes('/data/mutate/') && method === 'POST') {
      const body = route.request().postDataJSON() as { mutations: MutationBody[]; transactionId?: string }
      const transactionId = url.searchParams.get('transactionId') ?? body.transactionId ?? `e2e-${++revision}`
      transaction = transactionId
      try {
        for (const mutation of body.mutations) mutate(mutation)
      } finally {
        transaction = undefined
      }
      announce(transactionId)
      const results = body.mutations.map((mutation) => ({ id: Object.values(mutation)[0]!.id ?? Object.values(mutation)[0]!._id, operation: 'update' }))
      return route.fulfill({ json: { transactionId, results } })
    }
    if (path.includes('/data/query/')) {
      // Long queries (the Studio's search) come as a POST body, the others in the address.
      const posted = method === 'POST' ? (route.request().postDataJSON() as { query?: string; params?: Record<string, unknown> }) : undefined
      const params =
        posted?.params ??
        Object.fromEntries([...url.searchParams].filter(([key]) => key.startsWith('$')).map(([key, value]) => [key.slice(1), JSON.parse(value)]))
      // groq-js only slices by constants; the Studio's lists slice by parameters ([0...$limit]).
      const query = (posted?.query ?? url.searchParams.get('query') ?? '').replace(/\$(\w+)/g, (name, key: string) =>
        typeof params[key] === 'number' ? String(params[key]) : name,
      )
      const result = await (await evaluate(parse(query), { dataset: documents, params })).get()
      answered.push(query)
      return route.fulfill({ json: { ms: 1, result } })
    }
    if (path.includes('/data/doc/')) {
      const ids = decodeURIComponent(path.split('/').pop() ?? '').split(',')
      // As Sanity: an id without a document is named under `omitted` (the Studio asks so whether a document exists).
      const found = documents.filter((document) => ids.includes(document._id))
      const omitted = ids.filter((id) => !found.some((document) => document._id === id)).map((id) => ({ id, reason: 'existence' }))
      return route.fulfill({ json: { documents: found, omitted } })
    }
    // The delete dialog's documents of other datasets that refer to the one deleted (Sanity's
    // useReferringDocuments: `{totalCount, references: [{projectId, datasetName, documentId}]}`); it
    // finds this dataset's own with a query (`*[references($documentId)]`). The stand-in has one
    // dataset, so none. Asked otherwise (this dataset's too), the request stays refused: no guessed answer.
    if (path.includes('/data/references/') && method === 'GET' && url.searchParams.get('excludeInternalReferences') === 'true')
      return route.fulfill({ json: { totalCount: 0, references: [] } })
    if (path.includes('/data/listen/')) return route.continue({ url: `https://localhost:${port}/listen/${hubId}${url.search}` })
    // An image of the dataset, as Sanity's image CDN answers it (unscaled here).
    if (url.hostname === 'cdn.sanity.io') {
      const file = assetFiles.get(path.split('/').pop() ?? '')
      return file ? route.fulfill({ contentType: 'image/jpeg', body: readFileSync(file) }) : route.fulfill({ status: 404 })
    }
    if (path.includes('/history/')) return route.fulfill({ contentType: 'application/json', body: path.includes('/events/') ? '{"events":[]}' : '' })
    // The Studio's per-user settings (list layout, sort order): nothing stored, an array of entries.
    if (path.includes('/keyvalue')) return route.fulfill({ json: [] })
    if (/\/(journey|features)/.test(path)) return route.fulfill({ json: path.includes('/features') ? [] : {} })
    aborted.push(`${method} ${path}`)
    return route.abort()
  })
  // `reconnect`: a test that adds a document itself (as the site writes one) tells the Studio's listeners so.
  return { documents, aborted, actions, answered, reconnect }
}

/** The stand-in's records of one browser: the dataset it answers from and what the Studio asked of it. */
export type StandIn = Awaited<ReturnType<typeof signInWithSeed>>

/** Names the requests the stand-in refused when a first wait fails (a missing answer, not a slow machine). */
export const explain = (aborted: string[]) => (error: Error) => {
  throw new Error(`${error.message}\nRequests refused meanwhile: ${aborted.join(', ') || 'none'}`)
}

/**
 * Moves the booted Studio to `path` as one of its own links does: the Studio's router (the
 * `history` package's browser history) follows `popstate`, so the address is pushed with the
 * entry index that history keeps and the event sent. The page is not loaded again.
 */
export async function navigate(page: Page, path: string) {
  await page.evaluate((target) => {
    const state = (window.history.state ?? {}) as { idx?: number }
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state.idx ?? 0) + 1 }, '', target)
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
  }, path)
}

/** A browser context as the desktop project's, for the Sanity-backed site (whose listener streams' local server has a certificate of its own). */
export const studioContextOptions = {
  baseURL: sanitySite,
  ignoreHTTPSErrors: true,
  locale: 'de-DE',
  timezoneId: 'Europe/Berlin',
  viewport: { width: 1366, height: 900 },
}

/**
 * A Studio of its own, in a new browser context: signed in with `role`, the seed (and what `before`
 * adds) behind it, loaded at `path` (the one full load) and booted once it names its tool in the title.
 */
export async function bootStudio(
  browser: Browser,
  { role = 'editor', path = '/studio', before }: { role?: string; path?: string; before?: (stand: StandIn) => void } = {},
) {
  const context = await browser.newContext(studioContextOptions)
  const page = await context.newPage()
  const stand = await signInWithSeed(page, { role })
  // What the dataset holds before the Studio first looks.
  before?.(stand)
  // A mailto: link would hand over to a mail program the test browser lacks: a click on one stays on the page (its own handler still runs).
  await page.addInitScript(() =>
    window.addEventListener('click', (event) => (event.target as Element | null)?.closest?.('a[href^="mailto:"]') && event.preventDefault(), true),
  )
  await page.goto(path)
  await expect(page)
    .toHaveTitle(/\| Ruhrstern Automobile$/, { timeout: 90_000 })
    .catch(explain(stand.aborted))
  return { context, page, ...stand }
}

type Route = Parameters<Page['route']>

/** The worker's Studio, as a test sees it. */
export interface Studio extends StandIn {
  page: Page
  context: BrowserContext
  /** Moves the Studio to `path` (e.g. `/studio/structure/siteSettings`, an intent link), as staff open it from the first column. */
  open(path: string): Promise<void>
  /** Answers more requests for this test only (e.g. another image host); removed when the test ends. */
  route(...args: Route): Promise<void>
}

export const test = base.extend<{ studio: Studio; noUncaughtErrors: void }, { studioWorker: Awaited<ReturnType<typeof bootStudio>> }>({
  // Set up before any other fixture, torn down after them: errors while the worker's Studio boots count for its first test.
  noUncaughtErrors: [
    async ({}, use) => {
      await use()
      expect(pageErrors.splice(0), 'uncaught errors in the Studio').toEqual([])
    },
    { auto: true },
  ],
  studioWorker: [
    async ({ browser }, use) => {
      const booted = await bootStudio(browser)
      // Structure is the Studio's first tool: /studio takes staff there.
      await expect(booted.page).toHaveURL(/\/studio\/structure$/, BOOT)
      await use(booted)
      await booted.context.close()
    },
    // Loading and booting the bundle is the worker's, not the first test's, time.
    { scope: 'worker', timeout: 120_000 },
  ],
  studio: async ({ studioWorker }, use) => {
    const { page } = studioWorker
    // What the Studio asked and was refused, the actions and queries: this test's only.
    for (const records of [studioWorker.actions, studioWorker.aborted, studioWorker.answered]) records.length = 0
    const routes: Route[] = []
    const studio: Studio = {
      ...studioWorker,
      async open(path) {
        // Through the first column, as staff go: a form that is open (and its dialogs) closes, and
        // the document opens anew instead of the form of an earlier test staying as it was.
        await navigate(page, '/studio/structure')
        await expect(page).toHaveTitle('Inhalte | Ruhrstern Automobile', BOOT)
        if (path !== '/studio/structure') await navigate(page, path)
      },
      async route(...args) {
        routes.push(args)
        await page.route(...args)
      },
    }
    // Playwright traces this context as any other (`trace` in playwright.config.ts), one chunk per test.
    await use(studio)
    for (const [url, handler] of routes) await page.unroute(url, handler)
  },
})
