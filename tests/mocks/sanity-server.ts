/**
 * A local HTTP stand-in for Sanity's API, for end-to-end runs of the production server with
 * SANITY_* credentials (SANITY_API_HOST=http://127.0.0.1:<port>). It answers with the very MSW
 * handlers the unit tests use, over the seed dataset, so the real @sanity/client path runs
 * across a real socket.
 *
 * Run: node --import tsx tests/mocks/sanity-server.ts   (SANITY_MOCK_PORT, default 3212)
 * GET /__requests lists what it received, for assertions; GET /__listeners counts the open listener
 * streams (/data/listen, answered as they come). POST /__outage?down=true|false simulates
 * an unreachable Sanity: while down, every API request gets 503 and open listener streams are
 * closed (clients reconnect, and get 503 until it ends); POST /__delay?ms=N makes every
 * answer N ms late (a slow lake: the home page then streams its vehicles). tests/e2e/page-cache.test.ts
 * starts its own instance for these, so other tests never see them.
 * POST /__fault?mode=…&ms=N breaks the API the ways a network does (tests/e2e/log-secrets.test.ts):
 * `hang` accepts every request and never answers, `slow` answers after `ms` (default 10 s: beyond
 * the site's timeouts), `reset` destroys the connection, `down` answers 503; `ok` ends the fault.
 * Listener streams open at the start of a fault are closed, so their reconnect meets it.
 * SANITY_MOCK_TOKENS (comma-separated) replaces the tokens it accepts (default MOCK_TOKEN, MOCK_VIEWER_TOKEN).
 *
 * Like a project with a GROQ webhook, it announces every successful mutation with a signed POST to
 * SANITY_MOCK_WEBHOOK_URL (secret SANITY_MOCK_WEBHOOK_SECRET), before answering the mutation:
 * tests that edit content here see it on the site at once, as editors do after publishing.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { getResponse } from 'msw'
import { loadDataset } from '#app/sanity/seed.server.ts'
import { SANITY_SIGNATURE_HEADER, signSanityPayload } from '#app/server/webhook-signature.server.ts'
import { createSanityApi } from './sanity'

export const MOCK_PROJECT_ID = 'e2e-project'
export const MOCK_DATASET = 'production'
export const MOCK_TOKEN = 'e2e-write-token'
/** The preview's read token (SANITY_VIEWER_TOKEN of the Sanity-backed e2e server). */
export const MOCK_VIEWER_TOKEN = 'e2e-viewer-token'

const port = Number(process.env.SANITY_MOCK_PORT ?? 3212)
const { documents } = await loadDataset(process.env.CONTENT_DIR ?? 'content')
const tokens = process.env.SANITY_MOCK_TOKENS?.split(',').filter(Boolean) ?? [MOCK_TOKEN, MOCK_VIEWER_TOKEN]
const api = createSanityApi({ projectId: MOCK_PROJECT_ID, dataset: MOCK_DATASET, documents, token: tokens })

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

let down = false
let delayMs = 0

const FAULT_MODES = ['ok', 'hang', 'slow', 'reset', 'down'] as const
type FaultMode = (typeof FAULT_MODES)[number]
let fault: { mode: FaultMode; ms: number } = { mode: 'ok', ms: 0 }
const isFaultMode = (mode: string): mode is FaultMode => (FAULT_MODES as readonly string[]).includes(mode)
const webhookUrl = process.env.SANITY_MOCK_WEBHOOK_URL
const webhookSecret = process.env.SANITY_MOCK_WEBHOOK_SECRET ?? ''

/** Sends the webhook for a committed mutation, signed as Sanity does; a site that is not up yet is ignored. */
async function announce(mutationBody: Buffer | undefined) {
  if (!webhookUrl) return
  let ids: string[] = []
  try {
    const { mutations = [] } = JSON.parse(mutationBody?.toString('utf8') ?? '{}') as { mutations?: Array<Record<string, { _id?: string; id?: string }>> }
    ids = mutations.flatMap((mutation) => Object.values(mutation).map((target) => target._id ?? target.id ?? '')).filter(Boolean)
  } catch {
    // Not JSON: announce without ids.
  }
  const payload = JSON.stringify({ _id: ids[0] ?? null, ids })
  const timestamp = Date.now()
  try {
    await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANITY_SIGNATURE_HEADER]: `t=${timestamp},v1=${signSanityPayload(payload, timestamp, webhookSecret)}` },
      body: payload,
      signal: AbortSignal.timeout(2000),
    })
  } catch {
    // The site is not listening (yet): Sanity would retry; the tests do not need it.
  }
}

