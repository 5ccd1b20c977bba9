/*
 * The photos of a sell request on the server (issue 26, docs/decisions/041): the multipart body is
 * streamed, each photo to a temporary file with a hard size limit (never a photo in memory before
 * it is known to be small); every photo is decoded and re-encoded with sharp (its real type from
 * its bytes, a pixel limit against decompression bombs, no metadata kept); then stored privately:
 * on Sanity as image assets, on the embedded lake as files under DATA_DIR/uploads named by an
 * unguessable token. Only then is the lead stored (submit.server.ts), and a failure removes what
 * was stored.
 */
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm, unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Readable, Transform } from 'node:stream'
import { unstable_parseMultipartFormData as parseMultipartFormData } from '@remix-run/node'
import sharp from 'sharp'
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_FIELD, PHOTO_MAX_SIDE, PHOTO_MESSAGES, SALE_FIELDS_LIMIT } from './photos.ts'

/**
 * The most pixels a photo may have before it is decoded (sharp checks the header first): a 48 MP
 * phone photo passes, a PNG of 20,000 × 20,000 (400 MP, a few KB compressed) does not.
 */
export const MAX_PHOTO_PIXELS = 50_000_000

/** A photo as received: a temporary file and the name the visitor's device gave it (for messages only). */
export interface IncomingPhoto {
  name: string
  file: string
  bytes: number
}

export interface SaleUpload {
  /** The text fields (the last value of a repeated name). */
  fields: Record<string, string>
  photos: IncomingPhoto[]
  /** Refusals while reading (too many, too large): German, for the photo field. */
  photoErrors: string[]
  /** The text fields together were over SALE_FIELDS_LIMIT. */
  fieldsTooLarge: boolean
  /** The temporary folder of this request's files; `discard` removes it. */
  dir: string
}

/** The visitor's file name, shortened and stripped of anything but printable characters, for a message. */
function displayName(name: string | undefined, index: number): string {
  const clean = (name ?? '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .slice(0, 60)
    .trim()
  return clean || `Foto ${index}`
}

/** Consumes a part's data to its end without keeping it (the parser needs the stream read to reach the next part). */
async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const _chunk of data) {
    // thrown away
  }
}

/**
 * Reads a multipart/form-data request: text fields into `fields` (at most SALE_FIELDS_LIMIT
 * together), each file of the photo field into a temporary file of at most MAX_PHOTO_BYTES. A photo
 * over the limit or beyond the tenth is read to its end and thrown away (so the fields after it are
 * still read and the page keeps the input), never held: memory stays at one chunk.
 */
export async function readSaleUpload(request: Request): Promise<SaleUpload> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sell-request-'))
  const upload: SaleUpload = { fields: {}, photos: [], photoErrors: [], fieldsTooLarge: false, dir }
  let fieldBytes = 0
  let fileCount = 0
  try {
    await parseMultipartFormData(request, async (part) => {
      if (part.filename === undefined) {
        const chunks: Buffer[] = []
        for await (const chunk of part.data) {
          fieldBytes += chunk.byteLength
          if (fieldBytes > SALE_FIELDS_LIMIT) upload.fieldsTooLarge = true
          else chunks.push(Buffer.from(chunk))
        }
        if (!upload.fieldsTooLarge) upload.fields[part.name] = Buffer.concat(chunks).toString('utf8')
        return null
      }
      // An empty file input sends one part without a name and without content.
      if (part.name !== PHOTO_FIELD || part.filename === '') {
        await drain(part.data)
        return null
      }
      fileCount++
      const name = displayName(part.filename, fileCount)
      if (fileCount > MAX_PHOTOS) {
        if (fileCount === MAX_PHOTOS + 1) upload.photoErrors.push(PHOTO_MESSAGES.tooMany)
        await drain(part.data)
        return null
      }
      const file = path.join(dir, `${fileCount}.upload`)
      let bytes = 0
      let over = false
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.byteLength
          if (bytes > MAX_PHOTO_BYTES) over = true
          callback(null, over ? undefined : chunk)
        },
      })
      await pipeline(Readable.from(part.data), limit, createWriteStream(file, { flags: 'wx' }))
      if (over) {
        upload.photoErrors.push(PHOTO_MESSAGES.tooLarge(name))
        await unlink(file)
      } else if (bytes > 0) {
        upload.photos.push({ name, file, bytes })
      }
      return null
    })
  } catch (error) {
    await discard(upload)
    throw error
  }
  return upload
}

/** Removes the request's temporary files. Never throws. */
export async function discard(upload: Pick<SaleUpload, 'dir'>) {
  await rm(upload.dir, { recursive: true, force: true }).catch(() => undefined)
}

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
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true })
    return { ok: true, photo: { data, width: info.width, height: info.height } }
  } catch (error) {
    const message = error instanceof Error ? error.message : ''
    if (/pixel limit/i.test(message)) return { ok: false, message: PHOTO_MESSAGES.tooManyPixels(name) }
    return { ok: false, message: PHOTO_MESSAGES.unreadable(name) }
  }
}

/** Every received photo, one after the other (two cores: one decode at a time leaves the other for other visitors). */
export async function processPhotos(photos: readonly IncomingPhoto[]): Promise<{ photos: ProcessedPhoto[]; errors: string[] }> {
  const processed: ProcessedPhoto[] = []
  const errors: string[] = []
  for (const photo of photos) {
    const result = await processPhoto(photo.file, photo.name)
    if (result.ok) processed.push(result.photo)
    else errors.push(result.message)
  }
  return { photos: processed, errors }
}
