import { spawn } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, liveHolder } from '#app/lake/data-dir-lock.server.ts'
import { EmbeddedLake, type OpenOptions } from '#app/lake/embedded-lake.server.ts'
import { createDocument, MutationError, patchDocument } from '#app/lake/lake.server.ts'

const CONTENT_DIR = path.resolve('tests/fixtures/mini-dataset')
const cleanup: Array<() => Promise<void>> = []

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lake-'))
  cleanup.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

async function openLake(dataDir?: string, options: Partial<OpenOptions> = {}): Promise<{ lake: EmbeddedLake; dataDir: string }> {
  const dir = dataDir ?? (await tempDir())
  const lake = await EmbeddedLake.open({ contentDir: CONTENT_DIR, dataDir: dir, ...options })
  cleanup.unshift(() => lake.close())
  return { lake, dataDir: dir }
}

/** What is stored in `dataDir`, read as preflight and the e2e tests read it: a read-only open beside the writer. */
async function stored<R>(dataDir: string, query: string): Promise<R> {
  const reader = await EmbeddedLake.openReadOnly({ contentDir: CONTENT_DIR, dataDir })
  return reader.fetch<R>(query, {}, { includePrivate: true })
}

afterEach(async () => {
  for (const step of cleanup.splice(0)) await step()
})

describe('EmbeddedLake reads', () => {
  it('evaluates GROQ with params over the published documents only', async () => {
    const { lake } = await openLake()
    expect(lake.kind).toBe('embedded')
    const vehicles = await lake.fetch<Array<{ _id: string; model: string }>>('*[_type == $type] | order(listedAt desc){_id, model}', {
      type: 'vehicle',
    })
    expect(vehicles).toEqual([
      { _id: 'vehicle-1', model: 'Golf' },
      { _id: 'vehicle-2', model: '320d' },
    ])
    expect(await lake.fetch('count(*[_id in path("drafts.**")])')).toBe(0)
  })

  it('dereferences image assets', async () => {
    const { lake } = await openLake()
    const image = await lake.fetch<{ alt: string; asset: { url: string; metadata: { dimensions: { width: number } } } }>(
      '*[_id == "vehicle-1"][0].images[0]{alt, asset->{url, metadata{dimensions{width}}}}',
    )
    expect(image.alt).toBe('VW Golf von vorne')
    expect(image.asset.url).toMatch(/^\/media\/[0-9a-f]{40}-1200x800\.jpg$/)
    expect(image.asset.metadata.dimensions.width).toBe(1200)
    const name = image.asset.url.replace('/media/', '')
    expect(lake.assetFile(name)).toBe(path.join(CONTENT_DIR, 'images/car.jpg'))
    expect(lake.assetFile('../production.ndjson')).toBeUndefined()
  })

  it('hides documents created under drafts. or versions.', async () => {
    const { lake } = await openLake()
    await lake.mutate([{ create: { _id: 'drafts.vehicle-9', _type: 'vehicle' } }, { create: { _id: 'versions.r1.vehicle-9', _type: 'vehicle' } }])
    expect(await lake.fetch('*[_id match "*vehicle-9"]')).toEqual([])
  })

  it('reads by id without a pass over the documents: only those ids are evaluated, in the order a scan gives, each scope seeing what it may', async () => {
    const { lake } = await openLake()
    await lake.mutate([
      { create: { _id: 'priceHistory.vehicle-2', _type: 'priceHistory', entries: [] } },
      { create: { _id: 'drafts.vehicle-2', _type: 'vehicle', model: 'Entwurf' } },
    ])
    const read = async (query: string, params: Record<string, unknown>, options = {}) => {
      const before = { ...lake.work }
      const result = await lake.fetch(query, params, options)
      return { result, evaluations: lake.work.evaluations - before.evaluations, documents: lake.work.documents - before.documents }
    }
    // The ids asked for in another order than the lake holds them: the result keeps the lake's order, as a scan would.
    expect(await read('*[_id in $ids]{_id, model}', { ids: ['vehicle-2', 'missing', 'vehicle-1'] })).toEqual({
      result: [
        { _id: 'vehicle-1', model: 'Golf' },
        { _id: 'vehicle-2', model: '320d' },
      ],
      evaluations: 1,
      documents: 2,
    })
    // A private document by id: only with includePrivate; a draft only in the raw perspective.
    const history = '*[_type == "priceHistory" && _id == $id][0]._id'
    expect(await read(history, { id: 'priceHistory.vehicle-2' })).toMatchObject({ result: null, documents: 0 })
    expect(await read(history, { id: 'priceHistory.vehicle-2' }, { includePrivate: true })).toEqual({
      result: 'priceHistory.vehicle-2',
      evaluations: 1,
      documents: 1,
    })
    expect(await read('*[_id == $id][0].model', { id: 'drafts.vehicle-2' }, { includePrivate: true })).toMatchObject({ result: null, documents: 0 })
    expect(await read('*[_id == $id][0].model', { id: 'drafts.vehicle-2' }, { perspective: 'raw' })).toMatchObject({ result: 'Entwurf', documents: 1 })
  })
})

