/**
 * Pure validation helpers shared by the schema types (no Sanity imports, so tests can use them directly).
 */

/** `HH:MM`, 00:00–23:59 (24:00 is allowed as a closing time). */
export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/

/** What a time field says under a text that is no time (its input and its rule); the stored value stays as it was. */
export const TIME_PROBLEM = 'Bitte eine Uhrzeit eintragen, z. B. 9, 16.30 oder 16:30 Uhr.'

/**
 * A time as staff type it, as the `HH:MM` stored: „9“, „9 Uhr“, „16.30“, „16:30 Uhr“, „930“, „1630“ and „16h“
 * (before, „16.00“ and „10 Uhr“ were refused). Null for anything else.
 */
export function readTime(typed: string): string | null {
  const match = /^(\d{1,2})(?:[:.]?(\d{2}))?\s*(?:uhr|h)?$/i.exec(typed.trim())
  if (!match) return null
  const time = `${match[1]!.padStart(2, '0')}:${match[2] ?? '00'}`
  return TIME_PATTERN.test(time) ? time : null
}

/** `MM/YYYY`, the spec's first-registration format. */
export const FIRST_REGISTRATION_PATTERN = /^(0[1-9]|1[0-2])\/(\d{4})$/

/**
 * A warning for a month of the next general inspection (MM/YYYY) that has passed or lies further
 * ahead than any inspection interval (three years for a new car); undefined when it looks right.
 */
export function inspectionDueProblem(value: string, now: Date = new Date()): string | undefined {
  const match = FIRST_REGISTRATION_PATTERN.exec(value)
  if (!match) return undefined
  const months = Number(match[2]) * 12 + Number(match[1]) - 1
  const current = now.getFullYear() * 12 + now.getMonth()
  if (months < current) return 'Dieser Monat ist vorbei: Die Hauptuntersuchung ist abgelaufen.'
  if (months > current + 36) return 'Mehr als drei Jahre voraus: Bitte den Monat prüfen.'
  return undefined
}

/** The earliest and latest model year a vehicle may have. */
export const MIN_VEHICLE_YEAR = 1950
export function maxVehicleYear(now: Date = new Date()): number {
  return now.getFullYear() + 1
}

export const MAX_MILEAGE_KM = 2_000_000

/** The highest price a form takes (a price wish, a budget). */
export const MAX_PRICE_EUR = 10_000_000

/** A vehicle's public id, the `{Nummer}` of /vehicles/{Nummer}: letters, digits and hyphens, at most 40 (the Studio's rule, read by every route and form that takes one). */
export const PUBLIC_VEHICLE_ID_PATTERN = /^[A-Za-z0-9-]{1,40}$/

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
