/**
 * npm run sync: the marketplace sync from the command line (the same runSync as
 * POST /api/vehicles/sync), with progress output and a German summary. Exit code 1 on failure.
 *
 *   npm run sync                          # uses MOBILE_DE_* and the lake of the environment
 *   npm run sync -- --allow-mass-removal  # when more than 30 % of the vehicles really are gone
 *
 * With the embedded lake, a running server on the same DATA_DIR follows the journal lines this
 * process writes (docs/decisions/034), and the sync's lease keeps it from running twice.
 */
import { createLake } from '#app/context.server.ts'
import { EnvError, parseEnv } from '#app/env.server.ts'
import { missingMarketplaceVariables, mobileDeFromEnv } from '#app/marketplace/mobile-de.server.ts'
import { runSync, SyncError, type SyncProgress } from '#app/marketplace/sync.server.ts'

const args = new Set(process.argv.slice(2))
const allowMassRemoval = args.has('--allow-mass-removal')

function progressLine(event: SyncProgress): string | undefined {
  switch (event.phase) {
    case 'page':
      return `Seite ${event.page} von ${Math.max(event.maxPages, 1)} abgerufen (${event.ads} von ${event.total} Inseraten)`
    case 'details':
      // Every 25th detail and the last one: enough to see it move.
      return event.done % 25 === 0 || event.done === event.total ? `Details ${event.done} von ${event.total} geladen` : undefined
    case 'write':
      return `Schreibe ${event.mutations} Änderungen in einer Transaktion …`
  }
}

async function main(): Promise<number> {
  let env
  try {
    env = parseEnv(process.env)
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      return 1
    }
    throw error
  }
  const adapter = mobileDeFromEnv(env)
  if (!adapter) {
    console.error(`Der Abgleich mit mobile.de ist nicht eingerichtet: ${missingMarketplaceVariables(env).join(', ')} fehlen.`)
    return 1
  }
  const lake = await createLake(env)
  console.log(
    `Abgleich mit mobile.de (${env.MOBILE_DE_API_BASE}, Händlernummer ${env.MOBILE_DE_SELLER_ID}) in den ${lake.kind === 'sanity' ? 'Sanity Content Lake' : 'eingebetteten Content Lake'} …`,
  )
  const started = performance.now()
  try {
    const result = await runSync(
      { lake },
      {
        adapter,
        maxVanishedShare: allowMassRemoval ? 1 : undefined,
        leaseMs: env.SYNC_LEASE_SECONDS * 1000,
        onProgress: (event) => {
          const line = progressLine(event)
          if (line) console.log(`  ${line}`)
        },
      },
    )
    const { counts } = result
    console.log('')
    console.log(`Seiten abgerufen:     ${counts.pages}`)
    console.log(`Inserate:             ${counts.ads}`)
    console.log(`  neu:                ${counts.new}`)
    console.log(`  geändert:           ${counts.changed}`)
    console.log(`  unverändert:        ${counts.unchanged}`)
    console.log(`  als verkauft:       ${counts.sold}`)
    console.log(`Detailabrufe:         ${counts.detailCalls}`)
    console.log(`Dauer:                ${((performance.now() - started) / 1000).toLocaleString('de-DE', { maximumFractionDigits: 1 })} s`)
    console.log('')
    console.log(result.message)
    return 0
  } catch (error) {
    if (error instanceof SyncError) {
      console.error(`\nAbgleich fehlgeschlagen: ${error.message}`)
      return 1
    }
    throw error
  } finally {
    await lake.close?.()
  }
}

process.exitCode = await main()
