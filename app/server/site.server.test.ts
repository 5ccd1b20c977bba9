import { createHash } from 'node:crypto'
import http from 'node:http'
import { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { type AppLoadContext } from '@remix-run/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseEnv } from '#app/env.server.ts'
import { type ContentLake, patchDocument } from '#app/lake/lake.server.ts'
import { loader as apiVehicles } from '#app/routes/api.vehicles.ts'
import { loader as sitemap } from '#app/routes/sitemap[.]xml.ts'
import { CACHE_CONTROL } from '#app/utils/http.server.ts'
import { ContentRevision, ObservedLake } from '#app/lake/content-revision.server.ts'
import { createServer } from './create-server.server'
import { applySecurityHeaders, cacheControlFor } from './site.server'
import { captureLogs, LEVEL } from '#tests/log-capture.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'

// Uncompressed, so that Content-Length and bodies compare byte for byte.
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36', 'accept-encoding': 'identity' }

function stubLake(fetch: ContentLake['fetch'] = async () => null as never): ContentLake {
  return { kind: 'embedded', fetch, mutate: async () => ({ transactionId: 't', results: [], documents: [] }) }
}

type Render = (request: Request, context: AppLoadContext) => Promise<Response>

/** A page whose inline scripts carry the nonce, as entry.server.tsx renders them. */
const htmlPage: Render = async (_request, context) =>
  new Response(`<html><script nonce="${context.cspNonce}">a()</script><p>Seite</p><script nonce="${context.cspNonce}">b()</script></html>`, {
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  })

/** A page long enough to be kept compressed (MIN_ENCODED_BYTES). */
const longPage: Render = async (_request, context) =>
  new Response(`<html><script nonce="${context.cspNonce}">a()</script><p>${'Gebrauchtwagen in Essen '.repeat(100)}</p></html>`, {
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  })

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

/**
 * The production pipeline (createServer) around a stub render, listening on a free port; `send`
 * makes a request to it over HTTP, as a visitor would.
 */
async function createSite(render: Render, env: Record<string, string> = {}, options: { now?: () => number; lake?: ContentLake; mode?: string } = {}) {
  const contentRevision = new ContentRevision()
  const lake = new ObservedLake(options.lake ?? stubLake(), contentRevision)
  const renderSpy = vi.fn(render)
  const logs = captureLogs()
  const { server, site } = createServer({
    context: { env: parseEnv({ NODE_ENV: 'production', ...env }), lake, contentRevision },
    render: renderSpy,
    now: options.now,
    mode: options.mode,
    root: tmpdir(),
    logger: logs.logger,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  closers.push(() => new Promise((resolve) => server.close(() => resolve())))
  // Posts come from the site's own pages (the same-origin rule in front of the site refuses others).
  const send = (path: string, headers: Record<string, string> = BROWSER, method = 'GET') =>
    fetch(`${base}${path}`, { method, headers: method === 'POST' ? { origin: base, ...headers } : headers })
  return { site, base, send, renderSpy, lake, contentRevision, logs }
}

/** A GET over plain HTTP, body as sent (fetch() would decode it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`

function nonceOf(response: Response) {
  return /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
}

describe('Site: the page cache', () => {
  it('renders the first request (MISS, nonce) and answers the next from the cache (HIT): the scripts allowed by their hashes, no nonce left', async () => {
    const { send, renderSpy } = await createSite(htmlPage)
    const first = await send('/')
    const firstBody = await first.text()
    expect(first.headers.get('x-cache')).toBe('MISS')
    // Its nonce is this answer's own: no shared cache may keep it (security review 2026-11-29, 1).
    expect(first.headers.get('cache-control')).toBe(CACHE_CONTROL.renderedPage)
    const firstNonce = nonceOf(first)
    expect(firstNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(firstBody.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${firstNonce}"`, `nonce="${firstNonce}"`])

    const second = await send('/')
    const secondBody = await second.text()
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(renderSpy).toHaveBeenCalledTimes(1)
    expect(secondBody).toBe(firstBody.replaceAll(` nonce="${firstNonce}"`, ''))
    const policy = second.headers.get('content-security-policy')!
    expect(policy).not.toContain('nonce')
    expect(policy).toContain(`script-src 'self' 'strict-dynamic' '${sha256('a()')}' '${sha256('b()')}';`)
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(secondBody)))
    expect(second.headers.get('cache-control')).toBe(CACHE_CONTROL.page)
    expect(second.headers.get('vary')).toBe('Accept-Encoding')
    expect(second.headers.get('etag')).toMatch(/^"[\w-]{27}"$/)
    // Every hit is the same stored answer.
    const third = await send('/')
    expect(await third.text()).toBe(secondBody)
    expect(third.headers.get('content-security-policy')).toBe(policy)
  })

  it('a hit in the encoding the client takes best (br, gzip, else as stored; q=0 refuses), each with its own ETag', async () => {
    const { base, send } = await createSite(longPage)
    const plain = await (await send('/')).text()
    const stored = plain.replace(/ nonce="[^"]+"/, '')
    const cases: Array<[string | undefined, string | undefined]> = [
      ['gzip, deflate, br', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0, br;q=0', undefined],
      ['deflate', undefined],
      ['identity', undefined],
      [undefined, undefined],
    ]
    const etags = new Map<string | undefined, string>()
    for (const [acceptEncoding, expected] of cases) {
      const hit = await rawGet(
        `${base}/`,
        acceptEncoding === undefined ? { 'user-agent': BROWSER['user-agent'] } : { ...BROWSER, 'accept-encoding': acceptEncoding },
      )
      expect([acceptEncoding, hit.headers['x-cache'], hit.headers['content-encoding']]).toEqual([acceptEncoding, 'HIT', expected])
      expect(hit.headers['content-length']).toBe(String(hit.body.byteLength))
      expect(hit.headers.vary).toBe('Accept-Encoding')
      const body = expected === 'br' ? brotliDecompressSync(hit.body) : expected === 'gzip' ? gunzipSync(hit.body) : hit.body
      expect(body.toString()).toBe(stored)
      if (etags.has(expected)) expect(hit.headers.etag).toBe(etags.get(expected))
      etags.set(expected, hit.headers.etag!)
    }
    expect(new Set(etags.values()).size).toBe(3)
  })

  it('If-None-Match with the ETag of the representation the client gets: 304 without a body; another or a stale one: 200', async () => {
    const { base, send, contentRevision } = await createSite(longPage)
    await (await send('/')).text()
    const hit = await rawGet(`${base}/`, { ...BROWSER, 'accept-encoding': 'br' })
    const etag = hit.headers.etag!
    const revalidated = await rawGet(`${base}/`, { ...BROWSER, 'accept-encoding': 'br', 'if-none-match': `"other", W/${etag}` })
    expect(revalidated.status).toBe(304)
    expect(revalidated.body.byteLength).toBe(0)
    expect(revalidated.headers.etag).toBe(etag)
    expect(revalidated.headers['cache-control']).toBe(CACHE_CONTROL.page)
    expect(revalidated.headers['content-security-policy']).toBe(hit.headers['content-security-policy'])
    expect(revalidated.headers['content-length']).toBeUndefined()
    expect(revalidated.headers['x-cache']).toBe('HIT')
    // The tag names what it was given for: the same page as stored (identity) is another representation.
    expect((await rawGet(`${base}/`, { ...BROWSER, 'if-none-match': etag })).status).toBe(200)
    // After a publish the page is rendered again (200); the old tag no longer matches the page kept then.
    contentRevision.bump()
    const changed = await rawGet(`${base}/`, { ...BROWSER, 'accept-encoding': 'br', 'if-none-match': etag })
    expect([changed.status, changed.headers['x-cache']]).toEqual([200, 'MISS'])
  })

  it('a lake write and the webhook (a revision bump) make the next request render again', async () => {
    const { send, renderSpy, lake, contentRevision } = await createSite(htmlPage)
    await (await send('/')).text()
    await lake.mutate([{ create: { _type: 'contactMessage' } }])
    const afterWrite = await send('/')
    expect(afterWrite.headers.get('x-cache')).toBe('MISS')
    await afterWrite.text() // stored once the body has gone out
    expect((await send('/')).headers.get('x-cache')).toBe('HIT')
    contentRevision.bump()
    const afterWebhook = await send('/')
    expect(afterWebhook.headers.get('x-cache')).toBe('MISS')
    await afterWebhook.text()
    expect(renderSpy).toHaveBeenCalledTimes(3)
  })

  it('a failed write also outdates the cache (it may have landed)', async () => {
    const revision = new ContentRevision()
    const timingOut: ContentLake = { ...stubLake(), mutate: async () => Promise.reject(new Error('timeout')) }
    const lake = new ObservedLake(timingOut, revision)
    await expect(lake.mutate([])).rejects.toThrow('timeout')
    expect(revision.current).toBe(1)
  })

  it('pages expire after PAGE_CACHE_TTL seconds', async () => {
    let now = 0
    const { send } = await createSite(htmlPage, { PAGE_CACHE_TTL: '10' }, { now: () => now })
    await (await send('/')).text()
    now = 9_999
    expect((await send('/')).headers.get('x-cache')).toBe('HIT')
    now = 10_000
    expect((await send('/')).headers.get('x-cache')).toBe('MISS')
  })

  it('a development build has no page cache', async () => {
    const { site, send, renderSpy } = await createSite(htmlPage, {}, { mode: 'development' })
    expect(site.cache).toBeUndefined()
    await (await send('/')).text()
    expect((await send('/')).headers.get('x-cache')).toBe('BYPASS')
    expect(renderSpy).toHaveBeenCalledTimes(2)
  })

  it('PAGE_CACHE_TTL=0 switches the cache off', async () => {
    const { site, send, renderSpy } = await createSite(htmlPage, { PAGE_CACHE_TTL: '0' })
    await (await send('/')).text()
    const second = await send('/')
    expect(second.headers.get('x-cache')).toBe('BYPASS')
    expect(renderSpy).toHaveBeenCalledTimes(2)
    expect(site.cache).toBeUndefined()
  })

  it('bypasses requests with cookies or credentials, and never stores posts', async () => {
    const { send, renderSpy } = await createSite(htmlPage)
    await (await send('/', { ...BROWSER, cookie: 'session=1' })).text()
    await (await send('/', { ...BROWSER, authorization: 'Basic eA==' })).text()
    const post = await send('/', BROWSER, 'POST')
    await post.text()
    expect(post.headers.get('x-cache')).toBe('BYPASS')
    expect(post.headers.get('cache-control')).toBe(CACHE_CONTROL.noStore)
    expect((await send('/')).headers.get('x-cache')).toBe('MISS')
    expect(renderSpy).toHaveBeenCalledTimes(4)
  })

  it('never stores answers that set cookies, are not 200, are marked no-store, or are HEAD requests', async () => {
    const answers: Record<string, Response> = {}
    const render: Render = async (request) => answers[new URL(request.url).pathname]!
    const { send, renderSpy } = await createSite(render)
    const html = { 'Content-Type': 'text/html' }
    for (let round = 0; round < 2; round++) {
      answers['/cookie'] = new Response('x', { headers: { ...html, 'Set-Cookie': 'a=1' } })
      answers['/missing'] = new Response('x', { status: 404, headers: html })
      answers['/form'] = new Response('x', { headers: { ...html, 'Cache-Control': 'no-store' } })
      answers['/head'] = new Response(null, { headers: html })
      for (const path of ['/cookie', '/missing', '/form']) expect((await send(path)).headers.get('x-cache')).toBe('MISS')
      expect((await send('/head', BROWSER, 'HEAD')).headers.get('x-cache')).toBe('MISS')
    }
    expect(renderSpy).toHaveBeenCalledTimes(8)
  })

  it('answers HEAD from a page stored by GET, without a body', async () => {
    const { send } = await createSite(htmlPage)
    await (await send('/')).text()
    const head = await send('/', BROWSER, 'HEAD')
    expect(head.headers.get('x-cache')).toBe('HIT')
    expect(await head.text()).toBe('')
  })

  it('stores a streamed page only once it is complete, and not at all when the client went away', async () => {
    const releases = new Map<string, () => void>()
    const released = new Map<string, Promise<void>>()
    const gate = (path: string) => released.get(path) ?? released.set(path, new Promise((resolve) => releases.set(path, resolve))).get(path)!
    const release = (path: string) => {
      void gate(path)
      releases.get(path)!()
    }
    /** Per path: resolves once the render has written its last part (into a stream the visitor may have left). */
    const written = new Map<string, Promise<void>>()
    /** Per path: resolves once the server has noticed that the visitor left (the request's signal aborts). */
    const left = new Map<string, Promise<void>>()
    const render: Render = async (request, context) => {
      const path = new URL(request.url).pathname
      const released = gate(path)
      const encoder = new TextEncoder()
      let done = () => {}
      written.set(path, new Promise((resolve) => (done = resolve)))
      left.set(path, new Promise((resolve) => request.signal.addEventListener('abort', () => resolve(), { once: true })))
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(`<p>Shell</p><script nonce="${context.cspNonce}">1</script>`))
          await released
          try {
            controller.enqueue(encoder.encode('<p>Fahrzeuge</p>'))
            controller.close()
          } catch {
            // Cancelled: the stream takes nothing more.
          }
          done()
        },
      })
      return new Response(body, { headers: { 'Content-Type': 'text/html' } })
    }
    const { site, send } = await createSite(render)
    const first = await send('/')
    const reader = first.body!.getReader()
    await reader.read()
    expect(site.cache!.size).toBe(0)
    release('/')
    while (!(await reader.read()).done);
    expect(site.cache!.size).toBe(1)
    expect(await (await send('/')).text()).toContain('<p>Fahrzeuge</p>')

    // The visitor leaves while the page still streams; the rest arrives after the connection closed.
    const cut = await send('/other')
    await cut.body!.cancel()
    await left.get('/other')
    release('/other')
    await written.get('/other')
    // Whatever the copy does with the end of the stream runs in the turns after the last write.
    await new Promise((resolve) => setImmediate(resolve))
    expect(site.cache!.stale('/other')).toBeUndefined()
    expect(site.cache!.size).toBe(1)
  })

  it('does not keep a page during which a lake read failed (a streamed part showed an error note)', async () => {
    const failing = stubLake(async () => Promise.reject(new Error('lake down')))
    const render: Render = async (_request, context) => {
      const note = await context.lake.fetch('*').then(
        () => 'ok',
        () => 'Fahrzeuge konnten nicht geladen werden',
      )
      return new Response(`<p>${note}</p>`, { headers: { 'Content-Type': 'text/html' } })
    }
    const { site, send } = await createSite(render, {}, { lake: failing })
    const response = await send('/')
    expect(response.status).toBe(200)
    await response.text()
    expect(site.cache!.size).toBe(0)
  })

  it('serves the last good page when rendering fails (stale-if-error), whatever its age or revision', async () => {
    let failing = false
    const render: Render = async (request, context) =>
      failing ? new Response('Fehler', { status: 500, headers: { 'Content-Type': 'text/html' } }) : htmlPage(request, context)
    let now = 0
    const { send, contentRevision, logs } = await createSite(render, {}, { now: () => now })
    await (await send('/')).text()
    failing = true
    contentRevision.bump()
    now = 10 * 3_600_000
    const stale = await send('/')
    expect(stale.status).toBe(200)
    expect(stale.headers.get('x-cache')).toBe('STALE')
    const body = await stale.text()
    expect(body).toBe(`<html><script>a()</script><p>Seite</p><script>b()</script></html>`)
    expect(stale.headers.get('content-security-policy')).toContain(`'strict-dynamic' '${sha256('a()')}' '${sha256('b()')}'`)
    await (await send('/')).text()
    const staleWarnings = () => logs.at(LEVEL.warn).filter((line) => line.msg.startsWith('Seiten-Cache'))
    await vi.waitFor(() => expect(staleWarnings()).toHaveLength(1)) // once per outage
    expect(staleWarnings()[0]).toMatchObject({ key: '/', status: 500 })
    // A URL never rendered successfully gets the error itself.
    const error = await send('/never')
    expect(error.status).toBe(500)
    expect(error.headers.get('cache-control')).toBe(CACHE_CONTROL.noStore)
  })

  it('a render that throws becomes a plain 500 (or the stale page)', async () => {
    const { send, logs } = await createSite(async () => Promise.reject(new Error('boom')))
    const response = await send('/')
    expect(response.status).toBe(500)
    // The 500 page's words, saying what to do (copy review 2026-11-29, M15); JSON for the API.
    const failed = 'Diese Seite kann gerade nicht angezeigt werden. Bitte versuchen Sie es in einigen Minuten erneut. Wir kümmern uns darum.'
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await response.text()).toBe(failed)
    const api = await send('/api/vehicles')
    expect(api.status).toBe(500)
    expect(await api.json()).toEqual({ error: failed })
    // The stack stays on the server, in one error line with the request id.
    const [error] = logs.at(LEVEL.error)
    expect(error).toMatchObject({ msg: 'Fehler beim Rendern', reqId: response.headers.get('x-request-id'), err: { message: 'boom' } })
    expect(String((error!.err as { stack: string }).stack)).toContain('Error: boom')
  })
})

