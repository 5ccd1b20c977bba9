import { type ContentLake } from '#app/lake/lake.server.ts'
import { SAVED_VEHICLE_PROJECTION_QUERY, SAVED_VEHICLES_QUERY } from '#app/sanity/queries/vehicles.ts'
import { type SAVED_VEHICLES_QUERYResult } from '#app/sanity/types.ts'
import { readVehicleByPublicId } from '#app/vehicles/vehicle-index.server.ts'

export type SavedVehicle = SAVED_VEHICLES_QUERYResult[number]

/** One entry of a Merkliste: the id as saved, the vehicle as the lake holds it now, or null when it is gone. */
export interface SavedEntry {
  id: string
  vehicle: SavedVehicle | null
}

/**
 * The saved vehicles, in the visitor's order, each as it is now (price, status): on real Sanity one
 * GROQ query by public id, on the embedded lake the index's map by public id (projected once per
 * snapshot, as the vehicle page does). An id the lake no longer has (deleted, or never a car) stays
 * an entry without a vehicle, so the page can say so and offer to remove it.
 */
export async function readSavedVehicles(lake: ContentLake, ids: readonly string[]): Promise<SavedEntry[]> {
  if (ids.length === 0) return []
  let found: Array<SavedVehicle | null>
  if (lake.local) {
    const local = lake.local
    found = await Promise.all(ids.map((id) => readVehicleByPublicId<SavedVehicle>(local, id, SAVED_VEHICLE_PROJECTION_QUERY)))
  } else {
    const vehicles = await lake.fetch<SAVED_VEHICLES_QUERYResult>(SAVED_VEHICLES_QUERY, { ids: [...ids] })
    found = ids.map((id) => vehicles.find((vehicle) => vehicle.id === id) ?? null)
  }
  return ids.map((id, at) => ({ id, vehicle: found[at] ?? null }))
}
