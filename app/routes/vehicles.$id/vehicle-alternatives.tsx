import { lazy } from 'react'
import { VehicleCard, type VehicleSummary } from '#app/components/vehicle-card.tsx'
import { type Alternatives } from './data.server'
import { WayOn as WayOnOnServer } from './way-on.server'

/*
 * The cars a vehicle page offers instead of its own (every page), and the rest of the way on from a
 * car that is gone, loaded only where it shows (way-on.tsx, decision 101).
 */

const HEADINGS: Record<Alternatives, string> = { similar: 'Ähnliche Fahrzeuge', newest: 'Unsere neuesten Fahrzeuge' }

/** The cars offered instead: those like the page's car, or the newest on sale. Nothing when there are none. */
export function AlternativeVehicles({ vehicles, alternatives }: { vehicles: readonly VehicleSummary[]; alternatives: Alternatives }) {
  if (vehicles.length === 0) return null
  return (
    <section id="aehnliche-fahrzeuge" aria-labelledby="aehnliche-heading" className="mt-14 print:hidden scroll-mt-24">
      <h2 id="aehnliche-heading" className="text-2xl text-zinc-950">
        {HEADINGS[alternatives]}
      </h2>
      <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {vehicles.map((item) => (
          <li key={item.id}>
            <VehicleCard vehicle={item} detailsLabel="DETAILS ANSEHEN" />
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * The way on from a car that is gone (way-on.tsx): in the server's HTML whole, in the browser a chunk
 * of its own, loaded by the pages that show it and hydrated when it arrives (render it inside a
 * HydrationBoundary). The vehicle page's script budget (tests/http/js-budget.test.ts) holds no room
 * for it, and a car on sale never shows it.
 */
export const WayOn = typeof document === 'undefined' ? WayOnOnServer : lazy(() => import('./way-on'))
