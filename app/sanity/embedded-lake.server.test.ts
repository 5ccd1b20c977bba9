import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { once } from 'node:events'
import { appendFile, lstat, lutimes, mkdtemp, readFile, rm, symlink, unlink, utimes, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EmbeddedLake, JOURNAL_FILE, LOCK_FILE } from '#app/sanity/embedded-lake.server.ts'
import { type ChangeListener, createDocument, MutationError, patchDocument } from '#app/sanity/lake.server.ts'

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

describe('EmbeddedLake on a data folder shared by several processes', () => {
  const PEER = path.resolve('app/sanity/embedded-lake-peer.test-helper.ts')

  async function sharedLakes(): Promise<{ a: EmbeddedLake; b: EmbeddedLake; dataDir: string }> {
    const { lake: a, dataDir } = await openLake()
    const { lake: b } = await openLake(dataDir)
    return { a, b, dataDir }
  }

  /** The ids a listener was told about, in order; `undefined` calls as the string 'undefined'. */
  function recorder(): { listener: ChangeListener; calls: Array<readonly string[] | undefined>; ids: () => string[] } {
    const calls: Array<readonly string[] | undefined> = []
    return { listener: (ids) => calls.push(ids), calls, ids: () => calls.flatMap((ids) => ids ?? ['undefined']) }
  }

  const raceNotes = (lake: EmbeddedLake) => lake.fetch<number>('count(*[_type == "raceNote"])')
  const everything = (lake: EmbeddedLake) => lake.fetch('*[] | order(_id asc)', {}, { perspective: 'raw' })

  /** Starts the peer process; resolves once it printed `until`. */
  async function startPeer(args: string[], until: string): Promise<{ child: ChildProcessWithoutNullStreams; output: string[] }> {
    const child = spawn(process.execPath, ['--import', 'tsx', PEER, ...args], { stdio: 'pipe' })
    cleanup.unshift(async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL')
        await once(child, 'exit')
      }
    })
    const output: string[] = []
    const stderr: string[] = []
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()))
    const lines = createInterface({ input: child.stdout })
    lines.on('line', (line) => output.push(line))
    await new Promise<void>((resolve, reject) => {
      lines.on('line', (line) => line === until && resolve())
      child.once('exit', (code) => reject(new Error(`the peer exited (${code}) before "${until}": ${stderr.join('')}`)))
    })
    return { child, output }
  }

  it('shows another instance’s writes and tells its listeners which documents changed, but not about its own writes', async () => {
    const { a, b } = await sharedLakes()
    const heardByA = recorder()
    const heardByB = recorder()
    a.onChanges(heardByA.listener)
    const stopB = b.onChanges(heardByB.listener)
    const before = b.publishedDocuments()

    const started = Date.now()
    await a.mutate([{ create: { _id: 'inbox.from-a', _type: 'contactMessage', name: 'Anna' } }, { patch: { id: 'vehicle-1', set: { price: 15000 } } }])
    await vi.waitFor(async () => expect(await b.fetch('*[_id == "vehicle-1"][0].price')).toBe(15000), { timeout: 2000, interval: 5 })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(await b.fetch('*[_id == "inbox.from-a"][0].name')).toBe('Anna')
    expect(heardByB.calls).toEqual([['inbox.from-a', 'vehicle-1']])
    expect(b.publishedDocuments()).not.toBe(before)
    expect(b.revision).toBe(1)

    await b.mutate([{ delete: { id: 'vehicle-2' } }])
    await vi.waitFor(() => expect(heardByA.calls).toEqual([['vehicle-2']]), { timeout: 2000, interval: 5 })
    expect(await a.fetch('count(*[_id == "vehicle-2"])')).toBe(0)
    // B's watcher saw its own append too: give it time to (not) report it.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(heardByB.calls).toHaveLength(1)
    expect(heardByA.calls).toHaveLength(1)
    expect(a.revision).toBe(2)
    expect(b.revision).toBe(2)

    stopB()
    await a.mutate([{ patch: { id: 'vehicle-1', set: { price: 14000 } } }])
    await vi.waitFor(async () => expect(await b.fetch('*[_id == "vehicle-1"][0].price')).toBe(14000), { timeout: 2000, interval: 5 })
    expect(heardByB.calls).toHaveLength(1)
  })

  it('commits 2 × 100 concurrent writes from two instances: all of them, in whole lines, replaying to the same state', async () => {
    const { a, b, dataDir } = await sharedLakes()
    const writes = (lake: EmbeddedLake, prefix: string) =>
      Array.from({ length: 100 }, (_, n) => lake.mutate([{ create: { _id: `inbox.${prefix}-${n}`, _type: 'raceNote', n } }]))
    const outcomes = await Promise.allSettled([...writes(a, 'a'), ...writes(b, 'b')])
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([])

    await vi.waitFor(async () => expect([await raceNotes(a), await raceNotes(b)]).toEqual([200, 200]), { timeout: 2000, interval: 5 })
    const lines = await journalLines(dataDir)
    expect(lines).toHaveLength(200)
    const ids = lines.map((line) => (JSON.parse(line) as { mutations: Array<{ create: { _id: string } }> }).mutations[0]?.create._id)
    expect(new Set(ids).size).toBe(200)
    expect(a.revision).toBe(200)
    expect(b.revision).toBe(200)

    const reopened = await EmbeddedLake.open({ contentDir: CONTENT_DIR, dataDir })
    cleanup.unshift(() => reopened.close())
    const state = await everything(reopened)
    expect(await everything(a)).toEqual(state)
    expect(await everything(b)).toEqual(state)
  })

  it('lets exactly one of two instances create the same id; the other gets a 409', async () => {
    const { a, b } = await sharedLakes()
    for (let round = 0; round < 10; round++) {
      const [first, second] = await Promise.allSettled([
        a.mutate([{ create: { _id: `inbox.same-${round}`, _type: 'raceNote', by: 'a' } }]),
        b.mutate([{ create: { _id: `inbox.same-${round}`, _type: 'raceNote', by: 'b' } }]),
      ])
      const outcomes = [first, second]
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
      const refused = outcomes.find((outcome) => outcome.status === 'rejected')
      expect(refused?.reason).toBeInstanceOf(MutationError)
      expect(refused?.reason).toMatchObject({ statusCode: 409 })
    }
    await vi.waitFor(async () => expect([await raceNotes(a), await raceNotes(b)]).toEqual([10, 10]), { timeout: 2000, interval: 5 })
  })

  it('lets exactly one of two ifRevisionID patches of one document win', async () => {
    const { a, b } = await sharedLakes()
    const { _rev } = await createDocument(a, { _id: 'inbox.contested', _type: 'raceNote', owner: 'nobody' })
    await vi.waitFor(async () => expect(await b.fetch('*[_id == "inbox.contested"][0]._rev')).toBe(_rev), { timeout: 2000, interval: 5 })

    const outcomes = await Promise.allSettled([
      patchDocument(a, 'inbox.contested', { ifRevisionID: _rev, set: { owner: 'a' } }),
      patchDocument(b, 'inbox.contested', { ifRevisionID: _rev, set: { owner: 'b' } }),
    ])
    const won = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
    expect(won).toHaveLength(1)
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: { name: 'MutationError', statusCode: 409 } })
    const owner = won[0]?.owner
    await vi.waitFor(
      async () =>
        expect([await a.fetch('*[_id == "inbox.contested"][0].owner'), await b.fetch('*[_id == "inbox.contested"][0].owner')]).toEqual([owner, owner]),
      { timeout: 2000, interval: 5 },
    )
  })

  /** A second process writing `count` transactions one after the other into `dataDir`; resolves once its first one reached `lake`. */
  async function peerWritingAlongside(lake: EmbeddedLake, dataDir: string, count: number) {
    const heard = recorder()
    lake.onChanges(heard.listener)
    const peer = await startPeer(['write', CONTENT_DIR, dataDir, String(count), 'peer', '1'], 'ready')
    const exited = once(peer.child, 'exit')
    peer.child.stdin.write('go\n')
    await vi.waitFor(() => expect(heard.calls.length).toBeGreaterThan(0), { timeout: 5000, interval: 2 })
    return { heard, peer, exited }
  }

  it('commits every write when a second process writes at the same time', async () => {
    const { lake, dataDir } = await openLake()
    // The peer writes one transaction after the other; this process joins in once the first has landed.
    const { heard, peer, exited } = await peerWritingAlongside(lake, dataDir, 100)
    let next = 0
    const writer = async () => {
      while (next < 100) {
        const n = next++
        await lake.mutate([{ create: { _id: `inbox.here-${n}`, _type: 'raceNote', n } }])
      }
    }
    await Promise.all(Array.from({ length: 10 }, writer))
    const [code] = await exited
    expect(code).toBe(0)
    expect(JSON.parse(peer.output.at(-1) ?? '{}')).toEqual({ written: 100, refused: 0 })

    await vi.waitFor(async () => expect(await raceNotes(lake)).toBe(200), { timeout: 2000, interval: 5 })
    expect(lake.revision).toBe(200)
    const told = heard.ids()
    expect(new Set(told)).toEqual(new Set(Array.from({ length: 100 }, (_, n) => `inbox.peer-${n}`)))
    expect(told).toHaveLength(100)
    const lines = await journalLines(dataDir)
    expect(lines).toHaveLength(200)
    // Both really wrote at the same time: the peer's lines come before and after some of this process's.
    const writers = lines.map((line) => (line.includes('inbox.peer-') ? 'peer' : 'here'))
    expect(writers.filter((writer, i) => i > 0 && writer !== writers[i - 1]).length).toBeGreaterThanOrEqual(2)
    const reopened = await EmbeddedLake.open({ contentDir: CONTENT_DIR, dataDir })
    cleanup.unshift(() => reopened.close())
    expect(await raceNotes(reopened)).toBe(200)
    expect(await everything(reopened)).toEqual(await everything(lake))
  })

  it('lets a write in while another process commits one transaction after another', async () => {
    const { lake, dataDir } = await openLake()
    const { exited } = await peerWritingAlongside(lake, dataDir, 300)
    for (let n = 0; n < 10; n++) await lake.mutate([{ create: { _id: `inbox.here-${n}`, _type: 'raceNote', n } }])
    await exited
    // Polling alone would leave these ten waiting until the peer is done (it re-takes the lock at once).
    const lines = await journalLines(dataDir)
    expect(lines).toHaveLength(310)
    const lastHere = lines.findLastIndex((line) => line.includes('inbox.here-'))
    expect(lines.slice(lastHere + 1).filter((line) => line.includes('inbox.peer-')).length).toBeGreaterThan(100)
  })

  it('is not blocked by the lock of a killed process, and cuts the line it was writing', async () => {
    const { lake, dataDir } = await openLake()
    await patchDocument(lake, 'vehicle-1', { set: { price: 1 } })
    const complete = await readFile(path.join(dataDir, JOURNAL_FILE), 'utf8')
    const peer = await startPeer(['crash-holding-lock', dataDir], 'holding')
    peer.child.kill('SIGKILL')
    await once(peer.child, 'exit')
    expect((await lstat(path.join(dataDir, LOCK_FILE))).isSymbolicLink()).toBe(true)
    expect(await readFile(path.join(dataDir, JOURNAL_FILE), 'utf8')).not.toBe(complete)

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const started = Date.now()
    await patchDocument(lake, 'vehicle-1', { set: { price: 2 } })
    expect(Date.now() - started).toBeLessThan(1000)
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/removed a stale lock \(process \d+ is gone\)/))
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('dropping an incomplete last line'))
    warn.mockRestore()
    const lines = await journalLines(dataDir)
    expect(lines).toHaveLength(2)
    expect(`${lines[0]}\n`).toBe(complete)
    await expect(lstat(path.join(dataDir, LOCK_FILE))).rejects.toMatchObject({ code: 'ENOENT' })
    const reopened = await EmbeddedLake.open({ contentDir: CONTENT_DIR, dataDir })
    cleanup.unshift(() => reopened.close())
    expect(await reopened.fetch('*[_id == "vehicle-1"][0].price')).toBe(2)
  })

  it('removes a lock file naming a process that does not exist, or one from another host not refreshed for long', async () => {
    const { lake, dataDir } = await openLake()
    const lockFile = path.join(dataDir, LOCK_FILE)
    const gone = spawn(process.execPath, ['-e', ''])
    await once(gone, 'exit')
    await symlink(JSON.stringify({ pid: gone.pid, host: hostname(), token: 'left-over' }), lockFile)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await patchDocument(lake, 'vehicle-1', { set: { price: 3 } })
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining(`process ${gone.pid} is gone`))

    await symlink(JSON.stringify({ pid: 1, host: 'another-container', token: 'left-over' }), lockFile)
    const longAgo = new Date(Date.now() - 60_000)
    await lutimes(lockFile, longAgo, longAgo)
    await patchDocument(lake, 'vehicle-1', { set: { price: 4 } })
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining('has not refreshed it for 60 s'))

    // Left by an earlier process that had this very pid (a restarted container).
    await symlink(JSON.stringify({ pid: process.pid, host: hostname(), token: 'an-earlier-life' }), lockFile)
    await patchDocument(lake, 'vehicle-1', { set: { price: 5 } })
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining(`left by an earlier process with pid ${process.pid}`))

    // Not one of ours (a plain file), and old.
    await writeFile(lockFile, 'locked')
    await utimes(lockFile, longAgo, longAgo)
    await patchDocument(lake, 'vehicle-1', { set: { price: 6 } })
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining('an unreadable lock 60 s old'))
    warn.mockRestore()
    expect(await journalLines(dataDir)).toHaveLength(4)
  })

  it('waits while a live process holds the lock', async () => {
    const { lake, dataDir } = await openLake()
    const lockFile = path.join(dataDir, LOCK_FILE)
    // The test runner's parent process: alive, and not this process.
    await symlink(JSON.stringify({ pid: process.ppid, host: hostname(), token: 'busy' }), lockFile)
    let settled = false
    const write = patchDocument(lake, 'vehicle-1', { set: { price: 6 } }).finally(() => {
      settled = true
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(settled).toBe(false)
    expect(await journalLines(dataDir)).toEqual([])
    await unlink(lockFile)
    await expect(write).resolves.toMatchObject({ price: 6 })
    expect(await journalLines(dataDir)).toHaveLength(1)
  })

  it('applies only complete lines of another process, and leaves an append in progress alone', async () => {
    const { lake, dataDir } = await openLake()
    const heard = recorder()
    lake.onChanges(heard.listener)
    const journal = path.join(dataDir, JOURNAL_FILE)
    const line = JSON.stringify({
      transactionId: 'elsewhere',
      timestamp: '2025-01-01T00:00:00Z',
      mutations: [{ patch: { id: 'vehicle-1', set: { price: 7 } } }],
    })
    await appendFile(journal, line.slice(0, 40))
    await new Promise((resolve) => setTimeout(resolve, 1300)) // past the fallback tick too
    expect(await readFile(journal, 'utf8')).toBe(line.slice(0, 40))
    expect(heard.calls).toEqual([])
    expect(lake.revision).toBe(0)

    await appendFile(journal, `${line.slice(40)}\n`)
    await vi.waitFor(() => expect(heard.calls).toEqual([['vehicle-1']]), { timeout: 2000, interval: 5 })
    expect(await lake.fetch('*[_id == "vehicle-1"][0]{price, _rev}')).toEqual({ price: 7, _rev: 'elsewhere' })
    expect(lake.revision).toBe(1)
  })

  it('keeps following past a corrupt line: the listeners hear undefined, later changes again by id', async () => {
    const { a, b, dataDir } = await sharedLakes()
    const heard = recorder()
    b.onChanges(heard.listener)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await appendFile(path.join(dataDir, JOURNAL_FILE), 'not json\n')
    await vi.waitFor(() => expect(heard.calls).toEqual([undefined]), { timeout: 2000, interval: 5 })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('skipped 1 line(s) that do not apply'))

    await a.mutate([{ patch: { id: 'vehicle-1', set: { price: 8 } } }])
    await vi.waitFor(() => expect(heard.calls).toEqual([undefined, ['vehicle-1']]), { timeout: 2000, interval: 5 })
    expect(await b.fetch('*[_id == "vehicle-1"][0].price')).toBe(8)
    warn.mockRestore()
  })
})
