import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type AppLoadContext } from '@remix-run/node'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '~/env.server'
import { EmbeddedLake } from '~/sanity/embedded-lake.server'
import { SanityLake } from '~/sanity/sanity-lake.server'
import { loader } from './media.$file'

let lake: EmbeddedLake
let dataDir: string
let car: string
let logo: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'media-'))
  lake = await EmbeddedLake.open({ contentDir: path.resolve('tests/fixtures/mini-dataset'), dataDir })
  const names = await lake.fetch<string[]>('*[_type == "sanity.imageAsset"] | order(size desc).url')
  // The JPEG is the larger file.
  const [carUrl, logoUrl] = names
  if (!carUrl || !logoUrl) throw new Error('fixture assets missing')
  car = carUrl.replace('/media/', '')
  logo = logoUrl.replace('/media/', '')
})

afterAll(async () => {
  await lake.close()
  await rm(dataDir, { recursive: true, force: true })
})

function context(contentLake: AppLoadContext['lake'] = lake): AppLoadContext {
  return { env: parseEnv({ DATA_DIR: dataDir }), lake: contentLake }
}

async function get(file: string | undefined, query = '', headers: Record<string, string> = {}, appContext = context()) {
  const request = new Request(`http://localhost/media/${file}${query}`, { headers })
  const response = await loader({ request, params: { file }, context: appContext })
  const bytes = Buffer.from(await response.arrayBuffer())
  const meta = response.ok ? await sharp(bytes).metadata() : undefined
  return { response, bytes, meta }
}

describe('/media/:file', () => {
  it('resizes to the requested width, rounded up to the next standard width', async () => {
    const { response, meta } = await get(car, '?w=300&q=60')
    expect(response.status).toBe(200)
    expect(meta).toMatchObject({ width: 320, height: 213, format: 'jpeg' })
    expect(response.headers.get('Content-Type')).toBe('image/jpeg')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('Vary')).toBeNull()
  })

  it('never upscales beyond the original width', async () => {
    expect((await get(car, '?w=2000')).meta?.width).toBe(1200)
    expect((await get(logo, '?w=640')).meta?.width).toBe(300)
    expect((await get(car)).meta?.width).toBe(1200)
  })

  it('negotiates AVIF, then WebP, then the original format with auto=format', async () => {
    const avif = await get(car, '?w=640&auto=format', { Accept: 'image/avif,image/webp,*/*' })
    expect(avif.response.headers.get('Content-Type')).toBe('image/avif')
    expect(avif.meta).toMatchObject({ format: 'heif', width: 640 })
    expect(avif.response.headers.get('Vary')).toBe('Accept')

    const webp = await get(car, '?w=640&auto=format', { Accept: 'image/webp,*/*' })
    expect(webp.response.headers.get('Content-Type')).toBe('image/webp')
    expect(webp.meta?.format).toBe('webp')

    const plain = await get(logo, '?auto=format', { Accept: '*/*' })
    expect(plain.response.headers.get('Content-Type')).toBe('image/png')
    expect(plain.response.headers.get('Vary')).toBe('Accept')
  })

  it('honours an explicit fm over the Accept header', async () => {
    const { response, meta } = await get(logo, '?fm=webp&auto=format', { Accept: 'image/avif' })
    expect(response.headers.get('Content-Type')).toBe('image/webp')
    expect(meta?.format).toBe('webp')
    expect(response.headers.get('Vary')).toBeNull()
  })

  it('clamps the quality to 30–90 and caches each variant on disk', async () => {
    const low = await get(car, '?w=480&q=1')
    const alsoLow = await get(car, '?w=480&q=30')
    expect(low.bytes.equals(alsoLow.bytes)).toBe(true)
    const cached = await readdir(path.join(dataDir, 'media-cache'))
    expect(cached).toContain(`${car.replace('.jpg', '')}-w480-q30.jpg`)
    expect(cached.some((name) => name.endsWith('.tmp'))).toBe(false)
  })

  it('answers 400 for bad parameters', async () => {
    expect((await get(car, '?w=abc')).response.status).toBe(400)
    expect((await get(car, '?fm=bmp')).response.status).toBe(400)
  })

  it('answers 404 for unknown names and path traversal', async () => {
    for (const name of ['nope.jpg', `${car}x`, `../${car}`, '../../journal.ndjson', '..%2Fproduction.ndjson', undefined]) {
      const { response } = await get(name)
      expect(response.status).toBe(404)
      expect(response.headers.get('Content-Type')).toContain('text/plain')
    }
  })

  it('answers 404 when the site runs on Sanity (images come from its CDN)', async () => {
    const sanity = new SanityLake({ projectId: 'p1', dataset: 'production', token: 't', apiVersion: '2025-02-19', useCdn: true })
    expect((await get(car, '', {}, context(sanity))).response.status).toBe(404)
  })
})
