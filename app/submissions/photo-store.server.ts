/*
 * Where the photos of a sell request are kept (docs/decisions/041): privately, on Sanity as image
 * assets, on the embedded lake as files under DATA_DIR/uploads named by an unguessable token.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, open, readdir, rename, unlink } from 'node:fs/promises'
import path from 'node:path'
import { createClient, type SanityClient } from '@sanity/client'
import { type Env, usesSanity } from '#app/env.server.ts'
import { type ContentLake } from '#app/sanity/lake.server.ts'
import { type ProcessedPhoto } from './photos.server.ts'

/**
 * A photo as the lead refers to it (`lead.photos[]`): on Sanity an image asset (the Studio shows
 * it) with its CDN address for the dealer's mail; on the embedded lake the file's name under
 * DATA_DIR/uploads, itself the unguessable capability of the mail's link.
 */
export interface StoredPhoto {
  _key: string
  _type: 'leadPhoto'
  image?: { _type: 'image'; asset: { _type: 'reference'; _ref: string } }
  url?: string
  file?: string
  width: number
  height: number
}

export interface PhotoStore {
  /** Stores every photo durably, or none: a failure removes those already stored and rethrows. */
  save(photos: readonly ProcessedPhoto[]): Promise<StoredPhoto[]>
  /** Removes stored photos (the lead could not be stored). Never throws; logs nothing itself. */
  remove(photos: readonly StoredPhoto[]): Promise<void>
}

/** The name of a stored photo file: 256 random bits, base64url, `.jpg`. */
export const PHOTO_FILE_PATTERN = /^[A-Za-z0-9_-]{43}\.jpg$/

/** The folder of the photo files of the embedded lake. */
export function uploadsDir(env: Pick<Env, 'DATA_DIR'>): string {
  return path.resolve(env.DATA_DIR, 'uploads')
}

/** Photo files under DATA_DIR/uploads: written, fsync'd, renamed into place, the folder fsync'd. */
export class FilePhotoStore implements PhotoStore {
  constructor(private readonly dir: string) {}

  async save(photos: readonly ProcessedPhoto[]): Promise<StoredPhoto[]> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    const stored: StoredPhoto[] = []
    try {
      for (const photo of photos) {
        const file = `${randomBytes(32).toString('base64url')}.jpg`
        const target = path.join(this.dir, file)
        const temporary = `${target}.tmp`
        const handle = await open(temporary, 'wx', 0o600)
        try {
          await handle.writeFile(photo.data)
          await handle.sync()
        } finally {
          await handle.close()
        }
        await rename(temporary, target)
        stored.push({ _key: randomUUID().slice(0, 12), _type: 'leadPhoto', file, width: photo.width, height: photo.height })
      }
      await syncDir(this.dir)
    } catch (error) {
      await this.remove(stored)
      throw error
    }
    return stored
  }

  async remove(photos: readonly StoredPhoto[]) {
    for (const photo of photos) {
      if (photo.file && PHOTO_FILE_PATTERN.test(photo.file)) await unlink(path.join(this.dir, photo.file)).catch(() => undefined)
    }
    await syncDir(this.dir).catch(() => undefined)
  }

  /** The absolute path of a stored photo, or undefined for a name that is not one (no path tricks). */
  fileOf(name: string): string | undefined {
    return PHOTO_FILE_PATTERN.test(name) ? path.join(this.dir, name) : undefined
  }

  /** The names of every stored photo (tests, retention scripts). */
  async list(): Promise<string[]> {
    const names = await readdir(this.dir).catch(() => [] as string[])
    return names.filter((name) => PHOTO_FILE_PATTERN.test(name))
  }
}

async function syncDir(dir: string) {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Sanity image assets, uploaded with the write token; ids `image-<sha1>-WxH-jpg`. */
export class SanityPhotoStore implements PhotoStore {
  constructor(private readonly client: SanityClient) {}

  async save(photos: readonly ProcessedPhoto[]): Promise<StoredPhoto[]> {
    const stored: StoredPhoto[] = []
    try {
      for (const photo of photos) {
        // No file name (a seller's device names photos after dates and places) and no metadata extraction.
        const asset = await this.client.assets.upload('image', photo.data, { contentType: 'image/jpeg', preserveFilename: false, extract: [], timeout: 30_000 })
        stored.push({
          _key: randomUUID().slice(0, 12),
          _type: 'leadPhoto',
          image: { _type: 'image', asset: { _type: 'reference', _ref: asset._id } },
          url: asset.url,
          width: photo.width,
          height: photo.height,
        })
      }
    } catch (error) {
      await this.remove(stored)
      throw error
    }
    return stored
  }

  async remove(photos: readonly StoredPhoto[]) {
    for (const photo of photos) {
      const id = photo.image?.asset._ref
      if (id) await this.client.delete(id).catch(() => undefined)
    }
  }
}

/** The photo store of the lake in use: Sanity's assets with a Sanity project, else files under DATA_DIR/uploads. */
export function photoStoreFor(context: { env: Env; lake: ContentLake }): PhotoStore {
  const { env } = context
  if (usesSanity(env)) {
    return new SanityPhotoStore(
      createClient({
        projectId: env.SANITY_PROJECT_ID,
        dataset: env.SANITY_DATASET,
        token: env.SANITY_WRITE_TOKEN,
        apiVersion: env.SANITY_API_VERSION,
        useCdn: false,
        maxRetries: 0,
        ...(env.SANITY_API_HOST ? { apiHost: env.SANITY_API_HOST, useProjectHostname: false } : {}),
      }),
    )
  }
  return new FilePhotoStore(uploadsDir(env))
}
