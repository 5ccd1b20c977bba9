import { type VEHICLE_DETAIL_QUERYResult } from '#app/sanity/types.ts'
import { displayYear, formatDecimal, formatMileage, formatPrice, fuelLabel, transmissionLabel, dealerTitle } from '#app/utils/format.ts'
import { titleOf, VAT_OPTIONS } from '#schemas/lib/constants.ts'

type VehicleDetail = NonNullable<VEHICLE_DETAIL_QUERYResult>

/* The German presentation of a vehicle's data on /vehicles/{id}. */

/** Make and model, or the staff's display title when set. */
export function vehicleName(vehicle: Pick<VehicleDetail, 'make' | 'model' | 'title'>): string {
  return vehicle.title?.trim() || [vehicle.make, vehicle.model].filter(Boolean).join(' ') || 'Fahrzeug'
}

const oneDecimal = { minimumFractionDigits: 1 }

type SnippetVehicle = Pick<
  VehicleDetail,
  'make' | 'model' | 'title' | 'status' | 'price' | 'year' | 'firstRegistration' | 'mileage' | 'fuelType' | 'transmission' | 'powerKw' | 'powerHp'
>

/** What a search result can show of a description before it cuts it (about 155 characters). */
export const SNIPPET_DESCRIPTION_MAX = 155

/** What a search result shows of a title before it cuts it (about 60 characters). */
export const SNIPPET_TITLE_MAX = 60

/**
 * The page's `<title>`: the state a buyer must know first („Reserviert:“, „Verkauft:“), the name, the
 * year and the price, so that a search result says them; the dealer's name only where it still fits
 * SNIPPET_TITLE_MAX (21 of 24 titles ran past it, and a long model's „reserviert“ at the end was cut;
 * a result names the site anyway).
 */
export function vehicleSearchTitle(vehicle: SnippetVehicle, dealer: string): string {
  const year = vehicle.firstRegistration?.slice(-4) ?? String(displayYear(vehicle.year))
  const car = `${vehicleName(vehicle)} (${year})`
  const title = vehicle.status === 'sold' ? `Verkauft: ${car}` : `${vehicle.status === 'reserved' ? 'Reserviert: ' : ''}${car} – ${formatPrice(vehicle.price)}`
  const branded = dealerTitle(title, dealer)
  return branded.length <= SNIPPET_TITLE_MAX ? branded : title
}

/**
 * The meta description: the facts a buyer compares, then price and what to do; facts are left out
 * from the end (power, gearbox, fuel; never the registration or the mileage) until it fits SNIPPET_DESCRIPTION_MAX, where a search result would cut it.
 */
export function vehicleSearchDescription(vehicle: SnippetVehicle, dealer: string): string {
  const name = vehicleName(vehicle)
  const facts = [
    vehicle.firstRegistration ? `EZ ${vehicle.firstRegistration}` : null,
    formatMileage(vehicle.mileage),
    fuelLabel(vehicle.fuelType),
    transmissionLabel(vehicle.transmission),
    formatPower(vehicle.powerKw, vehicle.powerHp),
  ].filter((fact): fact is string => Boolean(fact))
  const where = dealer ? `bei ${dealer} in Essen` : 'bei uns in Essen'
  const text = (shown: readonly string[]) => {
    if (vehicle.status === 'sold') return `${name} (${shown.join(', ')}) ist verkauft. Ähnliche Fahrzeuge ${where}.`
    const price = formatPrice(vehicle.price)
    if (vehicle.status === 'reserved') return `${name}: ${shown.join(', ')}. ${price}, derzeit reserviert – ${where} vormerken lassen.`
    return `${name}: ${shown.join(', ')}. ${price}. Jetzt ${where} anfragen – Finanzierung möglich.`
  }
  let shown = facts
  while (shown.length > 2 && text(shown).length > SNIPPET_DESCRIPTION_MAX) shown = shown.slice(0, -1)
  return text(shown)
}

