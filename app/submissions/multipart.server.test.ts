import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MULTIPART_LIMITS, MultipartRefusal, readMultipart } from './multipart.server.ts'
import { MAX_PHOTOS, PHOTO_MESSAGES } from './photos.ts'

const BOUNDARY = 'grenze'
const MB = 1024 * 1024

/**
 * A multipart request whose body is made as it is read, `total` bytes at most: `head`, then
 * `filler` repeated, then `tail`. `pulled()` says how much of it the reader took: what a hostile
 * client made the server read (and, were it kept, hold).
 */
function streamedRequest({ head, filler = '', fillerBytes = 0, tail = '' }: { head: string; filler?: string; fillerBytes?: number; tail?: string }) {
  let pulled = 0
  let fillerSent = 0
  let stage: 'head' | 'filler' | 'tail' | 'done' = 'head'
  const block = Buffer.from(filler.repeat(Math.max(1, Math.floor((64 * 1024) / Math.max(1, filler.length)))))
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk: Buffer
      if (stage === 'head') {
        chunk = Buffer.from(head)
        stage = fillerBytes > 0 ? 'filler' : 'tail'
      } else if (stage === 'filler') {
        chunk = block.subarray(0, Math.min(block.length, fillerBytes - fillerSent))
        fillerSent += chunk.length
        if (fillerSent >= fillerBytes) stage = 'tail'
      } else if (stage === 'tail') {
        chunk = Buffer.from(tail)
        stage = 'done'
      } else {
        return controller.close()
      }
      pulled += chunk.length
      controller.enqueue(new Uint8Array(chunk))
    },
  })
  return { request: multipartRequest(body), pulled: () => pulled }
}

/** A sell post whose multipart body is `body`, streamed. */
const multipartRequest = (body: ReadableStream<Uint8Array>) =>
  new Request('http://localhost/auto-verkaufen', {
    method: 'POST',
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: 'half',
  } as RequestInit)

