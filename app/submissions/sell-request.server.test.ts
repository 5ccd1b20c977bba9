import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type SanityDocument } from '#app/lake/lake.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { captureLogs } from '#tests/log-capture.ts'
import { VALID_SALE } from '#tests/submissions.ts'
import { gpsJpeg, pdf, png, png16, pngBomb, truncatedJpeg } from '#tests/photo-fixtures.ts'
import { PAGE_FORM_ERRORS, submissionPageAction } from './actions.server.ts'
import { DECODE_QUEUE_WAITING, DECODE_RETRY_AFTER_SECONDS, decodeQueue, processPhoto } from './photos.server.ts'
import { FilePhotoStore, uploadsDir } from './photo-store.server.ts'
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from './photos.ts'

import { tradeInVehicle } from './trade-in.server.ts'

const FIXTURE = 'tests/fixtures/mini-dataset'

const FIELDS = VALID_SALE

/** Made once: the 49 MP 16-bit PNG takes a second to compress. */
let hugePng: Buffer | undefined

function salePost(fields: Record<string, string>, photos: Array<{ name: string; data: Buffer | Blob; type?: string }>) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  for (const photo of photos) {
    const blob = photo.data instanceof Blob ? photo.data : new Blob([new Uint8Array(photo.data)], { type: photo.type ?? 'image/jpeg' })
    body.append('photos', blob, photo.name)
  }
  return new Request('http://localhost/auto-verkaufen', { method: 'POST', body, headers: { origin: 'http://localhost' } })
}

interface ActionError {
  status: 'error'
  fieldErrors?: Record<string, string[]>
  formError?: string
  values: Record<string, string>
}

