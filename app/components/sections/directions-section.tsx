import { type ReactNode } from 'react'
import { RouteLink, yardPlace } from '#app/components/getting-here.tsx'
import { BusIcon, CarIcon, MapPinIcon, ParkingIcon } from '#app/components/icons.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { useSiteSettings } from '#app/utils/site-settings.ts'
import { MapConsent } from './map-consent'
import { SectionShell } from './section-shell'
import { type SectionProps } from './types'

type Mode = SectionProps<'directionsSection'>['section']['directions'][number]['mode']

const MODE_ICONS: Record<Mode, (props: { className?: string }) => ReactNode> = {
  car: CarIcon,
  parking: ParkingIcon,
  transit: BusIcon,
}

/** Address with „Route planen“, how to get there (car, parking, bus) and the click-to-load map. */
export function DirectionsSection({ section, id, muted }: SectionProps<'directionsSection'>) {
  const settings = useSiteSettings()
  const address = settings.address
  const place = yardPlace(settings)
  return (
    <SectionShell id={id} eyebrow={section.eyebrow} heading={section.heading} intro={section.intro} muted={muted}>
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-2">
        <div>
          {address ? (
            <address className="rounded-xl border border-zinc-200 bg-white p-6 not-italic shadow-sm">
              <p className="font-bold text-zinc-950">{settings.dealerName}</p>
              <p className="text-zinc-700">{address.street}</p>
              <p className="text-zinc-700">
                {address.postalCode} {address.city}
              </p>
              {place ? (
                <RouteLink place={place} className={buttonClasses({ variant: 'dark', size: 'md', className: 'mt-4' })}>
                  <MapPinIcon className="size-4" />
                  ROUTE PLANEN
                </RouteLink>
              ) : null}
            </address>
          ) : null}
          <ul className="mt-6 space-y-5">
            {section.directions.map((direction) => {
              const Icon = MODE_ICONS[direction.mode]
              return (
                <li key={direction._key} className="flex gap-4">
                  <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-zinc-950 text-amber-400">
                    <Icon className="size-5" />
                  </span>
                  <div>
                    <h3 className="text-lg text-zinc-950">{direction.title}</h3>
                    <p className="mt-1 leading-relaxed text-zinc-600">{direction.text}</p>
                  </div>
                </li>
              )
            })}
          </ul>
        </div>
        {settings.geo ? (
          <MapConsent
            lat={settings.geo.lat}
            lng={settings.geo.lng}
            consentText={section.mapConsentText}
            title={`Karte: ${settings.dealerName}, ${address?.street ?? ''}`}
          />
        ) : null}
      </div>
    </SectionShell>
  )
}
