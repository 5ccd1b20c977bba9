/*
 * The photos of a sell request on the server (issue 26, docs/decisions/041): every photo is decoded
 * and re-encoded with sharp (its real type from its bytes, a pixel limit against decompression
 * bombs, no metadata kept). Decoding is the dearest work a visitor can ask for, so it comes last
 * (after the honeypot, the rate limit and every text field, submit.server.ts), within a budget per
 * request read from the headers before anything is decoded, and through one small queue per
 * process (issue 35 item 3). The body itself is read by multipart.server.ts.
 */
import sharp from 'sharp'
import { type IncomingPhoto } from './multipart.server.ts'
import { PHOTO_MAX_SIDE, PHOTO_MESSAGES } from './photos.ts'

// One libvips worker thread per operation: on two cores a decode leaves the other core to the pages.
sharp.concurrency(1)

/**
 * The most pixels a photo may have before it is decoded (sharp checks the header first): a 48 MP
 * phone photo passes, a PNG of 20,000 × 20,000 (400 MP, a few KB compressed) does not.
 */
export const MAX_PHOTO_PIXELS = 50_000_000

/**
 * The most a request's photos may cost to decode, in bytes of decoded samples (pixels × channels ×
 * bytes per sample), read from their headers before any is decoded: ten 12 MP phone photos (360 MB)
 * pass; ten 49 MP 16-bit PNGs (2.9 GB, minutes of CPU) are refused at once.
 */
export const DECODE_BUDGET_BYTES = 600_000_000

/** Requests that may wait for the decoder while one decodes; more are told to come back (503). */
export const DECODE_QUEUE_WAITING = 2

/** Seconds a visitor is asked to wait when the decoder is busy (Retry-After). */
export const DECODE_RETRY_AFTER_SECONDS = 30

export interface ProcessedPhoto {
  data: Buffer
  width: number
  height: number
}

export type PhotoCheck = { ok: true; photo: ProcessedPhoto } | { ok: false; message: string }

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp'])

/**
 * Decodes one photo and encodes it anew as JPEG: its type from its bytes (sharp's header sniffing,
 * never the name or the declared type), at most MAX_PHOTO_PIXELS, a truncated or corrupt file
 * refused (`failOn: 'warning'`), turned upright by its EXIF orientation, at most PHOTO_MAX_SIDE
 * on its longest side, converted to sRGB and written without any metadata (no EXIF, GPS, XMP or
 * ICC: sharp keeps none unless asked).
 */
export async function processPhoto(input: string | Buffer, name: string): Promise<PhotoCheck> {
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'warning' as const, sequentialRead: true }
  let format: string | undefined
  try {
    const metadata = await sharp(input, options).metadata()
    format = metadata.format
    if (!format || !ACCEPTED_FORMATS.has(format)) return { ok: false, message: PHOTO_MESSAGES.notAnImage(name) }
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PHOTO_PIXELS) return { ok: false, message: PHOTO_MESSAGES.tooManyPixels(name) }
  } catch (error) {
    const message = error instanceof Error ? error.message : ''
    if (/pixel limit/i.test(message)) return { ok: false, message: PHOTO_MESSAGES.tooManyPixels(name) }
    return { ok: false, message: PHOTO_MESSAGES.notAnImage(name) }
  }
  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      // libjpeg-turbo, not mozjpeg: about a fifth larger files, for staff's eyes only, but 3 to 9 times less CPU
      // (a noise photo 2.5 s against 0.3 s), and the one decoder line is every seller's.
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
    return { ok: true, photo: { data, width: info.width, height: info.height } }
  } catch (error) {
    const message = error instanceof Error ? error.message : ''
    if (/pixel limit/i.test(message)) return { ok: false, message: PHOTO_MESSAGES.tooManyPixels(name) }
    return { ok: false, message: PHOTO_MESSAGES.unreadable(name) }
  }
}

const BYTES_PER_SAMPLE: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 }

