/*
 * The multipart reader of the one submission door (issue 35 item 2): busboy, a well-kept streaming
 * parser, with an explicit bound on everything a hostile body could grow: a part's header block
 * (busboy's fixed 16 KB and 2,000 lines, so a 100 MB field name is refused after 16 KB), a field
 * name, a text field and all of them together, the number of parts, fields and files, each file,
 * and the whole body, counted as it streams (a chunked body has no declared length). Text fields
 * stay in memory (a few KB); each photo goes to a temporary file and never into memory. Past a
 * hard limit the request is refused at once and the rest of the body is not read.
 */
import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm, unlink } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform, type TransformCallback, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { type ReadableStream as WebReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_FIELD, PHOTO_MESSAGES, SALE_BODY_LIMIT, SALE_FIELDS_LIMIT } from './photos.ts'

/** The bounds of a multipart body; MULTIPART_LIMITS unless a test needs others. */
export interface MultipartLimits {
  /** Bytes of the whole body, headers of the parts included. */
  bodyBytes: number
  /** Bytes of a field's name (longer names are refused, not cut). */
  fieldNameBytes: number
  /** Bytes of one text field. */
  fieldBytes: number
  /** Bytes of all text fields together. */
  fieldsBytes: number
  /** Text fields (the sell form has about 25, hidden ones included). */
  fields: number
  /** Parts of any kind: fields, files and empty file inputs. */
  parts: number
  /** Files kept; more are refused with a message at the photo field. */
  files: number
  /** Bytes of one file. */
  fileBytes: number
}

export const MULTIPART_LIMITS: MultipartLimits = {
  bodyBytes: SALE_BODY_LIMIT,
  fieldNameBytes: 100,
  // The longest valid text (a 5,000-character note) in UTF-8 with room to spare.
  fieldBytes: 16 * 1024,
  fieldsBytes: SALE_FIELDS_LIMIT,
  fields: 50,
  parts: 50 + MAX_PHOTOS + 5,
  files: MAX_PHOTOS,
  fileBytes: MAX_PHOTO_BYTES,
}

/** A photo as received: a temporary file and the name the visitor's device gave it (for messages only). */
export interface IncomingPhoto {
  name: string
  file: string
  bytes: number
}

export interface MultipartBody {
  /** The text fields (the last value of a repeated name). */
  fields: Record<string, string>
  photos: IncomingPhoto[]
  /** Refusals of single photos while reading (too many, too large): German, for the photo field. */
  photoErrors: string[]
  /** Removes the temporary files. Never throws. */
  discard(): Promise<void>
}

/**
 * Why a body was not read to its end: `size` is a 413, `malformed` a 400, `unavailable` a 503 (a
 * photo could not be written to the temporary folder, e.g. a full disk: the server's failure).
 */
export class MultipartRefusal extends Error {
  constructor(
    readonly reason: 'size' | 'malformed' | 'unavailable',
    message: string,
    /** The text fields read before the refusal, so that a page can keep them. */
    readonly fields: Record<string, string> = {},
    options?: { cause: unknown },
  ) {
    super(message, options)
  }
}

