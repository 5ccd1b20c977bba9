/**
 * The mobile.de mock (tests/mocks/mobile-de.ts) over a real local socket, for the CLI and the
 * sync benchmark: the same MSW handlers answer through msw's getResponse.
 *
 * Run standalone: node --import tsx tests/mocks/mobile-de-server.ts   (MOBILE_DE_MOCK_PORT, default 3213;
 * MOBILE_DE_MOCK_ADS ads, default 120; MOBILE_DE_MOCK_LATENCY ms). Control: GET /__calls (counters),
 * /__reset (clear them), /__touch?index=N (ad N changes). Then e.g.
 * MOBILE_DE_API_BASE=http://127.0.0.1:3213 MOBILE_DE_USERNAME=dealer-api MOBILE_DE_PASSWORD=geheim MOBILE_DE_SELLER_ID=12345678 npm run sync
 */
import { createServer, type IncomingMessage } from 'node:http'
import { type AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { getResponse } from 'msw'
import { createMobileDeApi, fixtureAd, generateAds, MOCK_BASE_URL, type MobileDeMock } from './mobile-de'

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Serves `mock` on 127.0.0.1 (port 0: any free port); resolves with its base URL. */
export async function serveMobileDeMock(mock: MobileDeMock, port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (incoming, outgoing) => {
    // Control endpoints for a mock in another process (the sync benchmark).
    if (incoming.url?.startsWith('/__')) {
      const url = new URL(incoming.url, 'http://mock')
      if (url.pathname === '/__reset') mock.resetCalls()
      if (url.pathname === '/__touch') {
        const index = Number(url.searchParams.get('index') ?? 0)
        mock.ads[index] = { ...mock.ads[index]!, modificationDate: new Date().toISOString(), mileage: (mock.ads[index]!.mileage ?? 0) + 1 }
      }
      outgoing.writeHead(200, { 'content-type': 'application/json' })
      outgoing.end(JSON.stringify(mock.calls))
      return
    }
    const target = new URL(`${MOCK_BASE_URL}${incoming.url ?? '/'}`)
    const headers = new Headers()
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value)
    const body = incoming.method === 'GET' || incoming.method === 'HEAD' ? undefined : await readBody(incoming)
    const response = await getResponse(mock.handlers, new Request(target, { method: incoming.method, headers, body }))
    if (!response || response.type === 'error') {
      outgoing.writeHead(response ? 500 : 404, { 'content-type': 'application/json' })
      outgoing.end(JSON.stringify({ title: response ? 'Mock network error' : 'Not Found' }))
      return
    }
    outgoing.writeHead(response.status, Object.fromEntries(response.headers))
    outgoing.end(Buffer.from(await response.arrayBuffer()))
  })
  server.keepAliveTimeout = 10_000
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: actual } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const count = Number(process.env.MOBILE_DE_MOCK_ADS ?? 120)
  const mock = createMobileDeApi({
    ads: [fixtureAd('ad-detail'), fixtureAd('ad-detail-ev'), ...generateAds(Math.max(0, count - 2))],
    latencyMs: Number(process.env.MOBILE_DE_MOCK_LATENCY ?? 0),
  })
  const { url } = await serveMobileDeMock(mock, Number(process.env.MOBILE_DE_MOCK_PORT ?? 3213))
  console.log(`Fake mobile.de Search API on ${url} (${mock.ads.length} ads)`)
}
