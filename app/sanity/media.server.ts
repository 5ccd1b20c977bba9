import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { IMAGE_QUALITY, IMAGE_WIDTHS, imageUrl } from '#app/sanity/image.ts'
import { type ContentLake } from '#app/sanity/lake.server.ts'
import { DiskCache } from '#app/sanity/media-cache.server.ts'
import { CACHE_CONTROL } from '#app/utils/http.server.ts'

/*
 * The image CDN of the embedded lake, behind the /media/<file> route: the original file, or a
 * resized and re-encoded variant with exactly the parameters imageUrl() writes (docs/decisions/019).
 * Variants are encoded one at a time through a short queue and kept in a bounded disk cache.
 */

export type MediaFormat = 'avif' | 'webp' | 'jpg' | 'png' | 'gif'

/** What one request asks for. */
export interface MediaVariant {
  width: number
  quality: number
  /** Negotiated from the Accept header (`auto=format`). */
  format: MediaFormat
}

/**
 * Encodes that run at once. The server has 2 cores and an AVIF encode keeps one busy for up to
 * 0.6 s (1920 px); one at a time leaves the other core to pages and API requests.
 */
export const ENCODE_CONCURRENCY = 1
/**
 * Cache misses that may wait for the encoder; more get a 503. Room for the images of a few pages
 * visited at once on a cold cache (a page shows up to about 20 images; browsers do not retry a
 * failed image), not for a flood. A flood is bounded anyway: only the site's own variants exist,
 * each encoded once.
 */
export const MAX_WAITING_ENCODES = 64
/** Seconds a client should wait after a 503. */
const RETRY_AFTER_SECONDS = 5

const CONTENT_TYPES: Record<MediaFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
}
// Asset names are content-addressed: `<sha1>-<width>x<height>.<ext>`.
const ASSET_NAME = /^[0-9a-f]{40}-(\d+)x\d+\.(jpg|png|webp|gif)$/

/** Runs tasks with a fixed concurrency; refuses new ones when too many are waiting. */
export class EncodeQueue {
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get isFull(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.maxWaiting
  }

  /** The task's result once a slot was free, or undefined (the task never runs) when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T> | undefined {
    if (this.isFull) return undefined
    return this.runInSlot(task)
  }

  private async runInSlot<T>(task: () => Promise<T>): Promise<T> {
    // Counted synchronously (before the first await), so `isFull` is right for the next caller.
    if (this.running < this.concurrency) this.running++
    else await new Promise<void>((resolve) => this.waiting.push(resolve))
    try {
      return await task()
    } finally {
      // Hand the slot to the next waiting task, or free it.
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}

export interface MediaOptions {
  queue?: EncodeQueue
  /** The disk cache; by default DATA_DIR/media-cache, bounded by MEDIA_CACHE_MAX_BYTES. */
  cache?: DiskCache
}

const encodeQueue = new EncodeQueue(ENCODE_CONCURRENCY, MAX_WAITING_ENCODES)
const diskCaches = new Map<string, DiskCache>()
const rendering = new Map<string, Promise<Buffer | undefined>>()

/**
 * Answers a /media request: 404 for names outside the embedded lake's assets, 400 for variants the
 * site does not emit, 503 when too many encodes wait.
 */
export async function mediaResponse(lake: ContentLake, name: string, request: Request, options: MediaOptions = {}): Promise<Response> {
  const assets = lake.assets
  const source = assets?.assetFile(name)
  const original = ASSET_NAME.exec(name)
  if (!assets || !source || !original?.[1] || !original[2]) return text('Nicht gefunden', 404)
  const originalFormat = original[2] as MediaFormat

  const url = new URL(request.url)
  // Without parameters: the original file (JSON-LD, og:image and the API link it).
  if (url.search === '') return imageResponse(await readFile(source), originalFormat, false)

  const variant = chooseVariant({ width: Number(original[1]), format: originalFormat }, url.searchParams, request.headers.get('Accept') ?? '')
  if (typeof variant === 'string') return text(variant, 400)

  const cache = options.cache ?? defaultCache(assets.variantsDir)
  const bytes = await renderVariant(source, name, variant, cache, options.queue ?? encodeQueue)
  if (!bytes) {
    return text('Zu viele Bildanfragen gleichzeitig. Bitte gleich noch einmal versuchen.', 503, {
      'Retry-After': String(RETRY_AFTER_SECONDS),
      'Cache-Control': CACHE_CONTROL.noStore,
    })
  }
  return imageResponse(bytes, variant.format, true)
}

