import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type AppLoadContext } from '@remix-run/node'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '#app/env.server.ts'
import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'
import { IMAGE_QUALITY, imageCandidates, imageUrl } from '#app/sanity/image.ts'
import { SanityLake } from '#app/lake/sanity-lake.server.ts'
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

/** The query string the site itself writes for a width (srcset candidates, the LCP preload). */
function emitted(width: number): string {
  return imageUrl('/media/x', { width }).replace('/media/x', '')
}

describe('/media/:file', () => {
  it('serves the variants the site emits, resized to the requested width', async () => {
    const { response, meta } = await get(car, emitted(320), { Accept: '*/*' })
    expect(response.status).toBe(200)
    expect(meta).toMatchObject({ width: 320, height: 213, format: 'jpeg' })
    expect(response.headers.get('Content-Type')).toBe('image/jpeg')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('Vary')).toBe('Accept')
  })

  it('serves every srcset candidate of imageCandidates(), capped at the original width', async () => {
    // The fixture photo is 1200 px wide: wider candidates collapse into a 1200w candidate.
    const { src, srcSet } = imageCandidates(`/media/${car}`, { sizes: '100vw', intrinsicWidth: 1200 })
    const urls = [src, ...(srcSet ?? '').split(', ').map((candidate) => candidate.split(' ')[0] ?? '')]
    expect(urls).toContain(`/media/${car}${emitted(1200)}`)
    for (const url of urls) {
      const { response } = await get(car, url.slice(url.indexOf('?')), { Accept: 'image/webp' })
      expect(response.status, url).toBe(200)
    }
    // A standard width beyond the original (an image without known dimensions) is capped too.
    expect((await get(car, emitted(1920))).meta?.width).toBe(1200)
    expect((await get(logo, emitted(640))).meta?.width).toBe(300)
  })

  it('serves the original file without parameters', async () => {
    const { response, bytes, meta } = await get(car)
    expect(response.status).toBe(200)
    expect(meta?.width).toBe(1200)
    expect(bytes.equals(await readFile(lake.assetFile(car) ?? ''))).toBe(true)
    expect(response.headers.get('Vary')).toBeNull()
  })

  it('negotiates AVIF, then WebP, then the original format', async () => {
    const avif = await get(car, emitted(640), { Accept: 'image/avif,image/webp,*/*' })
    expect(avif.response.headers.get('Content-Type')).toBe('image/avif')
    expect(avif.meta).toMatchObject({ format: 'heif', width: 640 })
    expect(avif.response.headers.get('Vary')).toBe('Accept')

    const webp = await get(car, emitted(640), { Accept: 'image/webp,*/*' })
    expect(webp.response.headers.get('Content-Type')).toBe('image/webp')
    expect(webp.meta?.format).toBe('webp')

    const plain = await get(logo, emitted(300), { Accept: '*/*' })
    expect(plain.response.headers.get('Content-Type')).toBe('image/png')
  })

  it('caches each variant on disk', async () => {
    await get(car, emitted(480), { Accept: '*/*' })
    const cached = await readdir(path.join(dataDir, 'media-cache'))
    expect(cached).toContain(`${car.replace('.jpg', '')}-w480-q${IMAGE_QUALITY}.jpg`)
    expect(cached.some((name) => name.endsWith('.tmp'))).toBe(false)
  })

  it('answers 400 with a German message for variants the site does not emit', async () => {
    const odd = [
      '?w=640&q=31&auto=format&fit=max',
      '?w=640&q=75&fm=png&fit=max',
      `${emitted(640)}&fm=png`,
      '?w=1000&q=75&auto=format&fit=max',
      '?w=300&q=75&auto=format&fit=max',
      '?w=0640&q=75&auto=format&fit=max',
      '?w=abc&q=75&auto=format&fit=max',
      '?q=75&auto=format&fit=max',
      '?w=640',
      `${emitted(640)}&w=320`,
      `${emitted(640)}&v=2`,
    ]
    for (const query of odd) {
      const { response, bytes } = await get(car, query)
      expect(response.status, query).toBe(400)
      expect(response.headers.get('Content-Type'), query).toContain('text/plain')
      expect(bytes.toString(), query).toMatch(/^(Ungültige Breite|Diese Bildvariante gibt es nicht)/)
    }
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
