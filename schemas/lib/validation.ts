/**
 * Pure validation helpers shared by the schema types (no Sanity imports, so tests can use them directly).
 */

/** `HH:MM`, 00:00–23:59 (24:00 is allowed as a closing time). */
export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/

/** `MM/YYYY`, the spec's first-registration format. */
export const FIRST_REGISTRATION_PATTERN = /^(0[1-9]|1[0-2])\/(\d{4})$/

/** The earliest and latest model year a vehicle may have. */
export const MIN_VEHICLE_YEAR = 1950
export function maxVehicleYear(now: Date = new Date()): number {
  return now.getFullYear() + 1
}

export const MAX_MILEAGE_KM = 2_000_000

/** Minutes since midnight of an `HH:MM` string. */
export function minutesOf(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':')
  return Number(hours) * 60 + Number(minutes)
}

/** kW to metric horsepower (PS), as mobile.de and German dealers round it. */
export function kwToHp(kw: number): number {
  return Math.round(kw * 1.35962)
}

/** Formats a price for previews: `28.900 €`. */
export function formatEuro(value: number): string {
  return `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }).format(value)} €`
}

/** Values that occur more than once in `values`. */
export function duplicates<T>(values: ReadonlyArray<T>): T[] {
  const seen = new Set<T>()
  const repeated = new Set<T>()
  for (const value of values) {
    if (seen.has(value)) repeated.add(value)
    seen.add(value)
  }
  return [...repeated]
}
