import { readdir } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { gpsJpeg, pdf, pngBomb, truncatedJpeg } from '#tests/photo-fixtures.ts'
import { clientOf, SANITY_ENV, SITE_URL, startSite, storedDocuments, type TestSite } from './site'

/*
 * The sell request's uploads as the server answers a post, with no page (moved from
 * tests/e2e/sell-request.test.ts, docs/testing.md „What moved“): bad photos and a 30 MB one refused
 * while the server keeps answering others, nothing stored (the leads and photos read from the
 * embedded site's DATA_DIR), and the Sanity-backed site's photos as image assets without EXIF (read
 * from MSW's emulation). The seller's way through the page stays in the browser file.
 */

let embedded: TestSite
let sanityBacked: TestSite
let get: ReturnType<typeof clientOf>

beforeAll(async () => {
  ;[embedded, sanityBacked] = await Promise.all([startSite(), startSite({ sanity: true })])
  get = clientOf(embedded)
})
afterAll(async () => {
  await Promise.all([embedded?.close(), sanityBacked?.close()])
})

const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

const uploadedFiles = async () => {
  try {
    return (await readdir(path.join(embedded.dataDir, 'uploads'))).filter((name) => name.endsWith('.jpg'))
  } catch {
    return []
  }
}
type Lead = { contact?: { name?: string }; photos?: Array<{ file: string }> }
const storedLeads = () => storedDocuments<Lead>(embedded, 'lead')
const leadNamed = async (name: string) => (await storedLeads()).find((lead) => lead.contact?.name === name)
/** Photos stored since `before` that no lead refers to: what a refused or half-done upload would leave behind. */
const orphanUploadsSince = async (before: ReadonlySet<string>) => {
  const referenced = new Set((await storedLeads()).flatMap((lead) => (lead.photos ?? []).map((photo) => photo.file)))
  return (await uploadedFiles()).filter((file) => !before.has(file) && !referenced.has(file))
}
const expectNoOrphans = (before: ReadonlySet<string>) =>
  vi.waitFor(async () => expect(await orphanUploadsSince(before)).toEqual([]), { timeout: 10_000, interval: 200 })

