import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EmbeddedLake } from '#app/sanity/embedded-lake.server.ts'
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