describe.each(BACKENDS)('the sell request on the %s lake', (backend) => {
  let test: TestLake
  const call = async (request: Request, onStored?: (id: string) => void) =>
    (await submissionPageAction({ request, params: {}, context: { lake: test.lake, env: test.env, onStored } })) as
      Response | { data: ActionError; init: ResponseInit }
  const leadsNamed = async (name: string) => (await test.storedOfType('lead')).filter((doc) => (doc.contact as { name?: string }).name === name)
  /** The bytes of every stored photo: the embedded lake's files, or the fake Sanity's assets. */
  const storedPhotoBytes = async (lead: SanityDocument): Promise<Buffer[]> => {
    const photos = (lead.photos ?? []) as Array<{ file?: string; image?: { asset: { _ref: string } } }>
    return Promise.all(
      photos.map(async (photo) =>
        backend === 'embedded'
          ? readFile(path.join(uploadsDir(test.env), photo.file!))
          : Buffer.from(test.assetFiles.get(photo.image!.asset._ref) ?? new Uint8Array()),
      ),
    )
  }
  /** Everything stored of photos so far (files or image assets). */
  const storedPhotoCount = async () =>
    backend === 'embedded' ? (await new FilePhotoStore(uploadsDir(test.env)).list()).length : (await test.storedOfType('sanity.imageAsset')).length

  beforeAll(async () => {
    test = await openTestLake(backend, FIXTURE)
  })
  afterAll(() => test.close())

  it('stores two photos without any metadata, then the lead that refers to them, and redirects to the confirmation', async () => {
    const name = `Erika ${backend}`
    const onStored = vi.fn()
    const response = (await call(
      salePost({ ...FIELDS, name }, [
        { name: 'IMG_0001.jpg', data: await gpsJpeg() },
        { name: 'hinten.png', data: await png(), type: 'image/png' },
      ]),
      onStored,
    )) as Response
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/auto-verkaufen?anfrage=gesendet&formular=verkaufen&fotos=2#verkaufen-bestaetigung')
    const [lead] = await leadsNamed(name)
    expect(lead).toMatchObject({ _type: 'lead', kind: 'vehicle-sale', page: '/auto-verkaufen', contact: { name, email: 'erika@example.de' } })
    expect(onStored).toHaveBeenCalledWith(lead!._id)
    expect((lead!.fields as Array<{ name: string; value: string }>).map((field) => [field.name, field.value])).toEqual([
      ['make', 'VW'],
      ['model', 'Golf 1.5 TSI'],
      ['registrationMonth', '03'],
      ['year', '2017'],
      ['mileage', '98000'],
      ['fuel', 'Benzin'],
      ['accidentFree', 'Ja'],
      ['drivable', 'Ja'],
      ['serviceHistory', 'Teilweise'],
      ['note', 'Kratzer hinten links'],
      ['name', name],
      ['postcode', '45326'],
      ['email', 'erika@example.de'],
      ['contactTime', 'Jederzeit'],
    ])
    const photos = lead!.photos as Array<Record<string, unknown>>
    expect(photos).toHaveLength(2)
    expect(photos.map((photo) => [photo.width, photo.height])).toEqual([
      [800, 600],
      [640, 480],
    ])
    if (backend === 'embedded') {
      for (const photo of photos) expect(photo.file).toMatch(/^[A-Za-z0-9_-]{43}\.jpg$/)
    } else {
      for (const photo of photos) {
        expect(photo.image).toMatchObject({ _type: 'image', asset: { _type: 'reference', _ref: expect.stringMatching(/^image-[0-9a-f]{40}-\d+x\d+-jpg$/) } })
        expect(photo.url).toMatch(/^https:\/\/cdn\.sanity\.io\/images\//)
      }
      const upload = test.requests.find((request) => request.path.includes('/assets/images/'))
      expect(upload?.searchParams.get('filename')).toBeNull()
    }
    for (const bytes of await storedPhotoBytes(lead!)) {
      const metadata = await sharp(bytes).metadata()
      expect(metadata.format).toBe('jpeg')
      expect(metadata.exif).toBeUndefined()
      expect(metadata.icc).toBeUndefined()
      expect(metadata.xmp).toBeUndefined()
    }
  })

  it('stores a request without photos', async () => {
    const name = `Ohne Fotos ${backend}`
    const response = (await call(salePost({ ...FIELDS, name, email: '', phone: '0151 1234567' }, []))) as Response
    expect(response.status).toBe(303)
    const [lead] = await leadsNamed(name)
    expect(lead?.contact).toEqual({ name, phone: '0151 1234567' })
    expect(lead).not.toHaveProperty('photos')
  })

  it('stores the car a trade-in is for as the lead’s vehicle reference; a malformed or unknown id is dropped, never an error', async () => {
    const cases: Array<[string, string | undefined]> = [
      ['1', 'vehicle-1'],
      ['9999', undefined],
      ['../1', undefined],
      [`${'x'.repeat(41)}`, undefined],
    ]
    for (const [vehicleId, ref] of cases) {
      const name = `Inzahlungnahme ${backend} ${vehicleId.length}${vehicleId.slice(0, 4)}`
      const response = (await call(salePost({ ...FIELDS, name, vehicleId }, []))) as Response
      expect(response.status, vehicleId).toBe(303)
      const [lead] = await leadsNamed(name)
      if (ref) expect(lead?.vehicle, vehicleId).toEqual({ _type: 'reference', _ref: ref, _weak: true })
      else expect(lead, vehicleId).not.toHaveProperty('vehicle')
    }
  })

  it('reads the trade-in vehicle a query names (a public read): its title, or nothing for an unknown or malformed id', async () => {
    const read = (query: string) => tradeInVehicle({ lake: test.lake }, new URLSearchParams(query))
    expect(await read('inzahlungnahme=1')).toEqual({ id: '1', name: 'VW Golf' })
    expect(await read('inzahlungnahme=%201%20')).toEqual({ id: '1', name: 'VW Golf' })
    expect(await read('inzahlungnahme=9999')).toBeUndefined()
    expect(await read('inzahlungnahme=..%2F1')).toBeUndefined()
    expect(await read('inzahlungnahme=')).toBeUndefined()
    expect(await read('make=VW')).toBeUndefined()
  })

  const refusals: Array<[string, () => Promise<Array<{ name: string; data: Buffer | Blob }>>, string]> = [
    ['a PDF named .jpg', async () => [{ name: 'fahrzeugschein.jpg', data: pdf() }], PHOTO_MESSAGES.notAnImage('fahrzeugschein.jpg')],
    [
      'an 11th photo',
      async () => {
        const photo = await gpsJpeg()
        return Array.from({ length: 11 }, (_, index) => ({ name: `foto-${index + 1}.jpg`, data: photo }))
      },
      PHOTO_MESSAGES.tooMany,
    ],
    [
      'a 30 MB file',
      async () => [{ name: 'riesig.jpg', data: new Blob([new Uint8Array(30 * 1024 * 1024).fill(0xff)]) }],
      PHOTO_MESSAGES.tooLarge('riesig.jpg'),
    ],
    ['a decompression bomb (PNG of 20,000 × 20,000)', async () => [{ name: 'bombe.png', data: pngBomb() }], PHOTO_MESSAGES.tooManyPixels('bombe.png')],
    // Says what to do (copy review 2026-11-29, L12).
    [
      'a truncated JPEG',
      async () => [{ name: 'kaputt.jpg', data: await truncatedJpeg() }],
      '„kaputt.jpg“ ist beschädigt oder unvollständig und ließ sich nicht lesen. Bitte wählen Sie ein anderes Foto.',
    ],
  ]

  it.each(refusals)('refuses %s with a German error at the photo field, keeps the input and stores nothing', async (_label, photos, message) => {
    const name = `Abgelehnt ${backend} ${_label}`
    const before = await storedPhotoCount()
    const result = await call(salePost({ ...FIELDS, name }, [{ name: 'gut.jpg', data: await gpsJpeg(1) }, ...(await photos())]))
    expect(result).not.toBeInstanceOf(Response)
    const { data, init } = result as { data: ActionError; init: ResponseInit }
    expect(init.status).toBe(400)
    expect(data.fieldErrors?.photos).toEqual([message, PHOTO_MESSAGES.chooseAgain])
    expect(data.values).toMatchObject({ make: 'VW', name, postcode: '45326' })
    expect(await leadsNamed(name)).toEqual([])
    expect(await storedPhotoCount()).toBe(before)
  })

  it('refuses missing contact details with the photo note beside their field errors, storing no photo', async () => {
    const before = await storedPhotoCount()
    const result = (await call(salePost({ ...FIELDS, email: '', phone: '' }, [{ name: 'gut.jpg', data: await gpsJpeg(2) }]))) as {
      data: ActionError
      init: ResponseInit
    }
    expect(result.init.status).toBe(400)
    expect(result.data.fieldErrors?.photos).toEqual([PHOTO_MESSAGES.chooseAgain])
    expect(await storedPhotoCount()).toBe(before)
  })

  /** Holds the process's decoder line full (one decoding, the rest waiting) until the returned release is called. */
  function holdDecoder() {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const runs = Array.from({ length: DECODE_QUEUE_WAITING + 1 }, (_, index) => decodeQueue.run(`anderer Absender ${index}`, () => held))
    return async () => {
      release()
      await Promise.all(runs)
    }
  }

  it('refuses ten 49-megapixel 16-bit PNGs from their headers, before any is decoded, storing nothing', async () => {
    const name = `Bildpunkte ${backend}`
    const before = await storedPhotoCount()
    const big = hugePng ?? (hugePng = png16())
    const photos = Array.from({ length: 10 }, (_, index) => ({ name: `gross${index}.png`, data: big, type: 'image/png' }))
    // With the decoder line full, a request that reached it would hear 503: the 400 shows none was decoded.
    const release = holdDecoder()
    try {
      const result = (await call(salePost({ ...FIELDS, name }, photos))) as { data: ActionError; init: ResponseInit }
      expect(result.init.status).toBe(400)
      expect(result.data.fieldErrors?.photos).toEqual([PHOTO_MESSAGES.tooMuchTogether, PHOTO_MESSAGES.chooseAgain])
      expect(result.data.values.name).toBe(name)
    } finally {
      await release()
    }
    expect(await leadsNamed(name)).toEqual([])
    expect(await storedPhotoCount()).toBe(before)
  })

  it('answers 503 with Retry-After while the decoder line is full, keeping the input and storing nothing; the same post goes through after', async () => {
    const name = `Warteschlange ${backend}`
    const post = async () => call(salePost({ ...FIELDS, name }, [{ name: 'gut.jpg', data: await gpsJpeg(60) }]))
    const release = holdDecoder()
    try {
      const busy = (await post()) as { data: ActionError; init: ResponseInit }
      expect(busy.init.status).toBe(503)
      expect(new Headers(busy.init.headers).get('retry-after')).toBe(String(DECODE_RETRY_AFTER_SECONDS))
      expect(busy.data.formError).toBe(`${PHOTO_MESSAGES.busy} ${PHOTO_MESSAGES.chooseAgain}`)
      expect(busy.data.values).toMatchObject({ name, make: 'VW', model: 'Golf 1.5 TSI' })
    } finally {
      await release()
    }
    expect(await leadsNamed(name)).toEqual([])
    expect(((await post()) as Response).status).toBe(303)
    expect(await leadsNamed(name)).toHaveLength(1)
  })

  it('stores a post sent twice with the same submission key once, with the photos of the first', async () => {
    const name = `Zweimal ${backend}`
    const submissionKey = crypto.randomUUID()
    const before = await storedPhotoCount()
    const post = async () => (await call(salePost({ ...FIELDS, name, submissionKey }, [{ name: 'gut.jpg', data: await gpsJpeg(90) }]))) as Response
    expect((await post()).status).toBe(303)
    expect((await post()).status).toBe(303)
    const leads = await leadsNamed(name)
    expect(leads.map((lead) => lead._id)).toEqual([`inbox.lead-${submissionKey}`])
    expect(leads[0]!.photos).toHaveLength(1)
    expect(await storedPhotoCount()).toBe(before + 1)
  })

  it('removes the stored photos when the lead cannot be stored (no half lead, no orphan photo)', async () => {
    const before = await storedPhotoCount()
    const failingLake = { ...test.lake, kind: test.lake.kind, fetch: test.lake.fetch.bind(test.lake), mutate: () => Promise.reject(new Error('lake down')) }
    // The 503 and its log line are the pipeline's rule (pipeline.server.test.ts); the logger keeps the output quiet.
    const { logger } = captureLogs()
    const result = (await submissionPageAction({
      request: salePost({ ...FIELDS, name: 'Ausfall' }, [{ name: 'gut.jpg', data: await gpsJpeg(3) }]),
      params: {},
      context: { lake: failingLake, env: test.env, logger },
    })) as { data: ActionError; init: ResponseInit }
    expect(result.init.status).toBe(503)
    // The chosen photos are gone from the browser's form: the message says to choose them again.
    expect(result.data.formError).toBe(`${PAGE_FORM_ERRORS.unavailable.lead} ${PHOTO_MESSAGES.chooseAgain}`)
    expect(await storedPhotoCount()).toBe(before)
  })
})

describe('processPhoto', () => {
  it('turns a photo upright by its EXIF orientation before dropping the EXIF', async () => {
    const portrait = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#333' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const result = await processPhoto(portrait, 'hochkant.jpg')
    expect(result.ok && [result.photo.width, result.photo.height]).toEqual([200, 300])
  })

  it('shrinks a large photo to 2000 px on its longest side', async () => {
    const large = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#555' } })
      .jpeg()
      .toBuffer()
    const result = await processPhoto(large, 'gross.jpg')
    expect(result.ok && [result.photo.width, result.photo.height]).toEqual([2000, 1500])
    expect(MAX_PHOTO_BYTES).toBe(10 * 1024 * 1024)
  })
})
