import { appendFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DataDirLockedError, HOLDER_FILE, LOCK_DIR, LockLostError } from '#app/lake/data-dir-lock.server.ts'
import { COMPACTION_STEPS, type CompactionStep, EmbeddedLake, JOURNAL_FILE, type OpenOptions, SNAPSHOT_FILE } from '#app/lake/embedded-lake.server.ts'
import { createDocument, MutationError, patchDocument } from '#app/lake/lake.server.ts'

const CONTENT_DIR = path.resolve('tests/fixtures/mini-dataset')
const cleanup: Array<() => Promise<void>> = []

async function openLake(dataDir?: string, options: Partial<OpenOptions> = {}): Promise<{ lake: EmbeddedLake; dataDir: string }> {
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'lake-')))
  if (!dataDir) cleanup.push(() => rm(dir, { recursive: true, force: true }))
  const lake = await EmbeddedLake.open({ contentDir: CONTENT_DIR, dataDir: dir, ...options })
  cleanup.unshift(() => lake.close())
  return { lake, dataDir: dir }
}

async function journalLines(dataDir: string): Promise<string[]> {
  const text = await readFile(path.join(dataDir, JOURNAL_FILE), 'utf8').catch(() => '')
  return text.split('\n').filter(Boolean)
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

  it('survive reopening the same data folder', async () => {
    const { lake, dataDir } = await openLake()
    const created = await createDocument(lake, { _type: 'contactMessage', name: 'Erika' })
    await patchDocument(lake, 'vehicle-1', { set: { status: 'reserved' }, inc: { price: 100 } })
    await lake.mutate([{ delete: { id: 'vehicle-2' } }])
    await lake.close()

    expect(await journalLines(dataDir)).toHaveLength(3)

    const { lake: reopened } = await openLake(dataDir)
    expect(await reopened.fetch('*[_id == $id][0]', { id: created._id })).toEqual(created)
    expect(await reopened.fetch('*[_id == "vehicle-1"][0]{status, price}')).toEqual({ status: 'reserved', price: 19000 })
    expect(await reopened.fetch('count(*[_id == "vehicle-2"])')).toBe(0)
    // Compacted at open: the three transactions are in the snapshot now.
    expect(await journalLines(dataDir)).toEqual([])
  })

  it('stores resolved mutations in the journal', async () => {
    const { lake, dataDir } = await openLake()
    const created = await createDocument(lake, { _type: 'note' })
    const [line] = await journalLines(dataDir)
    const entry = JSON.parse(line ?? '{}')
    expect(entry).toEqual({
      transactionId: created._rev,
      timestamp: created._updatedAt,
      mutations: [{ create: { _id: created._id, _type: 'note' } }],
    })
  })

  it('ignores and truncates a torn last journal line', async () => {
    const { lake, dataDir } = await openLake()
    await patchDocument(lake, 'vehicle-1', { set: { price: 1 } })
    await lake.close()
    const journal = path.join(dataDir, JOURNAL_FILE)
    const complete = await readFile(journal, 'utf8')
    await appendFile(journal, '{"transactionId":"torn","timestamp":"2025-01-01T00:00:00Z","mutations":[{"patch":{"id":"vehicle-1","set":{"pri')

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { lake: reopened } = await openLake(dataDir)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unvollständige letzte Zeile verworfen (110 Bytes'))
    warn.mockRestore()
    expect(await reopened.fetch('*[_id == "vehicle-1"][0].price')).toBe(1)
    // The complete line went into the snapshot at open, the torn one nowhere.
    expect(await readFile(journal, 'utf8')).toBe('')
    expect(await readFile(path.join(dataDir, SNAPSHOT_FILE), 'utf8')).toContain(JSON.parse(complete).transactionId)

    await patchDocument(reopened, 'vehicle-1', { set: { price: 2 } })
    expect(await journalLines(dataDir)).toHaveLength(1)
  })

  it('refuses to open with a corrupt line in the middle of the journal', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lake-'))
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
    const good = JSON.stringify({ transactionId: 't1', timestamp: '2025-01-01T00:00:00Z', mutations: [{ delete: { id: 'vehicle-2' } }] })
    await writeFile(path.join(dataDir, JOURNAL_FILE), `${good}\nnot json\n${good}\n`)
    await expect(EmbeddedLake.open({ contentDir: CONTENT_DIR, dataDir })).rejects.toThrow(`${JOURNAL_FILE}:2: corrupt journal line`)
  })

  it('serializes concurrent transactions so that all of them land', async () => {
    const { lake, dataDir } = await openLake()
    await lake.mutate([{ patch: { id: 'vehicle-1', set: { views: 0 } } }])
    await Promise.all(Array.from({ length: 20 }, () => lake.mutate([{ patch: { id: 'vehicle-1', inc: { views: 1 } } }])))
    expect(await lake.fetch('*[_id == "vehicle-1"][0].views')).toBe(20)
    expect(await journalLines(dataDir)).toHaveLength(21)
  })

  it('writes nothing for a failing transaction and keeps working afterwards', async () => {
    const { lake, dataDir } = await openLake()
    const attempt = lake.mutate([{ patch: { id: 'vehicle-1', set: { price: 1 } } }, { create: { _id: 'vehicle-2', _type: 'vehicle' } }])
    await expect(attempt).rejects.toBeInstanceOf(MutationError)
    await expect(attempt).rejects.toMatchObject({ statusCode: 409 })
    expect(await journalLines(dataDir)).toEqual([])
    expect(await lake.fetch('*[_id == "vehicle-1"][0].price')).toBe(18900)

    await patchDocument(lake, 'vehicle-1', { set: { price: 2 } })
    expect(await journalLines(dataDir)).toHaveLength(1)
  })

  it('commits concurrent writes in batches, refusing only the transaction Sanity would refuse', async () => {
    const { lake, dataDir } = await openLake()
    const writes = Array.from({ length: 20 }, (_, n) =>
      lake.mutate([n === 10 ? { create: { _id: 'vehicle-1', _type: 'vehicle' } } : { create: { _id: `inbox.batch-${n}`, _type: 'contactMessage' } }]),
    )
    const outcomes = await Promise.allSettled(writes)
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(1)
    expect(outcomes[10]).toMatchObject({ status: 'rejected', reason: { statusCode: 409 } })
    expect(await journalLines(dataDir)).toHaveLength(19)
    const onDisk = await EmbeddedLake.openReadOnly({ contentDir: CONTENT_DIR, dataDir })
    expect(await onDisk.fetch('count(*[_id match "inbox.batch-*"])', {}, { includePrivate: true })).toBe(19)
  })

  it('creates the data folder when missing', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'lake-'))
    cleanup.push(() => rm(parent, { recursive: true, force: true }))
    const { lake } = await openLake(path.join(parent, 'nested', 'data'))
    await patchDocument(lake, 'vehicle-1', { set: { price: 3 } })
    expect(await journalLines(path.join(parent, 'nested', 'data'))).toHaveLength(1)
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
    await expect(patchDocument(lake, 'vehicle-1', { set: { price: 11 } })).resolves.toMatchObject({ price: 11 })
    expect(await journalLines(dataDir)).toHaveLength(1)
  })

  it('takes over the lock of a holder that is gone once it is stale, and says whose it was', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lake-'))
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
    // What a killed process leaves: the lock folder and its holder, with the same pid and host name as this process (another container can have both).
    await mkdir(path.join(dataDir, LOCK_DIR))
    await writeFile(path.join(dataDir, HOLDER_FILE), JSON.stringify({ pid: process.pid, host: hostname(), since: '2026-11-27T05:00:00.000Z', token: 'gone' }))
    const warnings: string[] = []
    const log = { warn: (message: string) => warnings.push(message), error: (message: string) => warnings.push(message) }
    // Refreshed a moment ago: the new process waits until the lock is stale (2 s here), then starts by itself.
    const lake = await EmbeddedLake.open({ contentDir: CONTENT_DIR, dataDir, log, lockStaleMs: 2000 })
    cleanup.unshift(() => lake.close())
    expect(warnings).toEqual([
      expect.stringContaining(`Sperre eines beendeten Prozesses übernommen (PID ${process.pid} auf Rechner „${hostname()}“, seit 27.11.2026, 05:00:00 UTC)`),
    ])
    await expect(patchDocument(lake, 'vehicle-1', { set: { price: 12 } })).resolves.toMatchObject({ price: 12 })
  })

  it('acknowledges no write once another process holds the lock, and tells its owner once', async () => {
    const lost: Error[] = []
    const { lake, dataDir } = await openLake(undefined, { onLockLost: (error) => lost.push(error) })
    await patchDocument(lake, 'vehicle-1', { set: { price: 13 } })
    // Another process took the lock over (this one stalled past the staleness): its token is in the holder file.
    await writeFile(path.join(dataDir, HOLDER_FILE), JSON.stringify({ pid: 4242, host: 'other', since: new Date().toISOString(), token: 'theirs' }))
    await expect(patchDocument(lake, 'vehicle-1', { set: { price: 14 } })).rejects.toBeInstanceOf(LockLostError)
    await expect(patchDocument(lake, 'vehicle-1', { set: { price: 15 } })).rejects.toThrow('Die Sperre auf DATA_DIR')
    expect(lost).toHaveLength(1)
    expect(lost[0]?.message).toContain('PID 4242')
    expect(await journalLines(dataDir)).toHaveLength(1)
    // Its lock is not this process's to remove.
    await lake.close()
    expect((await stat(path.join(dataDir, LOCK_DIR))).isDirectory()).toBe(true)
  })

  it('stops writing when its heartbeat finds the lock gone', async () => {
    let lostLock: (error: Error) => void = () => undefined
    const lost = new Promise<Error>((resolve) => (lostLock = resolve))
    const { lake, dataDir } = await openLake(undefined, { onLockLost: (error) => lostLock(error), lockStaleMs: 2000 })
    await rm(path.join(dataDir, LOCK_DIR), { recursive: true })
    expect((await lost).message).toContain('Die Sperre auf DATA_DIR')
    await expect(patchDocument(lake, 'vehicle-1', { set: { price: 16 } })).rejects.toBeInstanceOf(LockLostError)
    expect(await journalLines(dataDir)).toEqual([])
  })

  it('opens read-only beside the writer: the same state, no lock, nothing written, writes refused', async () => {
    const { lake, dataDir } = await openLake()
    await patchDocument(lake, 'vehicle-1', { set: { price: 17 } })
    await appendFile(path.join(dataDir, JOURNAL_FILE), '{"transactionId":"in-progress","timest')
    const journal = await readFile(path.join(dataDir, JOURNAL_FILE), 'utf8')
    const reader = await EmbeddedLake.openReadOnly({ contentDir: CONTENT_DIR, dataDir })
    expect(await reader.fetch('*[_id == "vehicle-1"][0].price')).toBe(17)
    expect(await readFile(path.join(dataDir, JOURNAL_FILE), 'utf8')).toBe(journal)
    await expect(reader.mutate([{ delete: { id: 'vehicle-2' } }])).rejects.toMatchObject({ statusCode: 503 })
  })
})

