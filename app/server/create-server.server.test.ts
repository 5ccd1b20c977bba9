import { once } from 'node:events'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import http, { type Server } from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { type AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseEnv } from '#app/env.server.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { BodyTooLargeError, CACHE_CONTROL, jsonError, readBodyText } from '#app/utils/http.server.ts'
import { ContentRevision } from '#app/lake/content-revision.server.ts'
import { MAX_REQUEST_BODY } from '#app/utils/http.server.ts'
import { bodyLimitOf, createServer, SERVER_LIMITS, type ServerLimits } from './create-server.server'
import { inlineScriptHashes } from './security-headers.server'
import { STUDIO_UNAVAILABLE_HEADING } from './studio-unavailable.server'
import { captureLogs, LEVEL } from '#tests/log-capture.ts'

const STUDIO_HTML =
  '<!DOCTYPE html><html><head><script>window.boot=1</script></head><body><div id="sanity"></div><script type="module" src="/studio/static/sanity-AbCd_123.js"></script></body></html>'

const SANITY_ENV = { SANITY_PROJECT_ID: 'test-project', SANITY_DATASET: 'production', SANITY_WRITE_TOKEN: 'sk-test-token' }

describe('the request pipeline (createServer, as server.mjs runs it)', () => {
  let dir: string
  let base: string
  let close: () => Promise<void>
  const seen: Array<{ method: string; url: string; body: string; clientAddress?: string; nonce?: string; requestId?: string }> = []
  const logs = captureLogs()

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'express-site-'))
    await mkdir(path.join(dir, 'public/build'), { recursive: true })
    await mkdir(path.join(dir, 'build/studio/static'), { recursive: true })
    await writeFile(path.join(dir, 'public/favicon.svg'), '<svg/>')
    await writeFile(path.join(dir, 'public/build/entry-ABCD1234.js'), 'export {}')
    await writeFile(path.join(dir, 'build/studio/index.html'), STUDIO_HTML)
    await writeFile(path.join(dir, 'build/studio/static/sanity-AbCd_123.js'), 'export {}')
    await writeFile(path.join(dir, 'build/studio/static/manifest.webmanifest'), '{}')

    const render = async (request: Request, context: AppLoadContext) => {
      seen.push({
        method: request.method,
        url: request.url,
        body: await request.text(),
        clientAddress: context.clientAddress,
        nonce: context.cspNonce,
        requestId: context.requestId,
      })
      context.logger?.info('Aus dem Loader')
      if (new URL(request.url).pathname === '/api/echo')
        return Response.json({ ok: true }, { status: 201, headers: { 'Cache-Control': CACHE_CONTROL.noStore } })
      // An answer the pipeline fails on after the render (a bug of ours): Express's error handler answers, with the error's status.
      if (new URL(request.url).pathname.endsWith('/broken-answer')) {
        const status = Number(new URL(request.url).searchParams.get('status'))
        return {
          get status(): number {
            throw Object.assign(new Error('kaputt'), { status })
          },
        } as Response
      }
      const headers = new Headers({ 'Content-Type': 'text/html' })
      if (request.url.includes('cookie')) headers.append('Set-Cookie', 'a=1')
      if (request.url.includes('cookie')) headers.append('Set-Cookie', 'b=2')
      return new Response(`<script nonce="${context.cspNonce}"></script>`, { headers })
    }
    const { server } = createServer({
      // With a Sanity project, so the built Studio is served (on the embedded lake /studio explains instead, below).
      context: { env: parseEnv({ NODE_ENV: 'production', ...SANITY_ENV }), lake: {} as ContentLake, contentRevision: new ContentRevision() },
      render,
      root: dir,
      logger: logs.logger,
    })
    ;({ base, close } = await listening(server))
  })

  afterAll(async () => {
    await close()
    await rm(dir, { recursive: true, force: true })
  })

  it('a failure no page can show: the 500 page’s words as plain text, JSON for the API (copy review 2026-11-29, M15)', async () => {
    const failed = 'Diese Seite kann gerade nicht angezeigt werden. Bitte versuchen Sie es in einigen Minuten erneut. Wir kümmern uns darum.'
    const page = await fetch(`${base}/broken-answer?status=500`)
    expect(page.status).toBe(500)
    expect(page.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await page.text()).toBe(failed)
    const api = await fetch(`${base}/api/broken-answer?status=500`)
    expect(api.status).toBe(500)
    expect(api.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await api.json()).toEqual({ error: failed })
    // A client error keeps its status and says what to try.
    const unreadable = 'Diese Anfrage konnte nicht verarbeitet werden. Bitte prüfen Sie die Adresse oder laden Sie die Seite neu.'
    const bad = await fetch(`${base}/broken-answer?status=400`)
    expect([bad.status, await bad.text()]).toEqual([400, unreadable])
    const badApi = await fetch(`${base}/api/broken-answer?status=400`)
    expect([badApi.status, await badApi.json()]).toEqual([400, { error: unreadable }])
  })

  it('passes method, URL, body and client address to Remix, and sends status and headers back', async () => {
    const response = await fetch(`${base}/api/echo?x=1`, { method: 'POST', body: 'hallo', headers: { 'content-type': 'text/plain' } })
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/)
    expect(response.headers.get('x-cache')).toBe('BYPASS')
    const last = seen.at(-1)!
    // The URL carries SITE_URL's origin (here the default), never the Host the client sent.
    expect(last).toMatchObject({ method: 'POST', url: 'http://localhost:3000/api/echo?x=1', body: 'hallo' })
    expect(last.clientAddress).toMatch(/127\.0\.0\.1/)
  })

  it('every request gets an id (X-Request-Id, the load context, every log line) and one access line', async () => {
    const response = await fetch(`${base}/api/echo?log=1`, { method: 'POST', body: 'x' })
    const id = response.headers.get('x-request-id')!
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(seen.at(-1)!.requestId).toBe(id)
    await vi.waitFor(() => expect(logs.lines.filter((line) => line.reqId === id)).toHaveLength(2))
    const [fromLoader, access] = logs.lines.filter((line) => line.reqId === id)
    expect(fromLoader).toMatchObject({ level: LEVEL.info, msg: 'Aus dem Loader' })
    expect(access).toMatchObject({ level: LEVEL.info, msg: 'Anfrage', method: 'POST', path: '/api/echo?log=1', status: 201, cache: 'BYPASS' })
    expect(access!.ms).toEqual(expect.any(Number))

    // Without TRUST_PROXY every client is direct: its X-Request-Id is not taken (security review 2026-11-28, table 1 row 12).
    const direct = await fetch(`${base}/api/echo`, { method: 'POST', headers: { 'x-request-id': 'attacker-chosen-id-123' } })
    const directId = direct.headers.get('x-request-id')!
    expect(directId).toMatch(/^[0-9a-f-]{36}$/)
    expect(seen.at(-1)!.requestId).toBe(directId)
    await vi.waitFor(() => expect(logs.lines.find((line) => line.reqId === directId && line.msg === 'Anfrage')).toMatchObject({ path: '/api/echo' }))
    expect(logs.lines.some((line) => line.reqId === 'attacker-chosen-id-123')).toBe(false)
    // Page-cache hits are counted, a line a second with their counts (decision 104), not a line each.
    await (await fetch(`${base}/logged-page`)).text()
    for (const acceptEncoding of ['identity', 'gzip, deflate, br'])
      await (await fetch(`${base}/logged-page`, { headers: { 'accept-encoding': acceptEncoding } })).text()
    await vi.waitFor(() => expect(logs.lines.find((line) => line.msg === 'Antworten aus dem Seiten-Cache')).toBeDefined(), { timeout: 5000 })
    expect(logs.lines.find((line) => line.msg === 'Antworten aus dem Seiten-Cache')!.hits).toEqual([
      { method: 'GET', path: '/logged-page', status: 200, count: 2 },
    ])
    expect(logs.lines.filter((line) => line.path === '/logged-page').map((line) => line.cache)).toEqual(['MISS'])
  })

  it('a page: one CSP header with the nonce its scripts carry; the second request comes from the cache', async () => {
    const first = await fetch(`${base}/seite`)
    const body = await first.text()
    const policies = first.headers.get('content-security-policy')!
    expect(policies.split(',')).toHaveLength(1)
    const nonce = /'nonce-([^']+)'/.exec(policies)![1]!
    expect(body).toBe(`<script nonce="${nonce}"></script>`)
    expect(first.headers.get('x-cache')).toBe('MISS')
    // From the cache (in front of Express), whatever encoding the client takes: one policy, by hash, and no nonce left.
    for (const acceptEncoding of ['gzip, deflate, br', 'identity']) {
      const hit = await fetch(`${base}/seite`, { headers: { 'accept-encoding': acceptEncoding } })
      expect(hit.headers.get('x-cache')).toBe('HIT')
      expect(await hit.text()).toBe('<script></script>')
      expect(hit.headers.get('content-security-policy')!.split(',')).toHaveLength(1)
      expect(hit.headers.get('content-security-policy')).toContain("script-src 'self' 'strict-dynamic';")
      // An http:// SITE_URL here: no HSTS over plain HTTP (securityHeaders' own test has it over TLS).
      expect(hit.headers.get('strict-transport-security')).toBeNull()
      expect(hit.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(hit.headers.get('vary')).toBe('Accept-Encoding')
      expect(hit.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('cookies keep one Set-Cookie header each, and such a page is not cached', async () => {
    for (const expected of ['MISS', 'MISS']) {
      const response = await fetch(`${base}/with-cookie`)
      expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
      expect(response.headers.get('x-cache')).toBe(expected)
      await response.text()
    }
  })

  it('files: fingerprinted builds immutable, other public files an hour, each with the closed policy', async () => {
    const build = await fetch(`${base}/build/entry-ABCD1234.js`)
    expect(build.headers.get('cache-control')).toBe(CACHE_CONTROL.immutable)
    expect(build.headers.get('content-security-policy')).toMatch(/^default-src 'none'/)
    const icon = await fetch(`${base}/favicon.svg`)
    expect(icon.headers.get('cache-control')).toBe(CACHE_CONTROL.file)
    expect(icon.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('a file has one address: an encoded slash or backslash and a folder are left to the site (no alias, no English redirect page)', async () => {
    for (const alias of ['/vehicles/..%2ffavicon.svg', '/vehicles/..%5Cfavicon.svg', '/build/x/..%2Fentry-ABCD1234.js', '/build', '/build/']) {
      const answer = await fetch(`${base}${alias}`, { redirect: 'manual' })
      const body = await answer.text()
      expect([answer.status, body], alias).toEqual([200, expect.stringContaining('<script nonce=')])
      expect(seen.at(-1)?.url, alias).toContain(alias)
    }
  })

  it('the Studio: index.html with its own policy (inline script by hash) for every client route, revalidated; hashed files immutable', async () => {
    for (const route of ['/studio', '/studio/structure/vehicle']) {
      const index = await fetch(`${base}${route}`)
      expect(index.status).toBe(200)
      expect(await index.text()).toBe(STUDIO_HTML)
      expect(index.headers.get('cache-control')).toBe('no-cache')
      expect(index.headers.get('x-robots-tag')).toBe('noindex, nofollow')
      expect(index.headers.get('content-security-policy')).toContain(`'${inlineScriptHashes(STUDIO_HTML)[0]}'`)
    }
    const script = await fetch(`${base}/studio/static/sanity-AbCd_123.js`)
    expect(script.headers.get('cache-control')).toBe(CACHE_CONTROL.immutable)
    expect(script.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    const manifest = await fetch(`${base}/studio/static/manifest.webmanifest`)
    expect(manifest.headers.get('cache-control')).toBe(CACHE_CONTROL.file)
    // A missing bundle file is not answered with the Studio's HTML.
    const missing = await fetch(`${base}/studio/static/gone-12345678.js`)
    expect(await missing.text()).not.toContain('id="sanity"')
  })
})

describe('/studio on the embedded lake (no Sanity project: nobody could log in)', () => {
  let dir: string
  let base: string
  let close: () => Promise<void>
  const rendered: string[] = []

  beforeAll(async () => {
    // A built Studio lies there, as after `npm run build`; it is still not served.
    dir = await mkdtemp(path.join(tmpdir(), 'express-embedded-'))
    await mkdir(path.join(dir, 'build/studio/static'), { recursive: true })
    await writeFile(path.join(dir, 'build/studio/index.html'), STUDIO_HTML)
    await writeFile(path.join(dir, 'build/studio/static/sanity-AbCd_123.js'), 'export {}')
    const { server } = createServer({
      context: {
        env: parseEnv({ NODE_ENV: 'production', SITE_URL: 'https://www.autohaus.example', ALLOW_INDEXING: 'false' }),
        lake: {} as ContentLake,
        contentRevision: new ContentRevision(),
      },
      render: async (request) => {
        rendered.push(new URL(request.url).pathname)
        return new Response('Seite nicht gefunden', { status: 404 })
      },
      root: dir,
      logger: captureLogs().logger,
    })
    ;({ base, close } = await listening(server))
  })

  afterAll(async () => {
    await close()
    await rm(dir, { recursive: true, force: true })
  })

  it('/studio and every client route of it answer the German explanation: 200, no script, the pages’ policy, never indexed', async () => {
    for (const route of ['/studio', '/studio/', '/studio/structure/siteSettings', '/studio/intent/edit/id=siteSettings;type=siteSettings']) {
      const response = await fetch(`${base}${route}`)
      expect(response.status, route).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      const html = await response.text()
      expect(html).toContain(`<h1>${STUDIO_UNAVAILABLE_HEADING}</h1>`)
      expect(html).not.toContain('id="sanity"')
      expect(html).not.toMatch(/<script/i)
      // The CORS origin to enter is the site's own (SITE_URL).
      expect(html).toContain('<code>https://www.autohaus.example</code>')
      // ALLOW_INDEXING=false would say `noindex`; the Studio's address is never followed either.
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
      expect(response.headers.get('cache-control')).toBe(CACHE_CONTROL.revalidate)
      const policy = response.headers.get('content-security-policy') ?? ''
      expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'/)
      expect(policy).toContain("frame-ancestors 'none'")
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
    const head = await fetch(`${base}/studio`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(rendered).toEqual([])
  })

  it('the built Studio’s files are not served: a missing file is the site’s 404, not the explanation', async () => {
    const script = await fetch(`${base}/studio/static/sanity-AbCd_123.js`)
    expect(script.status).toBe(404)
    expect(await script.text()).toBe('Seite nicht gefunden')
    expect(rendered).toEqual(['/studio/static/sanity-AbCd_123.js'])
  })
})

/**
 * A pipeline whose "Remix" renders the path it was given as the page's title, and whose
 * /api/limited route reads at most 16 KB like the submission routes do.
 */
async function startSite(env: Record<string, string> = {}, limits?: ServerLimits) {
  const rendered: string[] = []
  let releaseEnd = () => {}
  const endReleased = new Promise<void>((resolve) => (releaseEnd = resolve))
  const logs = captureLogs()
  const render = async (request: Request) => {
    const url = new URL(request.url)
    rendered.push(url.href)
    if (url.pathname === '/api/limited') {
      try {
        const body = await readBodyText(request, 16 * 1024)
        return Response.json({ length: body.length }, { status: 201, headers: { 'Cache-Control': CACHE_CONTROL.noStore } })
      } catch (error) {
        if (error instanceof BodyTooLargeError) return jsonError(413, 'Die Anfrage ist zu groß (höchstens 16 KB).')
        throw error
      }
    }
    if (url.pathname === '/api/refuse-unread') return jsonError(429, 'Zu viele Anfragen.')
    // A page whose end waits until the client has read its beginning (a deferred section, as Remix streams them).
    if (url.pathname === '/streamed') {
      const encoder = new TextEncoder()
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode('<title>erst</title>'))
          await endReleased
          controller.enqueue(encoder.encode('<p>dann</p>'))
          controller.close()
        },
      })
      return new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
    }
    // A shell that React writes in many small pieces at once, then a part rendered later.
    if (url.pathname === '/shell') {
      const encoder = new TextEncoder()
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          for (let item = 1; item <= 40; item++) controller.enqueue(encoder.encode(`<li>${item}</li>`))
          await endReleased
          controller.enqueue(encoder.encode('<p>dann</p>'))
          controller.close()
        },
      })
      return new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
    }
    // An upload path: reads the whole body, however long it takes.
    if (url.pathname === '/api/leads') return Response.json({ length: (await request.arrayBuffer()).byteLength }, { status: 201 })
    return new Response(`<title>${url.pathname}${url.search}</title>`, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
  }
  const root = await mkdtemp(path.join(tmpdir(), 'site-root-'))
  const { server } = createServer({
    context: {
      env: parseEnv({ NODE_ENV: 'production', SITE_URL: 'https://www.autohaus.example', ...env }),
      lake: {} as ContentLake,
      contentRevision: new ContentRevision(),
    },
    render,
    root,
    limits,
    logger: logs.logger,
  })
  const listener = await listening(server)
  const close = async () => {
    await listener.close()
    await rm(root, { recursive: true, force: true })
  }
  return { port: listener.port, rendered, logs, close, releaseEnd }
}

/** Sends bytes as they are (no client normalises them) and collects what comes back until the server closes or `until` matches. */
function rawExchange(port: number, bytes: string | Buffer, until: RegExp = /$^/): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const received = () => Buffer.concat(chunks).toString('utf8')
    const done = () => {
      socket.destroy()
      resolve(received())
    }
    socket.on('data', (chunk) => {
      chunks.push(chunk)
      if (until.test(received())) done()
    })
    socket.on('end', done)
    socket.on('error', (error) => (chunks.length > 0 ? done() : reject(error)))
    socket.setTimeout(5_000, done)
    socket.write(bytes)
  })
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'

