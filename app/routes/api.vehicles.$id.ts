import { type LoaderFunctionArgs } from '@remix-run/node'
import { CACHE_CONTROL, jsonError } from '#app/utils/http.server.ts'
import { toApiVehicleDetail } from '#app/vehicles/api-shape.ts'
import { readVehicleDetail } from '#app/vehicles/inventory.server.ts'
import { PUBLIC_VEHICLE_ID_PATTERN } from '#schemas/lib/validation.ts'

/** The `error` of the 404 answer (German, like the site's other JSON errors). */
export const VEHICLE_NOT_FOUND_ERROR = 'Fahrzeug nicht gefunden'

/**
 * GET /api/vehicles/{id} (spec §3, §7): one vehicle with every detail field in the API's
 * snake_case shape (app/vehicles/api-shape.ts), sold ones included (`status: "sold"`, `sold_at`);
 * an unknown id answers 404 `{error}`. Image URLs are absolute, resolved against SITE_URL (never the
 * request's Host header, which a shared cache would otherwise store for everyone).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = params.id ?? ''
  if (!PUBLIC_VEHICLE_ID_PATTERN.test(id)) return jsonError(404, VEHICLE_NOT_FOUND_ERROR, { id })
  const vehicle = await readVehicleDetail(context.lake, id)
  if (!vehicle) return jsonError(404, VEHICLE_NOT_FOUND_ERROR, { id })
  return Response.json(toApiVehicleDetail(vehicle, { origin: context.env.SITE_URL }), {
    headers: { 'Cache-Control': CACHE_CONTROL.apiRead },
  })
}
