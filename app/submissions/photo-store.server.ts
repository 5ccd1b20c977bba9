/*
 * Where the photos of a sell request are kept (docs/decisions/041): privately, on Sanity as image
 * assets, on the embedded lake as files under DATA_DIR/uploads named by an unguessable token. Each
 * lake brings its own store (`lake.photos`, made where the lake is made, with the lake's own client
 * or folder), and the store keeps a budget: photo bytes per client a day and, on the embedded lake,
 * in total and above a floor of free disk space. Past it the lead is stored without its photos.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { type FileHandle, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { type SanityClient } from '@sanity/client'
import { type Env } from '#app/env.server.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { LEAD_PHOTO_FILES_QUERY, ORPHAN_PHOTO_ASSETS_QUERY, PHOTO_BYTES_OF_CLIENT_QUERY } from '#app/sanity/queries/inbox.ts'
import { freeBytes as diskFreeBytes, type FreeBytes } from '#app/server/disk-space.server.ts'
import { clientKey } from '#app/utils/request-guards.server.ts'
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

/** What removing a photo reads of it: its asset on Sanity, its file on the embedded lake (a lead as read back may lack either). */
export type PhotoToRemove = { image?: { asset?: { _ref: string } }; file?: string }

/** Why a lead was stored without the photos sent with it (`lead.photosWithheld`); the dealer's mail says so. */
export type PhotosWithheldReason = 'budget'

/** What `save` adds to the lead: its photos and what they count against the sender's budget, or why they were withheld. */
export type LeadPhotoFields = {
  photos?: StoredPhoto[]
  /** Hidden: the sender's budget key (a hash, never the address) and the bytes stored, counted by the next `save`. */
  photoBudget?: { client: string; bytes: number }
  photosWithheld?: PhotosWithheldReason
}

export type SavedPhotos =
  /** Every photo is stored (none for a request without photos). */
  | { photos: StoredPhoto[]; withheld?: undefined; leadFields: LeadPhotoFields }
  /** None is stored: a budget would be exceeded. The lead is stored without them, saying why. */
  | { photos: []; withheld: PhotosWithheldReason; leadFields: LeadPhotoFields }

export interface SaveOptions {
  /** The sender's address (`context.clientAddress`); IPv6 counts per /64, as the submission limit does. */
  client: string | undefined
}

export interface PhotoStore {
  /**
   * Stores every photo durably, or none: past a budget none (the `withheld` result); a failure
   * (the lake, a full disk) removes those already stored and rethrows, leaving no temporary file.
   */
  save(photos: readonly ProcessedPhoto[], options: SaveOptions): Promise<SavedPhotos>
  /**
   * Whether `bytes` more would fit the sender's budget now (the day's share; on the embedded lake, the
   * disk): asked before the photos are decoded, with the least they will take, since decoding costs
   * seconds of the one decoder line that `save` would then throw away.
   */
  hasRoom(bytes: number, options: SaveOptions): Promise<boolean>
  /** Removes stored photos (the lead could not be stored, or is deleted). Never throws; logs nothing itself. */
  remove(photos: readonly PhotoToRemove[]): Promise<void>
  /**
   * Removes photos no lead refers to that are older than `graceMs` (a photo is stored shortly before
   * its lead, so a fresh one is not an orphan): left by a crash between the two writes, or by a
   * lead deleted without its photos. Resolves with how many were removed.
   */
  removeOrphans(options?: { graceMs?: number; now?: Date }): Promise<number>
}

const MB = 1000 * 1000
const GB = 1000 * MB

/**
 * The least a photo takes once stored (a phone photo re-encoded at 2000 px is 0.2–0.6 MB; a flat test image
 * less): what `hasRoom` is asked for per photo before decoding.
 */
export const LEAST_STORED_PHOTO_BYTES = 100_000

/** The limits of what sellers' photos may take (docs/decisions/041). */
export interface PhotoBudget {
  /** Photo bytes one client (address, or IPv6 /64) may store in 24 hours. */
  perClientPerDayBytes: number
  /** Embedded lake: every photo file under DATA_DIR/uploads together. (On Sanity the project's plan caps assets.) */
  totalBytes: number
  /** Embedded lake: photos are withheld when they would leave less free space than this on DATA_DIR's disk. */
  minFreeBytes: number
}

