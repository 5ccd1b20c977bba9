import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'
import { patchDocument } from '#app/lake/lake.server.ts'
import { IMAGE } from '#app/sanity/queries/fragments.ts'
import { IMAGE_WIDTHS, imageUrl } from '#app/sanity/image.ts'
import { DiskCache } from '#app/sanity/media-cache.server.ts'
import { EncodeQueue, mediaResponse, type MediaOptions } from '#app/sanity/media.server.ts'

let lake: EmbeddedLake
let dataDir: string
let car: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'media-server-'))
  lake = await EmbeddedLake.open({ contentDir: path.resolve('tests/fixtures/mini-dataset'), dataDir })
  const [url] = await lake.fetch<string[]>('*[_type == "sanity.imageAsset" && extension == "jpg"].url')
  if (!url) throw new Error('fixture photo missing')
  car = url.replace('/media/', '')
})

afterAll(async () => {
  await lake.close()
  await rm(dataDir, { recursive: true, force: true })
})

/** A request for the URL the site emits for this width (or the original without a width). */
function get(width: number | undefined, options: MediaOptions, accept = 'image/webp,*/*') {
  const url = width === undefined ? `/media/${car}` : imageUrl(`/media/${car}`, { width })
  return mediaResponse(lake, car, new Request(`http://localhost${url}`, { headers: { Accept: accept } }), options)
}

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

