import { useState } from 'react'
import { MapPinIcon } from '~/components/icons'
import { buttonClasses } from '~/components/ui/button'

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
  const [loaded, setLoaded] = useState(false)
  if (loaded) {
    return <iframe title={title} src={openStreetMapEmbedUrl(lat, lng)} className="aspect-[4/3] w-full rounded-xl border border-zinc-200" loading="lazy" referrerPolicy="strict-origin-when-cross-origin" />
  }
  return (
    <div data-testid="map-placeholder" className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-5 rounded-xl border border-dashed border-zinc-400 bg-zinc-100 p-6 text-center">
      <MapPinIcon className="size-10 text-amber-600" />
      <p className="max-w-md text-sm leading-relaxed text-zinc-700">{consentText}</p>
      <div className="flex flex-col items-center gap-3">
        <button type="button" onClick={() => setLoaded(true)} className={buttonClasses({ variant: 'dark', size: 'md' })}>
          KARTE LADEN
        </button>
        <a href={openStreetMapUrl(lat, lng)} rel="noopener noreferrer" className="text-sm font-semibold text-zinc-950 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900">
          Karte auf openstreetmap.org öffnen
        </a>
      </div>
    </div>
  )
}