describe('EmbeddedLake compaction', () => {
  /** Writes that show a line applied twice (a create would conflict, an inc would count twice) or lost. */
  async function write(lake: EmbeddedLake, from: number, to: number): Promise<void> {
    for (let n = from; n < to; n++) {
      await lake.mutate([{ create: { _id: `inbox.lead-${n}`, _type: 'raceNote', n } }, { patch: { id: 'vehicle-1', inc: { views: 1 } } }])
    }
  }

  async function expectExactly(dataDir: string, count: number): Promise<void> {
    const { lake } = await openLake(dataDir)
    const ids = await lake.fetch<string[]>('*[_type == "raceNote"] | order(n asc)._id', {}, { includePrivate: true })
    expect(ids).toEqual(Array.from({ length: count }, (_, n) => `inbox.lead-${n}`))
    expect(await lake.fetch('*[_id == "vehicle-1"][0].views')).toBe(count)
    await lake.close()
  }

  it('at open: the journal goes into a snapshot, start-up replays one snapshot and an empty journal', async () => {
    const { lake, dataDir } = await openLake()
    await lake.mutate([{ patch: { id: 'vehicle-1', set: { views: 0 } } }, { delete: { id: 'vehicle-2' } }])
    await write(lake, 0, 20)
    await lake.close()
    expect(await journalLines(dataDir)).toHaveLength(21)

    const { lake: reopened } = await openLake(dataDir)
    expect(await journalLines(dataDir)).toEqual([])
    const snapshot = (await readFile(path.join(dataDir, SNAPSHOT_FILE), 'utf8')).split('\n').filter(Boolean)
    // The header (vehicle-2 deleted), vehicle-1 changed, 20 leads; the untouched seed documents stay in content/.
    expect(JSON.parse(snapshot[0] ?? '{}')).toMatchObject({ snapshot: 1, deleted: ['vehicle-2'] })
    expect(snapshot).toHaveLength(22)
    expect(await reopened.fetch('count(*[_id == "vehicle-2"])')).toBe(0)
    await write(reopened, 20, 25)
    await reopened.close()
    await expectExactly(dataDir, 25)
  })

  it('when the journal passes its size: a fresh journal after the batch that crossed it', async () => {
    const { lake, dataDir } = await openLake(undefined, { compactBytes: 2000 })
    await lake.mutate([{ patch: { id: 'vehicle-1', set: { views: 0 } } }])
    await write(lake, 0, 40)
    // Compaction runs after the batch is acknowledged; close waits for it.
    await lake.close()
    expect((await stat(path.join(dataDir, JOURNAL_FILE))).size).toBeLessThan(2000)
    expect(await readFile(path.join(dataDir, SNAPSHOT_FILE), 'utf8')).toContain('inbox.lead-0')
    await expectExactly(dataDir, 40)
  })

  describe.each(COMPACTION_STEPS)('a crash before step %s', (crashAt) => {
    const crash = (step: CompactionStep) => {
      if (step === crashAt) throw new Error(`crash before ${step}`)
    }

    it('at open: every acknowledged write is there exactly once', async () => {
      const { lake, dataDir } = await openLake()
      await lake.mutate([{ patch: { id: 'vehicle-1', set: { views: 0 } } }])
      await write(lake, 0, 10)
      await lake.close()
      const warnings: string[] = []
      const log = { warn: (message: string) => warnings.push(message), error: (message: string) => warnings.push(message) }
      const { lake: crashed } = await openLake(dataDir, { beforeCompactionStep: crash, log })
      expect(warnings).toEqual([expect.stringContaining(`Verdichten fehlgeschlagen, das Journal wächst weiter: crash before ${crashAt}`)])
      await write(crashed, 10, 15)
      await crashed.close()
      await expectExactly(dataDir, 15)
      // And once more, after the next open's compaction completed.
      await expectExactly(dataDir, 15)
    })

    it('while running: every acknowledged write is there exactly once', async () => {
      let crashes = 0
      const { lake, dataDir } = await openLake(undefined, {
        compactBytes: 1500,
        log: { warn: () => undefined, error: () => undefined },
        beforeCompactionStep: (step) => {
          if (crashes === 0 && step === crashAt) crashes++
          if (crashes === 1 && step === crashAt) throw new Error(`crash before ${step}`)
        },
      })
      await lake.mutate([{ patch: { id: 'vehicle-1', set: { views: 0 } } }])
      await write(lake, 0, 30)
      expect(crashes).toBe(1)
      await lake.close()
      await expectExactly(dataDir, 30)
    })
  })

  it('ignores a snapshot a crash left half-written under its temporary name', async () => {
    const { lake, dataDir } = await openLake()
    await lake.mutate([{ patch: { id: 'vehicle-1', set: { views: 0 } } }])
    await write(lake, 0, 3)
    await lake.close()
    const leftover = path.join(dataDir, `${SNAPSHOT_FILE}.0123456789ab.tmp`)
    await writeFile(leftover, '{"snapshot":1,"absorbed":"x","deleted":["vehicle-1"]}\n{"_id":"inbox.lead-0","_ty')
    await expectExactly(dataDir, 3)
    await expect(stat(leftover)).rejects.toMatchObject({ code: 'ENOENT' })
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