/**
 * 60 MB a client a day: three sell requests of ten phone photos at the largest (re-encoded at most
 * 2000 px, ~2 MB each; ten photos of noise, the worst case, came to 21 MB). 5 GB in total, and
 * never below 1 GB of free disk (twice /readyz's floor, READY_MIN_FREE_BYTES: leads without photos
 * still fit when photos no longer do).
 */
export const PHOTO_BUDGET: PhotoBudget = { perClientPerDayBytes: 60 * MB, totalBytes: 5 * GB, minFreeBytes: 1 * GB }

/** A photo older than this that no lead names is an orphan (removed at start). */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000

/** What a store is made with, besides its folder or client. Tests inject budgets, the free space and the file writing. */
export interface PhotoStoreOptions {
  /** The lake the store belongs to: it counts a client's photos of the last day and finds orphans there. */
  lake?: ContentLake
  budget?: Partial<PhotoBudget>
  /** Embedded lake: the free space of a folder (default: statfs). */
  freeBytes?: FreeBytes
  /** Embedded lake: writes a photo's bytes to its open temporary file (default: `handle.writeFile`). */
  writeFile?: (handle: FileHandle, data: Uint8Array) => Promise<void>
  now?: () => Date
}

/** The name of a stored photo file: 256 random bits, base64url, `.jpg`. */
export const PHOTO_FILE_PATTERN = /^[A-Za-z0-9_-]{43}\.jpg$/
const TEMPORARY_PATTERN = /^[A-Za-z0-9_-]{43}\.jpg\.tmp$/

/** The `source.name` of the image assets uploaded for leads: how the orphan sweep tells them from the site's own images. */
export const LEAD_PHOTO_SOURCE = 'ruhrstern-lead-photo'

/** The folder of the photo files of the embedded lake. */
export function uploadsDir(env: Pick<Env, 'DATA_DIR'>): string {
  return path.resolve(env.DATA_DIR, 'uploads')
}

/**
 * The folder for the temporary files of an upload being read (`<DATA_DIR>/tmp`): on the disk that
 * the photo budget watches, and emptied at every start (`emptyPhotoTempDir`), so that the
 * unsanitised originals of a request a crash interrupted do not stay (they carry EXIF positions).
 */
export function photoTempDir(env: Pick<Env, 'DATA_DIR'>): string {
  return path.resolve(env.DATA_DIR, 'tmp')
}

/** Empties (and creates) `photoTempDir`: at start, when no upload can be under way. */
export async function emptyPhotoTempDir(env: Pick<Env, 'DATA_DIR'>): Promise<void> {
  const dir = photoTempDir(env)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true, mode: 0o700 })
}

/** The sender's key in the budget: a hash of the address (IPv6 per /64), so the lead keeps no address. */
export function photoClientKey(address: string | undefined): string {
  return createHash('sha256')
    .update(`photo-budget\n${clientKey(address)}`)
    .digest('base64url')
    .slice(0, 22)
}

/** How long an in-process reservation outlives `save`: until the lead written after it counts in the lake. */
const RESERVATION_MS = 15_000

/**
 * The per-client part of the budget, the same on both backends: counted from the leads of the last
 * 24 hours in the lake (their `photoBudget`), so it survives a restart and holds across instances
 * on Sanity; plus, in this process, the photos being saved whose lead is not written yet.
 */
class ClientBudget {
  private readonly reserved = new Map<string, number>()

  constructor(
    private readonly lake: ContentLake | undefined,
    private readonly limit: number,
    private readonly now: () => Date,
  ) {}

  /** Whether `bytes` more fit `client`'s budget of the day. */
  async hasRoom(client: string, bytes: number): Promise<boolean> {
    return (await this.counted(client)) + (this.reserved.get(client) ?? 0) + bytes <= this.limit
  }

