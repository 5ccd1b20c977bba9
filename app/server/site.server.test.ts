import { type AppLoadContext } from '@remix-run/node'
import { describe, expect, it, vi } from 'vitest'
import { parseEnv } from '#app/env.server.ts'
import { type ContentLake } from '#app/sanity/lake.server.ts'
import { CACHE_CONTROL } from '#app/utils/http.server.ts'
import { ContentRevision, observeLake } from './content-revision.server'
import { cacheControlFor, Site } from './site.server'

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' }

function stubLake(fetch: ContentLake['fetch'] = async () => null as never): ContentLake {
  return { kind: 'embedded', fetch, mutate: async () => ({ transactionId: 't', results: [], documents: [] }) }
}

type Render = (request: Request, context: AppLoadContext) => Promise<Response>

/** A page whose inline scripts carry the nonce, as entry.server.tsx renders them. */
const htmlPage: Render = async (_request, context) =>
  new Response(`<html><script nonce="${context.cspNonce}">a()</script><p>Seite</p><script nonce="${context.cspNonce}">b()</script></html>`, {
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  })

function createSite(render: Render, env: Record<string, string> = {}, options: { now?: () => number; lake?: ContentLake } = {}) {
  const contentRevision = new ContentRevision()
  const lake = observeLake(options.lake ?? stubLake(), contentRevision)
  const renderSpy = vi.fn(render)
  const site = new Site({
    context: { env: parseEnv({ NODE_ENV: 'production', ...env }), lake, contentRevision },
    render: renderSpy,
    now: options.now,
  })
  return { site, renderSpy, lake, contentRevision }
}

function get(path: string, headers: Record<string, string> = BROWSER, method = 'GET') {
  return new Request(`http://localhost${path}`, { method, headers })
}

function nonceOf(response: Response) {
  return /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
}