const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
const filePart = (name: string, filename: string, data: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n${data}\r\n`
const end = `--${BOUNDARY}--\r\n`

async function refusalOf(promise: Promise<unknown>): Promise<MultipartRefusal> {
  const error = await promise.then(
    () => undefined,
    (rejected: unknown) => rejected,
  )
  expect(error).toBeInstanceOf(MultipartRefusal)
  return error as MultipartRefusal
}

describe('the bounded multipart reader (issue 35 item 2)', () => {
  let temp: string
  beforeEach(async () => {
    temp = await mkdtemp(path.join(tmpdir(), 'multipart-test-'))
  })
  afterEach(() => rm(temp, { recursive: true, force: true }))
  const leftOver = async () => (await readdir(temp, { recursive: true })).filter((name) => name.includes('.upload'))

  it('a body that breaks off inside a file part that is not a photo is refused; the process lives on (security review 2026-11-30, N1)', async () => {
    // A client whose chunked framing breaks mid-part: Node ends the body with an error while the part is open.
    const uncaught: unknown[] = []
    const record = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', record)
    try {
      for (const [name, filename] of [
        ['other', 'x.bin'],
        ['photos', ''],
      ]) {
        let sent = false
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            // Later, as a socket's error comes: the part is open by then.
            if (sent)
              return new Promise((resolve) => setTimeout(resolve, 30)).then(() => controller.error(new Error('Parse Error: Invalid character in chunk size')))
            sent = true
            controller.enqueue(new TextEncoder().encode(part('make', 'VW') + filePart(name!, filename!, 'x'.repeat(64 * 1024)).slice(0, -2)))
          },
        })
        expect((await refusalOf(readMultipart(multipartRequest(body), temp))).reason).toBe('malformed')
      }
      // An error nobody listens to is thrown on a later tick.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(uncaught).toEqual([])
      expect(await leftOver()).toEqual([])
    } finally {
      process.off('uncaughtException', record)
    }
  })

  it('refuses a 100 MB field name after its first 16 KB of part header: read no further, memory flat, nothing left on disk', async () => {
    const before = process.memoryUsage().rss
    const { request, pulled } = streamedRequest({
      head: `${part('make', 'VW')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="`,
      filler: 'n',
      fillerBytes: 100 * MB,
      tail: `"\r\n\r\nx\r\n${end}`,
    })
    const refusal = await refusalOf(readMultipart(request, temp))
    expect(refusal.reason).toBe('malformed')
    // What came before the hostile part is kept for the page.
    expect(refusal.fields).toEqual({ make: 'VW' })
    expect(pulled()).toBeLessThan(1 * MB)
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * MB)
    expect(await leftOver()).toEqual([])
  })

  it('refuses 60 MB of part header lines the same way', async () => {
    const before = process.memoryUsage().rss
    const { request, pulled } = streamedRequest({
      head: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="make"\r\n`,
      filler: 'X-Header: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n',
      fillerBytes: 60 * MB,
      tail: `\r\nVW\r\n${end}`,
    })
    expect((await refusalOf(readMultipart(request, temp))).reason).toBe('malformed')
    expect(pulled()).toBeLessThan(1 * MB)
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * MB)
  })

  it('refuses a field name over 100 bytes, a field over 16 KB and too many fields as too large', async () => {
    const cases = [
      `${part('n'.repeat(101), 'x')}${end}`,
      `${part('note', 'x'.repeat(16 * 1024 + 1))}${end}`,
      `${Array.from({ length: MULTIPART_LIMITS.fields + 1 }, (_, index) => part(`f${index}`, 'x')).join('')}${end}`,
    ]
    for (const head of cases) expect((await refusalOf(readMultipart(streamedRequest({ head }).request, temp))).reason).toBe('size')
  })

  it('counts a body without a declared length as it streams: past the limit it is refused and read no further', async () => {
    const limits = { ...MULTIPART_LIMITS, bodyBytes: 2 * MB }
    const { request, pulled } = streamedRequest({ head: filePart('photos', 'a.jpg', ''), filler: 'j', fillerBytes: 50 * MB, tail: `\r\n${end}` })
    expect((await refusalOf(readMultipart(request, temp, limits))).reason).toBe('size')
    expect(pulled()).toBeLessThan(3 * MB)
    expect(await leftOver()).toEqual([])
  })

  it('keeps ten photos in temporary files and refuses the eleventh and an oversized one by name, reading the fields after them', async () => {
    const limits = { ...MULTIPART_LIMITS, fileBytes: 1024 }
    const photos = Array.from({ length: MAX_PHOTOS + 1 }, (_, index) => filePart('photos', `bild${index + 1}.jpg`, 'jpeg-bytes')).join('')
    const head = `${part('make', 'VW')}${filePart('photos', 'riesig.jpg', 'x'.repeat(2048))}${photos}${filePart('other', 'x.jpg', 'ignored')}${part('name', 'Erika')}${end}`
    const body = await readMultipart(streamedRequest({ head }).request, temp, limits)
    try {
      expect(body.fields).toEqual({ make: 'VW', name: 'Erika' })
      expect(body.photoErrors).toEqual([PHOTO_MESSAGES.tooLarge('riesig.jpg'), PHOTO_MESSAGES.tooMany])
      // The oversized one counted as one of the ten files.
      expect(body.photos.map((photo) => photo.name)).toEqual(Array.from({ length: MAX_PHOTOS - 1 }, (_, index) => `bild${index + 1}.jpg`))
      expect(body.photos.every((photo) => photo.file.startsWith(temp) && photo.bytes === 'jpeg-bytes'.length)).toBe(true)
    } finally {
      await body.discard()
    }
    expect(await leftOver()).toEqual([])
  })

  it('a photo that cannot be written (a full disk) is the server’s failure: unavailable, the fields read so far kept, no file left', async () => {
    const fullDisk = () =>
      new Writable({
        write(_chunk, _encoding, callback) {
          callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))
        },
      })
    const head = `${part('make', 'VW')}${filePart('photos', 'a.jpg', 'jpeg-bytes'.repeat(100))}${part('name', 'Erika')}${end}`
    const refusal = await refusalOf(readMultipart(streamedRequest({ head }).request, temp, MULTIPART_LIMITS, fullDisk))
    expect(refusal.reason).toBe('unavailable')
    expect(refusal.fields).toMatchObject({ make: 'VW' })
    expect((refusal.cause as { code?: string }).code).toBe('ENOSPC')
    expect(await readdir(temp)).toEqual([])
  })
})
