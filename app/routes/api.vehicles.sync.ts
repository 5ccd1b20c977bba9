import { type ActionFunctionArgs } from '@remix-run/node'
import { bearerTokenMatches } from '#app/utils/request-guards.server.ts'
import { missingMarketplaceVariables, mobileDeFromEnv } from '#app/marketplace/mobile-de.server.ts'
import { runSync, SyncError, SyncInProgressError } from '#app/marketplace/sync.server.ts'
import { SYNCED_LIST_QUERY } from '#app/sanity/queries/vehicles.ts'
import { type SYNCED_LIST_QUERYResult } from '#app/sanity/types.ts'
import { toApiVehicle } from '#app/vehicles/api-shape.ts'
import { CACHE_CONTROL, jsonError } from '#app/utils/http.server.ts'

const ALLOW = { Allow: 'POST' }

/**
 * POST /api/vehicles/sync (spec §7): runs the marketplace sync and answers the synced vehicles
 * on sale in the list shape of GET /api/vehicles. Only with `Authorization: Bearer <SYNC_TOKEN>`
 * (for a cron job or the operator; no CORS headers, so no visitor's page can call it).
 */
export function loader() {
  return jsonError(405, 'Methode nicht erlaubt. Der Abgleich wird mit POST gestartet.', {}, ALLOW)
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Methode nicht erlaubt. Der Abgleich wird mit POST gestartet.', {}, ALLOW)
  const { env, lake } = context
  if (!env.SYNC_TOKEN) {
    return jsonError(503, 'Der Abgleich über die API ist abgeschaltet: SYNC_TOKEN ist nicht gesetzt.')
  }
  if (!bearerTokenMatches(request.headers.get('authorization'), env.SYNC_TOKEN)) {
    return jsonError(401, 'Nicht berechtigt: Authorization: Bearer <SYNC_TOKEN> fehlt oder ist falsch.', {}, { 'WWW-Authenticate': 'Bearer' })
  }
  const adapter = mobileDeFromEnv(env)
  if (!adapter) {
    const missing = missingMarketplaceVariables(env)
    return jsonError(503, `Der Abgleich mit mobile.de ist nicht eingerichtet: ${missing.join(', ')} ${missing.length === 1 ? 'fehlt' : 'fehlen'}.`)
  }
  try {
    await runSync({ lake, logger: context.logger }, { adapter, leaseMs: env.SYNC_LEASE_SECONDS * 1000 })
  } catch (error) {
    if (error instanceof SyncInProgressError) return jsonError(409, error.message)
    if (error instanceof SyncError) return jsonError(502, error.message, { counts: error.counts })
    throw error
  }
  const vehicles = await lake.fetch<SYNCED_LIST_QUERYResult>(SYNCED_LIST_QUERY, {}, { includePrivate: true })
  return Response.json(
    vehicles.map((vehicle) => toApiVehicle(vehicle, { origin: context.env.SITE_URL })),
    { headers: { 'Cache-Control': CACHE_CONTROL.noStore } },
  )
}
