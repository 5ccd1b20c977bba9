import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressedFiles } from './static-files.server'

const SCRIPT = `export const text = ${JSON.stringify('Gebrauchtwagen in Essen. '.repeat(200))}\n`
const STYLES = `body { color: #111 }\n${'.a { margin: 0 }\n'.repeat(200)}`

/** A raw HTTP GET (fetch would decode the body and choose Accept-Encoding itself). */
function get(url: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
      .end()
  })
}

describe('precompressedFiles (build assets compressed once at build time)', () => {
  let dir: string
  let base: string
  let server: http.Server

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'precompressed-'))
    await mkdir(path.join(dir, '_shared'))
    await writeFile(path.join(dir, '_shared/chunk-ABCD1234.js'), SCRIPT)
    // Twins that differ from what the compression middleware would make, so a test can tell them apart.
    await writeFile(path.join(dir, '_shared/chunk-ABCD1234.js.br'), brotliCompressSync(SCRIPT))
    await writeFile(path.join(dir, '_shared/chunk-ABCD1234.js.gz'), gzipSync(SCRIPT, { level: 1 }))
    await writeFile(path.join(dir, 'tailwind-WXYZ9876.css'), STYLES)

    const app = express()
    app.use(compression())
    app.use('/build', precompressedFiles(dir))
    app.use('/build', express.static(dir))
    server = app.listen(0)
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/build`
  })

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await rm(dir, { recursive: true, force: true })
  })

  it('sends the brotli twin to a browser that accepts brotli, typed as the original file', async () => {
    const response = await get(`${base}/_shared/chunk-ABCD1234.js`, { 'Accept-Encoding': 'gzip, deflate, br, zstd' })
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/^application\/javascript/)
    expect(response.headers.vary).toMatch(/Accept-Encoding/)
    expect(Number(response.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).length)
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT)
  })

  it('sends the gzip twin when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const response = await get(`${base}/_shared/chunk-ABCD1234.js`, { 'Accept-Encoding': accept })
      expect(response.headers['content-encoding']).toBe('gzip')
      expect(response.body.equals(gzipSync(SCRIPT, { level: 1 }))).toBe(true)
      expect(gunzipSync(response.body).toString()).toBe(SCRIPT)
    }
  })

  it('sends the file itself to a client that takes no encoding, still marked as varying', async () => {
    const response = await get(`${base}/_shared/chunk-ABCD1234.js`, { 'Accept-Encoding': 'identity' })
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.headers.vary).toMatch(/Accept-Encoding/)
    expect(response.body.toString()).toBe(SCRIPT)
  })

  it('keeps the query string and answers HEAD like GET', async () => {
    const withQuery = await get(`${base}/_shared/chunk-ABCD1234.js?v=2`, { 'Accept-Encoding': 'br' })
    expect(withQuery.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(withQuery.body).toString()).toBe(SCRIPT)
    const head = await get(`${base}/_shared/chunk-ABCD1234.js`, { 'Accept-Encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.body.length).toBe(0)
  })

  it('leaves files without twins to the compression middleware', async () => {
    const response = await get(`${base}/tailwind-WXYZ9876.css`, { 'Accept-Encoding': 'gzip' })
    expect(response.headers['content-type']).toMatch(/^text\/css/)
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(response.body).toString()).toBe(STYLES)
  })

  it('does not serve the twins as files of their own, and passes unknown paths on', async () => {
    const twin = await get(`${base}/_shared/chunk-ABCD1234.js.br`, { 'Accept-Encoding': 'br' })
    expect([twin.status, twin.body.toString()]).toEqual([404, 'Datei nicht gefunden.'])
    expect((await get(`${base}/_shared/chunk-ABCD1234.js.gz`, { 'Accept-Encoding': 'gzip' })).status).toBe(404)
    expect((await get(`${base}/_shared/missing-00000000.js`, { 'Accept-Encoding': 'br' })).status).toBe(404)
    expect((await get(`${base}/%E0%A4%A`, { 'Accept-Encoding': 'br' })).status).toBe(404)
  })

  it('works without a build directory (nothing to serve, nothing thrown)', () => {
    expect(() => precompressedFiles(path.join(dir, 'not-built'))).not.toThrow()
  })
})
