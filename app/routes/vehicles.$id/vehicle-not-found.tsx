import { Link } from '@remix-run/react'
import { ErrorHero } from '#app/components/error-hero.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { HydrationBoundary } from '#app/utils/hydration.tsx'
import { type VehicleNotFoundData } from './data.server'
import { AlternativeVehicles, WayOn } from './vehicle-alternatives'

/** Spec §8: the texts of an unknown vehicle id. */
export const VEHICLE_NOT_FOUND_TEXTS = {
  title: 'Fahrzeug nicht gefunden',
  text: 'Das angeforderte Fahrzeug existiert nicht oder ist nicht mehr verfügbar.',
  back: 'Zurück zur Übersicht',
} as const

/**
 * The page of an unknown vehicle id (HTTP 404): spec §8's texts and the way back to the inventory,
 * then the way on (decision 101): cars on sale, the phone and the Suchauftrag (`way`, the loader's 404
 * body; without it, the texts alone).
 */
export function VehicleNotFound({ way }: { way?: VehicleNotFoundData }) {
  return (
    <>
      <ErrorHero status={404} title={VEHICLE_NOT_FOUND_TEXTS.title} text={VEHICLE_NOT_FOUND_TEXTS.text} compact>
        <div className="mt-10">
          <Link to="/vehicles" className={buttonClasses({ variant: 'primary', size: 'lg' })}>
            {VEHICLE_NOT_FOUND_TEXTS.back}
          </Link>
        </div>
      </ErrorHero>
      {way ? (
        <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
          <AlternativeVehicles vehicles={way.vehicles} alternatives={way.alternatives} />
          <HydrationBoundary>
            <WayOn query={way.query} />
          </HydrationBoundary>
        </div>
      ) : null}
    </>
  )
}
