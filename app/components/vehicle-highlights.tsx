import { Await, Link } from '@remix-run/react'
import { Suspense } from 'react'
import { AlertIcon } from '#app/components/icons.tsx'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { VehicleCard, type VehicleSummary } from '#app/components/vehicle-card.tsx'

export interface InventoryContent {
  eyebrow?: string | null
  heading?: string | null
  intro?: string | null
  detailsLabel?: string | null
  allLabel?: string | null
  loadingText?: string | null
  emptyText?: string | null
}

export interface VehicleHighlightsProps {
  content: InventoryContent
  /** The first vehicles, streamed: the page renders before the inventory query is done. */
  vehicles: Promise<readonly VehicleSummary[]> | readonly VehicleSummary[]
  /** Spec §9: the home page shows 3. */
  limit?: number
}

const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3'

/**
 * Inventory highlights (spec §2.4), section id `inventory`: the first three vehicles, a loading
 * note while they stream in, the empty text for an empty inventory, an error note (not a
 * broken page) when they cannot be read, and the link to the whole inventory.
 */
export function VehicleHighlights({ content, vehicles, limit = 3 }: VehicleHighlightsProps) {
  const detailsLabel = content.detailsLabel ?? 'DETAILS ANSEHEN'
  return (
    <section id="inventory" aria-labelledby="inventory-heading" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="inventory-heading" eyebrow={content.eyebrow} title={content.heading} intro={content.intro} />
        <Suspense fallback={<LoadingVehicles text={content.loadingText ?? 'Lade Fahrzeuge...'} count={limit} />}>
          <Await resolve={vehicles} errorElement={<VehiclesError />}>
            {(list) =>
              list.length === 0 ? (
                <p className="mt-14 rounded-xl bg-zinc-50 p-8 text-center text-lg text-zinc-700">{content.emptyText}</p>
              ) : (
                <ul className={`mt-14 ${GRID}`}>
                  {list.slice(0, limit).map((vehicle, index) => (
                    <li key={vehicle.id ?? index}>
                      <VehicleCard vehicle={vehicle} detailsLabel={detailsLabel} />
                    </li>
                  ))}
                </ul>
              )
            }
          </Await>
        </Suspense>
        {content.allLabel ? (
          <div className="mt-12 text-center">
            <Link to="/vehicles" prefetch="intent" className={buttonClasses({ variant: 'primary', size: 'lg', surface: 'light' })}>
              {content.allLabel}
            </Link>
          </div>
        ) : null}
      </div>
    </section>
  )
}

function LoadingVehicles({ text, count }: { text: string; count: number }) {
  return (
    <div className="mt-14">
      <p role="status" className="text-center text-zinc-700">
        {text}
      </p>
      {/* Placeholders of the cards' size, so the page does not jump when the vehicles arrive. */}
      <ul aria-hidden="true" className={`mt-6 ${GRID}`}>
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="overflow-hidden rounded-xl border border-zinc-200 motion-safe:animate-pulse">
            <div className="aspect-[3/2] bg-zinc-200" />
            <div className="space-y-3 p-6">
              <div className="h-6 w-2/3 rounded bg-zinc-200" />
              <div className="h-7 w-1/3 rounded bg-zinc-200" />
              <div className="h-16 rounded bg-zinc-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}

function VehiclesError() {
  return (
    <div role="alert" className="mx-auto mt-14 flex max-w-2xl items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-6 text-zinc-800">
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-800" />
      <p>
        Die Fahrzeuge können gerade nicht angezeigt werden. Bitte versuchen Sie es später erneut oder sehen Sie sich unseren{' '}
        <Link to="/vehicles" className="font-semibold text-zinc-950 underline underline-offset-2 hover:text-amber-800">
          Fahrzeugbestand
        </Link>{' '}
        an.
      </p>
    </div>
  )
}
