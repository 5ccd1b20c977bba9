import { readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { type Mutation, MutationError, type SanityDocument } from '#app/lake/lake.server.ts'
import { applyMutations, deepFreeze } from '#app/lake/mutations.server.ts'

/*
 * The embedded lake's files before SQLite (docs/decisions/039): `snapshot.ndjson` (a header naming
 * the last journal transaction it absorbed and the seed's deleted ids, then one changed document per
 * line) and `journal.ndjson` (one committed transaction per line). Read once, at the first start on
 * SQLite (docs/decisions/087), then renamed to `*.migrated` and kept as a backup. This file can go
 * once no DATA_DIR of the old format is left.
 */

export const LEGACY_FILES = ['snapshot.ndjson', 'journal.ndjson'] as const
const [SNAPSHOT_FILE, JOURNAL_FILE] = LEGACY_FILES
/** proper-lockfile's folder; its holder refreshed its mtime every 2 s and gave it up after 10 s without. */
const LEGACY_LOCK = 'lake.lock'
const LEGACY_STALE_MS = 10_000

interface JournalEntry {
  transactionId: string
  timestamp: string
  mutations: Mutation[]
}

/** The documents the old files hold (the seed with the snapshot and the journal applied), or undefined when there are none. */
export async function readLegacyState(seed: ReadonlyMap<string, SanityDocument>, dataDir: string): Promise<Map<string, SanityDocument> | undefined> {
  const [snapshot, journal] = await Promise.all(LEGACY_FILES.map((name) => readFile(path.join(dataDir, name), 'utf8').catch(ignoreMissing)))
  if (snapshot === undefined && journal === undefined) return undefined
  const documents = new Map(seed)
  let absorbed: string | undefined
  if (snapshot !== undefined) {
    const [first, ...rest] = lines(snapshot)
    const header = JSON.parse(first ?? '{}') as { snapshot?: number; absorbed?: string; deleted?: string[] }
    if (header.snapshot !== 1 || typeof header.absorbed !== 'string' || !Array.isArray(header.deleted)) throw new Error(`${SNAPSHOT_FILE}: kein Schnappschuss`)
    for (const id of header.deleted) documents.delete(id)
    for (const text of rest) {
      const doc = JSON.parse(text) as SanityDocument
      documents.set(doc._id, deepFreeze(doc))
    }
    absorbed = header.absorbed
  }
  // A last line without its newline is an append a crash interrupted (never acknowledged): not applied.
  const entries = lines(journal ?? '').map((text, index) => parseEntry(text, `${JOURNAL_FILE}:${index + 1}`))
  // Lines up to the absorbed transaction are in the snapshot already (a crash between the old compaction's two renames).
  const skip = absorbed === undefined ? 0 : entries.findIndex((entry) => entry.transactionId === absorbed) + 1
  for (const entry of entries.slice(skip)) {
    applyMutations(documents, entry.mutations, {
      now: entry.timestamp,
      transactionId: entry.transactionId,
      inPlace: true,
      generateId: () => {
        throw new MutationError('a journalled create lacks its _id', 500)
      },
    })
  }
  return documents
}

/** Refuses while a server of the old format still holds DATA_DIR (its lock refreshed within 10 s): it would go on writing the journal. */
export async function assertNoLegacyWriter(dataDir: string): Promise<void> {
  const mtime = (await stat(path.join(dataDir, LEGACY_LOCK)).catch(ignoreMissing))?.mtimeMs
  if (mtime !== undefined && Date.now() - mtime < LEGACY_STALE_MS) {
    throw new Error(`DATA_DIR ${dataDir} wird noch von einem Server der vorigen Version benutzt (${LEGACY_LOCK}); erst ihn beenden, dann neu starten.`)
  }
}

/** After the documents are in SQLite: the old files become `*.migrated` (a backup), the old lock goes. */
export async function retireLegacyFiles(dataDir: string): Promise<void> {
  for (const name of LEGACY_FILES) await rename(path.join(dataDir, name), path.join(dataDir, `${name}.migrated`)).catch(ignoreMissing)
  await rm(path.join(dataDir, LEGACY_LOCK), { recursive: true, force: true })
  await rm(path.join(dataDir, `${LEGACY_LOCK}.json`), { force: true })
}

function lines(text: string): string[] {
  return text.split('\n').slice(0, -1)
}

function parseEntry(text: string, where: string): JournalEntry {
  let entry: Partial<JournalEntry>
  try {
    entry = JSON.parse(text) as Partial<JournalEntry>
  } catch {
    throw new Error(`${where}: beschädigte Journalzeile`)
  }
  if (typeof entry.transactionId !== 'string' || typeof entry.timestamp !== 'string' || !Array.isArray(entry.mutations))
    throw new Error(`${where}: kein Journaleintrag`)
  return entry as JournalEntry
}

function ignoreMissing(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined
  throw error
}