function get(port: number, path: string, headers: Record<string, string> = {}) {
  const lines = Object.entries({ Host: `127.0.0.1:${port}`, 'User-Agent': BROWSER, ...headers }).map(([name, value]) => `${name}: ${value}`)
  return rawExchange(port, `GET ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\nConnection: close\r\n\r\n`)
}

const titleOf = (answer: string) => /<title>([^<]*)<\/title>/.exec(answer)?.[1]
const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1])

describe('the URL Remix renders and the page cache keys on (security review, finding 1)', () => {
  const crafted: Array<{ name: string; headers: Record<string, string> }> = [
    { name: 'Host: x\\impressum#', headers: { Host: 'x\\impressum#' } },
    { name: 'Host: x/about#', headers: { Host: 'x/about#' } },
    { name: 'Host: x/vehicles.data#', headers: { Host: 'x/vehicles.data#' } },
    { name: 'Host: x/vehicles?search=ACHTUNG#', headers: { Host: 'x/vehicles?search=ACHTUNG#' } },
    { name: 'X-Forwarded-Host: x/about#', headers: { 'X-Forwarded-Host': 'x/about#' } },
    { name: 'X-Forwarded-Host: x\\impressum#', headers: { 'X-Forwarded-Host': 'x\\impressum#' } },
    { name: 'X-Forwarded-Proto: http://x/impressum#', headers: { 'X-Forwarded-Proto': 'http://x/impressum#' } },
  ]

  for (const trustProxy of [undefined, '127.0.0.1', 'loopback']) {
    describe(`TRUST_PROXY=${trustProxy ?? '(unset)'}`, () => {
      let site: Awaited<ReturnType<typeof startSite>>
      beforeAll(async () => {
        site = await startSite(trustProxy ? { TRUST_PROXY: trustProxy } : {})
      })
      afterAll(() => site.close())

      it.each(crafted)('$name never changes what the next visitor of / gets, on the page or the crawler key', async ({ headers }) => {
        for (const userAgent of [BROWSER, 'Googlebot/2.1 (+http://www.google.com/bot.html)']) {
          const attack = await get(site.port, '/?poison', { 'User-Agent': userAgent, ...headers })
          // Refused (400) or rendered for the path it asked for, with SITE_URL's origin.
          if (statusOf(attack) !== 400) expect(titleOf(attack)).toBe('/?poison')
          const victim = await get(site.port, '/?poison', { 'User-Agent': userAgent })
          expect(statusOf(victim)).toBe(200)
          expect(titleOf(victim)).toBe('/?poison')
        }
        expect(site.rendered.every((href) => href.startsWith('https://www.autohaus.example/'))).toBe(true)
      })
    })
  }

  it('a request target like //evil.example stays a path on the site', async () => {
    const site = await startSite()
    const answer = await get(site.port, '//evil.example/x')
    expect(titleOf(answer)).toBe('//evil.example/x')
    expect(site.rendered).toEqual(['https://www.autohaus.example//evil.example/x'])
    await site.close()
  })

  it.each(['https://www.autohaus.example', 'http://localhost:3000', 'http://[::1]:3000'])(
    'an absolute-form request line (GET http://evil.example/about) renders the path on SITE_URL’s origin (%s)',
    async (siteUrl) => {
      const site = await startSite({ SITE_URL: siteUrl })
      const answer = await rawExchange(site.port, 'GET http://evil.example:8080/about?x=1 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n')
      expect(titleOf(answer)).toBe('/about?x=1')
      expect(site.rendered).toEqual([`${siteUrl}/about?x=1`])
      await site.close()
    },
  )
})