  private async counted(client: string): Promise<number> {
    const since = new Date(this.now().getTime() - 24 * 60 * 60 * 1000).toISOString()
    return this.lake ? ((await this.lake.fetch<number | null>(PHOTO_BYTES_OF_CLIENT_QUERY, { client, since }, { includePrivate: true })) ?? 0) : 0
  }

  /** Reserves `bytes` for `client`, or returns undefined when that would pass the limit. */
  async reserve(client: string, bytes: number): Promise<{ release(): void; keep(): void } | undefined> {
    const counted = await this.counted(client)
    // Checked and taken without an await in between: two requests of one client cannot both pass.
    const pending = this.reserved.get(client) ?? 0
    if (counted + pending + bytes > this.limit) return undefined
    this.reserved.set(client, pending + bytes)
    let released = false
    const release = () => {
      if (released) return
      released = true
      const left = (this.reserved.get(client) ?? 0) - bytes
      if (left > 0) this.reserved.set(client, left)
      else this.reserved.delete(client)
    }
    return {
      release,
      // Stored: the lead follows within seconds and then counts itself.
      keep: () => setTimeout(release, RESERVATION_MS).unref(),
    }
  }
}

function totalBytes(photos: readonly ProcessedPhoto[]): number {
  return photos.reduce((sum, photo) => sum + photo.data.byteLength, 0)
}

export function withheld(reason: PhotosWithheldReason): SavedPhotos {
  return { photos: [], withheld: reason, leadFields: { photosWithheld: reason } }
}

function storedResult(photos: StoredPhoto[], client: string, bytes: number): SavedPhotos {
  return { photos, leadFields: photos.length > 0 ? { photos, photoBudget: { client, bytes } } : {} }
}

/** Photo files under DATA_DIR/uploads: written, fsync'd, renamed into place, the folder fsync'd. */
export class FilePhotoStore implements PhotoStore {
  private readonly budget: PhotoBudget
  private readonly clients: ClientBudget
  private readonly freeBytes: FreeBytes
  private readonly writeFile: (handle: FileHandle, data: Uint8Array) => Promise<void>
  /** Bytes of the photo files (counted once from the folder, then kept up to date) plus those being written. */
  private used: Promise<number> | undefined

  constructor(
    private readonly dir: string,
    private readonly options: PhotoStoreOptions = {},
  ) {
    this.budget = { ...PHOTO_BUDGET, ...options.budget }
    this.clients = new ClientBudget(options.lake, this.budget.perClientPerDayBytes, options.now ?? (() => new Date()))
    this.freeBytes = options.freeBytes ?? diskFreeBytes
    this.writeFile = options.writeFile ?? ((handle, data) => handle.writeFile(data))
  }

  async hasRoom(bytes: number, { client }: SaveOptions): Promise<boolean> {
    if (!(await this.clients.hasRoom(photoClientKey(client), bytes))) return false
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    return (await this.usedBytes()) + bytes <= this.budget.totalBytes && (await this.freeBytes(this.dir)) - bytes >= this.budget.minFreeBytes
  }

  async save(photos: readonly ProcessedPhoto[], { client: address }: SaveOptions): Promise<SavedPhotos> {
    const client = photoClientKey(address)
    if (photos.length === 0) return storedResult([], client, 0)
    const bytes = totalBytes(photos)
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    const reservation = await this.clients.reserve(client, bytes)
    if (!reservation) return withheld('budget')
    const free = await this.freeBytes(this.dir)
    const used = await this.usedBytes()
    if (used + bytes > this.budget.totalBytes || free - bytes < this.budget.minFreeBytes) {
      reservation.release()
      return withheld('budget')
    }
    this.adjustUsed(bytes)
    const stored: StoredPhoto[] = []
    try {
      for (const photo of photos) {
        const file = `${randomBytes(32).toString('base64url')}.jpg`
        const target = path.join(this.dir, file)
        await this.writeDurably(`${target}.tmp`, photo.data)
        await rename(`${target}.tmp`, target)
        stored.push({ _key: randomUUID().slice(0, 12), _type: 'leadPhoto', file, width: photo.width, height: photo.height })
      }
      await syncDir(this.dir)
    } catch (error) {
      reservation.release()
      // Those not stored were never counted by `remove`: take the rest of the reservation back here.
      this.adjustUsed(-(bytes - totalBytes(photos.slice(0, stored.length))))
      await this.remove(stored)
      throw error
    }
    reservation.keep()
    return storedResult(stored, client, bytes)
  }

