import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createAppContext, stopAppContext } from '#app/context.server.ts'
import { type SanityDocument } from '#app/lake/lake.server.ts'
import { BACKENDS, openTestLake, type TestLake, type BackendName } from '#tests/lake-backends.ts'
import { captureLogs } from '#tests/log-capture.ts'
import { gpsJpeg } from '#tests/photo-fixtures.ts'
import { VALID_SALE } from '#tests/submissions.ts'
import { deleteLead } from '../../scripts/delete-lead.ts'
import { PAGE_FORM_ERRORS } from './actions.server.ts'
import { buildNotificationMail } from './notification-mail.server.ts'
import {
  FilePhotoStore,
  LEAD_PHOTO_SOURCE,
  LEAST_STORED_PHOTO_BYTES,
  PHOTO_BUDGET,
  photoTempDir,
  type PhotoStoreOptions,
  uploadsDir,
} from './photo-store.server.ts'
import { DECODE_QUEUE_WAITING, decodeQueue } from './photos.server.ts'
import { PHOTO_MESSAGES } from './photos.ts'
import { submissionPageAction } from './actions.server.ts'

const FIXTURE = 'tests/fixtures/mini-dataset'
const SELLER = '198.51.100.7'
const OTHER_SELLER = '203.0.113.9'
const MAIL = { to: 'haendler@example.de', from: 'Website <website@example.de>', siteUrl: 'https://www.example.de' }

function salePost(name: string, photos: Buffer[]) {
  const body = new FormData()
  for (const [field, value] of Object.entries({ ...VALID_SALE, name })) body.append(field, value)
  photos.forEach((photo, index) => body.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `foto-${index + 1}.jpg`))
  return new Request('http://localhost/auto-verkaufen', { method: 'POST', body, headers: { origin: 'http://localhost' } })
}

interface ActionError {
  status: 'error'
  formError?: string
}

let test: TestLake | undefined
afterEach(async () => {
  await test?.close()
  test = undefined
})

async function open(backend: BackendName, photos?: Omit<PhotoStoreOptions, 'lake'>) {
  test = await openTestLake(backend, FIXTURE, { photos })
  return test
}

/** Posts the sell form from `client`; the action's answer (303 Response, or data with the form error). */
async function post(lake: TestLake, name: string, photos: Buffer[], client = SELLER) {
  const { logger } = captureLogs()
  return (await submissionPageAction({
    request: salePost(name, photos),
    params: {},
    context: { lake: lake.lake, env: lake.env, clientAddress: client, logger },
  })) as Response | { data: ActionError; init: ResponseInit }
}

async function leadNamed(lake: TestLake, name: string): Promise<SanityDocument | undefined> {
  return (await lake.storedOfType('lead')).find((doc) => (doc.contact as { name?: string }).name === name)
}

/** Every stored photo: the embedded lake's files, or the emulated Sanity's image assets. */
async function storedPhotos(lake: TestLake, backend: BackendName): Promise<string[]> {
  if (backend === 'embedded') return new FilePhotoStore(uploadsDir(lake.env)).list()
  return (await lake.storedOfType('sanity.imageAsset')).map((asset) => asset._id)
}