describe('EmbeddedLake writes', () => {
  it('returns Sanity-style results and makes the change visible to reads', async () => {
    const { lake } = await openLake()
    const doc = await patchDocument(lake, 'vehicle-1', { set: { price: 17500 } })
    expect(doc).toMatchObject({ _id: 'vehicle-1', price: 17500 })
    expect(await lake.fetch('*[_id == "vehicle-1"][0].price')).toBe(17500)

    const result = await lake.mutate([{ create: { _id: 'inbox.', _type: 'contactMessage', name: 'Max' } }, { delete: { id: 'vehicle-2' } }])
    expect(result.transactionId).toMatch(/^[A-Za-z0-9]{22}$/)
    expect(result.results).toEqual([
      { id: expect.stringMatching(/^inbox\.[0-9a-f-]{36}$/), operation: 'create' },
      { id: 'vehicle-2', operation: 'delete' },
    ])
    expect(result.documents).toHaveLength(1)
    expect(result.documents[0]).toMatchObject({ name: 'Max', _rev: result.transactionId })
  })

  it('survive reopening the same data folder, deletions of seed documents included', async () => {
    const { lake, dataDir } = await openLake()
    const created = await createDocument(lake, { _type: 'contactMessage', name: 'Erika' })
    await patchDocument(lake, 'vehicle-1', { set: { status: 'reserved' }, inc: { price: 100 } })
    await lake.mutate([{ delete: { id: 'vehicle-2' } }, { delete: { id: 'inbox.contact-seed' } }])
    const erased = await createDocument(lake, { _id: 'inbox.erased', _type: 'contactMessage', name: 'Gelöscht' })
    await lake.mutate([{ delete: { id: erased._id } }])
    await lake.close()

    const { lake: reopened } = await openLake(dataDir)
    expect(await reopened.fetch('*[_id == $id][0]', { id: created._id })).toEqual(created)
    expect(await reopened.fetch('*[_id == "vehicle-1"][0]{status, price}')).toEqual({ status: 'reserved', price: 19000 })
    expect(await reopened.fetch('*[_id in ["vehicle-2", "inbox.contact-seed", "inbox.erased"]]._id', {}, { includePrivate: true })).toEqual([])
  })

  it('serializes concurrent transactions so that all of them land', async () => {
    const { lake, dataDir } = await openLake()
    await lake.mutate([{ patch: { id: 'vehicle-1', set: { views: 0 } } }])
    await Promise.all(Array.from({ length: 20 }, () => lake.mutate([{ patch: { id: 'vehicle-1', inc: { views: 1 } } }])))
    expect(await lake.fetch('*[_id == "vehicle-1"][0].views')).toBe(20)
    expect(await stored(dataDir, '*[_id == "vehicle-1"][0].views')).toBe(20)
  })

  it('writes nothing for a failing transaction and keeps working afterwards', async () => {
    const { lake, dataDir } = await openLake()
    const attempt = lake.mutate([{ patch: { id: 'vehicle-1', set: { price: 1 } } }, { create: { _id: 'vehicle-2', _type: 'vehicle' } }])
    await expect(attempt).rejects.toBeInstanceOf(MutationError)
    await expect(attempt).rejects.toMatchObject({ statusCode: 409 })
    expect(await lake.fetch('*[_id == "vehicle-1"][0].price')).toBe(18900)
    expect(await stored(dataDir, '*[_id == "vehicle-1"][0].price')).toBe(18900)

    await patchDocument(lake, 'vehicle-1', { set: { price: 2 } })
    expect(await stored(dataDir, '*[_id == "vehicle-1"][0].price')).toBe(2)
  })

  it('commits concurrent writes in batches, refusing only the transaction Sanity would refuse', async () => {
    const { lake, dataDir } = await openLake()
    const writes = Array.from({ length: 20 }, (_, n) =>
      lake.mutate([n === 10 ? { create: { _id: 'vehicle-1', _type: 'vehicle' } } : { create: { _id: `inbox.batch-${n}`, _type: 'contactMessage' } }]),
    )
    const outcomes = await Promise.allSettled(writes)
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(1)
    expect(outcomes[10]).toMatchObject({ status: 'rejected', reason: { statusCode: 409 } })
    expect(await stored(dataDir, 'count(*[_id match "inbox.batch-*"])')).toBe(19)
    expect(await stored(dataDir, '*[_id == "vehicle-1"][0]._type')).toBe('vehicle')
  })

  it('commits the writes still waiting when it is closed', async () => {
    const { lake, dataDir } = await openLake()
    const write = lake.mutate([{ create: { _id: 'inbox.last', _type: 'contactMessage' } }])
    await lake.close()
    await expect(write).resolves.toMatchObject({ results: [{ id: 'inbox.last', operation: 'create' }] })
    await expect(lake.mutate([{ delete: { id: 'inbox.last' } }])).rejects.toMatchObject({ statusCode: 503 })
    expect(await stored(dataDir, 'count(*[_id == "inbox.last"])')).toBe(1)
  })

  it('creates the data folder when missing', async () => {
    const dataDir = path.join(await tempDir(), 'nested', 'data')
    const { lake } = await openLake(dataDir)
    await patchDocument(lake, 'vehicle-1', { set: { price: 3 } })
    expect(await stored(dataDir, '*[_id == "vehicle-1"][0].price')).toBe(3)
  })

  it('keeps what holds the leads to its own user: the folder it makes 0700, the database and its WAL 0600, an older 0644 database narrowed', async () => {
    const mode = async (file: string) => ((await stat(file)).mode & 0o777).toString(8)
    const dataDir = path.join(await tempDir(), 'data')
    const { lake } = await openLake(dataDir)
    await lake.mutate([{ create: { _id: 'inbox.private', _type: 'contactMessage', email: 'erika@example.de' } }])
    expect(await mode(dataDir)).toBe('700')
    expect(await mode(path.join(dataDir, 'lake.sqlite'))).toBe('600')
    expect(await mode(path.join(dataDir, 'lake.sqlite-wal'))).toBe('600')
    await lake.close()
    await chmod(path.join(dataDir, 'lake.sqlite'), 0o644)
    await openLake(dataDir)
    expect(await mode(path.join(dataDir, 'lake.sqlite'))).toBe('600')
  })

  it('returns frozen documents, so a caller cannot change the lake by accident', async () => {
    const { lake } = await openLake()
    const vehicle = await lake.fetch<{ make: string }>('*[_id == "vehicle-1"][0]')
    expect(() => {
      vehicle.make = 'Opel'
    }).toThrow(TypeError)
    expect(await lake.fetch('*[_id == "vehicle-1"][0].make')).toBe('VW')
  })
})

