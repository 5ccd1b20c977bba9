import { ConsentFrame } from '#app/components/consent-frame.tsx'
import { MapPinIcon } from '#app/components/icons.tsx'

export interface MapConsentProps {
  lat: number
  lng: number
  /** What loading the map transmits to whom (shown before the visitor agrees). */
  consentText: string
  title: string
}

/** OpenStreetMap's embeddable map around a point (about 2 km across). */
export function openStreetMapEmbedUrl(lat: number, lng: number): string {
  const box = [lng - 0.012, lat - 0.006, lng + 0.012, lat + 0.006].map((value) => value.toFixed(4)).join(',')
  return `https://www.openstreetmap.org/export/embed.html?bbox=${box}&layer=mapnik&marker=${lat},${lng}`
}

export function openStreetMapUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`
}

/**
 * Click-to-load map: nothing is requested from OpenStreetMap until the visitor clicks
 * „KARTE LADEN“ (the frame transmits their IP address). Without JavaScript the link opens the
 * map on openstreetmap.org instead.
 */
export function MapConsent({ lat, lng, consentText, title }: MapConsentProps) {
  return (
    <ConsentFrame
      src={openStreetMapEmbedUrl(lat, lng)}
      title={title}
      consentText={consentText}
      loadLabel="KARTE LADEN"
      externalHref={openStreetMapUrl(lat, lng)}
      externalLabel="Karte auf openstreetmap.org öffnen"
      icon={<MapPinIcon className="size-10 text-amber-600" />}
      testId="map-placeholder"
    />
  )
}
