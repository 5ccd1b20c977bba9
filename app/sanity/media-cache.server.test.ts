import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DiskCache } from './media-cache.server'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-cache-'))
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function bytesOnDisk(): Promise<number> {
  const names = await readdir(dir)
  const sizes = await Promise.all(names.map(async (name) => (await stat(path.join(dir, name))).size))
  return sizes.reduce((sum, size) => sum + size, 0)
}

const file = (size: number, fill = 1) => Buffer.alloc(size, fill)

describe('DiskCache', () => {
  it('reads back what it wrote, and nothing it did not', async () => {
    const cache = new DiskCache(path.join(dir, 'not-yet-created'), 1000)
    expect(await cache.read('a.webp')).toBeUndefined()
    await cache.write('a.webp', file(10, 7))
    expect(await cache.read('a.webp')).toEqual(file(10, 7))
    expect(cache.bytes).toBe(10)
  })

  it('never holds more than its bound, evicting the least recently used files', async () => {
    const cache = new DiskCache(dir, 250)
    await cache.write('a', file(100))
    await cache.write('b', file(100))
    // Reading `a` makes `b` the least recently used.
    expect(await cache.read('a')).toBeDefined()
    await cache.write('c', file(100))
    expect((await readdir(dir)).sort()).toEqual(['a', 'c'])
    expect(await cache.read('b')).toBeUndefined()

    for (const name of ['d', 'e', 'f', 'g']) {
      await cache.write(name, file(60))
      expect(await bytesOnDisk()).toBeLessThanOrEqual(250)
      expect(cache.bytes).toBe(await bytesOnDisk())
    }
    // 60-byte files after `a` and `c` went: four fit (240 bytes).
    expect((await readdir(dir)).sort()).toEqual(['d', 'e', 'f', 'g'])
  })

  it('keeps the bound under parallel writes', async () => {
    const cache = new DiskCache(dir, 500)
    await Promise.all(Array.from({ length: 20 }, (_, index) => cache.write(`f${index}`, file(90))))
    expect(await bytesOnDisk()).toBeLessThanOrEqual(500)
    expect(cache.bytes).toBe(await bytesOnDisk())
  })

  it('does not store a file larger than the whole cache', async () => {
    const cache = new DiskCache(dir, 50)
    await cache.write('small', file(40))
    await cache.write('huge', file(51))
    expect(await readdir(dir)).toEqual(['small'])
  })

  it('counts the files of an earlier run, oldest first, and removes half-written ones', async () => {
    const now = Date.now() / 1000
    for (const [name, age] of [
      ['old', 300],
      ['middle', 200],
      ['new', 100],
    ] as const) {
      await writeFile(path.join(dir, name), file(100))
      await utimes(path.join(dir, name), now - age, now - age)
    }
    await writeFile(path.join(dir, 'x.1234.tmp'), file(100))

    const cache = new DiskCache(dir, 300)
    expect(await cache.read('middle')).toBeDefined()
    expect(cache.bytes).toBe(300)
    await cache.write('newest', file(100))
    // `old` was the least recently used; `middle` was just read.
    expect((await readdir(dir)).sort()).toEqual(['middle', 'new', 'newest'])
  })

  it('treats a file deleted behind its back as missing', async () => {
    const cache = new DiskCache(dir, 300)
    await cache.write('gone', file(100))
    await rm(path.join(dir, 'gone'))
    expect(await cache.read('gone')).toBeUndefined()
    expect(cache.bytes).toBe(0)
  })
})