describe('EmbeddedLake: one writer per data folder', () => {
  it('refuses a second writer on the same folder, naming the holder, while the first goes on storing', async () => {
    const { lake, dataDir } = await openLake()
    const refused = await EmbeddedLake.open({ contentDir: CONTENT_DIR, dataDir }).then(
      (second) => second.close().then(() => undefined),
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(DataDirLockedError)
    const message = (refused as Error).message
    expect(message).toContain(`DATA_DIR ${dataDir} wird schon von einem anderen laufenden Prozess benutzt`)
    expect(message).toContain(`PID ${process.pid} auf Rechner „${hostname()}“, seit `)
    expect(liveHolder(dataDir)).toMatchObject({ pid: process.pid, host: hostname() })
    await expect(patchDocument(lake, 'vehicle-1', { set: { price: 11 } })).resolves.toMatchObject({ price: 11 })
    await lake.close()
    expect(liveHolder(dataDir)).toBeUndefined()
  })

  it('a writer killed without closing: the next one starts at once, says whose lock it was and has every acknowledged write', async () => {
    const dataDir = await tempDir()
    // Another process opens the lake, writes, says so and is killed (SIGKILL: no close, no exit handler).
    const script = `
      const { EmbeddedLake } = await import('#app/lake/embedded-lake.server.ts')
      const lake = await EmbeddedLake.open({ contentDir: ${JSON.stringify(CONTENT_DIR)}, dataDir: ${JSON.stringify(dataDir)} })
      await lake.mutate([{ create: { _id: 'inbox.before-kill', _type: 'contactMessage' } }])
      process.stdout.write('written\\n')
      setInterval(() => undefined, 1000)`
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('written') && resolve())
      child.on('exit', (code) => reject(new Error(`exited with ${code}`)))
    })
    expect(liveHolder(dataDir)).toMatchObject({ pid: child.pid })
    const exited = new Promise((resolve) => child.on('exit', resolve))
    child.kill('SIGKILL')
    await exited

    const warnings: string[] = []
    const log = { warn: (message: string) => warnings.push(message), error: (message: string) => warnings.push(message) }
    const { lake } = await openLake(dataDir, { log })
    expect(warnings).toEqual([expect.stringContaining(`Sperre eines beendeten Prozesses übernommen (PID ${child.pid} auf Rechner „${hostname()}“, seit `)])
    expect(await lake.fetch('count(*[_id == "inbox.before-kill"])', {}, { includePrivate: true })).toBe(1)
  }, 30_000)

  it('opens read-only beside the writer: the same state, no lock, nothing written, writes refused', async () => {
    const { lake, dataDir } = await openLake()
    await patchDocument(lake, 'vehicle-1', { set: { price: 17 } })
    const reader = await EmbeddedLake.openReadOnly({ contentDir: CONTENT_DIR, dataDir })
    expect(await reader.fetch('*[_id == "vehicle-1"][0].price')).toBe(17)
    await expect(reader.mutate([{ delete: { id: 'vehicle-2' } }])).rejects.toMatchObject({ statusCode: 503 })
    // The writer goes on.
    await patchDocument(lake, 'vehicle-1', { set: { price: 18 } })
    expect(await stored(dataDir, '*[_id == "vehicle-1"][0].price')).toBe(18)
  })

  it('reads the seed alone read-only from a folder no lake has written yet', async () => {
    const dataDir = await tempDir()
    expect(await stored(dataDir, '*[_id == "vehicle-1"][0].price')).toBe(18900)
    expect(await readdir(dataDir)).toEqual([])
  })
})

