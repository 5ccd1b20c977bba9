import { Link } from '@remix-run/react'
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
  // The markup of ErrorHero (components/error-hero.tsx), written out: importing it from this route as well
  // as from the root put it into a script of its own that every page loaded (0.4 KB, over /vehicles' budget).
  return (
    <>
      <section className="bg-zinc-950 px-4 py-16 text-white sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p aria-hidden="true" className="text-8xl font-extrabold tracking-tight text-amber-400">
            404
          </p>
          <h1 className="mt-6 text-4xl font-extrabold sm:text-5xl">{VEHICLE_NOT_FOUND_TEXTS.title}</h1>
          <p className="mt-6 text-lg leading-relaxed text-zinc-300">{VEHICLE_NOT_FOUND_TEXTS.text}</p>
          <div className="mt-10">
            <Link to="/vehicles" className={buttonClasses({ variant: 'primary', size: 'lg' })}>
              {VEHICLE_NOT_FOUND_TEXTS.back}
            </Link>
          </div>
        </div>
      </section>
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
