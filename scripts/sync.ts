/**
 * npm run sync: the marketplace sync from the command line (the same runSync as
 * POST /api/vehicles/sync), with progress output and a German summary. Exit code 1 on failure.
 *
 *   npm run sync                          # uses MOBILE_DE_* and the lake of the environment
 *   npm run sync -- --allow-mass-removal  # when more than 30 % of the vehicles really are gone
 *
 * The embedded lake has one writer per DATA_DIR (docs/decisions/039): while a server holds it,
 * this script asks that server to sync (POST /api/vehicles/sync with SYNC_TOKEN, at
 * http://127.0.0.1:PORT, else SITE_URL) or refuses; without a running server it opens the lake
 * itself. On Sanity it always syncs itself; the sync's lease keeps two syncs from running at once.
 */
import http from 'node:http'
import https from 'node:https'
import { createLake } from '#app/context.server.ts'
import { type Env, EnvError, parseEnv, usesSanity } from '#app/env.server.ts'
import { describeHolder, liveHolder } from '#app/lake/data-dir-lock.server.ts'
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
  if (!usesSanity(env)) {
    const holder = liveHolder(env.DATA_DIR)
    if (holder) return syncThroughServer(env, holder === 'unknown' ? 'Prozess unbekannt' : describeHolder(holder))
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

/** The sync run by the server that holds DATA_DIR: its answer, or why it could not be asked. */
async function syncThroughServer(env: Env, holder: string): Promise<number> {
  const held = `Ein laufender Server hält den eingebetteten Content Lake in ${env.DATA_DIR} (${holder}); nur er schreibt dort.`
  if (allowMassRemoval) {
    console.error(
      `${held} --allow-mass-removal gilt nur für einen Abgleich ohne laufenden Server: stoppen Sie den Server und starten Sie npm run sync dann noch einmal.`,
    )
    return 1
  }
  if (!env.SYNC_TOKEN) {
    console.error(
      `${held} Setzen Sie SYNC_TOKEN (wie beim Server), damit npm run sync den Abgleich über POST /api/vehicles/sync des Servers startet, oder stoppen Sie den Server.`,
    )
    return 1
  }
  const bases = [...new Set([`http://127.0.0.1:${env.PORT}`, new URL(env.SITE_URL).origin])]
  for (const base of bases) {
    console.log(`${held} Abgleich über den Server: POST ${base}/api/vehicles/sync …`)
    let answer: { status: number; body: string }
    try {
      answer = await post(`${base}/api/vehicles/sync`, env.SYNC_TOKEN)
    } catch (error) {
      console.error(`  nicht erreichbar: ${error instanceof Error ? error.message : String(error)}`)
      continue
    }
    let body: unknown
    try {
      body = JSON.parse(answer.body)
    } catch {
      body = undefined
    }
    if (answer.status === 200 && Array.isArray(body)) {
      console.log(`\nAbgleich abgeschlossen: ${body.length} Fahrzeuge von mobile.de im Bestand.`)
      return 0
    }
    const error = typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : answer.body.slice(0, 200)
    console.error(`\nAbgleich fehlgeschlagen (HTTP ${answer.status}): ${error}`)
    return 1
  }
  console.error(`\nDer Server ist unter ${bases.join(' und ')} nicht erreichbar. Starten Sie den Abgleich dort, wo er läuft, oder stoppen Sie ihn.`)
  return 1
}

/** A POST with the bearer token and no time limit: a sync of thousands of ads takes minutes (fetch gives up after 5). */
function post(url: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = (url.startsWith('https:') ? https : http).request(
      url,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-length': 0 } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end()
  })
}

process.exitCode = await main()
