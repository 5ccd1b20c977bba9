import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type AppLoadContext } from '@remix-run/node'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '~/env.server'
import { type ContentLake } from '~/sanity/lake.server'
import { CACHE_CONTROL } from '~/utils/http.server'
import { ContentRevision } from './content-revision.server'
import { createExpressSite } from './express.server'
import { inlineScriptHashes } from './security-headers.server'

const STUDIO_HTML = '<!DOCTYPE html><html><head><script>window.boot=1</script></head><body><div id="sanity"></div><script type="module" src="/studio/static/sanity-AbCd_123.js"></script></body></html>'

describe('the Express adapter (as server.mjs wires it)', () => {
  let dir: string
  let base: string
  let close: () => Promise<void>
  const seen: Array<{ method: string; url: string; body: string; clientAddress?: string; nonce?: string }> = []

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'express-site-'))
    await mkdir(path.join(dir, 'public/build'), { recursive: true })
    await mkdir(path.join(dir, 'studio/static'), { recursive: true })
    await writeFile(path.join(dir, 'public/favicon.svg'), '<svg/>')
    await writeFile(path.join(dir, 'public/build/entry-ABCD1234.js'), 'export {}')
    await writeFile(path.join(dir, 'studio/index.html'), STUDIO_HTML)
    await writeFile(path.join(dir, 'studio/static/sanity-AbCd_123.js'), 'export {}')
    await writeFile(path.join(dir, 'studio/static/manifest.webmanifest'), '{}')

    const render = async (request: Request, context: AppLoadContext) => {
      seen.push({ method: request.method, url: request.url, body: await request.text(), clientAddress: context.clientAddress, nonce: context.cspNonce })
      if (new URL(request.url).pathname === '/api/echo') return Response.json({ ok: true }, { status: 201, headers: { 'Cache-Control': CACHE_CONTROL.noStore } })
      const headers = new Headers({ 'Content-Type': 'text/html' })
      if (request.url.includes('cookie')) headers.append('Set-Cookie', 'a=1')
      if (request.url.includes('cookie')) headers.append('Set-Cookie', 'b=2')
      return new Response(`<script nonce="${context.cspNonce}"></script>`, { headers })
    }
    const site = createExpressSite({
      context: { env: parseEnv({ NODE_ENV: 'production' }), lake: {} as ContentLake, contentRevision: new ContentRevision() },
      render,
    })
    const app = express()
    app.use(site.baseHeaders)
    app.use(site.cachedPages)
    app.use('/build', express.static(path.join(dir, 'public/build'), { cacheControl: false, setHeaders: site.fileHeaders('immutable') }))
    app.use('/studio', express.static(path.join(dir, 'studio'), { index: false, redirect: false, cacheControl: false, setHeaders: site.fileHeaders('studio') }))
    app.get(['/studio', '/studio/*'], site.studioIndex(path.join(dir, 'studio')))
    app.use(express.static(path.join(dir, 'public'), { cacheControl: false, setHeaders: site.fileHeaders('file') }))
    app.all('*', site.remix)
    const server = http.createServer((req, res) => {
      if (!site.answerUncompressedHit(req, res)) app(req, res)
    })
    server.listen(0)
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => new Promise((resolve) => server.close(() => resolve()))
  })

  afterAll(async () => {
    await close()
    await rm(dir, { recursive: true, force: true })
  })

  it('passes method, URL, body and client address to Remix, and sends status and headers back', async () => {
    const response = await fetch(`${base}/api/echo?x=1`, { method: 'POST', body: 'hallo', headers: { 'content-type': 'text/plain' } })
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/)
    expect(response.headers.get('x-cache')).toBe('BYPASS')
    const last = seen.at(-1)!
    expect(last).toMatchObject({ method: 'POST', url: `${base}/api/echo?x=1`, body: 'hallo' })
    expect(last.clientAddress).toMatch(/127\.0\.0\.1/)
  })

  it('a page: one CSP header with the nonce its scripts carry; the second request comes from the cache', async () => {
    const first = await fetch(`${base}/seite`)
    const body = await first.text()
    const policies = first.headers.get('content-security-policy')!
    expect(policies.split(',')).toHaveLength(1)
    const nonce = /'nonce-([^']+)'/.exec(policies)![1]!
    expect(body).toBe(`<script nonce="${nonce}"></script>`)
    expect(first.headers.get('x-cache')).toBe('MISS')
    const second = await fetch(`${base}/seite`)
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(await second.text()).not.toContain(nonce)
    expect(second.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    expect(second.headers.get('vary')).toBe('Accept-Encoding')
    // Answered in front of Express for a client that takes no encoding: the same answer.
    const identity = await fetch(`${base}/seite`, { headers: { 'accept-encoding': 'identity' } })
    expect(identity.headers.get('x-cache')).toBe('HIT')
    expect(identity.headers.get('content-security-policy')).toContain("script-src 'self' 'nonce-")
    expect(identity.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(await identity.text()).toMatch(/^<script nonce="[^"]+"><\/script>$/)
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
