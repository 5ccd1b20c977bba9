/**
 * A local HTTP stand-in for Sanity's API, for end-to-end runs of the production server with
 * SANITY_* credentials (SANITY_API_HOST=http://127.0.0.1:<port>). It answers with the very MSW
 * handlers the unit tests use, over the seed dataset, so the real @sanity/client path runs
 * across a real socket.
 *
 * Run: node --import tsx tests/mocks/sanity-server.ts   (SANITY_MOCK_PORT, default 3212)
 * GET /__requests lists what it received, for assertions.
 */
import { createServer, type IncomingMessage } from 'node:http'
import { getResponse } from 'msw'
import { loadDataset } from '~/sanity/seed.server'
import { createSanityApi } from './sanity'

export const MOCK_PROJECT_ID = 'e2e-project'
export const MOCK_DATASET = 'production'
export const MOCK_TOKEN = 'e2e-write-token'

const port = Number(process.env.SANITY_MOCK_PORT ?? 3212)
const { documents } = await loadDataset(process.env.CONTENT_DIR ?? 'content')
const api = createSanityApi({ projectId: MOCK_PROJECT_ID, dataset: MOCK_DATASET, documents, token: MOCK_TOKEN })

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

const server = createServer(async (incoming, outgoing) => {
  const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host}`)
  if (url.pathname === '/__requests') {
    outgoing.setHeader('content-type', 'application/json')
    outgoing.end(JSON.stringify(api.requests.map((r) => ({ ...r, searchParams: Object.fromEntries(r.searchParams) }))))
    return
  }
  // The client addresses us without a project host name; map to the URL Sanity would see.
  const projectId = String(incoming.headers['x-sanity-project-id'] ?? '')
  const target = new URL(`https://${projectId}.api.sanity.io${url.pathname}${url.search}`)
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers.set(name, value)
  }
  const body = incoming.method === 'GET' || incoming.method === 'HEAD' ? undefined : await readBody(incoming)
  const response = await getResponse(api.handlers, new Request(target, { method: incoming.method, headers, body }))
  if (!response) {
    outgoing.writeHead(404, { 'content-type': 'application/json' })
    outgoing.end(JSON.stringify({ error: 'Not Found', message: `No mock for ${incoming.method} ${url.pathname}` }))
    return
  }
  outgoing.writeHead(response.status, Object.fromEntries(response.headers))
  outgoing.end(Buffer.from(await response.arrayBuffer()))
})

server.listen(port, '127.0.0.1', () => console.log(`Fake Sanity API on http://127.0.0.1:${port}`))
