import { Form, Link } from '@remix-run/react'
import { VehiclePhoto } from '#app/components/vehicle-card.tsx'
import { vehicleName } from '#app/routes/vehicles.$id/vehicle-facts.ts'
import { displayYear, formatEuro, formatMileage, formatPrice, fuelLabel, parseAmount, transmissionLabel } from '#app/utils/format.ts'
import { useSiteSettings } from '#app/utils/site-settings.ts'
import { advertisedMonthlyRate, effectiveRateOf } from '#app/vehicles/financing.ts'
import { SAVED_LIST_PATH } from '#app/vehicles/saved-list.ts'
import { type SavedEntry } from '#app/vehicles/saved-vehicles.server.ts'

/* One card of the Merkliste (route.tsx): the car as the lake holds it now, with its „Vergleichen“ and „Entfernen“. */

/** The comparison's form, which every card's „Vergleichen“ box belongs to (list-forms.tsx, CompareForm). */
export const COMPARE_FORM_ID = 'vergleich-auswahl'

/**
 * One saved car: photo, name, state, current price and rate, the facts, „Vergleichen“ and „Entfernen“.
 * `photoPriority`: the first, whose photo is the largest image of a phone's first screen (loaded at once and first).
 */
export function SavedItem({
  entry,
  onRemove,
  compareChecked,
  photoPriority,
}: {
  entry: SavedEntry
  onRemove?: (name: string) => void
  /** Whether „Vergleichen“ starts ticked; no box at all where there is nothing to compare it with (one car on the list). */
  compareChecked: boolean | undefined
  photoPriority: boolean
}) {
  const settings = useSiteSettings()
  const vehicle = entry.vehicle
  if (!vehicle) {
    return (
      <li className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-zinc-300 bg-white p-5">
        <div>
          <p className="font-bold text-zinc-950">Dieses Fahrzeug ist nicht mehr im Angebot</p>
          <p className="mt-1 text-sm text-zinc-700">Fahrzeugnummer {entry.id}</p>
        </div>
        {onRemove ? <RemoveForm id={entry.id} name={`Fahrzeug ${entry.id}`} onRemove={onRemove} /> : null}
      </li>
    )
  }
  const name = vehicleName(vehicle)
  const sold = vehicle.status === 'sold'
  const reserved = vehicle.status === 'reserved'
  const price = parseAmount(vehicle.price)
  const rate = sold ? undefined : advertisedMonthlyRate(price, effectiveRateOf(settings))
  const facts = [
    vehicle.firstRegistration ? `EZ ${vehicle.firstRegistration}` : String(displayYear(vehicle.year)),
    formatMileage(vehicle.mileage),
    fuelLabel(vehicle.fuelType),
    transmissionLabel(vehicle.transmission),
  ]
  const href = `/vehicles/${encodeURIComponent(vehicle.id)}`
  return (
    <li className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm sm:grid-cols-[12rem_minmax(0,1fr)] sm:p-5" data-testid="saved-vehicle">
      <div className="aspect-[3/2] overflow-hidden rounded-lg bg-zinc-200">
        <VehiclePhoto image={vehicle.image} name={name} sizes="(min-width: 640px) 12rem, 100vw" priority={photoPriority} />
      </div>
      <div className="flex min-w-0 flex-col">
        <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
          <h3 className="text-xl text-zinc-950 normal-case">
            <Link to={href} prefetch="intent" className="underline-offset-4 hover:underline">
              {name}
            </Link>
          </h3>
          {sold ? <span className="rounded-full bg-zinc-900 px-3 py-1 text-xs font-bold text-white uppercase">Verkauft</span> : null}
          {reserved ? <span className="rounded-full bg-amber-300 px-3 py-1 text-xs font-bold text-zinc-950 uppercase">Reserviert</span> : null}
        </div>
        {sold ? <p className="mt-1 text-sm font-semibold text-zinc-800">Dieses Fahrzeug ist bereits verkauft.</p> : null}
        {reserved ? (
          <p className="mt-1 text-sm font-semibold text-zinc-800">Dieses Fahrzeug ist reserviert – fällt die Reservierung weg, ist es wieder frei.</p>
        ) : null}
        <p className={`mt-2 text-2xl font-extrabold tracking-tight whitespace-nowrap ${sold ? 'text-zinc-500 line-through' : 'text-zinc-950'}`}>
          {formatPrice(vehicle.price)}
        </p>
        {rate !== undefined ? <p className="text-sm text-zinc-700">ab {formatEuro(rate)}/Monat*</p> : null}
        <p className="mt-2 text-sm text-zinc-700">{facts.join(' · ')}</p>
        <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2">
          {compareChecked !== undefined ? (
            <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold text-zinc-900">
              <input
                type="checkbox"
                name="ids"
                value={vehicle.id}
                form={COMPARE_FORM_ID}
                aria-label={`Vergleichen: ${name}`}
                defaultChecked={compareChecked}
                className="size-5 rounded border-zinc-400 accent-zinc-900"
              />
              <span aria-hidden="true">Vergleichen</span>
            </label>
          ) : null}
          {onRemove ? <RemoveForm id={vehicle.id} name={name} onRemove={onRemove} /> : null}
        </div>
      </div>
    </li>
  )
}

function RemoveForm({ id, name, onRemove }: { id: string; name: string; onRemove: (name: string) => void }) {
  return (
    // With JavaScript each removal replaces the list's history entry: Back leaves the Merkliste, not each removal.
    <Form method="post" action={SAVED_LIST_PATH} replace preventScrollReset onSubmit={() => onRemove(name)}>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        aria-label={`Entfernen: ${name}`}
        data-remove
        className="inline-flex min-h-11 items-center text-sm font-semibold text-zinc-950 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900"
      >
        Entfernen
      </button>
    </Form>
  )
}