describe('the one same-origin rule for posts (docs/decisions/008)', () => {
  const SITE = 'https://www.autohaus.example'
  const FORM = 'application/x-www-form-urlencoded'
  type Sender = { name: string; headers: (addressed: string) => Record<string, string> }
  const own: Sender[] = [
    { name: "SITE_URL's origin", headers: () => ({ origin: SITE }) },
    { name: 'the origin the client addressed', headers: (addressed) => ({ origin: addressed }) },
    { name: 'no Origin, an own Referer', headers: () => ({ referer: `${SITE}/kontakt?x=1` }) },
  ]
  const foreign: Sender[] = [
    { name: 'a foreign Origin', headers: () => ({ origin: 'https://evil.example' }) },
    { name: 'another port', headers: (addressed) => ({ origin: addressed.replace(/:(\d+)$/, (_, port: string) => `:${Number(port) + 1}`) }) },
    { name: 'another scheme', headers: () => ({ origin: 'http://www.autohaus.example' }) },
    { name: 'Origin: null', headers: () => ({ origin: 'null' }) },
    { name: 'no Origin, a foreign Referer', headers: () => ({ referer: 'https://evil.example/formular' }) },
    { name: 'no Origin, a Referer that is no URL', headers: () => ({ referer: 'kein url' }) },
    { name: 'a foreign Origin with an own Referer', headers: () => ({ origin: 'https://evil.example', referer: `${SITE}/` }) },
  ]
  const none: Sender = { name: 'neither Origin nor Referer', headers: () => ({}) }
  const targets = [
    { name: 'a page form post', path: '/?index', type: FORM, api: false },
    { name: 'a multipart page form post', path: '/kontakt', type: 'multipart/form-data; boundary=x', api: false },
    { name: 'a form-encoded API post', path: '/api/limited', type: FORM, api: true },
    { name: 'a JSON API post', path: '/api/limited', type: 'application/json', api: true },
  ]
  const table = targets.flatMap((target) => [
    ...own.map((sender) => ({ target, sender, allowed: true })),
    ...foreign.map((sender) => ({ target, sender, allowed: false })),
    // Browsers send Origin with every POST: without both headers only non-browser clients of the API pass.
    { target, sender: none, allowed: target.api },
  ])

  let site: Awaited<ReturnType<typeof startSite>>
  beforeAll(async () => {
    site = await startSite()
  })
  afterAll(() => site.close())

  it.each(table.map((row) => ({ ...row, label: `${row.target.name} from ${row.sender.name}: ${row.allowed ? 'passes' : '403'}` })))(
    '$label',
    async ({ target, sender, allowed }) => {
      const addressed = `http://127.0.0.1:${site.port}`
      const before = site.rendered.length
      const response = await fetch(`${addressed}${target.path}`, {
        method: 'POST',
        headers: { 'content-type': target.type, ...sender.headers(addressed) },
        body: target.type === 'application/json' ? '{}' : target.type === FORM ? 'name=Max' : '--x--',
      })
      const reached = site.rendered.length > before
      if (allowed) {
        expect(response.status).not.toBe(403)
        expect(reached).toBe(true)
        return
      }
      expect(response.status).toBe(403)
      // Refused before any route read the body or counted it against the submission limit.
      expect(reached).toBe(false)
      if (target.api) expect(await response.json()).toEqual({ error: 'Anfragen von fremden Websites werden nicht angenommen.' })
      else expect(await response.text()).toContain('nicht über ein Formular dieser Website gesendet')
    },
  )

  it("a mail client's one-click unsubscribe reaches its route from its web app's origin (RFC 8058: the signed address is the authority)", async () => {
    const before = site.rendered.length
    const response = await fetch(`http://127.0.0.1:${site.port}/api/benachrichtigung/abmelden?t=x`, {
      method: 'POST',
      headers: { 'content-type': FORM, origin: 'https://mail.example' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(response.status).not.toBe(403)
    expect(site.rendered.slice(before)).toEqual([`${SITE}/api/benachrichtigung/abmelden?t=x`])
  })

  it.each(['/api/../kontakt', '/api/%2e%2e/kontakt'])(
    'a page form post spelled %s is a page form post: without Origin and Referer 403, the page never reached (security walk 2026-12-03)',
    async (spelling) => {
      const before = site.rendered.length
      const body = 'name=Max'
      const answer = await rawExchange(
        site.port,
        `POST ${spelling} HTTP/1.1\r\nHost: 127.0.0.1:${site.port}\r\nContent-Type: ${FORM}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      )
      expect(statusOf(answer)).toBe(403)
      expect(answer).toContain('nicht über ein Formular dieser Website gesendet')
      expect(site.rendered.length).toBe(before)
    },
  )
})

describe('streamed pages (the Node ↔ Fetch bridge, docs/decisions/092)', () => {
  it('the beginning of a page reaches a gzip-taking browser before its end is rendered (the compression middleware is flushed once what is ready is written)', async () => {
    const site = await startSite()
    try {
      const response = await fetch(`http://127.0.0.1:${site.port}/streamed`, { headers: { 'accept-encoding': 'gzip' } })
      expect(response.headers.get('content-encoding')).toBe('gzip')
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
      let text = ''
      // Without a flush the first part stays in gzip's buffer and this waits until the test's timeout.
      while (!text.includes('<title>erst</title>')) text += (await reader.read()).value ?? ''
      expect(text).not.toContain('dann')
      site.releaseEnd()
      for (let part = await reader.read(); !part.done; part = await reader.read()) text += part.value
      expect(text).toBe('<title>erst</title><p>dann</p>')
    } finally {
      await site.close()
    }
  })

  it('what is ready at once leaves as one compressed piece, not one per chunk (forty pieces of a shell, one flush)', async () => {
    const site = await startSite()
    try {
      const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get({ port: site.port, path: '/shell', headers: { 'accept-encoding': 'gzip' } }, resolve).on('error', reject),
      )
      expect(response.headers['content-encoding']).toBe('gzip')
      const raw: Buffer[] = []
      let text = ''
      const gunzip = zlib.createGunzip().on('data', (part: Buffer) => (text += part.toString()))
      response.on('data', (part: Buffer) => {
        raw.push(part)
        gunzip.write(part)
      })
      await vi.waitFor(() => expect(text).toContain('<li>40</li>'))
      // Each flush of gzip ends in an empty block, 00 00 FF FF: one for the forty pieces of the shell.
      expect(flushesIn(Buffer.concat(raw))).toBe(1)
      site.releaseEnd()
      await once(response, 'end')
      gunzip.end()
      await once(gunzip, 'end')
      // The last part and the end leave together: the end writes out what gzip holds.
      expect(flushesIn(Buffer.concat(raw))).toBe(1)
      expect(text).toBe(`${Array.from({ length: 40 }, (_, index) => `<li>${index + 1}</li>`).join('')}<p>dann</p>`)
    } finally {
      await site.close()
    }
  })
})

const GZIP_FLUSH_END = Buffer.from([0x00, 0x00, 0xff, 0xff])

/** How many flushes a raw gzip stream holds: each ends in an empty stored block. */
function flushesIn(bytes: Buffer): number {
  let count = 0
  for (let at = bytes.indexOf(GZIP_FLUSH_END); at !== -1; at = bytes.indexOf(GZIP_FLUSH_END, at + 1)) count++
  return count
}

describe('X-Request-Id from the trusted proxy (docs/decisions/024)', () => {
  it('behind TRUST_PROXY the proxy’s id is kept, so one id follows the request through nginx and the app; a strange one is replaced', async () => {
    const site = await startSite({ TRUST_PROXY: 'loopback' })
    try {
      const proxied = await get(site.port, '/seite', { 'X-Request-Id': 'nginx-4f2a9c01b7' })
      expect(proxied).toMatch(/^x-request-id: nginx-4f2a9c01b7\r$/im)
      await vi.waitFor(() => expect(site.logs.lines.find((line) => line.reqId === 'nginx-4f2a9c01b7')).toMatchObject({ path: '/seite' }))
      const odd = await get(site.port, '/seite', { 'X-Request-Id': 'a b' })
      expect(odd).toMatch(/^x-request-id: [0-9a-f-]{36}\r$/im)
    } finally {
      await site.close()
    }
  })

  it('a proxy that is not the trusted one (here TRUST_PROXY names another address) cannot set the id', async () => {
    const site = await startSite({ TRUST_PROXY: '10.0.0.1' })
    try {
      const answer = await get(site.port, '/seite', { 'X-Request-Id': 'nginx-4f2a9c01b7' })
      expect(answer).toMatch(/^x-request-id: [0-9a-f-]{36}\r$/im)
      expect(answer).not.toContain('nginx-4f2a9c01b7')
    } finally {
      await site.close()
    }
  })
})

describe('requests refused before the site, with one log line (findings 8 and 14)', () => {
  let site: Awaited<ReturnType<typeof startSite>>
  beforeAll(async () => {
    site = await startSite({ TRUST_PROXY: 'loopback' })
  })
  afterAll(() => site.close())

  const cases: Array<{ name: string; request: string; status: number; allow?: boolean }> = [
    { name: 'TRACE', request: 'TRACE /about HTTP/1.1\r\nHost: a\r\n', status: 405, allow: true },
    { name: 'PUT', request: 'PUT / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n', status: 405, allow: true },
    { name: 'OPTIONS', request: 'OPTIONS /api/contacts HTTP/1.1\r\nHost: a\r\n', status: 405, allow: true },
    { name: 'PROPFIND', request: 'PROPFIND /about HTTP/1.1\r\nHost: a\r\n', status: 405, allow: true },
    { name: 'a port out of range', request: 'GET /about HTTP/1.1\r\nHost: a:99999\r\n', status: 400 },
    { name: 'a forwarded port out of range', request: 'GET /about HTTP/1.1\r\nHost: a\r\nX-Forwarded-Host: x:99999\r\n', status: 400 },
    { name: 'an encoded slash in Host', request: 'GET /about HTTP/1.1\r\nHost: x%2fabout#\r\n', status: 400 },
    { name: 'bad percent-encoding', request: 'GET /% HTTP/1.1\r\nHost: a\r\n', status: 400 },
    { name: 'bad percent-encoding on the API', request: 'GET /api/vehicles/% HTTP/1.1\r\nHost: a\r\n', status: 400 },
  ]

  it.each(cases)('$name → $status, one warning line, no stack', async ({ request, status, allow }) => {
    const before = site.logs.lines.length
    const answer = await rawExchange(site.port, `${request}Connection: close\r\n\r\n`)
    expect(statusOf(answer)).toBe(status)
    if (allow) expect(answer).toMatch(/\r\nAllow: GET, HEAD, POST\r\n/i)
    expect(answer).toMatch(/\r\nContent-Security-Policy: default-src 'none'/i)
    expect(answer).not.toMatch(/at \w+ \(|TypeError|URIError/)
    // One line: the access line, a warning with the reason; no error, no stack.
    await vi.waitFor(() => expect(site.logs.lines.length).toBe(before + 1))
    const [line] = site.logs.lines.slice(before)
    expect(line).toMatchObject({ level: LEVEL.warn, status })
    expect(line!.msg).toMatch(/^Anfrage abgewiesen: 4\d\d: /)
    expect(JSON.stringify(line)).not.toMatch(/\\n\s+at |TypeError|URIError/)
    expect(site.rendered).toEqual([])
  })

  it('the API answers its refusals in JSON', async () => {
    const answer = await rawExchange(site.port, 'GET /api/vehicles/% HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n')
    expect(answer).toMatch(/Content-Type: application\/json/i)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'Ungültige Anfrage-URL.' })
  })

  it('slow clients get seconds, not minutes', () => {
    expect(SERVER_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(10_000)
    expect(SERVER_LIMITS.requestTimeoutMs).toBeLessThanOrEqual(30_000)
    // Silence on an upload path: as nginx's client_body_timeout there.
    expect(SERVER_LIMITS.uploadSilenceMs).toBeLessThanOrEqual(60_000)
    expect(SERVER_LIMITS.checkIntervalMs).toBeLessThanOrEqual(SERVER_LIMITS.headersTimeoutMs / 2)
  })
})

describe('oversized and refused bodies close cleanly (finding 3, issue 13 item 6)', () => {
  let site: Awaited<ReturnType<typeof startSite>>
  beforeAll(async () => {
    site = await startSite()
  })
  afterAll(() => site.close())

  /** Two requests through one kept-alive connection, as Node's and browsers' agents send them. */
  async function twoOnOneConnection(first: { path: string; body: Buffer; chunked?: boolean }) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const send = (path: string, method: string, body?: Buffer, chunked = false) =>
      new Promise<{ status: number; body: string; connection?: string; socket: unknown }>((resolve, reject) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' }
        headers[chunked ? 'transfer-encoding' : 'content-length'] = chunked ? 'chunked' : String(body?.length ?? 0)
        const request = http.request({ host: '127.0.0.1', port: site.port, path, method, agent, headers }, (response) => {
          let text = ''
          response.on('data', (chunk) => (text += chunk))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, connection: response.headers.connection, socket: request.socket }))
        })
        request.on('error', reject)
        if (body) request.end(body)
        else request.end()
      })
    const big = await send(first.path, 'POST', first.body, first.chunked)
    const next = await send('/api/limited', 'POST', Buffer.from('{"a":1}'))
    agent.destroy()
    return { big, next }
  }

  it('a declared 200 KB body: 413 with its JSON error, the rest drained, the next request on the connection answered', async () => {
    const { big, next } = await twoOnOneConnection({ path: '/api/limited', body: Buffer.alloc(200 * 1024, 'a') })
    expect(big.status).toBe(413)
    expect(JSON.parse(big.body)).toEqual({ error: 'Die Anfrage ist zu groß (höchstens 16 KB).' })
    expect(next.status).toBe(201)
    expect(next.socket).toBe(big.socket)
  })

  it('a 429 before the body was read: the next request on the connection is answered', async () => {
    const { big, next } = await twoOnOneConnection({ path: '/api/refuse-unread', body: Buffer.alloc(100 * 1024, 'a') })
    expect(big.status).toBe(429)
    expect(next.status).toBe(201)
  })

  it('a chunked body over the limit: 413 with its JSON error (not a reset), then Connection: close', async () => {
    const { big, next } = await twoOnOneConnection({ path: '/api/limited', body: Buffer.alloc(40 * 1024, 'a'), chunked: true })
    expect(big.status).toBe(413)
    expect(JSON.parse(big.body).error).toMatch(/zu groß/)
    expect(big.connection).toBe('close')
    expect(next.status).toBe(201)
  })

  it('a declared body over 1 MB is refused before the site, and the connection closed', async () => {
    const answer = await rawExchange(
      site.port,
      `POST /api/limited HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n${'a'.repeat(1000)}`,
    )
    expect(statusOf(answer)).toBe(413)
    expect(answer).toMatch(/\r\nConnection: close\r\n/i)
    expect(answer).toContain('"error":"Die Anfrage ist zu groß (höchstens 1 MB)."')
  })

  it('a GET that declares a body over 1 MB is refused, even where the page is cached (hits answer only requests without a body)', async () => {
    await get(site.port, '/im-cache')
    expect(await get(site.port, '/im-cache')).toMatch(/\r\nX-Cache: HIT\r\n/i)
    const answer = await rawExchange(site.port, `GET /im-cache HTTP/1.1\r\nHost: a\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n${'a'.repeat(1000)}`)
    expect(statusOf(answer)).toBe(413)
    expect(answer).toMatch(/\r\nConnection: close\r\n/i)
  })

  it('a declared body over its limit, refused before the site, says what to do: on the sell page the photo limits, in German figures (copy review 2026-11-29, M15)', async () => {
    const { SALE_BODY_LIMIT } = await import('#app/submissions/photos.ts')
    const post = (path: string, bytes: number, type: string) =>
      rawExchange(site.port, `POST ${path} HTTP/1.1\r\nHost: a\r\nContent-Type: ${type}\r\nContent-Length: ${bytes}\r\n\r\n${'a'.repeat(1000)}`)
    const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4)
    // The sell page without JavaScript: a bare page, so it names the way back.
    const page = await post('/auto-verkaufen', SALE_BODY_LIMIT + 1, 'multipart/form-data; boundary=x')
    expect(statusOf(page)).toBe(413)
    expect(page).toMatch(/\r\nConnection: close\r\n/i)
    expect(page).toMatch(/\r\nContent-Type: text\/plain; charset=utf-8\r\n/i)
    expect(bodyOf(page)).toBe(
      'Ihre Fotos sind zusammen zu groß. Bitte gehen Sie im Browser zurück und wählen Sie höchstens 10 Fotos mit je bis zu 10 MB – oder rufen Sie uns an.',
    )
    // The sell form's script posts to the API, and shows its words in a toast.
    const api = await post('/api/leads', SALE_BODY_LIMIT + 1, 'multipart/form-data; boundary=x')
    expect(statusOf(api)).toBe(413)
    expect(JSON.parse(bodyOf(api))).toEqual({
      error: 'Ihre Fotos sind zusammen zu groß. Bitte senden Sie höchstens 10 Fotos mit je bis zu 10 MB – oder rufen Sie uns an.',
    })
    // Any other page: too much text.
    const other = await post('/contact', 2 * 1024 * 1024, 'application/x-www-form-urlencoded')
    expect(statusOf(other)).toBe(413)
    expect(bodyOf(other)).toBe('Ihre Anfrage ist zu lang. Bitte gehen Sie im Browser zurück und kürzen Sie Ihre Eingaben.')
  })
})