/** What decoding a photo costs, from its header: its samples' bytes; the refusal of a photo that is none or too large. */
async function decodeCost(photo: IncomingPhoto): Promise<{ ok: true; bytes: number } | { ok: false; message: string }> {
  try {
    const metadata = await sharp(photo.file, { limitInputPixels: MAX_PHOTO_PIXELS }).metadata()
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) return { ok: false, message: PHOTO_MESSAGES.notAnImage(photo.name) }
    const pixels = (metadata.width ?? 0) * (metadata.height ?? 0)
    if (pixels > MAX_PHOTO_PIXELS) return { ok: false, message: PHOTO_MESSAGES.tooManyPixels(photo.name) }
    return { ok: true, bytes: pixels * (metadata.channels ?? 4) * (BYTES_PER_SAMPLE[metadata.depth ?? ''] ?? 2) }
  } catch (error) {
    const message = error instanceof Error ? error.message : ''
    return { ok: false, message: /pixel limit/i.test(message) ? PHOTO_MESSAGES.tooManyPixels(photo.name) : PHOTO_MESSAGES.notAnImage(photo.name) }
  }
}

/** Requests of one sender at once: one in the decoder line, one waiting for it outside the line; more are busy. */
export const DECODES_PER_SENDER = 2

/**
 * One decode at a time per process, with a short line of waiting requests; beyond it the caller hears
 * `busy`. A sender holds one place at most: its next request waits for the one before outside the line,
 * so one client's posts, each within nginx's limit, no longer fill the line for everyone else, while
 * two tabs of one household still both get through.
 */
export class DecodeQueue {
  private running = false
  private readonly waiting: Array<() => void> = []
  /** Per sender: how many of its requests are here, and the last one's end. */
  private readonly senders = new Map<string, { count: number; last: Promise<void> }>()

  constructor(private readonly maxWaiting: number) {}

  /** Runs `task` for `sender` when it is its turn, or resolves `busy` at once when the line or the sender's share is full. */
  async run<T>(sender: string, task: () => Promise<T>): Promise<{ busy: true } | { busy: false; value: T }> {
    const before = this.senders.get(sender)
    if (before && before.count >= DECODES_PER_SENDER) return { busy: true }
    let finished!: () => void
    const mine = { count: (before?.count ?? 0) + 1, last: new Promise<void>((resolve) => (finished = resolve)) }
    this.senders.set(sender, mine)
    try {
      await before?.last
      return await this.inLine(task)
    } finally {
      finished()
      const now = this.senders.get(sender)!
      if (now.count === 1) this.senders.delete(sender)
      else now.count--
    }
  }

  private async inLine<T>(task: () => Promise<T>): Promise<{ busy: true } | { busy: false; value: T }> {
    if (this.running) {
      if (this.waiting.length >= this.maxWaiting) return { busy: true }
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    }
    this.running = true
    try {
      return { busy: false, value: await task() }
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running = false
    }
  }
}

/** The process's decoder line (sharp's threads are shared by the whole process). */
export const decodeQueue = new DecodeQueue(DECODE_QUEUE_WAITING)

/**
 * The photos checked from their headers alone (type, pixels, the request's decode budget): cheap,
 * so it runs beside the text fields' checks and the visitor hears of every problem at once.
 * Returns the German refusals, empty when all pass.
 */
export async function checkPhotoHeaders(photos: readonly IncomingPhoto[]): Promise<string[]> {
  const errors: string[] = []
  let cost = 0
  for (const photo of photos) {
    const result = await decodeCost(photo)
    if (result.ok) cost += result.bytes
    else errors.push(result.message)
  }
  if (errors.length === 0 && cost > DECODE_BUDGET_BYTES) errors.push(PHOTO_MESSAGES.tooMuchTogether)
  return errors
}

export type DecodedPhotos = { status: 'ok'; photos: ProcessedPhoto[] } | { status: 'invalid'; errors: string[] } | { status: 'busy' }

/**
 * Photos whose headers passed (checkPhotoHeaders) decoded and re-encoded one after the other in
 * the process's decoder line, for `sender` (clientKey). `invalid` names each photo that failed to
 * decode; `busy` means the line or the sender's share of it is full (503, come back shortly).
 */
export async function decodePhotos(photos: readonly IncomingPhoto[], sender: string, queue: DecodeQueue = decodeQueue): Promise<DecodedPhotos> {
  const decoded = await queue.run(sender, async () => {
    const processed: ProcessedPhoto[] = []
    const refused: string[] = []
    for (const photo of photos) {
      const result = await processPhoto(photo.file, photo.name)
      if (result.ok) processed.push(result.photo)
      else refused.push(result.message)
    }
    return { processed, refused }
  })
  if (decoded.busy) return { status: 'busy' }
  const { processed, refused } = decoded.value
  return refused.length > 0 ? { status: 'invalid', errors: refused } : { status: 'ok', photos: processed }
}