/** A multipart body of the sell request's fields and photos, as a browser sends it. */
function multipart(fields: Record<string, string>, photos: Array<{ name: string; data: Buffer }>) {
  const boundary = `----http${Date.now().toString(16)}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  for (const photo of photos) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${photo.name}"\r\nContent-Type: image/jpeg\r\n\r\n`))
    parts.push(photo.data, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

const fields = (name: string) => ({
  leadKind: 'vehicle-sale',
  anchor: 'verkaufen',
  make: 'Opel',
  model: 'Astra',
  year: '2015',
  mileage: '150000',
  name,
  postcode: '45127',
  phone: '0201 123456',
  website: '',
})

describe('bad uploads against the server', () => {
  const bad: Array<[string, () => Promise<Array<{ name: string; data: Buffer }>>, string]> = [
    ['a PDF named .jpg', async () => [{ name: 'schein.jpg', data: pdf() }], '„schein.jpg“ ist kein Foto im Format JPEG, PNG oder WebP.'],
    [
      'an 11th photo',
      async () => {
        const photo = await gpsJpeg()
        return Array.from({ length: 11 }, (_, index) => ({ name: `foto${index}.jpg`, data: photo }))
      },
      'Bitte wählen Sie höchstens 10 Fotos aus.',
    ],
    ['a decompression bomb', async () => [{ name: 'bombe.png', data: pngBomb() }], '„bombe.png“ hat zu viele Bildpunkte.'],
    [
      'a truncated JPEG',
      async () => [{ name: 'kaputt.jpg', data: await truncatedJpeg() }],
      '„kaputt.jpg“ ist beschädigt oder unvollständig und ließ sich nicht lesen. Bitte wählen Sie ein anderes Foto.',
    ],
  ]
  for (const [label, photos, message] of bad) {
    it(`refuses ${label} with a German error at the photo field and stores nothing`, async () => {
      const name = uniqueName('Schlecht')
      const before = new Set(await uploadedFiles())
      const { body, contentType } = multipart(fields(name), await photos())
      // Another visitor's page asked for while the upload is checked: the server keeps answering.
      const [response, other] = await Promise.all([
        get('/auto-verkaufen', { method: 'POST', body, headers: { 'content-type': contentType, origin: SITE_URL } }),
        get('/vehicles'),
      ])
      expect(other.status).toBe(200)
      expect(response.status).toBe(400)
      expect(await response.text()).toContain(message)
      expect(await leadNamed(name)).toBeUndefined()
      await expectNoOrphans(before)
    })
  }

  it('refuses a 30 MB photo while it streams in, and answers other visitors meanwhile', async () => {
    const name = uniqueName('Riesig')
    const before = new Set(await uploadedFiles())
    const boundary = 'http-riesig'
    const fieldsPart = Object.entries(fields(name))
      .map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
      .join('')
    const fileHead = Buffer.from(
      `${fieldsPart}--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="riesig.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    )
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
    const size = 30 * 1024 * 1024
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const upload = http.request(
        new URL('/auto-verkaufen', embedded.base),
        {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': fileHead.length + size + tail.length, origin: SITE_URL },
        },
        (response) => {
          let text = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => (text += chunk))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
        },
      )
      upload.on('error', reject)
      upload.write(fileHead)
      const chunk = Buffer.alloc(1024 * 1024, 0xff)
      // The first 5 MB, then another visitor's page, then the rest: the upload is open meanwhile.
      for (let sent = 0; sent < 5; sent++) upload.write(chunk)
      void get('/').then((other) => {
        expect(other.status).toBe(200)
        for (let sent = 5; sent < 30; sent++) upload.write(chunk)
        upload.end(tail)
      }, reject)
    })
    const { status, body } = await answer
    expect(status).toBe(400)
    expect(body).toContain('„riesig.jpg“ ist größer als 10 MB.')
    expect(await leadNamed(name)).toBeUndefined()
    await expectNoOrphans(before)
  })
})

describe('the sell request on the Sanity-backed server', () => {
  it('stores the photos as image assets without EXIF, referenced by the lead', async () => {
    const name = uniqueName('Sanity Verkäufer')
    const { body, contentType } = multipart(fields(name), [
      { name: 'IMG_0002.jpg', data: await gpsJpeg(5) },
      { name: 'IMG_0003.jpg', data: await gpsJpeg(6) },
    ])
    const post = await clientOf(sanityBacked)('/auto-verkaufen', {
      method: 'POST',
      body,
      headers: { 'content-type': contentType, origin: SITE_URL },
      redirect: 'manual',
    })
    expect(post.status).toBe(303)
    const { api } = sanityBacked.sanity!
    type Mutations = { mutations?: Array<{ create?: Record<string, unknown> }> }
    const write = api.requests.find(
      (r) => r.path.includes('/data/mutate/production') && JSON.stringify((r.body as Mutations | undefined)?.mutations?.[0]?.create ?? {}).includes(name),
    )
    const lead = (write?.body as Mutations | undefined)?.mutations?.[0]?.create as { kind: string; photos: Array<{ image: { asset: { _ref: string } } }> }
    expect(lead.kind).toBe('vehicle-sale')
    expect(lead.photos).toHaveLength(2)
    for (const photo of lead.photos) {
      const bytes = api.assetFiles.get(photo.image.asset._ref)
      expect(bytes, photo.image.asset._ref).toBeDefined()
      const metadata = await sharp(bytes!).metadata()
      expect(metadata.format).toBe('jpeg')
      expect(metadata.exif).toBeUndefined()
    }
    const uploads = api.requests.filter((r) => r.path.includes('/assets/images/production'))
    expect(uploads.length).toBeGreaterThan(0)
    expect(uploads.every((upload) => upload.headers.authorization === `Bearer ${SANITY_ENV.SANITY_WRITE_TOKEN}`)).toBe(true)
  })
})
