import { Link } from '@remix-run/react'
import { ArrowRightIcon, CalendarIcon, CheckIcon, FuelIcon, GaugeIcon, GearboxIcon } from '#app/components/icons.tsx'
import { SanityImage, type SanityImageSource } from '#app/components/sanity-image.tsx'
import { SaveButton } from '#app/components/save-button.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { displayYear, formatEuro, formatMileage, formatPrice, fuelLabel, transmissionLabel } from '#app/utils/format.ts'
import { type VehicleBadge } from '#app/vehicles/badges.ts'
import { FINANCING_ANCHOR } from '#app/vehicles/financing-terms.ts'
import { titleOf, VAT_OPTIONS } from '#schemas/lib/constants.ts'

/** Shown for a vehicle without photos (spec §3); 1200×800 like the vehicle photos. */
export const VEHICLE_PLACEHOLDER = { src: '/images/placeholder-vehicle.jpg', width: 1200, height: 800 } as const

/**
 * A vehicle as the VEHICLE_CARD fragment projects it (app/sanity/queries/fragments.ts), written
 * wider than its generated types: any field may be missing or, like a price typed in as text, of
 * another type, and the card still shows what there is. tsc checks the generated result types of
 * the card queries against it wherever a card is rendered.
 */
export interface VehicleSummary {
  id?: string | null
  make?: string | null
  model?: string | null
  year?: number | null
  /** `MM/YYYY`; the card shows it instead of the year when known. */
  firstRegistration?: string | null
  mileage?: number | null
  fuelType?: string | null
  transmission?: string | null
  price?: number | string | null
  features?: readonly (string | null)[] | null
  /** The buyer facts a card names when they speak for the car (decision 058): VAT shown, warranty, accident-free. */
  vat?: string | null
  warranty?: boolean | null
  accidentFree?: boolean | null
  image?: SanityImageSource | null
  /** Worked out by the loader at the request's time (app/vehicles/badges.ts); absent without a badge. */
  badges?: readonly VehicleBadge[] | null
  /**
   * „ab N €/Monat“: the vehicle page's representative financing example's rate in whole euros, worked
   * out by the loader (withMonthlyRates in app/vehicles/financing.ts); absent without one.
   */
  monthlyRate?: number | null
}

export interface VehicleCardProps {
  vehicle: VehicleSummary
  detailsLabel: string
  /** h3 under a section heading. */
  headingLevel?: 3 | 2
  /** Query string of the details link, e.g. the list's way back (`?from=…`, app/vehicles/list-return.ts). */
  detailsSearch?: string
  /** The photo's `sizes`: how wide the card is in its grid at each width (a grid of its own passes its own). */
  imageSizes?: string
  /** The first card of a list: its photo is the page's largest image on a phone (pageMeta's `lcpImage` preloads it). */
  photoPriority?: boolean
}

/**
 * Text, not colour alone; here rather than in badges.ts so that the card's chunk takes no module of its
 * own. Both pairs pass WCAG AA with room (zinc-950 on amber-300 about 14:1, white on zinc-950 about 19:1),
 * on the photo too: each badge has its own background.
 */
const BADGE_LABELS: Readonly<Record<VehicleBadge, { label: string; className: string }>> = {
  reserved: { label: 'Reserviert', className: 'bg-amber-300 text-zinc-950' },
  new: { label: 'Neu im Bestand', className: 'bg-zinc-950 text-white' },
}

/**
 * A car's main photo filling its frame, or the placeholder „Foto folgt“ until it has one (list cards, Merkliste).
 * `priority`: the page's largest image (the first card of the list on a phone), loaded at once and first.
 */
export function VehiclePhoto({
  image,
  name,
  sizes,
  priority = false,
}: {
  image: SanityImageSource | null | undefined
  name: string
  sizes: string
  priority?: boolean
}) {
  return image?.asset?.url ? (
    <SanityImage image={image} sizes={sizes} fallbackAlt={name} priority={priority} className="size-full object-cover" />
  ) : (
    <img
      src={VEHICLE_PLACEHOLDER.src}
      width={VEHICLE_PLACEHOLDER.width}
      height={VEHICLE_PLACEHOLDER.height}
      alt={`${name} – Foto folgt`}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className="size-full object-cover"
    />
  )
}

/** The photo's width in the three-column grids of the home page and „Ähnliche Fahrzeuge“. */
const IMAGE_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw'

/**
 * One vehicle in a grid (spec §3): photo or placeholder, make and model, the first registration
 * („EZ 03/2020“; else the year, 2020 when missing), mileage, fuel, transmission, price, the buyer facts
 * that speak for it (issue 36), the first three features, a details link and „Merken“ (issue 38). With a
 * monthly rate (issue 38) „ab N €/Monat“ under the price links to the vehicle page's financing example, whose
 * figures German price rules want one tap away from any advertised rate.
 * Badges ("Reserviert", "Neu im Bestand") sit on the photo but follow the name in the document, so a
 * screen reader hears the car first and then its state.
 */
/** The id of a car's card in a list. */
export const vehicleCardId = (id: string) => `fahrzeug-${id}`

