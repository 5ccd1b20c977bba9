import { type Env } from '#app/env.server.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { SYNC_STATE_QUERY } from '#app/sanity/queries/vehicles.ts'
import { type SYNC_STATE_QUERYResult } from '#app/sanity/types.ts'
import { TIME_ZONE } from '#app/utils/clock.ts'
import { missingMarketplaceVariables } from './mobile-de.server'

export interface MarketplaceStatus {
  configured: boolean
  message: string
}

const DATE_TIME = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** "21.11.2026 um 18:02 Uhr" (German time). */
export function formatSyncTime(iso: string): string {
  const parts = Object.fromEntries(DATE_TIME.formatToParts(new Date(iso)).map((part) => [part.type, part.value]))
  return `${parts.day}.${parts.month}.${parts.year} um ${parts.hour}:${parts.minute} Uhr`
}

function list(names: string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} und ${names.at(-1)}`
}

/**
 * GET /api/vehicles/status: configured when user, password and seller id are set; the message
 * says what is missing, or when the last sync ran and how it ended (German).
 */
export async function marketplaceStatus(env: Env, lake: ContentLake): Promise<MarketplaceStatus> {
  const missing = missingMarketplaceVariables(env)
  const state = await syncState(lake)
  const last = describeLastRun(state)
  if (missing.length > 0) {
    const what = `Der Abgleich mit mobile.de ist nicht eingerichtet: ${list(missing)} ${missing.length === 1 ? 'fehlt' : 'fehlen'}.`
    return { configured: false, message: last ? `${what} ${last}` : what }
  }
  return { configured: true, message: last ?? 'mobile.de ist eingerichtet; bisher wurde noch nicht abgeglichen.' }
}

/** How long one read of the sync state answers every status call of this process (success or failure). */
export const SYNC_STATE_TTL_MS = 5_000

const syncStates = new WeakMap<ContentLake, { readAt: number; state: Promise<SYNC_STATE_QUERYResult> }>()

/**
 * The sync state for the public status (issue 25): with the public reader, since the document is
 * public (no dot in its id) and a public endpoint should not spend the write token (which a failing
 * request then carried into the log); and at most one read per SYNC_STATE_TTL_MS for all callers
 * of this process, also while one is under way, so a loop of status calls is not a loop of Sanity
 * requests. A sync here forgets it (forgetSyncState); one in another process shows within the TTL.
 */
function syncState(lake: ContentLake, now = Date.now()): Promise<SYNC_STATE_QUERYResult> {
  const cached = syncStates.get(lake)
  if (cached && now - cached.readAt < SYNC_STATE_TTL_MS) return cached.state
  const state = lake.fetch<SYNC_STATE_QUERYResult>(SYNC_STATE_QUERY)
  // Callers await it; a failure nobody else asks for within the TTL is no unhandled rejection.
  state.catch(() => {})
  syncStates.set(lake, { readAt: now, state })
  return state
}

/** After a sync wrote its outcome: the next status call reads it. */
export function forgetSyncState(lake: ContentLake): void {
  syncStates.delete(lake)
}

function describeLastRun(state: SYNC_STATE_QUERYResult): string | undefined {
  const when = state?.finishedAt ?? state?.lastRunAt
  if (!state || !when) return undefined
  if (state.ok) return `Letzter Abgleich am ${formatSyncTime(when)}: ${state.message ?? 'erfolgreich.'}`
  const lastSuccess = state.lastSuccessAt ? ` Letzter erfolgreicher Abgleich am ${formatSyncTime(state.lastSuccessAt)}.` : ''
  // The reason (addresses, network errors) is for staff, not for everyone: it stays in the sync
  // document (Studio) and the server log.
  return `Letzter Abgleich am ${formatSyncTime(when)} fehlgeschlagen; der Bestand blieb unverändert. Den Grund zeigt das Studio unter „Abgleich mit mobile.de“.${lastSuccess}`
}
