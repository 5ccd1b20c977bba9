import { CheckIcon } from '#app/components/icons.tsx'
import { type VehicleDetail } from './data.server'
import { consumptionLines, technicalData } from './vehicle-facts'

/** The car's data below the photos: technical data, consumption and emissions, equipment, and the description (not printed). */
export function VehicleDetails({ vehicle, today }: { vehicle: VehicleDetail; today: string }) {
  const features = (vehicle.features ?? []).filter((feature) => feature.trim() !== '')
  const consumption = consumptionLines(vehicle.consumption)
  return (
    <div className="space-y-10 lg:col-span-2 print:col-span-2 print:space-y-4">
      <section aria-labelledby="technische-daten">
        <h2 id="technische-daten" className="text-2xl text-zinc-950 print:text-base">
          Technische Daten
        </h2>
        <dl className="mt-4 grid grid-cols-1 gap-x-8 sm:grid-cols-2 print:mt-2 print:grid-cols-3 print:gap-x-5 print:text-xs">
          {technicalData(vehicle, today).map((row) => (
            <div key={row.label} className="flex justify-between gap-4 border-b border-zinc-200 py-2.5 print:py-1">
              <dt className="text-zinc-700">{row.label}</dt>
              <dd className="text-right font-semibold text-zinc-950">{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {consumption.length > 0 ? (
        <section aria-labelledby="verbrauch">
          <h2 id="verbrauch" className="text-2xl text-zinc-950 print:text-base">
            Verbrauch und Emissionen
          </h2>
          <ul className="mt-4 space-y-1 text-zinc-800 print:mt-2 print:flex print:flex-wrap print:gap-x-5 print:space-y-0 print:text-xs">
            {consumption.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-zinc-600 print:mt-1">Angaben nach WLTP, soweit vom Hersteller bzw. aus der Zulassung bekannt.</p>
        </section>
      ) : null}

      {features.length > 0 ? (
        <section aria-labelledby="ausstattung">
          <h2 id="ausstattung" className="text-2xl text-zinc-950 print:text-base">
            Ausstattung
          </h2>
          <ul className="mt-4 grid grid-cols-1 gap-x-8 gap-y-2 sm:grid-cols-2 print:mt-2 print:grid-cols-3 print:gap-x-5 print:gap-y-0.5 print:text-xs">
            {features.map((feature) => (
              <li key={feature} className="flex items-start gap-2 text-zinc-800">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-amber-700 print:mt-0 print:size-4" />
                {feature}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {vehicle.description?.trim() ? (
        // The description would take a second sheet; the key data, price and contact fit on one.
        <section aria-labelledby="beschreibung" className="print:hidden">
          <h2 id="beschreibung" className="text-2xl text-zinc-950 print:text-base">
            Beschreibung
          </h2>
          <p className="mt-4 leading-relaxed whitespace-pre-line text-zinc-800">{vehicle.description.trim()}</p>
        </section>
      ) : null}
    </div>
  )
}