/**
 * Accepts exactly the parameters imageUrl() writes: `w` one of IMAGE_WIDTHS or the image's own
 * width (srcset candidates beyond it collapse into it), `q=IMAGE_QUALITY`, `auto=format`,
 * `fit=max`, nothing else. The format is negotiated: AVIF, then WebP, then the original's.
 * Returns a German error message for anything else, so each image has at most about 33 variants.
 */
export function chooseVariant(original: { width: number; format: MediaFormat }, params: URLSearchParams, accept: string): MediaVariant | string {
  const w = params.get('w') ?? ''
  const width = Number(w)
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width) && width !== original.width) return `Ungültige Breite: ${w}`
  const emitted = new URL(imageUrl('/media/x', { width }), 'http://localhost').searchParams
  if (!sameParams(params, emitted)) return 'Diese Bildvariante gibt es nicht.'
  const format = accept.includes('image/avif') ? 'avif' : accept.includes('image/webp') ? 'webp' : original.format
  // The width is capped: a 1920 candidate of a 1200 px image is the 1200 px file.
  return { width: Math.min(width, original.width), quality: IMAGE_QUALITY, format }
}

/** Returns the encoded variant from the disk cache, encoding it once when missing; undefined when the queue is full. */
export function renderVariant(source: string, name: string, variant: MediaVariant, cache: DiskCache, queue: EncodeQueue): Promise<Buffer | undefined> {
  const stem = name.slice(0, name.lastIndexOf('.'))
  const fileName = `${stem}-w${variant.width}-q${variant.quality}.${variant.format}`
  // Requests for the same variant share one read or encode.
  const key = path.join(cache.dir, fileName)
  let pending = rendering.get(key)
  if (!pending) {
    pending = readOrRender(source, variant, fileName, cache, queue).finally(() => rendering.delete(key))
    rendering.set(key, pending)
  }
  return pending
}

async function readOrRender(source: string, variant: MediaVariant, fileName: string, cache: DiskCache, queue: EncodeQueue): Promise<Buffer | undefined> {
  const cached = await cache.read(fileName)
  if (cached) return cached
  const encoding = queue.run(() => encode(sharp(source).resize({ width: variant.width, withoutEnlargement: true }), variant).toBuffer())
  if (!encoding) return undefined
  const bytes = await encoding
  await cache.write(fileName, bytes)
  return bytes
}

function defaultCache(dir: string): DiskCache {
  let cache = diskCaches.get(dir)
  if (!cache) {
    cache = new DiskCache(dir)
    diskCaches.set(dir, cache)
  }
  return cache
}

function sameParams(a: URLSearchParams, b: URLSearchParams): boolean {
  const entries = (params: URLSearchParams) => [...params].map(([key, value]) => `${key}=${value}`).sort()
  return entries(a).join('&') === entries(b).join('&')
}

function imageResponse(bytes: Buffer, format: MediaFormat, negotiated: boolean): Response {
  const headers = new Headers({
    'Content-Type': CONTENT_TYPES[format],
    'Content-Length': String(bytes.length),
    // The name contains the content hash, so a URL never changes its bytes.
    'Cache-Control': CACHE_CONTROL.immutable,
    'X-Content-Type-Options': 'nosniff',
  })
  if (negotiated) headers.set('Vary', 'Accept')
  return new Response(new Uint8Array(bytes), { headers })
}

function encode(image: sharp.Sharp, { format, quality }: MediaVariant): sharp.Sharp {
  switch (format) {
    case 'avif':
      // Effort 2 instead of the default 4: same bytes within 2 % on our images, about 6× faster
      // to encode (1920 px hero: 0.6 s instead of 3.8 s), which matters for the first visitor.
      return image.avif({ quality, effort: 2 })
    case 'webp':
      return image.webp({ quality })
    case 'jpg':
      return image.jpeg({ quality, progressive: true })
    // PNG and GIF stay lossless: their `quality` would switch to a reduced palette.
    case 'png':
      return image.png()
    case 'gif':
      return image.gif()
  }
}

function text(message: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } })
}