export function VehicleCard({
  vehicle,
  detailsLabel,
  headingLevel = 3,
  detailsSearch = '',
  imageSizes = IMAGE_SIZES,
  photoPriority = false,
}: VehicleCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2'
  const name = [vehicle.make, vehicle.model].filter(Boolean).join(' ') || 'Fahrzeug'
  const badges = vehicle.badges ?? []
  const features = (vehicle.features ?? []).filter((feature): feature is string => Boolean(feature)).slice(0, 3)
  const registration = vehicle.firstRegistration && /^\d{2}\/\d{4}$/.test(vehicle.firstRegistration) ? vehicle.firstRegistration : null
  const facts = [
    registration
      ? { label: 'Erstzulassung', value: `EZ ${registration}`, Icon: CalendarIcon }
      : { label: 'Baujahr', value: String(displayYear(vehicle.year)), Icon: CalendarIcon },
    { label: 'Kilometerstand', value: formatMileage(vehicle.mileage), Icon: GaugeIcon },
    { label: 'Kraftstoff', value: fuelLabel(vehicle.fuelType), Icon: FuelIcon },
    { label: 'Getriebe', value: transmissionLabel(vehicle.transmission), Icon: GearboxIcon },
  ]
  // Only what speaks for the car, in the words of its page; the page has the full list (HU, § 25a, accidents).
  const buyerFacts = [
    vehicle.vat === 'deductible' ? titleOf(VAT_OPTIONS, vehicle.vat) : undefined,
    vehicle.warranty === true ? 'Garantie' : undefined,
    vehicle.accidentFree === true ? 'Unfallfrei' : undefined,
  ].filter((fact): fact is string => Boolean(fact))
  return (
    <article
      // „Merken“ without JavaScript comes back to this card (the Merkliste's „Zurück“).
      id={vehicle.id ? vehicleCardId(vehicle.id) : undefined}
      className="relative flex h-full scroll-mt-24 flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm transition-shadow duration-300 hover:shadow-xl"
    >
      <div className="aspect-[3/2] overflow-hidden bg-zinc-200">
        <VehiclePhoto image={vehicle.image} name={name} sizes={imageSizes} priority={photoPriority} />
      </div>
      <div className="flex flex-1 flex-col p-6">
        {/* Model names keep their case (320d, C 220 d), unlike section headings. The name's link covers the
            whole card (photo included), as on the marketplaces; the card's own controls sit above it. */}
        <Heading className="text-xl text-zinc-950 normal-case">
          {vehicle.id ? (
            <Link
              to={`/vehicles/${encodeURIComponent(vehicle.id)}${detailsSearch}`}
              prefetch="intent"
              className="after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900"
            >
              {name}
            </Link>
          ) : (
            name
          )}
        </Heading>
        {badges.length > 0 ? (
          <ul className="absolute top-3 right-36 left-3 flex flex-wrap gap-2" aria-label="Status">
            {badges.map((badge) => (
              <li key={badge} className={`rounded-full px-3 py-1 text-xs font-bold tracking-wide uppercase shadow-sm ${BADGE_LABELS[badge].className}`}>
                {BADGE_LABELS[badge].label}
              </li>
            ))}
          </ul>
        ) : null}
        {/* On the photo's corner, after the name and state in the document (issue 38). */}
        {vehicle.id ? <SaveButton id={vehicle.id} name={name} className="absolute top-3 right-3 z-10" /> : null}
        <p className="mt-2 text-2xl font-extrabold tracking-tight whitespace-nowrap text-zinc-950">{formatPrice(vehicle.price)}</p>
        {vehicle.monthlyRate && vehicle.id ? (
          <Link
            to={`/vehicles/${encodeURIComponent(vehicle.id)}${detailsSearch}#${FINANCING_ANCHOR}`}
            data-testid="card-monthly-rate"
            className="relative z-10 inline-flex min-h-11 max-w-full flex-wrap items-center gap-x-1.5 self-start text-sm text-zinc-800 underline decoration-zinc-400 underline-offset-4 hover:text-zinc-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900"
          >
            <span className="font-bold whitespace-nowrap text-zinc-950">ab {formatEuro(vehicle.monthlyRate)}/Monat</span>
            <span>Finanzierungsbeispiel</span>
            <span className="sr-only"> für {name}</span>
          </Link>
        ) : null}
        {/* Two facts a row while they fit; a fact wider than half the row („Schaltgetriebe“ on a 280 px
            phone or in the two-column grid at 640 px) takes a row of its own instead of running into the padding. */}
        <dl className="mt-5 flex flex-wrap gap-x-4 gap-y-3 text-sm text-zinc-700">
          {facts.map(({ label, value, Icon }) => (
            <div key={label} className="flex min-w-max grow basis-[calc(50%-0.5rem)] items-center gap-2">
              <dt className="shrink-0">
                <Icon className="size-4 text-amber-800" />
                <span className="sr-only">{label}</span>
              </dt>
              <dd className="whitespace-nowrap">{value}</dd>
            </div>
          ))}
        </dl>
        {buyerFacts.length > 0 ? (
          <ul className="mt-4 flex flex-wrap gap-x-3 gap-y-1 text-sm font-semibold text-zinc-800" aria-label="Vorteile" data-testid="card-buyer-facts">
            {buyerFacts.map((fact) => (
              <li key={fact} className="flex items-center gap-1">
                <CheckIcon className="size-4 shrink-0 text-amber-700" />
                {fact}
              </li>
            ))}
          </ul>
        ) : null}
        {features.length > 0 ? (
          <ul className="mt-5 flex flex-wrap gap-2" aria-label="Ausstattung">
            {features.map((feature) => (
              // A long word („Doppelkupplungsgetriebe“) breaks rather than widen the card beyond a phone at a larger font.
              <li key={feature} className="rounded-full bg-zinc-100 px-3 py-1 text-xs font-semibold wrap-anywhere text-zinc-800">
                {feature}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="relative z-10 mt-auto pt-6">
          {vehicle.id ? (
            <Link
              to={`/vehicles/${encodeURIComponent(vehicle.id)}${detailsSearch}`}
              prefetch="intent"
              className={buttonClasses({ variant: 'dark', className: 'w-full' })}
            >
              {detailsLabel}
              <span className="sr-only">: {name}</span>
              <ArrowRightIcon className="size-4" />
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  )
}