/** The visitor's file name, shortened and stripped of anything but printable characters, for a message. */
function displayName(name: string | undefined, index: number): string {
  const clean = (name ?? '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .slice(0, 60)
    .trim()
  return clean || `Foto ${index}`
}

/**
 * Reads a multipart/form-data request into text fields and photo files under `tempRoot` (one
 * folder per request). Only files of the photo field are kept; any other file part is read past.
 * A photo over its size or beyond the tenth is refused with a message and read past without being
 * kept, so the fields after it are still read and the page keeps the input. Rejects with a
 * MultipartRefusal for a body that breaks a hard limit or cannot be read; nothing is left on disk then.
 */
export async function readMultipart(
  request: Request,
  tempRoot: string,
  limits: MultipartLimits = MULTIPART_LIMITS,
  /** Opens a temporary file for writing (tests hand in a failing one). */
  createFile: (file: string) => Writable = (file) => createWriteStream(file, { flags: 'wx', mode: 0o600 }),
): Promise<MultipartBody> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!request.body) throw new MultipartRefusal('malformed', 'no body')
  await mkdir(tempRoot, { recursive: true, mode: 0o700 })
  const dir = await mkdtemp(path.join(tempRoot, 'submission-'))
  const discard = () =>
    rm(dir, { recursive: true, force: true }).then(
      () => undefined,
      () => undefined,
    )
  const body: MultipartBody = { fields: {}, photos: [], photoErrors: [], discard }

  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // One more than allowed of names, fields and parts, so that going over is seen (busboy cuts silently at the limit).
      limits: {
        fieldNameSize: limits.fieldNameBytes + 1,
        fieldSize: limits.fieldBytes,
        fields: limits.fields,
        parts: limits.parts,
        files: limits.files,
        fileSize: limits.fileBytes,
      },
    })
  } catch (error) {
    await discard()
    throw new MultipartRefusal('malformed', error instanceof Error ? error.message : String(error))
  }

  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>)
  let bodyBytes = 0
  const overBody = () => bodyBytes > limits.bodyBytes
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      bodyBytes += chunk.byteLength
      if (overBody()) return callback(new MultipartRefusal('size', `body over ${limits.bodyBytes} bytes`))
      callback(null, chunk)
    },
  })

  let fieldsBytes = 0
  let fileCount = 0
  const writes: Promise<void>[] = []

  const done = new Promise<void>((resolve, reject) => {
    const refuse = (refusal: MultipartRefusal) => reject(new MultipartRefusal(refusal.reason, refusal.message, { ...body.fields }))
    parser.on('field', (name, value, info) => {
      if (name.length > limits.fieldNameBytes || info.nameTruncated) return refuse(new MultipartRefusal('size', 'field name too long'))
      if (info.valueTruncated) return refuse(new MultipartRefusal('size', `field ${name} too long`))
      fieldsBytes += Buffer.byteLength(value)
      if (fieldsBytes > limits.fieldsBytes) return refuse(new MultipartRefusal('size', 'fields too long'))
      body.fields[name] = value
    })
    parser.on('file', (name, stream, info) => {
      // An empty file input sends one part with an empty file name and no content; other file fields are not ours.
      // Read past with an error listener: a body that breaks off inside the part errors its stream too, and an
      // error nobody listens to ended the process; the parser's error refuses the body.
      if (name !== PHOTO_FIELD || info.filename === undefined || info.filename === '') return void stream.on('error', () => undefined).resume()
      fileCount++
      const photoName = displayName(info.filename, fileCount)
      const file = path.join(dir, `${fileCount}.upload`)
      let bytes = 0
      stream.on('data', (chunk: Buffer) => (bytes += chunk.byteLength))
      stream.once('limit', () => body.photoErrors.push(PHOTO_MESSAGES.tooLarge(photoName)))
      const write = pipeline(stream, createFile(file)).then(async () => {
        if (stream.truncated || bytes === 0) await unlink(file)
        else body.photos.push({ name: photoName, file, bytes })
      })
      // Awaited after the parser is done; until then a failed write must not count as unhandled.
      write.catch(() => undefined)
      writes.push(write)
    })
    parser.on('filesLimit', () => {
      if (!body.photoErrors.includes(PHOTO_MESSAGES.tooMany)) body.photoErrors.push(PHOTO_MESSAGES.tooMany)
    })
    parser.on('fieldsLimit', () => refuse(new MultipartRefusal('size', 'too many fields')))
    parser.on('partsLimit', () => refuse(new MultipartRefusal('size', 'too many parts')))
    parser.on('error', (error: Error) => refuse(new MultipartRefusal('malformed', error.message)))
    parser.on('close', resolve)
  })

  try {
    // The first failure wins: the counter's 413, a limit, or the parser's own error.
    await Promise.all([pipeline(source, counter, parser), done])
    await Promise.all(writes)
    // Photos in the order they were sent (their writes may finish in another order).
    body.photos.sort((a, b) => a.file.localeCompare(b.file, 'en', { numeric: true }))
    return body
  } catch (error) {
    source.destroy()
    await Promise.allSettled(writes)
    await discard()
    // The parser also fails once the counter cuts its input: the cut is the cause.
    if (overBody()) throw new MultipartRefusal('size', `body over ${limits.bodyBytes} bytes`, { ...body.fields })
    if (error instanceof MultipartRefusal) throw error
    // A temporary file that could not be written (a full disk) is the server's failure, not the body's.
    if (isFileSystemError(error)) throw new MultipartRefusal('unavailable', 'temporary file not written', { ...body.fields }, { cause: error })
    throw new MultipartRefusal('malformed', error instanceof Error ? error.message : String(error), { ...body.fields })
  }
}

function isFileSystemError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^E(NOSPC|DQUOT|ROFS|ACCES|PERM|MFILE|NFILE|IO)$/.test(code)
}
