import { type VEHICLE_DETAIL_QUERYResult } from '~/sanity/types'
import { displayYear, formatDecimal, formatMileage, fuelLabel, transmissionLabel } from '~/utils/format'

type VehicleDetail = NonNullable<VEHICLE_DETAIL_QUERYResult>

/* The German presentation of a vehicle's data on /vehicles/{id}. */

/** Make and model, or the staff's display title when set. */
export function vehicleName(vehicle: Pick<VehicleDetail, 'make' | 'model' | 'title'>): string {
  return vehicle.title?.trim() || [vehicle.make, vehicle.model].filter(Boolean).join(' ') || 'Fahrzeug'
}

const oneDecimal = { minimumFractionDigits: 1 }

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

/** The technical data of the page, in German, without the rows the vehicle has no value for. */
export function technicalData(vehicle: VehicleDetail): Array<{ label: string; value: string }> {
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
    { label: 'Fahrzeugnummer', value: vehicle.id },
  ]
  return rows.filter((row): row is { label: string; value: string } => typeof row.value === 'string' && row.value.trim() !== '')
}