describe('Site: the page cache', () => {
  it('renders the first request (MISS) and answers the second from the cache (HIT) with a new nonce in CSP and body', async () => {
    const { site, renderSpy } = createSite(htmlPage)
    const first = await site.handle(get('/'))
    const firstBody = await first.text()
    expect(first.headers.get('x-cache')).toBe('MISS')
    const second = await site.handle(get('/'))
    const secondBody = await second.text()
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(renderSpy).toHaveBeenCalledTimes(1)

    const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)]
    expect(firstNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(secondNonce).not.toBe(firstNonce)
    expect(firstBody.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${firstNonce}"`, `nonce="${firstNonce}"`])
    expect(secondBody.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${secondNonce}"`, `nonce="${secondNonce}"`])
    expect(secondBody.replaceAll(secondNonce!, '')).toBe(firstBody.replaceAll(firstNonce!, ''))
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(secondBody)))
    // Every hit gets its own nonce.
    const third = await site.handle(get('/'))
    expect(nonceOf(third)).not.toBe(secondNonce)
    expect(second.headers.get('cache-control')).toBe(CACHE_CONTROL.page)
  })

  it('a lake write and the webhook (a revision bump) make the next request render again', async () => {
    const { site, renderSpy, lake, contentRevision } = createSite(htmlPage)
    await (await site.handle(get('/'))).text()
    await lake.mutate([{ create: { _type: 'contactMessage' } }])
    const afterWrite = await site.handle(get('/'))
    expect(afterWrite.headers.get('x-cache')).toBe('MISS')
    await afterWrite.text() // stored once the body has gone out
    expect((await site.handle(get('/'))).headers.get('x-cache')).toBe('HIT')
    contentRevision.bump()
    const afterWebhook = await site.handle(get('/'))
    expect(afterWebhook.headers.get('x-cache')).toBe('MISS')
    await afterWebhook.text()
    expect(renderSpy).toHaveBeenCalledTimes(3)
  })

  it('a failed write also outdates the cache (it may have landed)', async () => {
    const revision = new ContentRevision()
    const timingOut: ContentLake = { ...stubLake(), mutate: async () => Promise.reject(new Error('timeout')) }
    const lake = observeLake(timingOut, revision)
    await expect(lake.mutate([])).rejects.toThrow('timeout')
    expect(revision.current).toBe(1)
  })

  it('pages expire after PAGE_CACHE_TTL seconds', async () => {
    let now = 0
    const { site } = createSite(htmlPage, { PAGE_CACHE_TTL: '10' }, { now: () => now })
    await (await site.handle(get('/'))).text()
    now = 9_999
    expect((await site.handle(get('/'))).headers.get('x-cache')).toBe('HIT')
    now = 10_000
    expect((await site.handle(get('/'))).headers.get('x-cache')).toBe('MISS')
  })

  it('a development build has no page cache', () => {
    const site = new Site({
      context: { env: parseEnv({}), lake: stubLake(), contentRevision: new ContentRevision() },
      render: htmlPage,
      mode: 'development',
    })
    expect(site.cache).toBeUndefined()
  })

  it('PAGE_CACHE_TTL=0 switches the cache off', async () => {
    const { site, renderSpy } = createSite(htmlPage, { PAGE_CACHE_TTL: '0' })
    await (await site.handle(get('/'))).text()
    const second = await site.handle(get('/'))
    expect(second.headers.get('x-cache')).toBe('BYPASS')
    expect(renderSpy).toHaveBeenCalledTimes(2)
    expect(site.cache).toBeUndefined()
  })

  it('bypasses requests with cookies or credentials, and never stores posts', async () => {
    const { site, renderSpy } = createSite(htmlPage)
    await (await site.handle(get('/', { ...BROWSER, cookie: 'session=1' }))).text()
    await (await site.handle(get('/', { ...BROWSER, authorization: 'Basic eA==' }))).text()
    const post = await site.handle(get('/', BROWSER, 'POST'))
    await post.text()
    expect(post.headers.get('x-cache')).toBe('BYPASS')
    expect(post.headers.get('cache-control')).toBe(CACHE_CONTROL.noStore)
    expect((await site.handle(get('/'))).headers.get('x-cache')).toBe('MISS')
    expect(renderSpy).toHaveBeenCalledTimes(4)
  })

  it('never stores answers that set cookies, are not 200, are marked no-store, or are HEAD requests', async () => {
    const answers: Record<string, Response> = {}
    const render: Render = async (request) => answers[new URL(request.url).pathname]!
    const { site, renderSpy } = createSite(render)
    const html = { 'Content-Type': 'text/html' }
    for (let round = 0; round < 2; round++) {
      answers['/cookie'] = new Response('x', { headers: { ...html, 'Set-Cookie': 'a=1' } })
      answers['/missing'] = new Response('x', { status: 404, headers: html })
      answers['/form'] = new Response('x', { headers: { ...html, 'Cache-Control': 'no-store' } })
      answers['/head'] = new Response(null, { headers: html })
      for (const path of ['/cookie', '/missing', '/form']) expect((await site.handle(get(path))).headers.get('x-cache')).toBe('MISS')
      expect((await site.handle(get('/head', BROWSER, 'HEAD'))).headers.get('x-cache')).toBe('MISS')
    }
    expect(renderSpy).toHaveBeenCalledTimes(8)
  })

  it('answers HEAD from a page stored by GET, without a body', async () => {
    const { site } = createSite(htmlPage)
    await (await site.handle(get('/'))).text()
    const head = await site.handle(get('/', BROWSER, 'HEAD'))
    expect(head.headers.get('x-cache')).toBe('HIT')
    expect(await head.text()).toBe('')
  })

  it('stores a streamed page only once it is complete, and not at all when the client went away', async () => {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const render: Render = async (_request, context) => {
      const encoder = new TextEncoder()
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(`<p>Shell</p><script nonce="${context.cspNonce}">1</script>`))
          await released
          controller.enqueue(encoder.encode('<p>Fahrzeuge</p>'))
          controller.close()
        },
      })
      return new Response(body, { headers: { 'Content-Type': 'text/html' } })
    }
    const { site } = createSite(render)
    const first = await site.handle(get('/'))
    const reader = first.body!.getReader()
    await reader.read()
    expect(site.cache!.size).toBe(0)
    release()
    while (!(await reader.read()).done);
    expect(site.cache!.size).toBe(1)
    expect(await (await site.handle(get('/'))).text()).toContain('<p>Fahrzeuge</p>')

    const cut = await site.handle(get('/other'))
    await cut.body!.cancel()
    expect(site.cache!.stale('/other')).toBeUndefined()
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
    const { site } = createSite(render, {}, { lake: failing })
    const response = await site.handle(get('/'))
    expect(response.status).toBe(200)
    await response.text()
    expect(site.cache!.size).toBe(0)
  })

  it('serves the last good page when rendering fails (stale-if-error), whatever its age or revision', async () => {
    let failing = false
    const render: Render = async (request, context) =>
      failing ? new Response('Fehler', { status: 500, headers: { 'Content-Type': 'text/html' } }) : htmlPage(request, context)
    let now = 0
    const { site, contentRevision } = createSite(render, {}, { now: () => now })
    await (await site.handle(get('/'))).text()
    failing = true
    contentRevision.bump()
    now = 10 * 3_600_000
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const stale = await site.handle(get('/'))
    expect(stale.status).toBe(200)
    expect(stale.headers.get('x-cache')).toBe('STALE')
    const body = await stale.text()
    expect(body).toContain('<p>Seite</p>')
    expect(body).toContain(`nonce="${nonceOf(stale)}"`)
    await (await site.handle(get('/'))).text()
    expect(warn).toHaveBeenCalledTimes(1) // once per outage
    // A URL never rendered successfully gets the error itself.
    const error = await site.handle(get('/never'))
    expect(error.status).toBe(500)
    expect(error.headers.get('cache-control')).toBe(CACHE_CONTROL.noStore)
    warn.mockRestore()
  })

  it('a render that throws becomes a plain 500 (or the stale page)', async () => {
    const { site } = createSite(async () => Promise.reject(new Error('boom')))
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await site.handle(get('/'))
    expect(response.status).toBe(500)
    expect(error).toHaveBeenCalled()
    error.mockRestore()
  })
})

describe('Site: headers of every rendered answer', () => {
  it('pages get the nonce policy, other answers the closed one; both the common headers', async () => {
    const json: Render = async () => Response.json({ ok: true }, { headers: { 'Cache-Control': CACHE_CONTROL.apiRead } })
    const { site } = createSite(async (request, context) => (request.url.endsWith('/api/x') ? json(request, context) : htmlPage(request, context)))
    const page = await site.handle(get('/'))
    const api = await site.handle(get('/api/x'))
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self' 'nonce-")
    expect(api.headers.get('content-security-policy')).toMatch(/^default-src 'none'/)
    expect(api.headers.get('x-cache')).toBe('BYPASS')
    expect(api.headers.get('cache-control')).toBe(CACHE_CONTROL.apiRead)
    for (const response of [page, api]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
      expect(response.headers.get('x-robots-tag')).toBeNull()
    }
  })

  it('ALLOW_INDEXING=false marks every answer noindex, cached ones included', async () => {
    const { site } = createSite(htmlPage, { ALLOW_INDEXING: 'false' })
    const miss = await site.handle(get('/'))
    expect(miss.headers.get('x-robots-tag')).toBe('noindex')
    await miss.text()
    const hit = await site.handle(get('/'))
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
