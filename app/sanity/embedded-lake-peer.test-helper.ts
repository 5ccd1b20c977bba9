/**
 * Another process on the same DATA_DIR, for embedded-lake.server.test.ts (not a test itself).
 * Run with `node --import tsx`:
 *   write <contentDir> <dataDir> <count> <prefix> <concurrency>
 *     opens the lake, prints "ready", waits for a line on stdin, then creates `inbox.<prefix>-<n>`
 *     (type raceNote) for n < count with that many writers at once; prints a JSON summary and exits.
 *   crash-holding-lock <dataDir>
 *     takes the journal lock, appends half a journal line, prints "holding" and waits to be killed.
 */
import { appendFile } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { EmbeddedLake, JOURNAL_FILE, LOCK_FILE } from '#app/sanity/embedded-lake.server.ts'
import { JournalLock } from '#app/sanity/journal-lock.server.ts'

const [command, ...args] = process.argv.slice(2)

if (command === 'write') {
  const [contentDir = '', dataDir = '', count = '0', prefix = 'peer', concurrency = '1'] = args
  const lake = await EmbeddedLake.open({ contentDir, dataDir })
  console.log('ready')
  const lines = createInterface({ input: process.stdin })
  await new Promise((resolve) => lines.once('line', resolve))
  lines.close()
  let next = 0
  let refused = 0
  const writer = async () => {
    while (next < Number(count)) {
      const n = next++
      await lake.mutate([{ create: { _id: `inbox.${prefix}-${n}`, _type: 'raceNote', n } }]).catch(() => refused++)
    }
  }
  await Promise.all(Array.from({ length: Number(concurrency) }, writer))
  await lake.close()
  console.log(JSON.stringify({ written: Number(count) - refused, refused }))
} else if (command === 'crash-holding-lock') {
  const [dataDir = ''] = args
  const lock = new JournalLock(path.join(dataDir, LOCK_FILE))
  await lock.hold(async () => {
    await appendFile(path.join(dataDir, JOURNAL_FILE), '{"transactionId":"torn","timestamp":"2025-01-01T00:00:00Z","mutations":[{"cre')
    console.log('holding')
    setInterval(() => undefined, 1000)
    await new Promise(() => undefined)
  })
} else {
  console.error(`unknown command ${command ?? ''}`)
  process.exit(2)
}