describe('EmbeddedLake: a data folder of the journal format (before decision 087)', () => {
  const line = (transactionId: string, mutations: unknown[]) => JSON.stringify({ transactionId, timestamp: '2026-11-20T10:00:00.000Z', mutations })

  /** What the old lake left: a snapshot that absorbed t1 (vehicle-2 deleted, a lead), a journal with t1 again, t2, and a torn last line. */
  async function oldFolder(): Promise<string> {
    const dataDir = await tempDir()
    const header = { snapshot: 1, absorbed: 't1', deleted: ['vehicle-2'], writtenAt: '2026-11-20T10:00:00.000Z' }
    const lead = { _id: 'inbox.old-lead', _type: 'contactMessage', name: 'Alt', _rev: 't1' }
    await writeFile(path.join(dataDir, 'snapshot.ndjson'), `${JSON.stringify(header)}\n${JSON.stringify(lead)}\n`)
    const journal = [
      line('t1', [{ create: lead }]),
      line('t2', [{ patch: { id: 'vehicle-1', set: { price: 1234 } } }, { create: { _id: 'inbox.newer-lead', _type: 'contactMessage' } }]),
    ]
    await writeFile(path.join(dataDir, 'journal.ndjson'), `${journal.join('\n')}\n{"transactionId":"torn","timest`)
    return dataDir
  }

  const EXPECTED = { leads: ['inbox.newer-lead', 'inbox.old-lead'], price: 1234, deleted: 0 }
  const state = (lake: EmbeddedLake) =>
    lake.fetch(
      '{"leads": *[_id in ["inbox.old-lead", "inbox.newer-lead"]] | order(_id)._id, "price": *[_id == "vehicle-1"][0].price, "deleted": count(*[_id == "vehicle-2"])}',
      {},
      {
        includePrivate: true,
      },
    )

  it('is moved into the database at the first start; the old files are kept as *.migrated', async () => {
    const dataDir = await oldFolder()
    const warnings: string[] = []
    const { lake } = await openLake(dataDir, { log: { warn: (message) => warnings.push(message), error: () => undefined } })
    expect(await state(lake)).toEqual(EXPECTED)
    expect(warnings).toEqual([expect.stringContaining('Journal und Snapshot nach lake.sqlite übernommen')])
    expect((await readdir(dataDir)).filter((name) => name.includes('ndjson')).sort()).toEqual(['journal.ndjson.migrated', 'snapshot.ndjson.migrated'])
    await lake.close()

    const { lake: again } = await openLake(dataDir)
    expect(await state(again)).toEqual(EXPECTED)
  })

  it('is read as it is by a read-only open before the first start, and left alone', async () => {
    const dataDir = await oldFolder()
    const reader = await EmbeddedLake.openReadOnly({ contentDir: CONTENT_DIR, dataDir })
    expect(await state(reader)).toEqual(EXPECTED)
    expect((await readdir(dataDir)).sort()).toEqual(['journal.ndjson', 'snapshot.ndjson'])
  })

  it('refuses to start with a corrupt line in the middle of the journal, or while a server of the old version holds the folder', async () => {
    const dataDir = await tempDir()
    const good = line('t1', [{ delete: { id: 'vehicle-2' } }])
    await writeFile(path.join(dataDir, 'journal.ndjson'), `${good}\nnot json\n${good}\n`)
    await expect(EmbeddedLake.open({ contentDir: CONTENT_DIR, dataDir })).rejects.toThrow('journal.ndjson:2: beschädigte Journalzeile')

    const held = await oldFolder()
    await mkdir(path.join(held, 'lake.lock'))
    await expect(EmbeddedLake.open({ contentDir: CONTENT_DIR, dataDir: held })).rejects.toThrow('von einem Server der vorigen Version benutzt')
    // Its lock not refreshed for 10 s: that server is gone.
    const past = new Date(Date.now() - 11_000)
    await utimes(path.join(held, 'lake.lock'), past, past)
    const { lake } = await openLake(held, { log: { warn: () => undefined, error: () => undefined } })
    expect(await state(lake)).toEqual(EXPECTED)
    expect(await readdir(held)).not.toContain('lake.lock')
  })
})