describe.each(BACKENDS)('the photo budget on the %s lake', (backend) => {
  it('stores a client’s photos up to its daily budget, then the lead without them saying why (and the dealer’s mail says so), counted again after a restart', async () => {
    const lake = await open(backend)
    expect(((await post(lake, `Budget 1 ${backend}`, [await gpsJpeg(11)])) as Response).status).toBe(303)
    const first = await leadNamed(lake, `Budget 1 ${backend}`)
    expect(first?.photos).toHaveLength(1)
    const { bytes } = first!.photoBudget as { client: string; bytes: number }
    expect(bytes).toBeGreaterThan(0)
    // The address itself is not stored with the lead.
    expect(JSON.stringify(first)).not.toContain(SELLER)

    // After a restart the first request still counts (it is read from the lake, not from memory): with room
    // for that request and less than the least another photo takes, the second one's photos are withheld.
    const photosBefore = (await storedPhotos(lake, backend)).length
    await lake.restart({ photos: { budget: { perClientPerDayBytes: bytes + LEAST_STORED_PHOTO_BYTES - 1 } } })
    // Its photos are not even decoded (security review 2026-11-30, N2): with the decoder line full of other
    // senders, a post that reached it would hear 503.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const others = Array.from({ length: DECODE_QUEUE_WAITING + 1 }, (_, index) => decodeQueue.run(`anderer Absender ${index}`, () => held))
    const response = (await post(lake, `Budget 2 ${backend}`, [await gpsJpeg(12)])) as Response
    release()
    await Promise.all(others)
    // The seller is not refused: the confirmation, which says the photos were not kept.
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/auto-verkaufen?anfrage=gesendet&formular=verkaufen&fotos=zurueckgehalten#verkaufen-bestaetigung')
    const second = await leadNamed(lake, `Budget 2 ${backend}`)
    expect(second).toMatchObject({ kind: 'vehicle-sale', photosWithheld: 'budget' })
    expect(second).not.toHaveProperty('photos')
    expect(await storedPhotos(lake, backend)).toHaveLength(photosBefore)

    const mail = buildNotificationMail(second!, MAIL)
    expect(mail.text).toContain('Fotos: Der Verkäufer hat Fotos gesendet, sie wurden aber nicht gespeichert: Das Speicherbudget für Fotos')
    expect(mail.html).toContain('sie wurden aber nicht gespeichert')
    expect(buildNotificationMail(first!, MAIL).text).not.toContain('nicht gespeichert: Das Speicherbudget')

    // Another client has its own budget.
    expect(((await post(lake, `Budget 3 ${backend}`, [await gpsJpeg(13)], OTHER_SELLER)) as Response).status).toBe(303)
    expect((await leadNamed(lake, `Budget 3 ${backend}`))?.photos).toHaveLength(1)
  })
})

describe('the photo budget of the embedded lake’s disk', () => {
  it('withholds photos past the total under DATA_DIR/uploads, and when they would leave less than the free-space floor', async () => {
    const lake = await open('embedded')
    // Photos already on disk count against the total.
    await mkdir(uploadsDir(lake.env), { recursive: true })
    await writeFile(path.join(uploadsDir(lake.env), `${'a'.repeat(43)}.jpg`), Buffer.alloc(50_000))
    await lake.restart({ photos: { budget: { totalBytes: 50_100 } } })
    expect(((await post(lake, 'Gesamt voll', [await gpsJpeg(21)])) as Response).status).toBe(303)
    expect(await leadNamed(lake, 'Gesamt voll')).toMatchObject({ photosWithheld: 'budget' })

    await lake.restart({ photos: { freeBytes: async () => PHOTO_BUDGET.minFreeBytes + 100 } })
    expect(((await post(lake, 'Platte fast voll', [await gpsJpeg(22)])) as Response).status).toBe(303)
    expect(await leadNamed(lake, 'Platte fast voll')).toMatchObject({ photosWithheld: 'budget' })

    await lake.restart({ photos: { freeBytes: async () => 10 * PHOTO_BUDGET.minFreeBytes } })
    expect(((await post(lake, 'Genug Platz', [await gpsJpeg(23)])) as Response).status).toBe(303)
    expect((await leadNamed(lake, 'Genug Platz'))?.photos).toHaveLength(1)
    expect(await new FilePhotoStore(uploadsDir(lake.env)).list()).toHaveLength(2)
  })

  it('answers a full disk (ENOSPC) while writing a photo with the German 503, stores no lead and leaves no photo and no temporary file', async () => {
    let writes = 0
    const lake = await open('embedded', {
      writeFile: async (handle, data) => {
        // The first photo is written, the second meets a full disk halfway.
        if (++writes === 1) return handle.writeFile(data)
        await handle.write(data.subarray(0, 100))
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
      },
    })
    const result = (await post(lake, 'Volle Platte', [await gpsJpeg(31), await gpsJpeg(32)])) as { data: ActionError; init: ResponseInit }
    expect(result.init.status).toBe(503)
    expect(result.data.formError).toBe(`${PAGE_FORM_ERRORS.unavailable.lead} ${PHOTO_MESSAGES.chooseAgain}`)
    expect(await leadNamed(lake, 'Volle Platte')).toBeUndefined()
    expect(await readdir(uploadsDir(lake.env))).toEqual([])
  })
})

