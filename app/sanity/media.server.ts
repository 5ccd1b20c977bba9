import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { evaluate, parse } from 'groq-js'
import sharp from 'sharp'
import { IMAGE_QUALITY, IMAGE_WIDTHS, imageUrl } from '#app/sanity/image.ts'
import { type ContentLake, type LocalDocuments, type SanityDocument } from '#app/lake/lake.server.ts'
import { IMAGE_URL } from '#app/sanity/queries/fragments.ts'
import { DiskCache } from '#app/sanity/media-cache.server.ts'
import { CACHE_CONTROL } from '#app/utils/http.server.ts'

/*
 * The image CDN of the embedded lake, behind the /media/<file> route: the original file, or a
 * resized and re-encoded variant with exactly the parameters imageUrl() writes (docs/decisions/019).
 * Variants are encoded one at a time through a short queue and kept in a bounded disk cache.
 */

export type MediaFormat = 'avif' | 'webp' | 'jpg' | 'png' | 'gif'

/** A crop in pixels of the original (`rect=left,top,width,height`). */
export interface CropRect {
  left: number
  top: number
  width: number
  height: number
}

/** What one request asks for. */
export interface MediaVariant {
  width: number
  quality: number
  /** Negotiated from the Accept header (`auto=format`). */
  format: MediaFormat
  /** The crop staff set on the image, cut before resizing. */
  rect?: CropRect
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
const ASSET_NAME = /^([0-9a-f]{40})-(\d+)x(\d+)\.(jpg|png|webp|gif)$/

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
  if (!assets || !source || !original) return text('Nicht gefunden', 404)
  const [, hash, width, height, extension] = original as unknown as [string, string, string, string, MediaFormat]

  const url = new URL(request.url)
  // Without parameters: the original file (JSON-LD, og:image and the API link it).
  if (url.search === '') return imageResponse(await readFile(source), extension, false)

  const crops = lake.local ? await cropsOf(lake.local, `image-${hash}-${width}x${height}-${extension}`) : new Set<string>()
  const variant = chooseVariant({ width: Number(width), format: extension, crops }, url.searchParams, request.headers.get('Accept') ?? '')
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
 * `fit=max`, nothing else; and a `rect` only when it is the crop of a use of this image in the
 * content (`crops`, as the queries write it), alone (the cropped original: og:image, JSON-LD) or with
 * the others. The format is negotiated: AVIF, then WebP, then the original's.
 * Returns a German error message for anything else, so each image has a bounded number of variants.
 */
export function chooseVariant(
  original: { width: number; format: MediaFormat; crops: ReadonlySet<string> },
  params: URLSearchParams,
  accept: string,
): MediaVariant | string {
  const rectParam = params.get('rect')
  if (rectParam !== null && !original.crops.has(rectParam)) return 'Diesen Bildausschnitt gibt es nicht.'
  const rect = rectParam === null ? undefined : parseRect(rectParam)
  const ownWidth = rect?.width ?? original.width
  const base = rectParam === null ? '/media/x' : `/media/x?rect=${rectParam}`
  // The cropped original, at its own size and in its own format.
  if (rectParam !== null && [...params.keys()].length === 1) return { width: ownWidth, quality: IMAGE_QUALITY, format: original.format, rect }
  const w = params.get('w') ?? ''
  const width = Number(w)
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width) && width !== ownWidth) return `Ungültige Breite: ${w}`
  const emitted = new URL(imageUrl(base, { width }), 'http://localhost').searchParams
  if (!sameParams(params, emitted)) return 'Diese Bildvariante gibt es nicht.'
  const format = accept.includes('image/avif') ? 'avif' : accept.includes('image/webp') ? 'webp' : original.format
  // The width is capped: a 1920 candidate of a 1200 px image is the 1200 px file.
  return { width: Math.min(width, ownWidth), quality: IMAGE_QUALITY, format, rect }
}

function parseRect(value: string): CropRect {
  const [left = 0, top = 0, width = 0, height = 0] = value.split(',').map(Number)
  return { left, top, width, height }
}

/**
 * The `rect` values of every use of an asset in the published content: the crops the queries write
 * into image URLs (IMAGE_URL, the same GROQ), so /media renders those and no others. Found once per
 * state of the content.
 */
function cropsOf(local: LocalDocuments, assetId: string): Promise<ReadonlySet<string>> {
  const documents = local.publishedDocuments()
  let byAsset = cropIndexes.get(documents)
  if (!byAsset) {
    byAsset = new Map()
    cropIndexes.set(documents, byAsset)
  }
  let crops = byAsset.get(assetId)
  if (!crops) {
    crops = findCrops(local, documents, assetId)
    byAsset.set(assetId, crops)
  }
  return crops
}

const cropIndexes = new WeakMap<readonly SanityDocument[], Map<string, Promise<ReadonlySet<string>>>>()
const CROPPED_IMAGE_URLS = parse(`$images[]${IMAGE_URL}.asset.url`)

async function findCrops(local: LocalDocuments, documents: readonly SanityDocument[], assetId: string): Promise<ReadonlySet<string>> {
  const images: unknown[] = []
  for (const document of documents) collectCroppedImages(document, assetId, images)
  if (images.length === 0) return new Set()
  const urls = await (await evaluate(CROPPED_IMAGE_URLS, { dataset: documents, params: { images }, dereference: local.dereference })).get()
  const rects = (Array.isArray(urls) ? urls : []).flatMap((url) => {
    const rect = typeof url === 'string' ? new URL(url, 'http://localhost').searchParams.get('rect') : null
    return rect ? [rect] : []
  })
  return new Set(rects)
}

function collectCroppedImages(value: unknown, assetId: string, found: unknown[]) {
  if (Array.isArray(value)) for (const item of value) collectCroppedImages(item, assetId, found)
  else if (typeof value === 'object' && value !== null) {
    const object = value as { asset?: { _ref?: unknown }; crop?: unknown }
    if (object.asset?._ref === assetId && object.crop) found.push(value)
    else for (const child of Object.values(value)) collectCroppedImages(child, assetId, found)
  }
}

/** Returns the encoded variant from the disk cache, encoding it once when missing; undefined when the queue is full. */
export function renderVariant(source: string, name: string, variant: MediaVariant, cache: DiskCache, queue: EncodeQueue): Promise<Buffer | undefined> {
  const stem = name.slice(0, name.lastIndexOf('.'))
  const crop = variant.rect ? `-r${variant.rect.left}_${variant.rect.top}_${variant.rect.width}_${variant.rect.height}` : ''
  const fileName = `${stem}${crop}-w${variant.width}-q${variant.quality}.${variant.format}`
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
  const encoding = queue.run(() => {
    const image = variant.rect ? sharp(source).extract(variant.rect) : sharp(source)
    return encode(image.resize({ width: variant.width, withoutEnlargement: true }), variant).toBuffer()
  })
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