describe('EmbeddedLake: private writes keep the published snapshot (vehicle and search index)', () => {
  it('is the same array after writes to dotted ids only, and a new one after a public write', async () => {
    const { lake } = await openLake()
    const published = lake.publishedDocuments()
    expect(published.some((doc) => doc._id.includes('.'))).toBe(false)
    // A contact message as the site stores it: the create, the notifier's claim, the notifiedAt patch; a draft too.
    const { _id } = await createDocument(lake, { _id: 'inbox.', _type: 'contactMessage', name: 'Max' })
    await patchDocument(lake, _id, { set: { notificationClaim: { instance: 'a', at: 'now' } } })
    await patchDocument(lake, _id, { set: { notifiedAt: 'now' }, unset: ['notificationClaim'] })
    await lake.mutate([
      { createOrReplace: { _id: 'drafts.vehicle-1', _type: 'vehicle', price: 1 } },
      { create: { _id: 'lock.marketplaceSync', _type: 'lease' } },
    ])
    expect(lake.publishedDocuments()).toBe(published)
    // Reads see the private documents at once.
    expect(await lake.fetch('*[_id == $id][0].notifiedAt', { id: _id }, { includePrivate: true })).toBe('now')

    await patchDocument(lake, 'vehicle-1', { set: { price: 18 } })
    expect(lake.publishedDocuments()).not.toBe(published)
    expect(lake.publishedDocuments().find((doc) => doc._id === 'vehicle-1')?.price).toBe(18)
    // A create without an id gets a public one.
    const now = lake.publishedDocuments()
    await createDocument(lake, { _type: 'note' })
    expect(lake.publishedDocuments()).not.toBe(now)
  })
})