/** `140 kW (190 PS)`; the missing unit is derived (1 kW = 1,35962 PS); null without either. */
export function formatPower(kw: number | null | undefined, hp: number | null | undefined): string | null {
  const kilowatts = typeof kw === 'number' ? kw : typeof hp === 'number' ? Math.round(hp / 1.35962) : null
  const horsepower = typeof hp === 'number' ? hp : typeof kw === 'number' ? Math.round(kw * 1.35962) : null
  if (kilowatts === null || horsepower === null) return null
  return `${formatDecimal(kilowatts)} kW (${formatDecimal(horsepower)} PS)`
}

/** The lines of the Pkw-EnVKV statement, as far as the vehicle has the figures. */
export function consumptionLines(consumption: VehicleDetail['consumption']): string[] {
  if (!consumption) return []
  const lines: string[] = []
  if (typeof consumption.combinedLitersPer100Km === 'number') {
    lines.push(`Kraftstoffverbrauch kombiniert: ${formatDecimal(consumption.combinedLitersPer100Km, oneDecimal)} l/100 km`)
  }
  if (typeof consumption.combinedKwhPer100Km === 'number') {
    lines.push(`Stromverbrauch kombiniert: ${formatDecimal(consumption.combinedKwhPer100Km, oneDecimal)} kWh/100 km`)
  }
  if (typeof consumption.co2GramsPerKm === 'number') lines.push(`CO₂-Emissionen kombiniert: ${formatDecimal(consumption.co2GramsPerKm)} g/km`)
  if (consumption.co2Class) lines.push(`CO₂-Klasse: ${consumption.co2Class}`)
  return lines
}

/** A car may carry a historic plate (H-Kennzeichen, § 2 Nr. 22 FZV) from 30 years after its first registration. */
export const HISTORIC_PLATE_AGE_YEARS = 30
/** How far ahead the page announces the date: a few months' wait matters to a buyer, decades do not. */
const HISTORIC_PLATE_ANNOUNCE_MONTHS = 24

/**
 * `möglich` once the first registration (`MM/YYYY`) is 30 years back at `today` (`YYYY-MM`),
 * `ab MM/YYYY möglich` within the two years before, otherwise null (no row). Computed, so it never goes stale.
 */
export function historicPlateNote(firstRegistration: string | null | undefined, today: string): string | null {
  const registered = /^(\d{2})\/(\d{4})$/.exec(firstRegistration ?? '')
  const current = /^(\d{4})-(\d{2})$/.exec(today)
  if (!registered || !current) return null
  const month = Number(registered[1])
  const eligibleYear = Number(registered[2]) + HISTORIC_PLATE_AGE_YEARS
  const monthsToGo = (eligibleYear - Number(current[1])) * 12 + (month - Number(current[2]))
  if (monthsToGo <= 0) return 'möglich'
  if (monthsToGo <= HISTORIC_PLATE_ANNOUNCE_MONTHS) return `ab ${registered[1]}/${eligibleYear} möglich`
  return null
}

/**
 * The sticker an Umweltzone asks for (the Ruhr cities are one), where the emission class decides it
 * (35. BImSchV): the green one from Euro 4, for a petrol or gas engine from Euro 1. A diesel below
 * Euro 4 depends on a particle filter, which no field states; an electric car needs none: no row.
 */
export function environmentBadge(fuelType: string | null | undefined, emissionClass: string | null | undefined): string | null {
  const stage = Number(/^\s*euro\s*-?\s*([1-6])/i.exec(emissionClass ?? '')?.[1])
  if (!stage || fuelType === 'ELECTRIC') return null
  return stage >= 4 || fuelType === 'PETROL' || fuelType === 'GAS' ? '4 (Grün)' : null
}

/**
 * The technical data of the page, in German, without the rows the vehicle has no value for.
 * `today` (`YYYY-MM`) comes from the loader, so the server and the browser agree on it.
 */