const SHORT_LIMITS: ServerLimits = { headersTimeoutMs: 400, requestTimeoutMs: 800, uploadSilenceMs: 400, checkIntervalMs: 100, maxConnections: 100 }

/** Sends a chunked POST in `chunks` pieces, one every `everyMs`; resolves with the answer's status line, or `closed` when the server cut it off first. */
function trickle(port: number, path: string, chunks: number, everyMs: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let received = ''
    let sent = 0
    socket.write(`POST ${path} HTTP/1.1\r\nHost: a\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n`)
    const timer = setInterval(() => {
      if (socket.destroyed) return clearInterval(timer)
      socket.write(`400\r\n${'x'.repeat(1024)}\r\n`)
      if (++sent === chunks) {
        clearInterval(timer)
        socket.write('0\r\n\r\n')
      }
    }, everyMs)
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8')
      if (/\r\n\r\n[\s\S]*\}/.test(received)) socket.end()
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      clearInterval(timer)
      resolve(received.split('\r\n')[0] || 'closed')
    })
  })
}

describe('slow uploads (issue 35 item 4)', () => {
  it('an upload that keeps sending outlasts the whole-request limit; a silent one, or a slow body elsewhere, is cut off', async () => {
    // A silence limit far above the chunks' gap: a loaded machine delays a timer by hundreds of ms (a CI run failed
    // with 200 ms gaps against 400 ms), and a delay can only make the whole request longer, never shorter.
    const site = await startSite({}, { ...SHORT_LIMITS, uploadSilenceMs: 2_000 })
    try {
      // 12 chunks 100 ms apart: 1.2 s in all, over the whole-request limit (800 ms), never near 2 s silent.
      const [upload, elsewhere] = await Promise.all([trickle(site.port, '/api/leads', 12, 100), trickle(site.port, '/api/limited', 12, 100)])
      expect(upload).toBe('HTTP/1.1 201 Created')
      expect(elsewhere).toMatch(/^(HTTP\/1\.1 408 Request Timeout|closed)$/)
      // One chunk, then silence: cut off after the upload's silence limit.
      expect(await trickle(site.port, '/api/leads', 1, 5_000)).toMatch(/^(HTTP\/1\.1 408 Request Timeout|closed)$/)
    } finally {
      await site.close()
    }
  })
})

