/*
 * „Route planen“: a link that opens the visitor's navigation app at the yard. Pages are cached and
 * identical for everyone, so the HTML carries the Google Maps directions URL (it works on every
 * device, with or without JavaScript) and the browser swaps in the platform's own after hydration
 * (docs/decisions/057). Nothing is requested from a map provider before the visitor taps.
 */

export interface Place {
  /** The coordinates of the site settings (`geo`), when set: a route to the gate, not to the street's middle. */
  coordinates?: { lat: number; lng: number } | null
  /** „Gladbecker Straße 250, 45326 Essen“: the destination when there are no coordinates. */
  address: string
  /** The pin's label in Android's navigation apps, e.g. the dealer's name. */
  name?: string | null
}

const destination = (place: Place) => (place.coordinates ? `${place.coordinates.lat},${place.coordinates.lng}` : encodeURIComponent(place.address))

/** Google Maps' directions URL (Maps URLs API): opens the app where it is installed, the web map elsewhere. */
export function googleDirectionsHref(place: Place): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${destination(place)}`
}

/** The route link for a browser: a `geo:` URI on Android, Apple Maps on iPhone and iPad, Google Maps otherwise. */
export function routeHref(userAgent: string, place: Place): string {
  if (/Android/i.test(userAgent)) {
    if (!place.coordinates) return `geo:0,0?q=${encodeURIComponent(place.address)}`
    const { lat, lng } = place.coordinates
    // `q=lat,lng(label)` drops a labelled pin; brackets in the label would end it early.
    const label = (place.name ?? place.address).replace(/[()]/g, ' ').trim()
    return `geo:${lat},${lng}?q=${lat},${lng}(${encodeURIComponent(label)})`
  }
  if (/iPhone|iPad|iPod/.test(userAgent)) return `https://maps.apple.com/?daddr=${destination(place)}`
  return googleDirectionsHref(place)
}