export function technicalData(vehicle: VehicleDetail, today: string): Array<{ label: string; value: string }> {
  const rows: Array<{ label: string; value: string | null | undefined }> = [
    { label: 'Erstzulassung', value: vehicle.firstRegistration ?? '–' },
    { label: 'Baujahr', value: String(displayYear(vehicle.year)) },
    { label: 'Kilometerstand', value: formatMileage(vehicle.mileage) },
    { label: 'Kraftstoff', value: fuelLabel(vehicle.fuelType) },
    { label: 'Getriebe', value: transmissionLabel(vehicle.transmission) },
    { label: 'Leistung', value: formatPower(vehicle.powerKw, vehicle.powerHp) },
    { label: 'Karosserie', value: vehicle.bodyType },
    { label: 'Farbe', value: vehicle.color },
    { label: 'Türen', value: typeof vehicle.doors === 'number' ? String(vehicle.doors) : null },
    { label: 'Sitzplätze', value: typeof vehicle.seats === 'number' ? String(vehicle.seats) : null },
    { label: 'Vorbesitzer', value: typeof vehicle.previousOwners === 'number' ? String(vehicle.previousOwners) : null },
    { label: 'Schadstoffklasse', value: vehicle.consumption?.emissionClass },
    { label: 'Umweltplakette', value: environmentBadge(vehicle.fuelType, vehicle.consumption?.emissionClass) },
    { label: 'H-Kennzeichen', value: historicPlateNote(vehicle.firstRegistration, today) },
  ]
  return rows.filter((row): row is { label: string; value: string } => typeof row.value === 'string' && row.value.trim() !== '')
}

/**
 * What buyers check before they call (issue 29), each as the short line the page lists by the price:
 * how the price is taxed, the next general inspection, warranty, accidents, and the free delivery
 * radius of the site settings (the spec's „Free delivery within 50 km of Essen“; none for a sold car).
 * A fact the vehicle has no value for is left out; `false` for the warranty says nothing (no warranty
 * is not worth a line). `today` (`YYYY-MM`) tells a passed inspection month from a coming one.
 * `caution` marks what speaks against the car (the page gives it no check mark).
 */
export function buyerFacts(
  vehicle: Pick<VehicleDetail, 'vat' | 'inspectionDue' | 'warranty' | 'warrantyMonths' | 'accidentFree'>,
  today: string,
  freeDeliveryKm?: number | null,
): BuyerFact[] {
  const facts: BuyerFact[] = []
  const vat = titleOf(VAT_OPTIONS, vehicle.vat)
  if (vat) facts.push({ label: vat })
  const due = /^(\d{2})\/(\d{4})$/.exec(vehicle.inspectionDue ?? '')
  if (due) facts.push(`${due[2]}-${due[1]}` < today ? { label: `HU abgelaufen (${due[0]})`, caution: true } : { label: `HU bis ${due[0]}` })
  if (vehicle.warranty === true) {
    const months = vehicle.warrantyMonths
    facts.push({ label: typeof months === 'number' && months > 0 ? `Garantie ${formatDecimal(months)} ${months === 1 ? 'Monat' : 'Monate'}` : 'Garantie' })
  }
  if (vehicle.accidentFree === true) facts.push({ label: 'Unfallfrei' })
  // The dealers' word; whether the damage is repaired is the description's to say.
  if (vehicle.accidentFree === false) facts.push({ label: 'Unfallfahrzeug', caution: true })
  if (typeof freeDeliveryKm === 'number' && freeDeliveryKm > 0) facts.push({ label: `Kostenlose Lieferung bis ${formatDecimal(freeDeliveryKm)}\u00a0km` })
  return facts
}

export interface BuyerFact {
  label: string
  caution?: boolean
}

/** The German VAT rate a dealer shows on an invoice for a car sold with VAT (§ 12 UStG). */
export const VAT_RATE_PERCENT = 19

/**
 * The net price next to the gross one for a car whose VAT can be shown („MwSt. ausweisbar“), as
 * mobile.de does: „31.849,58 € netto (zzgl. 19 % MwSt.)“. In whole cents, rounded half up; null
 * for a margin-scheme car or without a price.
 */
export function netPriceLabel(vat: string | null | undefined, gross: number | null): string | null {
  if (vat !== 'deductible' || gross === null || Math.round(gross) <= 0) return null
  const cents = Math.round((Math.round(gross * 100) * 100) / (100 + VAT_RATE_PERCENT))
  return `${formatDecimal(cents / 100, { minimumFractionDigits: 2 })} € netto (zzgl. ${VAT_RATE_PERCENT} % MwSt.)`
}