describe('slow clients (finding 11)', () => {
  it('a client that trickles its headers, or never sends a declared body, is cut off after the limits', async () => {
    const site = await startSite({}, SHORT_LIMITS)
    // Resolves when the server closes the connection. Node's own limits are 60 and 300 s: a server
    // without ours would hold both clients past the test's timeout, so no wall-clock ceiling is needed.
    const cutOff = (bytes: string) =>
      new Promise<void>((resolve) => {
        const socket = net.connect(site.port, '127.0.0.1', () => socket.write(bytes))
        socket.on('data', () => {})
        socket.on('error', () => {})
        socket.on('close', () => resolve())
      })
    await Promise.all([
      cutOff('GET / HTTP/1.1\r\nHost: a\r\nX-Slow: 1\r\n'),
      cutOff('POST /api/limited HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{'),
    ])
    await site.close()
  })
})

/** The server listening on a free loopback port: its base URL, port and a close that waits. */
async function listening(server: Server) {
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const port = (server.address() as AddressInfo).port
  return { base: `http://127.0.0.1:${port}`, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe('bodyLimitOf', () => {
  it('lets only the sell request (its page, its single-fetch address, and the lead API the page posts to with JavaScript) send photos beyond 1 MB', async () => {
    const { SALE_BODY_LIMIT } = await import('#app/submissions/photos.ts')
    expect(bodyLimitOf('/auto-verkaufen')).toBe(SALE_BODY_LIMIT)
    expect(bodyLimitOf('/auto-verkaufen.data?_routes=routes%2Fauto-verkaufen')).toBe(SALE_BODY_LIMIT)
    expect(bodyLimitOf('/api/leads')).toBe(SALE_BODY_LIMIT)
    for (const other of ['/', '/contact', '/api/contacts', '/auto-verkaufen/x', '/auto-verkaufenx', undefined])
      expect(bodyLimitOf(other)).toBe(MAX_REQUEST_BODY)
  })
})