async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
  const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host}`)
  if (url.pathname === '/__outage' && incoming.method === 'POST') {
    down = url.searchParams.get('down') !== 'false'
    if (down) api.closeListeners()
    outgoing.setHeader('content-type', 'application/json')
    outgoing.end(JSON.stringify({ down }))
    return
  }
  if (url.pathname === '/__delay' && incoming.method === 'POST') {
    delayMs = Number(url.searchParams.get('ms') ?? 0) || 0
    outgoing.setHeader('content-type', 'application/json')
    outgoing.end(JSON.stringify({ delayMs }))
    return
  }
  if (url.pathname === '/__fault' && incoming.method === 'POST') {
    const mode = url.searchParams.get('mode') ?? 'ok'
    if (!isFaultMode(mode)) {
      outgoing.writeHead(400, { 'content-type': 'application/json' })
      outgoing.end(JSON.stringify({ error: `mode: one of ${FAULT_MODES.join(', ')}` }))
      return
    }
    fault = { mode, ms: Number(url.searchParams.get('ms') ?? 10_000) || 0 }
    if (mode !== 'ok') api.closeListeners()
    outgoing.setHeader('content-type', 'application/json')
    outgoing.end(JSON.stringify(fault))
    return
  }
  if (fault.mode !== 'ok' && !url.pathname.startsWith('/__')) {
    const { mode, ms } = fault
    // Never answered; the socket goes when the client gives up.
    if (mode === 'hang') return
    // A TCP reset (RST), not an orderly close: the client sees ECONNRESET.
    if (mode === 'reset') return void incoming.socket.resetAndDestroy()
    if (mode === 'down') {
      outgoing.writeHead(503, { 'content-type': 'application/json' })
      outgoing.end(JSON.stringify({ error: 'Service Unavailable', message: 'Simulated fault (POST /__fault?mode=ok ends it)', statusCode: 503 }))
      return
    }
    await new Promise((resolve) => setTimeout(resolve, ms))
    if (incoming.socket.destroyed) return
  }
  if (delayMs > 0 && !url.pathname.startsWith('/__')) {
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    // The client gave up while it waited: a Request made with the aborted signal below would throw.
    if (incoming.socket.destroyed) return
  }
  if (down && !url.pathname.startsWith('/__')) {
    outgoing.writeHead(503, { 'content-type': 'application/json' })
    outgoing.end(JSON.stringify({ error: 'Service Unavailable', message: 'Simulated outage (POST /__outage?down=false ends it)' }))
    return
  }
  if (url.pathname === '/__listeners') {
    outgoing.setHeader('content-type', 'application/json')
    outgoing.end(JSON.stringify({ open: api.listenerCount() }))
    return
  }
  // The bytes of an uploaded image asset, for tests that read stored photos back.
  if (url.pathname.startsWith('/__assets/')) {
    const bytes = api.assetFiles.get(decodeURIComponent(url.pathname.slice('/__assets/'.length)))
    outgoing.writeHead(bytes ? 200 : 404, { 'content-type': bytes ? 'application/octet-stream' : 'text/plain' })
    outgoing.end(bytes ? Buffer.from(bytes) : 'Not found')
    return
  }
  if (url.pathname === '/__requests') {
    outgoing.setHeader('content-type', 'application/json')
    outgoing.end(JSON.stringify(api.requests.map((r) => ({ ...r, searchParams: Object.fromEntries(r.searchParams) }))))
    return
  }
  // The client addresses us without a project host name; map to the URL Sanity would see. Its
  // listener (an EventSource) sends no X-Sanity-Project-ID header: this fake has one project.
  const projectId = String(incoming.headers['x-sanity-project-id'] ?? MOCK_PROJECT_ID)
  const target = new URL(`https://${projectId}.api.sanity.io${url.pathname}${url.search}`)
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers.set(name, value)
  }
  const body = incoming.method === 'GET' || incoming.method === 'HEAD' ? undefined : await readBody(incoming)
  // Aborted when the client goes away: an open listener is then forgotten.
  const gone = new AbortController()
  outgoing.once('close', () => gone.abort())
  const response = await getResponse(api.handlers, new Request(target, { method: incoming.method, headers, body, signal: gone.signal }))
  if (!response) {
    outgoing.writeHead(404, { 'content-type': 'application/json' })
    outgoing.end(JSON.stringify({ error: 'Not Found', message: `No mock for ${incoming.method} ${url.pathname}` }))
    return
  }
  if (response.ok && url.pathname.includes('/data/mutate/')) await announce(body)
  outgoing.writeHead(response.status, Object.fromEntries(response.headers))
  if (!response.body) {
    outgoing.end()
    return
  }
  // Chunk by chunk as the handler produces them: a listener's stream stays open for hours. When
  // the client goes away, cancelling the reader ends the stream (and forgets the listener).
  outgoing.flushHeaders()
  const reader = response.body.getReader()
  gone.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}))
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      outgoing.write(value)
    }
    outgoing.end()
  } catch {
    outgoing.destroy()
  }
}

// A request that fails here answers 500 (or is cut off) and the server goes on: a rejected handler
// ended the whole fake, and every later test of its file met ECONNREFUSED.
const server = createServer((incoming, outgoing) => {
  handle(incoming, outgoing).catch((error: unknown) => {
    console.error('Fake Sanity API:', error)
    if (outgoing.headersSent) return void outgoing.destroy()
    outgoing.writeHead(500, { 'content-type': 'application/json' })
    outgoing.end(JSON.stringify({ error: 'Internal Server Error', message: String(error) }))
  })
})

// Idle sockets stay open for a minute, longer than a test pauses between two calls: at Node's default of 5 s the
// fake could close a socket the tests' request client was just reusing (a POST met ECONNRESET, docs/testing.md).
server.keepAliveTimeout = 60_000
server.listen(port, '127.0.0.1', () => console.log(`Fake Sanity API on http://127.0.0.1:${port}`))
