import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { type AddressInfo } from 'node:net'
import { createSecureServer, type ServerHttp2Stream } from 'node:http2'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type APIRequestContext, type Page } from '@playwright/test'
import { Mutation } from '@sanity/mutator'
import { evaluate, parse } from 'groq-js'
import { loadDataset } from '#app/sanity/seed.server.ts'
import { gpsJpeg } from '#tests/photo-fixtures.ts'
import { FAKE_SANITY_PORT, SANITY_BACKED_PORT } from '../../playwright.config'
import { expect, test, uniqueName } from './playwright-utils'

/*
 * The staff's jobs in the built Studio, signed in as an editor (staff review 2026-11-28, §3: N1–N4):
 * answering a test drive, erasing a sell request with its photos and mails, detaching a car from the
 * sync, all in German. One Studio boot, one step per job. The sign-in and Sanity stand-in below are
 * copied from tests/e2e/studio.test.ts (its helpers are not exported).
 */

const sanitySite = `http://localhost:${SANITY_BACKED_PORT}`
const fakeSanity = `http://127.0.0.1:${FAKE_SANITY_PORT}`

const STAND_IN_USER = {
  id: 'pE2eRedaktion',
  name: 'Redaktion',
  email: 'redaktion@example.de',
  role: 'administrator',
  roles: [{ name: 'administrator', title: 'Administrator' }],
}

type StoredDocument = { _id: string; _type?: string; _rev?: string; [field: string]: unknown }
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

function startListenerServer(): Promise<number> {
  const folder = mkdtempSync(path.join(tmpdir(), 'studio-listen-'))
  const [key, cert] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')]
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'], {
    stdio: 'ignore',
  })
  const server = createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true })
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
 * would, and keeps every action for the test. `role` is the signed-in user's role ("administrator"
 * or "editor"). `photos` answers requests to other image hosts (mobile.de's) with a seed photo.
 */
async function signInWithSeed(page: Page, { role = 'administrator' }: { role?: string } = {}) {
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
        effects: { apply: [], revert: [] },
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
      const params = Object.fromEntries([...url.searchParams].filter(([key]) => key.startsWith('$')).map(([key, value]) => [key.slice(1), JSON.parse(value)]))
      // groq-js only slices by constants; the Studio's lists slice by parameters ([0...$limit]).
      const query = (url.searchParams.get('query') ?? '').replace(/\$(\w+)/g, (name, key: string) =>
        typeof params[key] === 'number' ? String(params[key]) : name,
      )
      const result = await (await evaluate(parse(query), { dataset: documents, params })).get()
      answered.push(query)
      return route.fulfill({ json: { ms: 1, result } })
    }
    if (path.includes('/data/doc/')) {
      const ids = decodeURIComponent(path.split('/').pop() ?? '').split(',')
      return route.fulfill({ json: { documents: documents.filter((document) => ids.includes(document._id)), omitted: [] } })
    }
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

/** The Studio's bundle is large; on a busy machine it boots in seconds, not milliseconds. */
const BOOT = { timeout: 30_000 }

const explain = (aborted: string[]) => (error: Error) => {
  throw new Error(`${error.message}\nRequests refused meanwhile: ${aborted.join(', ') || 'none'}`)
}

/** The mails (.eml) the Sanity-backed site saved for document `id` (no SMTP in the e2e run). */
function mailCopiesOf(id: string): string[] {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'sanity-backed', 'outbox')
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.includes(id)) : []
}

/** Ids of `ids` the fake Sanity (the Sanity-backed site's lake) still holds. */
async function inFakeSanity(request: APIRequestContext, ids: string[]): Promise<string[]> {
  const query = new URLSearchParams({ query: '*[_id in $ids]._id', $ids: JSON.stringify(ids), perspective: 'raw' })
  const answer = await request.get(`${fakeSanity}/v2025-02-19/data/query/production?${query}`, { headers: { authorization: 'Bearer e2e-write-token' } })
  return ((await answer.json()) as { result: string[] }).result
}

