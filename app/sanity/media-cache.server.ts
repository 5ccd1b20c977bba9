import { randomUUID } from 'node:crypto'
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

/*
 * The disk cache of encoded /media variants, bounded by total bytes: when a write takes it over
 * the limit, the least recently used files are deleted.
 */

/**
 * What the cache in DATA_DIR/media-cache may hold. All variants the site emits for the seed's 68
 * images (≤ 10 widths × AVIF/WebP/original each) come to about 13 MB (estimated from one image
 * per size, 0.1–0.5 MB each), so the bound only bites for a far larger inventory, where it keeps
 * the disk from filling up.
 */
export const MEDIA_CACHE_MAX_BYTES = 512 * 1024 * 1024

export class DiskCache {
  /** File name → bytes, least recently used first (a Map iterates in insertion order). */
  private readonly sizes = new Map<string, number>()
  private totalBytes = 0
  private loaded?: Promise<void>

  constructor(
    readonly dir: string,
    readonly maxBytes: number = MEDIA_CACHE_MAX_BYTES,
  ) {}

  /** Bytes of all cached files. */
  get bytes(): number {
    return this.totalBytes
  }

  /** The cached file, or undefined when it is not cached. */
  async read(name: string): Promise<Buffer | undefined> {
    await this.load()
    const size = this.sizes.get(name)
    if (size === undefined) return undefined
    this.remember(name, size)
    try {
      return await readFile(path.join(this.dir, name))
    } catch (error) {
      // Evicted while this read waited, or deleted by hand.
      if (!isMissing(error)) throw error
      this.forget(name)
      return undefined
    }
  }

  /** Stores a file and evicts the least recently used ones beyond the limit. */
  async write(name: string, bytes: Buffer): Promise<void> {
    await this.load()
    if (bytes.length > this.maxBytes) return
    await mkdir(this.dir, { recursive: true })
    // Write then rename, so a concurrent reader never sees half a file.
    const temporary = path.join(this.dir, `${name}.${randomUUID()}.tmp`)
    await writeFile(temporary, bytes)
    await rename(temporary, path.join(this.dir, name))
    this.forget(name)
    this.remember(name, bytes.length)
    await this.evict()
  }

  private async evict(): Promise<void> {
    while (this.totalBytes > this.maxBytes) {
      const oldest = this.sizes.keys().next().value
      if (oldest === undefined) return
      // Forget before deleting, so concurrent evictions pick different files.
      this.forget(oldest)
      await rm(path.join(this.dir, oldest), { force: true })
    }
  }

  private remember(name: string, size: number): void {
    if (this.sizes.delete(name)) this.totalBytes -= size
    this.sizes.set(name, size)
    this.totalBytes += size
  }

  private forget(name: string): void {
    const size = this.sizes.get(name)
    if (size === undefined) return
    this.sizes.delete(name)
    this.totalBytes -= size
  }

  /** Reads the folder once: files of earlier runs count, oldest modified first (reads before a restart are unknown). */
  private load(): Promise<void> {
    this.loaded ??= this.scan().catch((error: unknown) => {
      this.loaded = undefined
      throw error
    })
    return this.loaded
  }

  private async scan(): Promise<void> {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch (error) {
      if (isMissing(error)) return
      throw error
    }
    const files = await Promise.all(
      names.map(async (name) => {
        const file = path.join(this.dir, name)
        // Left over from a crash between write and rename.
        if (name.endsWith('.tmp')) {
          await rm(file, { force: true })
          return undefined
        }
        const stats = await stat(file).catch((error: unknown) => {
          if (isMissing(error)) return undefined
          throw error
        })
        return stats?.isFile() ? { name, size: stats.size, modified: stats.mtimeMs } : undefined
      }),
    )
    for (const file of files.filter((entry) => entry !== undefined).sort((a, b) => a.modified - b.modified)) {
      this.remember(file.name, file.size)
    }
    // The limit may have been lowered since the files were written.
    await this.evict()
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT'
}
