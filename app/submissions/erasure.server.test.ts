import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type Env } from '#app/env.server.ts'
import { patchDocument, type SanityDocument } from '#app/lake/lake.server.ts'
import { loader as photoRoute } from '#app/routes/anfrage-fotos.$file.ts'
import { action as erasureRoute } from '#app/routes/api.lead-erasure.ts'
import { BACKENDS, openTestLake, type TestLake, type BackendName } from '#tests/lake-backends.ts'
import { captureLogs } from '#tests/log-capture.ts'
import { gpsJpeg } from '#tests/photo-fixtures.ts'
import { VALID_SALE } from '#tests/submissions.ts'
import { deleteLead } from '../../scripts/delete-lead.ts'
import { submissionPageAction } from './actions.server.ts'
import { eraseLead, RetentionSweeper } from './erasure.server.ts'
import { submit } from './submit.server.ts'
import { outboxDir } from './mail-outbox.server.ts'
import { Notifier } from './notifier.server.ts'
import { FilePhotoStore, type StoredPhoto, uploadsDir } from './photo-store.server.ts'

/*
 * Erasing a lead (staff review 2026-11-28, N1; decision 072) on both lakes: the lead, its photos
 * (files and the photo address, or Sanity's image assets) and the saved copies of its two mails.
 */

const FIXTURE = 'tests/fixtures/mini-dataset'
const DAY = 24 * 60 * 60 * 1000

let test: TestLake | undefined
let dataDir: string | undefined
afterEach(async () => {
  await test?.close()
  test = undefined
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  dataDir = undefined
})

/** The test lake and an env whose DATA_DIR (the outbox) is a fresh folder on both backends. */
async function open(backend: BackendName): Promise<{ lake: TestLake; env: Env }> {
  test = await openTestLake(backend, FIXTURE)
  if (backend === 'embedded') return { lake: test, env: test.env }
  dataDir = await mkdtemp(path.join(tmpdir(), 'erasure-'))
  return { lake: test, env: { ...test.env, DATA_DIR: dataDir } }
}

/** A sell request with two photos from `name`, stored and both its mails saved to the outbox (no SMTP). */
async function sellRequest(lake: TestLake, env: Env, name: string, email: string): Promise<SanityDocument> {
  const body = new FormData()
  for (const [field, value] of Object.entries({ ...VALID_SALE, name, email })) body.append(field, value)
  for (const seed of [71, 72]) body.append('photos', new Blob([new Uint8Array(await gpsJpeg(seed))], { type: 'image/jpeg' }), 'foto.jpg')
  const request = new Request('http://localhost/auto-verkaufen', { method: 'POST', body, headers: { origin: 'http://localhost' } })
  const { logger } = captureLogs()
  const response = (await submissionPageAction({ request, params: {}, context: { lake: lake.lake, env, clientAddress: '198.51.100.7', logger } })) as Response
  expect(response.status).toBe(303)
  const lead = (await lake.storedOfType('lead')).find((doc) => (doc.contact as { name?: string }).name === name)!
  const notifier = new Notifier({
    lake: lake.lake,
    env: { ...env, LEADS_NOTIFY_TO: 'haendler@example.de', MAIL_FROM: 'Website <website@example.de>', SITE_URL: 'https://www.example.de' },
    logger,
  })
  expect(await notifier.notifyAll(lead._id)).toEqual({ dealer: 'saved', confirmation: 'saved' })
  await notifier.stop()
  return lead
}

async function mailCopies(env: Env): Promise<string[]> {
  return readdir(outboxDir(env)).catch(() => [])
}

/** The embedded lake's photo files, or the Sanity emulation's image assets. */
async function storedPhotos(lake: TestLake, backend: BackendName): Promise<string[]> {
  if (backend === 'embedded') return new FilePhotoStore(uploadsDir(lake.env)).list()
  return (await lake.storedOfType('sanity.imageAsset')).map((asset) => asset._id)
}

