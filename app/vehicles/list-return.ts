import { parseVehicleSearch, serializeVehicleSearch, type VehicleSearch, vehicleSearchHref } from './vehicle-search'

/*
 * The way back from a vehicle page to the list the visitor came from, with its filters and page.
 * A vehicle link from a narrowed or later list carries the list's query in one parameter
 * (`/vehicles/5?from=fuel%3Ddiesel%26page%3D2`): it works without JavaScript, and the vehicle
 * page's canonical link stays `/vehicles/5` (pageMeta is given the bare path). The parameter is
 * never echoed: it is parsed as a list state and written back through vehicleSearchHref, so the
 * back link is always a same-site `/vehicles…` address, whatever the parameter holds.
 */

/** The vehicle page's query parameter holding the list's query string. */
export const LIST_RETURN_PARAM = 'from'

/** The id of the results heading on /vehicles: searches and page links land there (also without JavaScript). */
export const RESULTS_ANCHOR = 'ergebnisse'

/** The list address of a state without the API-only page size. */
function listHref({ perPage: _ignored, ...state }: Partial<VehicleSearch>): string {
  return vehicleSearchHref(state)
}

/** `?from=…` for the vehicle links of a list in this state; '' for the plain first page (clean links). */
export function listReturnSearch({ perPage: _ignored, ...state }: Partial<VehicleSearch>): string {
  const query = serializeVehicleSearch(state).toString()
  return query ? `?${new URLSearchParams({ [LIST_RETURN_PARAM]: query }).toString()}` : ''
}

/**
 * The "Zurück zur Übersicht" target of a vehicle page, from that page's query string: the list in
 * the state its `from` parameter describes, landing at the results; `/vehicles` when there is none
 * or nothing usable in it. Only known list parameters survive, so no value can lead off the site.
 */
export function listReturnHref(search: string | URLSearchParams): string {
  const from = new URLSearchParams(search).get(LIST_RETURN_PARAM)
  if (!from) return '/vehicles'
  const href = listHref(parseVehicleSearch(new URLSearchParams(from)).state)
  return href === '/vehicles' ? href : `${href}#${RESULTS_ANCHOR}`
}
