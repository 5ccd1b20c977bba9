import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EmbeddedLake, JOURNAL_FILE } from '#app/sanity/embedded-lake.server.ts'
import { createDocument, MutationError, patchDocument } from '#app/sanity/lake.server.ts'

const CONTENT_DIR = path.resolve('tests/fixtures/mini-dataset')
const cleanup: Array<() => Promise<void>> = []

async function openLake(dataDir?: string): Promise<{ lake: EmbeddedLake; dataDir: string }> {
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'lake-')))
  if (!dataDir) cleanup.push(() => rm(dir, { recursive: true, force: true }))
  const lake = await EmbeddedLake.open({ contentDir: CONTENT_DIR, dataDir: dir })
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
    expect(lake.revision).toBe(0)
    const doc = await patchDocument(lake, 'vehicle-1', { set: { price: 17500 } })
    expect(doc).toMatchObject({ _id: 'vehicle-1', price: 17500 })
    expect(await lake.fetch('*[_id == "vehicle-1"][0].price')).toBe(17500)
    expect(lake.revision).toBe(1)

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

    const { lake: reopened } = await openLake(dataDir)
    expect(await reopened.fetch('*[_id == $id][0]', { id: created._id })).toEqual(created)
    expect(await reopened.fetch('*[_id == "vehicle-1"][0]{status, price}')).toEqual({ status: 'reserved', price: 19000 })
    expect(await reopened.fetch('count(*[_id == "vehicle-2"])')).toBe(0)
    expect(await journalLines(dataDir)).toHaveLength(3)
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
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('dropping an incomplete last line'))
    warn.mockRestore()
    expect(await reopened.fetch('*[_id == "vehicle-1"][0].price')).toBe(1)
    expect(await readFile(journal, 'utf8')).toBe(complete)

    // New transactions follow the last complete line.
    await patchDocument(reopened, 'vehicle-1', { set: { price: 2 } })
    expect(await journalLines(dataDir)).toHaveLength(2)
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
    const revision = lake.revision
    await Promise.all(Array.from({ length: 20 }, () => lake.mutate([{ patch: { id: 'vehicle-1', inc: { views: 1 } } }])))
    expect(await lake.fetch('*[_id == "vehicle-1"][0].views')).toBe(20)
    expect(lake.revision).toBe(revision + 20)
    expect(await journalLines(dataDir)).toHaveLength(21)
  })

  it('writes nothing for a failing transaction and keeps working afterwards', async () => {
    const { lake, dataDir } = await openLake()
    const attempt = lake.mutate([{ patch: { id: 'vehicle-1', set: { price: 1 } } }, { create: { _id: 'vehicle-2', _type: 'vehicle' } }])
    await expect(attempt).rejects.toBeInstanceOf(MutationError)
    await expect(attempt).rejects.toMatchObject({ statusCode: 409 })
    expect(await journalLines(dataDir)).toEqual([])
    expect(await lake.fetch('*[_id == "vehicle-1"][0].price')).toBe(18900)
    expect(lake.revision).toBe(0)

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
    expect(lake.revision).toBe(19)
    const reopened = await EmbeddedLake.open({ contentDir: CONTENT_DIR, dataDir })
    expect(await reopened.fetch('count(*[_id match "inbox.batch-*"])')).toBe(19)
    await reopened.close()
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
