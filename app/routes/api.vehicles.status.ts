import { type LoaderFunctionArgs } from '@remix-run/node'
import { marketplaceStatus } from '#app/marketplace/status.server.ts'
import { CACHE_CONTROL, jsonError } from '#app/utils/http.server.ts'
import { loggerOf } from '#app/server/logging.server.ts'

/**
 * GET /api/vehicles/status (spec §7): `{configured, message}`. configured: the mobile.de
 * credentials and seller id are set; message: what is missing, or when the last sync ran and how
 * it ended. Never cached: it changes with every sync.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    return Response.json(await marketplaceStatus(context.env, context.lake), { headers: { 'Cache-Control': CACHE_CONTROL.noStore } })
  } catch (error) {
    loggerOf(context).error({ err: error }, 'Der Stand des Abgleichs ist nicht lesbar')
    return jsonError(503, 'Der Stand des Abgleichs ist gerade nicht lesbar. Bitte später erneut versuchen.')
  }
}