test.describe('the Studio as an editor meets it', () => {
  // The listener streams' local server has a certificate of its own.
  test.use({ baseURL: sanitySite, ignoreHTTPSErrors: true })

  test('answer a test drive, erase a sell request with its photo and mails, detach a car from the sync: complete, and in German', async ({ page, request }) => {
    test.slow()
    const { documents, aborted, actions, reconnect } = await signInWithSeed(page, { role: 'editor' })
    const now = new Date().toISOString()
    const dealer = documents.find((document) => document._id === 'siteSettings')!.dealerName as string
    const car = documents.find((document) => document._id === 'vehicle-2')!
    const carTitle = car.title as string
    // A synced car (the seed has only cars entered by hand).
    Object.assign(car, { source: 'mobile.de', marketplaceId: '4312045670012345' })
    documents.push({
      _id: 'inbox.lead-e2e-probefahrt',
      _type: 'lead',
      _rev: 'e2e-probefahrt',
      _createdAt: now,
      _updatedAt: now,
      kind: 'test-drive',
      status: 'neu',
      receivedAt: '2026-11-28T06:55:00Z',
      contact: { name: 'Murat Yilmaz', email: 'murat.yilmaz@example.org', phone: '0201 555555' },
      vehicle: { _type: 'reference', _ref: 'vehicle-2', _weak: true },
      appointment: { start: '2026-11-28T11:00:00Z', end: '2026-11-28T14:00:00Z' },
      tradeIn: true,
      fields: [
        { _key: 'slot', _type: 'leadField', name: 'appointment', label: 'Wunschtermin', value: 'Sa, 28.11.2026, 12:00–15:00 Uhr' },
        { _key: 'note', _type: 'leadField', name: 'message', label: 'Nachricht', value: 'Geht es auch etwas früher?' },
      ],
    })
    // A mailto: link would hand over to a mail program; here the click stays on the page (its own handler still runs).
    await page.addInitScript(() =>
      window.addEventListener('click', (event) => (event.target as Element | null)?.closest?.('a[href^="mailto:"]') && event.preventDefault(), true),
    )

    await test.step('a test drive: the reply is the first thing to tap, names the car and the slot, and sets „In Bearbeitung“', async () => {
      await page.goto('/studio/intent/edit/id=inbox.lead-e2e-probefahrt;type=lead')
      const reply = page.getByRole('link', { name: 'Per E-Mail antworten' })
      await expect(reply).toBeVisible({ timeout: 60_000 }).catch(explain(aborted))
      const subject = async () => decodeURIComponent(/subject=([^&]*)/.exec((await reply.getAttribute('href')) ?? '')?.[1] ?? '')
      await expect.poll(subject, BOOT).toBe(`Ihre Probefahrt bei ${dealer}: ${carTitle} am Sa, 28.11.2026, 12:00–15:00 Uhr`)
      expect(decodeURIComponent((await reply.getAttribute('href'))!)).toContain(`> Fahrzeug: ${carTitle}`)
      // The slot and the answers read as text: no ISO date, no list with handles or „Element hinzufügen“.
      await expect(page.getByTestId('lead-appointment')).toHaveText('Sa, 28.11.2026, 12:00–15:00 Uhr')
      await expect(page.getByTestId('lead-fields')).toContainText('Geht es auch etwas früher?')
      await expect(page.getByText('2026-11-28')).toHaveCount(0)
      await expect(page.getByTestId('lead-fields').getByRole('button')).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Element hinzufügen', exact: true })).toHaveCount(0)
      await reply.click()
      await expect.poll(() => documents.find((document) => document._id === 'inbox.lead-e2e-probefahrt')?.status, BOOT).toBe('in Bearbeitung')
      await expect(page.getByRole('radio', { name: 'In Bearbeitung' })).toBeChecked()
    })

    await test.step('a sell request erased: the lead, its photo and the site’s copies of its two mails are gone, and the Studio says so', async () => {
      // A seller sends the sell form with a photo and an address for the receipt; the site stores
      // the lead and the photo in Sanity (the fake one) and saves both mails (no SMTP here).
      const name = uniqueName('Jana Kowalski')
      const sent = await request.post(`${sanitySite}/api/leads`, {
        headers: { origin: sanitySite },
        multipart: {
          kind: 'vehicle-sale',
          make: 'Opel',
          model: 'Astra',
          year: '2015',
          mileage: '150000',
          name,
          postcode: '45127',
          email: `${name.replace(/\W+/g, '.').toLowerCase()}@example.org`,
          website: '',
          photos: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await gpsJpeg(91) },
        },
      })
      expect(sent.status()).toBe(201)
      const { id } = (await sent.json()) as { id: string }
      await expect.poll(() => mailCopiesOf(id).length, BOOT).toBe(2)
      type Written = { body?: { mutations?: Array<{ create?: StoredDocument }> } }
      const written = (await (await request.get(`${fakeSanity}/__requests`)).json()) as Written[]
      const lead = written.map((entry) => entry.body?.mutations?.[0]?.create).find((document) => document?._id === id)!
      const assets = (lead.photos as Array<{ image: { asset: { _ref: string } } }>).map((photo) => photo.image.asset._ref)
      expect(await inFakeSanity(request, [id, ...assets])).toHaveLength(2)
      // What Sanity stores the Studio reads: the same documents in the Studio's stand-in. What the
      // Studio deletes reaches the fake Sanity too, as it would reach the one Sanity both use.
      documents.push({ _createdAt: now, _updatedAt: now, _rev: 'e2e-sell', ...lead })
      reconnect()
      await page.route(/\/data\/mutate\//, async (route) => {
        const url = new URL(route.request().url())
        await request.post(`${fakeSanity}${url.pathname}`, { headers: { authorization: 'Bearer e2e-write-token' }, data: route.request().postDataJSON() })
        await route.fallback()
      })

      await page.goto(`/studio/intent/edit/id=${id};type=lead`)
      await expect(page.getByRole('link', { name: 'Per E-Mail antworten' }))
        .toBeVisible({ timeout: 60_000 })
        .catch(explain(aborted))
      // The photos' help says what „Löschen“ does, in words staff know (no README, no script).
      await expect(page.getByText(/„Löschen“ \(unten im Menü „…“\) löscht die Anfrage mit ihren Fotos/)).toBeVisible()
      await expect(page.getByText(/README|scripts\//)).toHaveCount(0)
      await page.getByTestId('action-menu-button').click()
      await page.getByRole('menuitem', { name: 'Löschen' }).click()
      // Sanity's confirmation is a popover beside the action, not a dialog.
      await expect(page.getByText('Diese Anfrage endgültig löschen, mit ihrem Foto und den Kopien ihrer E-Mails auf dem Server?')).toBeVisible()
      await page.getByRole('button', { name: 'Bestätigen' }).click()
      await expect(page.getByText(/^Gelöscht: die Anfrage, 1 Foto, 2 gespeicherte E-Mails\./)).toBeVisible(BOOT)
      expect(documents.some((document) => document._id === id)).toBe(false)
      expect(await inFakeSanity(request, [id, ...assets])).toEqual([])
      expect(mailCopiesOf(id)).toEqual([])
    })

    await test.step('„Vom Abgleich lösen“ publishes the car as one staff maintain, so the sync leaves it alone', async () => {
      await page.goto('/studio/intent/edit/id=vehicle-2;type=vehicle')
      await expect(page.getByText('von mobile.de').first()).toBeVisible({ timeout: 60_000 }).catch(explain(aborted))
      await page.getByTestId('action-menu-button').click()
      await page.getByRole('menuitem', { name: 'Vom Abgleich lösen' }).click()
      await expect(page.getByText(/Das Fahrzeug wird dabei sofort veröffentlicht/)).toBeVisible()
      await page.getByRole('button', { name: 'Bestätigen' }).click()
      await expect(page.getByText('Vom Abgleich gelöst und veröffentlicht')).toBeVisible(BOOT)
      // Published, not a draft: the sync reads the published car (a sync after it: sync.server.test.ts).
      await expect.poll(() => documents.find((document) => document._id === 'vehicle-2')?.source, BOOT).toBe('manual')
      expect(documents.some((document) => document._id === 'drafts.vehicle-2')).toBe(false)
      expect(actions.filter((action) => action.publishedId === 'vehicle-2').map((action) => action.actionType)).toContain('sanity.action.document.publish')
    })

    await test.step('an image field and its dialog speak German: no raw keys, no English labels', async () => {
      // Staff's own photo for the car, now editable: the photo field's buttons and the library's dialog.
      await page.getByRole('tab', { name: 'Beschreibung & Bilder' }).click()
      await page.getByRole('button', { name: 'Element hinzufügen', exact: true }).first().click()
      const browse = page.getByRole('dialog').last().getByRole('button', { name: 'Auswählen', exact: true }).first()
      await expect(browse).toBeVisible(BOOT)
      await browse.click()
      // With more than one source a menu comes first; with the library alone its dialog opens at once.
      const source = page.getByRole('menuitem').first()
      if (
        await source.waitFor({ timeout: 3_000 }).then(
          () => true,
          () => false,
        )
      )
        await source.click()
      await expect(page.getByRole('dialog').last()).toContainText('Bild auswählen', BOOT)
      await expect(page.getByText(/inputs\.image|asset-source\.dialog/)).toHaveCount(0)
      await expect(page.locator('[aria-label="Close dialog"], [aria-label="Field actions"], [title="Close dialog"]')).toHaveCount(0)
      await expect(page.locator('[aria-label="Dialog schließen"]').first()).toBeAttached()
    })
  })
})