  /** A temporary file, written and fsync'd; removed again when that fails (a full disk: ENOSPC). */
  private async writeDurably(temporary: string, data: Uint8Array) {
    const handle = await open(temporary, 'wx', 0o600)
    try {
      await this.writeFile(handle, data)
      await handle.sync()
    } catch (error) {
      await handle.close().catch(() => undefined)
      await unlink(temporary).catch(() => undefined)
      throw error
    }
    await handle.close()
  }

  async remove(photos: readonly PhotoToRemove[]) {
    for (const photo of photos) {
      if (!photo.file || !PHOTO_FILE_PATTERN.test(photo.file)) continue
      const file = path.join(this.dir, photo.file)
      const size = await stat(file).then(
        (stats) => stats.size,
        () => undefined,
      )
      if (size === undefined) continue
      await unlink(file).then(
        () => this.adjustUsed(-size),
        () => undefined,
      )
    }
    await syncDir(this.dir).catch(() => undefined)
  }

  async removeOrphans({ graceMs = ORPHAN_GRACE_MS, now = new Date() }: { graceMs?: number; now?: Date } = {}): Promise<number> {
    const lake = this.options.lake
    if (!lake) return 0
    const names = await readdir(this.dir).catch(() => [] as string[])
    // Every lead, drafts included (`raw`): a photo any version of a lead names stays.
    const referenced = new Set(await lake.fetch<Array<string | null>>(LEAD_PHOTO_FILES_QUERY, {}, { perspective: 'raw' }))
    let removed = 0
    for (const name of names) {
      const orphan = (PHOTO_FILE_PATTERN.test(name) && !referenced.has(name)) || TEMPORARY_PATTERN.test(name)
      if (!orphan) continue
      const file = path.join(this.dir, name)
      const stats = await stat(file).catch(() => undefined)
      if (!stats || now.getTime() - stats.mtimeMs < graceMs) continue
      await unlink(file).then(
        () => {
          removed++
          this.adjustUsed(-stats.size)
        },
        () => undefined,
      )
    }
    if (removed > 0) await syncDir(this.dir).catch(() => undefined)
    return removed
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

  /** Bytes under DATA_DIR/uploads: summed from the folder once, then kept by save, remove and the sweep (one process writes it: decision 039). */
  private usedBytes(): Promise<number> {
    this.used ??= (async () => {
      const names = await readdir(this.dir).catch(() => [] as string[])
      let sum = 0
      for (const name of names)
        sum += await stat(path.join(this.dir, name)).then(
          (stats) => stats.size,
          () => 0,
        )
      return sum
    })()
    return this.used
  }

  private adjustUsed(delta: number) {
    if (this.used) this.used = this.used.then((value) => Math.max(0, value + delta))
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

/** How long one photo's upload may take (the lake's writes have 8 s; a 2 MB photo on a slow uplink needs more). */
export const PHOTO_UPLOAD_TIMEOUT_MS = 30_000

/**
 * Sanity image assets, uploaded with the lake's own write client (its project, dataset, token, host,
 * no retries); ids `image-<sha1>-WxH-jpg`, labelled `source.name = LEAD_PHOTO_SOURCE` so that the
 * orphan sweep finds them. The per-client budget is kept as on the embedded lake; the total is the
 * Sanity project's business (its plan's asset quota), and its disk is not ours to watch.
 */
export class SanityPhotoStore implements PhotoStore {
  private readonly clients: ClientBudget

  constructor(
    private readonly client: SanityClient,
    private readonly options: PhotoStoreOptions & { uploadTimeoutMs?: number } = {},
  ) {
    this.clients = new ClientBudget(options.lake, { ...PHOTO_BUDGET, ...options.budget }.perClientPerDayBytes, options.now ?? (() => new Date()))
  }

  hasRoom(bytes: number, { client }: SaveOptions): Promise<boolean> {
    return this.clients.hasRoom(photoClientKey(client), bytes)
  }

  async save(photos: readonly ProcessedPhoto[], { client: address }: SaveOptions): Promise<SavedPhotos> {
    const client = photoClientKey(address)
    if (photos.length === 0) return storedResult([], client, 0)
    const bytes = totalBytes(photos)
    const reservation = await this.clients.reserve(client, bytes)
    if (!reservation) return withheld('budget')
    const stored: StoredPhoto[] = []
    try {
      for (const photo of photos) {
        const key = randomUUID().slice(0, 12)
        // No file name (a seller's device names photos after dates and places) and no metadata extraction.
        const asset = await this.client.assets.upload('image', photo.data, {
          contentType: 'image/jpeg',
          preserveFilename: false,
          extract: [],
          source: { name: LEAD_PHOTO_SOURCE, id: key },
          timeout: this.options.uploadTimeoutMs ?? PHOTO_UPLOAD_TIMEOUT_MS,
        })
        stored.push({
          _key: key,
          _type: 'leadPhoto',
          image: { _type: 'image', asset: { _type: 'reference', _ref: asset._id } },
          url: asset.url,
          width: photo.width,
          height: photo.height,
        })
      }
    } catch (error) {
      reservation.release()
      await this.remove(stored)
      throw error
    }
    reservation.keep()
    return storedResult(stored, client, bytes)
  }

  async remove(photos: readonly PhotoToRemove[]) {
    for (const photo of photos) {
      const id = photo.image?.asset?._ref
      // Sanity refuses (409) to delete an asset another document still refers to: that one stays.
      if (id) await this.client.delete(id).catch(() => undefined)
    }
  }

  async removeOrphans({ graceMs = ORPHAN_GRACE_MS, now = new Date() }: { graceMs?: number; now?: Date } = {}): Promise<number> {
    const lake = this.options.lake
    if (!lake) return 0
    const before = new Date(now.getTime() - graceMs).toISOString()
    const ids = await lake.fetch<string[]>(ORPHAN_PHOTO_ASSETS_QUERY, { source: LEAD_PHOTO_SOURCE, before }, { perspective: 'raw' })
    let removed = 0
    for (const id of ids) {
      await this.client.delete(id).then(
        () => removed++,
        () => undefined,
      )
    }
    return removed
  }
}

/** A lake without photo storage (a test's stand-in): a request with photos fails like a failed write; one without passes. */
export const NO_PHOTO_STORE: PhotoStore = {
  save: async (photos, { client }) => {
    if (photos.length > 0) throw new Error('Dieser Content Lake speichert keine Fotos.')
    return storedResult([], photoClientKey(client), 0)
  },
  hasRoom: async () => true,
  remove: async () => undefined,
  removeOrphans: async () => 0,
}

/**
 * Start-up housekeeping of the photos: empties the upload's temporary folder and removes orphan
 * photos (files or assets) older than the grace period. Never throws: a failure is reported to `log`.
 */
export async function cleanUpPhotosAtStart(
  env: Pick<Env, 'DATA_DIR'>,
  lake: Pick<ContentLake, 'photos'>,
  log: { warn(message: string): void; info?(message: string): void },
): Promise<void> {
  try {
    await emptyPhotoTempDir(env)
  } catch (error) {
    log.warn(`Der Ordner für hochgeladene Fotos (${photoTempDir(env)}) ließ sich nicht leeren: ${error instanceof Error ? error.message : String(error)}`)
  }
  try {
    const removed = (await lake.photos?.removeOrphans()) ?? 0
    if (removed > 0) log.info?.(`${removed} Foto(s) ohne Anfrage gelöscht (älter als eine Stunde).`)
  } catch (error) {
    log.warn(`Fotos ohne Anfrage ließen sich nicht aufräumen: ${error instanceof Error ? error.message : String(error)}`)
  }
}