describe('Site: the sitemap and the API list come from the cache per content revision (security review finding 5)', () => {
  let test: TestLake
  let fetches = 0
  afterEach(async () => {
    await test.close()
  })

  /**
   * The production pipeline with the real loaders of /sitemap.xml and /api/vehicles (what Remix
   * would call for these paths) over the seed lake, every lake read counted. Without `local`, the
   * list is read by GROQ, as on Sanity: one counted fetch per computed answer.
   */
  async function sharedAnswersSite() {
    test = await openTestLake('embedded')
    fetches = 0
    const embedded = test.lake
    const counting: ContentLake = {
      kind: embedded.kind,
      fetch: (query, params, options) => {
        fetches++
        return embedded.fetch(query, params, options)
      },
      mutate: (mutations) => embedded.mutate(mutations),
    }
    const render: Render = async (request, context) => {
      const args = { request, context, params: {} }
      const { pathname } = new URL(request.url)
      if (pathname === '/sitemap.xml') return sitemap(args)
      if (pathname === '/api/vehicles') return apiVehicles(args)
      return new Response('Nicht gefunden', { status: 404, headers: { 'Content-Type': 'text/plain' } })
    }
    return createSite(render, {}, { lake: counting })
  }

  const ids = async (response: Response) => ((await response.json()) as Array<{ id: string }>).map((vehicle) => vehicle.id)

  it('the second request, with another junk parameter, is a hit without a lake read; a write makes the next a miss with the new content', async () => {
    const { send, lake } = await sharedAnswersSite()
    for (const [path, junk] of [
      ['/api/vehicles', 'z'],
      ['/sitemap.xml', 'z'],
    ]) {
      const first = await send(`${path}?${junk}=1`)
      expect(first.status).toBe(200)
      expect(first.headers.get('x-cache')).toBe('MISS')
      const firstBody = await first.text()
      const read = fetches
      expect(read).toBeGreaterThan(0)
      const second = await send(`${path}?${junk}=2`)
      expect(second.headers.get('x-cache')).toBe('HIT')
      expect(await second.text()).toBe(firstBody)
      expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'))
      expect(second.headers.get('cache-control')).toBe(first.headers.get('cache-control'))
      expect(fetches).toBe(read)
      fetches = 0
    }

    expect(await ids(await send('/api/vehicles?z=3'))).toContain('7')
    await patchDocument(lake, 'vehicle-7', { set: { status: 'sold' } })
    fetches = 0
    const afterWrite = await send('/api/vehicles?z=4')
    expect(afterWrite.headers.get('x-cache')).toBe('MISS')
    expect(await ids(afterWrite)).not.toContain('7')
    expect(fetches).toBe(1)
    const sitemapAfterWrite = await send('/sitemap.xml?z=4')
    expect(sitemapAfterWrite.headers.get('x-cache')).toBe('MISS')
    expect(await sitemapAfterWrite.text()).not.toContain('/vehicles/7<')
    expect(fetches).toBe(2)
    expect((await send('/api/vehicles?z=5')).headers.get('x-cache')).toBe('HIT')
    expect(fetches).toBe(2)
  })

  it('paged answers: one entry whatever the junk, order or alias; different pages apart', async () => {
    const { send } = await sharedAnswersSite()
    const first = await send('/api/vehicles?perPage=5&page=2&sort=price-asc&z=1')
    expect(first.headers.get('x-cache')).toBe('MISS')
    const firstIds = await ids(first)
    const read = fetches
    const same = await send('/api/vehicles?sort=PRICE-ASC&page=2&junk=x&perPage=5')
    expect(same.headers.get('x-cache')).toBe('HIT')
    expect(await ids(same)).toEqual(firstIds)
    expect(same.headers.get('link')).toBe(first.headers.get('link'))
    expect(same.headers.get('x-total-count')).toBe(first.headers.get('x-total-count'))
    expect(fetches).toBe(read)
    // Another page, and the unpaged list, are other answers.
    const third = await send('/api/vehicles?perPage=5&page=3&sort=price-asc')
    expect(third.headers.get('x-cache')).toBe('MISS')
    await third.text()
    const unpaged = await send('/api/vehicles?sort=price-asc')
    expect(unpaged.headers.get('x-cache')).toBe('MISS')
    expect((await ids(unpaged)).length).toBe(Number(first.headers.get('x-total-count')))
  })

  it('searched and filtered answers are computed, never kept: random filter values do not fill the cache (issue 35 item 7)', async () => {
    const { site, send } = await sharedAnswersSite()
    const before = site.cache!.size
    for (const url of ['/api/vehicles?search=kombi', '/api/vehicles?q=kombi&z=2', '/api/vehicles?priceTo=23456', '/api/vehicles?priceTo=23457&page=1']) {
      const response = await send(url)
      expect([url, response.status, response.headers.get('x-cache')]).toEqual([url, 200, 'BYPASS'])
      await response.text()
    }
    expect(site.cache!.size).toBe(before)
  })

  it('requests with a cookie (preview) or credentials bypass the cache and read the lake; an unusable parameter is a 400, never kept', async () => {
    const { send } = await sharedAnswersSite()
    await (await send('/api/vehicles')).text()
    fetches = 0
    for (const headers of [{ cookie: 'sanity-preview=1' }, { authorization: 'Bearer x' }] as Array<Record<string, string>>) {
      const response = await send('/api/vehicles', { ...BROWSER, ...headers })
      expect(response.headers.get('x-cache')).toBe('BYPASS')
      await response.text()
    }
    expect(fetches).toBe(2)
    const invalid = await send('/api/vehicles?perPage=0')
    expect(invalid.status).toBe(400)
    expect(invalid.headers.get('x-cache')).toBe('BYPASS')
  })

  it('a hit goes out in the encoding the client takes, compressed once when stored and kept in the cache’s byte count', async () => {
    const { site, base, send } = await sharedAnswersSite()
    const plain = await (await send('/api/vehicles')).text()
    const stored = site.cache!.bytes
    const brotli = await rawGet(`${base}/api/vehicles?z=1`, { ...BROWSER, 'accept-encoding': 'br' })
    expect(brotli.headers['x-cache']).toBe('HIT')
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-length']).toBe(String(brotli.body.byteLength))
    expect(brotliDecompressSync(brotli.body).toString()).toBe(plain)
    const gzip = await rawGet(`${base}/api/vehicles?z=2`, { ...BROWSER, 'accept-encoding': 'gzip, br;q=0' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString()).toBe(plain)
    expect(stored).toBeGreaterThan(Buffer.byteLength(plain) + brotli.body.byteLength + gzip.body.byteLength)
    // The next hits send the kept bytes: nothing compressed again, nothing counted twice.
    const again = await rawGet(`${base}/api/vehicles?z=3`, { ...BROWSER, 'accept-encoding': 'br' })
    expect(again.body.equals(brotli.body)).toBe(true)
    // A client taking only deflate gets the stored body, not one compressed for it on every hit.
    const deflate = await rawGet(`${base}/api/vehicles?z=4`, { ...BROWSER, 'accept-encoding': 'deflate' })
    expect(deflate.headers['x-cache']).toBe('HIT')
    expect(deflate.headers['content-encoding']).toBeUndefined()
    expect(deflate.body.toString()).toBe(plain)
    expect(site.cache!.bytes).toBe(stored)
  })
})

describe('Site: headers of every rendered answer', () => {
  it('pages get the nonce policy, other answers the closed one; both the common headers', async () => {
    const json: Render = async () => Response.json({ ok: true }, { headers: { 'Cache-Control': CACHE_CONTROL.apiRead } })
    const { send } = await createSite(async (request, context) => (request.url.endsWith('/api/x') ? json(request, context) : htmlPage(request, context)))
    const page = await send('/')
    const api = await send('/api/x')
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self' 'nonce-")
    expect(api.headers.get('content-security-policy')).toMatch(/^default-src 'none'/)
    expect(api.headers.get('x-cache')).toBe('BYPASS')
    expect(api.headers.get('cache-control')).toBe(CACHE_CONTROL.apiRead)
    for (const response of [page, api]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      // An http:// SITE_URL here: no HSTS over plain HTTP (securityHeaders' own test has it over TLS).
      expect(response.headers.get('strict-transport-security')).toBeNull()
      expect(response.headers.get('x-robots-tag')).toBeNull()
    }
  })

  it('ALLOW_INDEXING=false marks every answer noindex, cached ones included', async () => {
    const { send } = await createSite(htmlPage, { ALLOW_INDEXING: 'false' })
    const miss = await send('/')
    expect(miss.headers.get('x-robots-tag')).toBe('noindex')
    await miss.text()
    const hit = await send('/')
    expect(hit.headers.get('x-cache')).toBe('HIT')
    expect(hit.headers.get('x-robots-tag')).toBe('noindex')
  })

  it('cacheControlFor: writes and errors never stored; the route policy, else page for documents and 301s, else no-store', () => {
    const headers = (values: Record<string, string>) => new Headers(values)
    expect(cacheControlFor('POST', 303, headers({ 'cache-control': CACHE_CONTROL.page }))).toBe(CACHE_CONTROL.noStore)
    expect(cacheControlFor('GET', 500, headers({ 'content-type': 'text/html', 'cache-control': CACHE_CONTROL.page }))).toBe(CACHE_CONTROL.noStore)
    expect(cacheControlFor('GET', 200, headers({ 'cache-control': CACHE_CONTROL.apiRead }))).toBe(CACHE_CONTROL.apiRead)
    expect(cacheControlFor('GET', 404, headers({ 'content-type': 'text/html' }))).toBe(CACHE_CONTROL.page)
    expect(cacheControlFor('GET', 200, headers({ 'content-type': 'text/x-script' }))).toBe(CACHE_CONTROL.page)
    expect(cacheControlFor('GET', 301, headers({}))).toBe(CACHE_CONTROL.page)
    expect(cacheControlFor('GET', 302, headers({}))).toBe(CACHE_CONTROL.noStore)
    expect(cacheControlFor('GET', 404, headers({ 'content-type': 'text/plain' }))).toBe(CACHE_CONTROL.noStore)
  })
})

describe('applySecurityHeaders', () => {
  const env = parseEnv({ NODE_ENV: 'production', SITE_URL: 'https://www.example.de', ALLOW_INDEXING: 'true' })

  it('sets every security header, and keeps what a route set stricter: noindex and no-referrer (a seller’s photo)', () => {
    const plain = applySecurityHeaders(new Headers(), 'resource', { env })
    expect(plain.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(plain.get('x-content-type-options')).toBe('nosniff')

    const photo = applySecurityHeaders(new Headers({ 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex, nofollow' }), 'resource', { env })
    expect(photo.get('referrer-policy')).toBe('no-referrer')
    expect(photo.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(photo.get('content-security-policy')).toContain("default-src 'none'")

    // A weaker policy a route might set is not kept.
    expect(applySecurityHeaders(new Headers({ 'Referrer-Policy': 'unsafe-url' }), 'resource', { env }).get('referrer-policy')).toBe(
      'strict-origin-when-cross-origin',
    )
  })
})