describe('EncodeQueue', () => {
  it('runs at most `concurrency` tasks at once, in order, and refuses tasks beyond `maxWaiting`', async () => {
    const queue = new EncodeQueue(1, 2)
    const started: number[] = []
    const gates = [deferred(), deferred(), deferred()]
    const runs = gates.map((gate, index) =>
      queue.run(async () => {
        started.push(index)
        await gate.promise
        return index
      }),
    )
    expect(runs.every((run) => run !== undefined)).toBe(true)
    expect(queue.isFull).toBe(true)
    expect(queue.run(async () => 'refused')).toBeUndefined()

    await Promise.resolve()
    expect(started).toEqual([0])
    gates[0]?.resolve()
    expect(await runs[0]).toBe(0)
    expect(queue.isFull).toBe(false)
    gates[1]?.resolve()
    gates[2]?.resolve()
    expect(await Promise.all(runs)).toEqual([0, 1, 2])
    expect(started).toEqual([0, 1, 2])
  })

  it('frees the slot when a task fails', async () => {
    const queue = new EncodeQueue(1, 0)
    await expect(queue.run(() => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image')
    expect(await queue.run(async () => 'next')).toBe('next')
  })
})

describe('mediaResponse', () => {
  it('answers 503 with Retry-After while the encode queue is full; cached variants and originals still load', async () => {
    const cache = new DiskCache(path.join(dataDir, 'queue-test'), 10_000_000)
    const queue = new EncodeQueue(1, 0)
    expect((await get(320, { cache, queue })).status).toBe(200)

    // A slow encode holds the only slot, and nothing may wait.
    const slow = deferred()
    const blocker = queue.run(() => slow.promise)
    const refused = await get(640, { cache, queue })
    expect(refused.status).toBe(503)
    expect(refused.headers.get('Retry-After')).toBe('5')
    expect(refused.headers.get('Cache-Control')).toBe('no-store')
    expect(await refused.text()).toMatch(/^Zu viele Bildanfragen/)

    expect((await get(320, { cache, queue })).status).toBe(200)
    expect((await get(undefined, { cache, queue })).status).toBe(200)

    slow.resolve()
    await blocker
    expect((await get(640, { cache, queue })).status).toBe(200)
  })

  it('answers 503 to parallel cache misses beyond the queue, and shares one encode per variant', async () => {
    const cache = new DiskCache(path.join(dataDir, 'parallel-test'), 10_000_000)
    const queue = new EncodeQueue(1, 1)
    const widths = [160, 320, 480, 640, 768]
    // Each width twice: the second request joins the first one's encode.
    const responses = await Promise.all([...widths, ...widths].map((width) => get(width, { cache, queue })))
    const statuses = responses.map((response) => response.status)
    // One encodes, one waits, the rest are refused; the same for their twins.
    expect(statuses).toEqual([200, 200, 503, 503, 503, 200, 200, 503, 503, 503])
    expect(await readdir(cache.dir)).toHaveLength(2)
  })

  it('keeps the disk cache within its bound while serving many variants', async () => {
    const cache = new DiskCache(path.join(dataDir, 'bounded-test'), 10_000)
    const queue = new EncodeQueue(1, 100)
    for (const accept of ['image/avif', 'image/webp', '*/*']) {
      for (const width of IMAGE_WIDTHS.filter((width) => width <= 640)) {
        expect((await get(width, { cache, queue }, accept)).status).toBe(200)
        const names = await readdir(cache.dir)
        const sizes = await Promise.all(names.map(async (name) => (await stat(path.join(cache.dir, name))).size))
        expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(10_000)
      }
    }
    // The last variant written is still there; the first ones were evicted.
    const names = await readdir(cache.dir)
    expect(names.some((name) => name.endsWith('-w640-q75.jpg'))).toBe(true)
    expect(names.some((name) => name.endsWith('-w160-q75.avif'))).toBe(false)
  })
})

describe('crops staff set in the Studio', () => {
  const crop = { _type: 'sanity.imageCrop', left: 0.25, right: 0.1, top: 0.2, bottom: 0.3 }
  const hotspot = { _type: 'sanity.imageHotspot', x: 0.6, y: 0.4, width: 0.2, height: 0.2 }
  let image: { focus: { x: number; y: number } | null; asset: { url: string; metadata: { dimensions: { width: number; height: number } } } }
  let rect: { left: number; top: number; width: number; height: number }

  beforeAll(async () => {
    await patchDocument(lake, 'vehicle-1', { set: { 'images[_key=="a1"].crop': crop, 'images[_key=="a1"].hotspot': hotspot } })
    image = (await lake.fetch<typeof image>(`*[_id == "vehicle-1"][0].images[0]${IMAGE}`))!
    const [, width, height] = /-(\d+)x(\d+)\./.exec(car)!.map(Number) as [number, number, number]
    const left = Math.round(0.25 * width)
    const top = Math.round(0.2 * height)
    rect = { left, top, width: Math.round(0.9 * width) - left, height: Math.round(0.7 * height) - top }
  })

  it('the queries write the crop into the URL (rect in pixels of the original), its size and the hotspot within it', () => {
    expect(image.asset.url).toBe(`/media/${car}?rect=${rect.left},${rect.top},${rect.width},${rect.height}`)
    expect(image.asset.metadata.dimensions).toEqual({ width: rect.width, height: rect.height })
    // (0.6 − 0.25) ÷ 0.65 and (0.4 − 0.2) ÷ 0.5 of the cropped image
    expect(image.focus).toEqual({ x: 54, y: 40 })
  })

  it('/media serves the cropped part: the same pixels as the original cut to the rect, at each srcset width', async () => {
    const url = imageUrl(image.asset.url, { width: 320 })
    const response = await mediaResponse(lake, car, new Request(`http://localhost${url}`, { headers: { Accept: '*/*' } }), {
      queue: new EncodeQueue(1, 4),
      cache: new DiskCache(path.join(dataDir, 'crop-cache')),
    })
    expect(response.status).toBe(200)
    const served = sharp(Buffer.from(await response.arrayBuffer()))
    const { width, height } = await served.metadata()
    expect(width).toBe(320)
    expect(height).toBe(Math.round((320 * rect.height) / rect.width))
    const expected = await sharp(lake.assets!.assetFile(car)!).extract(rect).resize({ width: 320 }).raw().toBuffer()
    const actual = await served.raw().toBuffer()
    expect(actual.length).toBe(expected.length)
    let difference = 0
    for (let index = 0; index < actual.length; index++) difference += Math.abs(actual[index]! - expected[index]!)
    // JPEG at q=75 differs by a few levels per channel; an uncropped image would differ by far more.
    expect(difference / actual.length).toBeLessThan(6)
  })

  it('/media serves the cropped original for the rect alone (og:image, JSON-LD) and refuses a crop no content uses', async () => {
    const options = { queue: new EncodeQueue(1, 4), cache: new DiskCache(path.join(dataDir, 'crop-cache')) }
    const original = await mediaResponse(lake, car, new Request(`http://localhost${image.asset.url}`), options)
    expect(original.status).toBe(200)
    expect(original.headers.get('Content-Type')).toBe('image/jpeg')
    expect(await sharp(Buffer.from(await original.arrayBuffer())).metadata()).toMatchObject({ width: rect.width, height: rect.height })
    const foreign = await mediaResponse(lake, car, new Request(`http://localhost/media/${car}?rect=0,0,10,10`), options)
    expect(foreign.status).toBe(400)
    expect(await foreign.text()).toBe('Diesen Bildausschnitt gibt es nicht.')
  })
})