describe('photo housekeeping at start', () => {
  it('empties DATA_DIR/tmp and removes photo files no lead names once older than an hour; a fresh one and a lead’s own stay', async () => {
    const lake = await open('embedded')
    expect(((await post(lake, 'Mit Foto', [await gpsJpeg(41)])) as Response).status).toBe(303)
    const [referenced] = ((await leadNamed(lake, 'Mit Foto'))!.photos as Array<{ file: string }>).map((photo) => photo.file)
    const uploads = uploadsDir(lake.env)
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
    const orphan = `${'o'.repeat(43)}.jpg`
    const fresh = `${'f'.repeat(43)}.jpg`
    const temporary = `${'t'.repeat(43)}.jpg.tmp`
    for (const name of [orphan, fresh, temporary]) await writeFile(path.join(uploads, name), 'x')
    for (const name of [orphan, temporary, referenced!]) await utimes(path.join(uploads, name), hoursAgo, hoursAgo)
    // What a request that a crash interrupted left: the seller's original, metadata and all.
    await mkdir(path.join(photoTempDir(lake.env), 'sell-request-abc'), { recursive: true })
    await writeFile(path.join(photoTempDir(lake.env), 'sell-request-abc', '1.upload'), 'original')

    // The start of the site (server.mjs) on this DATA_DIR.
    await lake.lake.close?.()
    const context = await createAppContext({ CONTENT_DIR: FIXTURE, DATA_DIR: lake.env.DATA_DIR, LOG_LEVEL: 'silent', NODE_ENV: 'test' })
    try {
      expect(await readdir(photoTempDir(lake.env))).toEqual([])
      expect((await readdir(uploads)).sort()).toEqual([fresh, referenced].sort())
    } finally {
      await stopAppContext(context)
    }
    // The test lake closes its own (already closed) lake again: harmless.
  })

  it('on Sanity removes the image assets uploaded for leads that no lead refers to, after the grace period only', async () => {
    const lake = await open('sanity')
    expect(((await post(lake, 'Sanity mit Foto', [await gpsJpeg(51)])) as Response).status).toBe(303)
    const referenced = ((await leadNamed(lake, 'Sanity mit Foto'))!.photos as Array<{ image: { asset: { _ref: string } } }>)[0]!.image.asset._ref
    // Photos stored whose lead never came (the process died between the two writes).
    const { photos: orphans } = await lake.lake.photos!.save([{ data: await gpsJpeg(52), width: 800, height: 600 }], { client: SELLER })
    const orphan = orphans[0]!.image!.asset._ref
    expect(await lake.stored(orphan)).toMatchObject({ source: { name: LEAD_PHOTO_SOURCE } })
    const assetsBefore = (await lake.storedOfType('sanity.imageAsset')).length

    // Fresh: its lead may still be on the way.
    expect(await lake.lake.photos!.removeOrphans()).toBe(0)
    expect(await lake.stored(orphan)).toBeDefined()
    // An hour later: gone; the lead's own asset stays.
    expect(await lake.lake.photos!.removeOrphans({ now: new Date(Date.now() + 2 * 60 * 60 * 1000) })).toBe(1)
    expect(await lake.stored(orphan)).toBeUndefined()
    expect(await lake.stored(referenced)).toBeDefined()
    expect(await lake.storedOfType('sanity.imageAsset')).toHaveLength(assetsBefore - 1)
  })
})

describe.each(BACKENDS)('scripts/delete-lead.ts on the %s lake', (backend) => {
  it('deletes the lead and every photo of it', async () => {
    const lake = await open(backend)
    const before = (await storedPhotos(lake, backend)).length
    expect(((await post(lake, `Löschen ${backend}`, [await gpsJpeg(61), await gpsJpeg(62)])) as Response).status).toBe(303)
    const lead = await leadNamed(lake, `Löschen ${backend}`)
    expect(await storedPhotos(lake, backend)).toHaveLength(before + 2)

    expect(await deleteLead(lake.lake, lake.env, lead!._id)).toEqual({ lead: true, photos: 2, mails: 0 })
    expect(await lake.stored(lead!._id)).toBeUndefined()
    expect(await storedPhotos(lake, backend)).toHaveLength(before)
    expect(await deleteLead(lake.lake, lake.env, lead!._id)).toBeUndefined()
  })
})