const photoAddress = (lake: TestLake, env: Env, file: string) =>
  photoRoute({ request: new Request(`http://localhost/anfrage-fotos/${file}`), params: { file }, context: { lake: lake.lake, env } })

describe.each(BACKENDS)('erasing a lead on the %s lake', (backend) => {
  it('deletes the lead, its photos (no photo address answers) and both saved mails; the script says what it deleted', async () => {
    const { lake, env } = await open(backend)
    const photosBefore = await storedPhotos(lake, backend)
    const lead = await sellRequest(lake, env, 'Jana Kowalski', 'jana@example.org')
    const photos = lead.photos as StoredPhoto[]
    expect(await storedPhotos(lake, backend)).toHaveLength(photosBefore.length + 2)
    expect(await mailCopies(env)).toHaveLength(2)
    if (backend === 'embedded') expect((await photoAddress(lake, env, photos[0]!.file!)).status).toBe(200)

    expect(await deleteLead(lake.lake, env, lead._id)).toEqual({ lead: true, photos: 2, mails: 2 })

    expect(await lake.stored(lead._id)).toBeUndefined()
    expect(await storedPhotos(lake, backend)).toEqual(photosBefore)
    expect(await mailCopies(env)).toEqual([])
    if (backend === 'embedded') for (const photo of photos) expect((await photoAddress(lake, env, photo.file!)).status).toBe(404)
    else for (const photo of photos) expect(await lake.stored(photo.image!.asset._ref)).toBeUndefined()
    // Nothing left: a second erasure finds nothing.
    expect(await deleteLead(lake.lake, env, lead._id)).toBeUndefined()
  })

  it('after the Studio deleted a lead and its photos, the site deletes its saved mails (only then: not while the lead exists)', async () => {
    const { lake, env } = await open(backend)
    const other = await sellRequest(lake, env, 'Bleibt Da', 'bleibt@example.org')
    const lead = await sellRequest(lake, env, 'Murat Yilmaz', 'murat@example.org')
    const post = (id: unknown) =>
      erasureRoute({
        request: new Request('http://localhost/api/lead-erasure', {
          method: 'POST',
          body: JSON.stringify({ id }),
          headers: { 'content-type': 'application/json' },
        }),
        params: {},
        context: { lake: lake.lake, env },
      })

    const refused = await post(lead._id)
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { error: string }).error).toMatch(/nicht gelöscht/)
    expect(await mailCopies(env)).toHaveLength(4)
    expect((await post('siteSettings')).status).toBe(409)
    expect((await post(42)).status).toBe(400)

    // What the Studio's „Löschen“ does itself: the lead, then its assets (on Sanity) — here through the lake's store.
    await lake.lake.mutate([{ delete: { id: lead._id } }])
    await lake.lake.photos!.remove(lead.photos as StoredPhoto[])
    const answer = await post(lead._id)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ mails: 2 })
    const left = await mailCopies(env)
    expect(left).toHaveLength(2)
    expect(left.every((name) => name.includes(other._id))).toBe(true)
  })

  it('a price alert (issue 38): the lead with its consent proof, its confirmation mail and its alert mails', async () => {
    const { lake, env } = await open(backend)
    const { logger } = captureLogs()
    const stored = await submit({ lake: lake.lake, logger }, 'price-alert', { email: 'beobachter@example.org', vehicleId: '1', page: '/vehicles/1' })
    if (stored.status !== 'stored') throw new Error('not stored')
    const notifier = new Notifier({ lake: lake.lake, env: { ...env, LEADS_NOTIFY_TO: 'haendler@example.de', SITE_URL: 'https://www.example.de' }, logger })
    expect(await notifier.notifyAll(stored.id)).toEqual({ dealer: 'saved', confirmation: 'saved' })
    await patchDocument(lake.lake, stored.id, { set: { 'alert.status': 'active', 'alert.confirmedAt': new Date().toISOString() } })
    const event = { key: 'k1', kind: 'price-drop' as const, vehicleDocId: 'vehicle-1', at: new Date().toISOString(), price: 19_990 }
    expect(await notifier.sendAlert(stored.id, event)).toBe('saved')
    expect(await notifier.sendAlert(stored.id, event)).toBe('already-notified')
    await notifier.stop()
    expect(await mailCopies(env)).toHaveLength(3)

    expect(await eraseLead(lake.lake, env, stored.id)).toEqual({ lead: true, photos: 0, mails: 3 })
    expect(await lake.stored(stored.id)).toBeUndefined()
    expect(await mailCopies(env)).toEqual([])
  })

  it('the retention rule of the settings erases leads older than its months, hourly, and logs counts, never who', async () => {
    const { lake, env } = await open(backend)
    const old = await sellRequest(lake, env, 'Alte Anfrage', 'alt@example.org')
    const recent = await sellRequest(lake, env, 'Neue Anfrage', 'neu@example.org')
    const now = new Date()
    await lake.lake.mutate([
      { patch: { id: old._id, set: { receivedAt: new Date(now.getTime() - 200 * DAY).toISOString() } } },
      { patch: { id: recent._id, set: { receivedAt: new Date(now.getTime() - 20 * DAY).toISOString() } } },
    ])
    const { logger, lines } = captureLogs()
    const sweeper = new RetentionSweeper(lake.lake, env, { logger })

    // Without a setting nothing is erased.
    await lake.lake.mutate([{ patch: { id: 'siteSettings', unset: ['leadRetentionMonths'] } }])
    expect(await sweeper.runOnce(now)).toEqual({ leads: 0, photos: 0, mails: 0 })
    expect(await lake.stored(old._id)).toBeDefined()

    const photosBefore = await storedPhotos(lake, backend)
    await lake.lake.mutate([{ patch: { id: 'siteSettings', set: { leadRetentionMonths: 6 } } }])
    // The two requests sent the same two photos: on Sanity one asset each (named by content), kept for the recent lead.
    const shared = backend === 'sanity' ? 2 : 0
    expect(await sweeper.runOnce(now)).toEqual({ leads: 1, photos: 2 - shared, mails: 2 })
    expect(await lake.stored(old._id)).toBeUndefined()
    expect(await lake.stored(recent._id)).toBeDefined()
    const photosAfter = await storedPhotos(lake, backend)
    expect(photosAfter).toHaveLength(photosBefore.length - 2 + shared)
    const recentPhotos = (recent.photos as StoredPhoto[]).map((photo) => photo.file ?? photo.image!.asset._ref)
    expect(photosAfter).toEqual(expect.arrayContaining(recentPhotos))
    expect((await mailCopies(env)).every((name) => name.includes(recent._id))).toBe(true)

    const logged = JSON.stringify(lines)
    expect(logged).toContain(`Aufbewahrungsfrist: 1 Anfrage(n), ${2 - shared} Foto(s), 2 E-Mail-Kopie(n) gelöscht`)
    for (const personal of ['Alte Anfrage', 'alt@example.org', old._id]) expect(logged).not.toContain(personal)
  })
})

describe('what a lead deleted elsewhere leaves behind', () => {
  it('the hourly sweep deletes saved mails of documents that no longer exist, once older than an hour', async () => {
    const { lake, env } = await open('embedded')
    const lead = await sellRequest(lake, env, 'Ohne Studio', 'ohne@example.org')
    await lake.lake.mutate([{ delete: { id: lead._id } }])
    const sweeper = new RetentionSweeper(lake.lake, env, { logger: captureLogs().logger })
    // Fresh files: their document may be on the way.
    expect((await sweeper.runOnce())?.mails).toBe(0)
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
    for (const name of await mailCopies(env)) await utimes(path.join(outboxDir(env), name), hoursAgo, hoursAgo)
    expect((await sweeper.runOnce())?.mails).toBe(2)
    expect(await mailCopies(env)).toEqual([])
  })

  it('refuses an id that is not the inbox’s', async () => {
    const { lake, env } = await open('embedded')
    await expect(eraseLead(lake.lake, env, 'siteSettings')).rejects.toThrow(/Keine Anfrage/)
  })
})
