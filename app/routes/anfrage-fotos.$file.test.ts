import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '#app/env.server.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { FilePhotoStore, NO_PHOTO_STORE, uploadsDir } from '#app/submissions/photo-store.server.ts'
import { loader } from './anfrage-fotos.$file.ts'

describe('GET /anfrage-fotos/<file> (a sell request’s photo on the embedded lake)', () => {
  let dataDir: string
  let file: string
  const env = () => parseEnv({ DATA_DIR: dataDir })
  // The embedded lake's store is a FilePhotoStore; Sanity's keeps assets and serves nothing here.
  const lake = (kind: 'embedded' | 'sanity') => ({ kind, photos: kind === 'embedded' ? new FilePhotoStore(uploadsDir(env())) : NO_PHOTO_STORE }) as ContentLake
  const get = (name: string, kind: 'embedded' | 'sanity' = 'embedded') =>
    loader({ request: new Request(`http://localhost/anfrage-fotos/${name}`), params: { file: name }, context: { lake: lake(kind), env: env() } })

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'photos-route-'))
    const {
      photos: [stored],
    } = await new FilePhotoStore(uploadsDir(env())).save([{ data: Buffer.from([0xff, 0xd8, 0xff, 0xd9]), width: 1, height: 1 }], { client: '192.0.2.1' })
    file = stored!.file!
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('answers the stored photo by its unguessable name, private, never cached, never indexed', async () => {
    const response = await get(file)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))
  })

  it('answers 404 for an unknown name, a path trick, a name not made by the store, and on the Sanity backend', async () => {
    expect((await get(`${'b'.repeat(43)}.jpg`)).status).toBe(404)
    expect((await get('../journal.ndjson')).status).toBe(404)
    expect((await get('1.jpg')).status).toBe(404)
    expect((await get(file, 'sanity')).status).toBe(404)
  })
})
