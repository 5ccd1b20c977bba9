import { type LoaderFunctionArgs } from '@remix-run/node'
import { CACHE_CONTROL, jsonError } from '#app/utils/http.server.ts'
import { toApiVehicle } from '#app/vehicles/api-shape.ts'
import { readApiVehicles } from '#app/vehicles/inventory.server.ts'
import {
  hasFilters,
  isPagedApiList,
  parseVehicleSearch,
  serializeVehicleSearch,
  UNPAGED_FILTERED_LIMIT,
  VEHICLES_PER_PAGE,
} from '#app/vehicles/vehicle-search.ts'

/*
 * GET /api/vehicles (spec §3, §7): the vehicles on sale (available and reserved, not sold) in the
 * site's order, newest first, as a plain JSON array of the list shape. The query parameters of
 * `/vehicles` (app/vehicles/vehicle-search.ts, README "API") search, filter and sort it; the body
 * stays a plain array. Only when `page` or `perPage` is given is the list paged, and the paging
 * metadata travels in headers: X-Total-Count, X-Page, X-Per-Page, X-Total-Pages and a `Link`
 * header with rel="next"/"prev". An unpaged list that searches or filters holds at most
 * UNPAGED_FILTERED_LIMIT vehicles (the first page at that size; X-Total-Count says how many
 * matched, `Link` rel="next" names page 2), so no filter value makes an answer as large as the
 * inventory. An unusable parameter value answers 400 `{error, invalid}`.
 * The unfiltered answers are the same for every client and kept by the page cache per content
 * revision, keyed by what this loader reads (apiListCacheQuery, docs/decisions/014); filtered
 * ones are filtered from the vehicle index's one list per revision and not kept.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const { state, invalid } = parseVehicleSearch(url.searchParams)
  if (invalid.length > 0) {
    return jsonError(400, `Ungültige Parameter: ${invalid.join(', ')}`, { invalid })
  }
  const paged = isPagedApiList(url.searchParams)
  const capped = !paged && hasFilters(state)
  const perPage = state.perPage ?? VEHICLES_PER_PAGE
  const result = await readApiVehicles(context.lake, state, paged ? { perPage } : capped ? { limit: UNPAGED_FILTERED_LIMIT } : 'all')
  const headers = new Headers({ 'Cache-Control': CACHE_CONTROL.apiRead, 'X-Total-Count': String(result.total) })
  if (capped && result.total > UNPAGED_FILTERED_LIMIT) {
    const params = serializeVehicleSearch({ ...state, page: 2, perPage: UNPAGED_FILTERED_LIMIT })
    headers.set('Link', `</api/vehicles?${params.toString()}>; rel="next"`)
  }
  if (paged) {
    headers.set('X-Page', String(result.page))
    headers.set('X-Per-Page', String(result.perPage))
    headers.set('X-Total-Pages', String(result.pageCount))
    const link = (page: number, rel: string) => {
      const params = serializeVehicleSearch({ ...state, page, perPage: result.perPage })
      // serializeVehicleSearch leaves out page 1; a paged API link always names its page.
      params.set('page', String(page))
      // The route's own path, not the requested spelling (`/API/vehicles/` reaches this route too):
      // the page cache keeps one answer for all spellings (apiListCacheQuery).
      return `</api/vehicles?${params.toString()}>; rel="${rel}"`
    }
    const links = [link(1, 'first'), link(result.pageCount, 'last')]
    if (result.page > 1) links.push(link(Math.min(result.page - 1, result.pageCount), 'prev'))
    if (result.page < result.pageCount) links.push(link(result.page + 1, 'next'))
    headers.set('Link', links.join(', '))
  }
  return Response.json(
    result.vehicles.map((vehicle) => toApiVehicle(vehicle, { origin: context.env.SITE_URL })),
    { headers },
  )
}
