/*
 * Display formatting of vehicle data (spec §3, §9). Every helper accepts `unknown` because the
 * values come from a marketplace sync and staff input: a formatter must never crash a page.
 */

/** Shown instead of a price that is missing or not a usable number (spec §8). */
export const PRICE_ON_REQUEST = 'Preis auf Anfrage'
/** Shown for a missing value in technical data. */
export const MISSING_VALUE = '–'
/** Spec §3: a vehicle without a year is shown as 2020. */
export const DEFAULT_YEAR = 2020

/**
 * A number written as de-DE writes it: `.` groups thousands, `,` separates the decimals
 * (`1.234.567,5`), rounded half away from zero. Identical to
 * `new Intl.NumberFormat('de-DE', { minimumFractionDigits, maximumFractionDigits })` for finite
 * numbers (format.test.ts compares the two), but without Intl: the browser's first
 * Intl.NumberFormat loads ICU's locale data, 33–46 ms of main thread on this machine and more
 * on a phone, in the middle of hydration (docs/decisions/018). Non-finite values give '–'.
 */
export function formatDecimal(value: number, options: { minimumFractionDigits?: number; maximumFractionDigits?: number } = {}): string {
  const { minimumFractionDigits = 0, maximumFractionDigits = minimumFractionDigits } = options
  if (!Number.isFinite(value)) return MISSING_VALUE
  const [whole, fraction] = roundDecimal(Math.abs(value), maximumFractionDigits)
  let decimals = fraction
  while (decimals.length > minimumFractionDigits && decimals.endsWith('0')) decimals = decimals.slice(0, -1)
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '.')
  const sign = value < 0 || Object.is(value, -0) ? '-' : ''
  return `${sign}${grouped}${decimals ? `,${decimals}` : ''}`
}

/**
 * The whole and fraction digits of a non-negative number rounded to `digits` decimals, half up.
 * Like ICU it rounds the shortest decimal that reads back as the number (1.005 → 1.01), not its
 * binary value (1.00499…, which toFixed rounds to 1.00).
 */
function roundDecimal(value: number, digits: number): [string, string] {
  const [mantissa = '0', exponent = '0'] = String(value).split('e')
  const [integerDigits = '0', fractionDigits = ''] = mantissa.split('.')
  let allDigits = integerDigits + fractionDigits
  let point = integerDigits.length + Number(exponent)
  if (point < 1) {
    allDigits = '0'.repeat(1 - point) + allDigits
    point = 1
  }
  const kept = allDigits.slice(0, point + digits).padEnd(point + digits, '0')
  const roundUp = (allDigits[point + digits] ?? '0') >= '5'
  const units = roundUp ? BigInt(kept) + BigInt(1) : BigInt(kept)
  const text = units.toString().padStart(digits + 1, '0')
  return [text.slice(0, text.length - digits), text.slice(text.length - digits)]
}

/** An amount in euros as de-DE writes it: `28.500 €`, `312,45 €` (a no-break space, U+00A0, before the sign, as Intl writes it). */
export function formatEuro(amount: number, { cents = false } = {}): string {
  const digits = cents ? 2 : 0
  return `${formatDecimal(amount, { minimumFractionDigits: digits, maximumFractionDigits: digits })}\u00a0€`
}

const THOUSANDS_DOT = /^\d{1,3}(\.\d{3})+$/
const THOUSANDS_COMMA = /^\d{1,3}(,\d{3})+$/

/**
 * Reads a non-negative amount from a number or a string as marketplaces and people write it.
 *
 * Strings: currency marks (`€`, `EUR`) and spaces are ignored. When both `.` and `,` occur, the
 * last one is the decimal separator (`28.500,00`, `28,500.00`). A lone separator followed by
 * groups of exactly three digits is a thousands separator (`28.500`, `1.250.000`, `28,500`);
 * otherwise it is the decimal separator (`28500.00` from mobile.de, `28500,5`). In a German
 * shop `28.500` means twenty-eight thousand five hundred, never 28.5 euros.
 *
 * Returns null for anything else: empty, text, negative, NaN, infinite, or beyond
 * Number.MAX_SAFE_INTEGER (such a figure is a data error, and no longer exact).
 */
export function parseAmount(value: unknown): number | null {
  let amount: number
  if (typeof value === 'number') {
    amount = value
  } else if (typeof value === 'string') {
    const text = value.replace(/€|eur/gi, '').replace(/[\s\u00a0\u202f]/g, '')
    if (!/^\d[\d.,]*$/.test(text)) return null
    amount = Number(normalizeSeparators(text))
  } else {
    return null
  }
  if (!Number.isFinite(amount) || amount < 0 || amount > Number.MAX_SAFE_INTEGER) return null
  return amount
}

function normalizeSeparators(text: string): string {
  const lastDot = text.lastIndexOf('.')
  const lastComma = text.lastIndexOf(',')
  if (lastDot !== -1 && lastComma !== -1) {
    const decimal = lastDot > lastComma ? '.' : ','
    const group = decimal === '.' ? ',' : '.'
    const [whole = '', fraction = ''] = splitOnce(text, text.lastIndexOf(decimal))
    const groupPattern = group === '.' ? THOUSANDS_DOT : THOUSANDS_COMMA
    // "1.2,5" is no number anyone writes; reject it rather than guess.
    if (!groupPattern.test(whole) || !/^\d+$/.test(fraction)) return 'NaN'
    return `${whole.split(group).join('')}.${fraction}`
  }
  if (lastComma !== -1) {
    if (THOUSANDS_COMMA.test(text)) return text.replaceAll(',', '')
    return text.split(',').length === 2 ? text.replace(',', '.') : 'NaN'
  }
  if (lastDot !== -1) {
    if (THOUSANDS_DOT.test(text)) return text.replaceAll('.', '')
    return text.split('.').length === 2 ? text : 'NaN'
  }
  return text
}

function splitOnce(text: string, index: number): [string, string] {
  return [text.slice(0, index), text.slice(index + 1)]
}

/**
 * A price in euros, German style, without cents: `28.500 €` (the space is a no-break space,
 * U+00A0, as Intl writes it). Missing, non-numeric or zero prices read 'Preis auf Anfrage':
 * a car offered for 0 € is an unset price, not a gift.
 */
export function formatPrice(price: unknown): string {
  const amount = askingPrice(price)
  return amount === null ? PRICE_ON_REQUEST : formatEuro(amount)
}

/** The price a car is offered at, in whole euros; null for 'Preis auf Anfrage' (missing, unreadable or 0 €, as formatPrice). */
export function askingPrice(price: unknown): number | null {
  const amount = parseAmount(price)
  return amount === null || Math.round(amount) === 0 ? null : Math.round(amount)
}

/** Mileage in kilometres, German grouping: `45.000 km`; '–' when missing or invalid. */
export function formatMileage(mileage: unknown): string {
  const km = parseAmount(typeof mileage === 'string' ? mileage.replace(/km/i, '') : mileage)
  if (km === null) return MISSING_VALUE
  // A plain space as spec §9 writes it; pages keep the unit with the number via `whitespace-nowrap`.
  return `${formatDecimal(Math.round(km))} km`
}

const FUEL_LABELS: Record<string, string> = {
  DIESEL: 'Diesel',
  PETROL: 'Benzin',
  ELECTRIC: 'Elektro',
  HYBRID: 'Hybrid',
  GAS: 'Gas',
  // mobile.de keys that may reach the site before they are mapped (DESIGN §4).
  ELECTRICITY: 'Elektro',
  HYBRID_DIESEL: 'Hybrid',
  LPG: 'Gas',
  CNG: 'Gas',
}

const TRANSMISSION_LABELS: Record<string, string> = {
  AUTOMATIC: 'Automatik',
  MANUAL: 'Schaltgetriebe',
  SEMI_AUTOMATIC: 'Halbautomatik',
  AUTOMATIC_GEAR: 'Automatik',
  MANUAL_GEAR: 'Schaltgetriebe',
  SEMIAUTOMATIC_GEAR: 'Halbautomatik',
}

/** German label of a fuel key (spec §9); an unknown key is shown title-cased, a missing one as '–'. */
export function fuelLabel(fuel: unknown): string {
  return enumLabel(fuel, FUEL_LABELS)
}

/** German label of a transmission key (spec §9); an unknown key is shown title-cased, a missing one as '–'. */
export function transmissionLabel(transmission: unknown): string {
  return enumLabel(transmission, TRANSMISSION_LABELS)
}

function enumLabel(value: unknown, labels: Record<string, string>): string {
  if (typeof value !== 'string' || value.trim() === '') return MISSING_VALUE
  const key = value.trim().toUpperCase()
  return labels[key] ?? titleCase(value.trim())
}

function titleCase(text: string): string {
  return text
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/** The model year to show: the vehicle's year when it is a plausible one, else 2020 (spec §3). */
export function displayYear(year: unknown): number {
  const value = typeof year === 'string' && /^\s*\d{4}\s*$/.test(year) ? Number(year) : year
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1900 || value > 2100) return DEFAULT_YEAR
  return value
}

/** A page's `<title>`: what it shows, then the dealer's name (none while the settings have none). */
export function dealerTitle(title: string, dealer: string | null | undefined): string {
  return dealer ? `${title} | ${dealer}` : title
}

/**
 * A `tel:` URI in international form from a German display number:
 * `0201 8512 3400` → `tel:+4920185123400`, `+49 201 …` and `0049 201 …` stay international.
 * Returns an empty string when the text holds no digits.
 */
export function telHref(phone: string): string {
  // "+49 (0)201 …": the bracketed trunk zero is dialled only from within Germany.
  const trimmed = phone.trim().replace(/\(0\)/g, '')
  const digits = trimmed.replace(/\D/g, '')
  if (digits === '') return ''
  if (trimmed.startsWith('+')) return `tel:+${digits}`
  if (digits.startsWith('00')) return `tel:+${digits.slice(2)}`
  if (digits.startsWith('0')) return `tel:+49${digits.slice(1)}`
  return `tel:${digits}`
}

/** A `mailto:` URI; the address is trimmed, nothing else (addresses come from our own settings). */
export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`
}

/** The months as German copy names them. */
export const GERMAN_MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'] as const

/** A calendar date (`2026-10-12`) as German copy writes it: „12. Oktober 2026“; anything else as '–'. */
export function formatLongDate(date: unknown): string {
  const match = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null
  const month = match ? GERMAN_MONTHS[Number(match[2]) - 1] : undefined
  if (!match || !month) return MISSING_VALUE
  return `${Number(match[3])}. ${month} ${match[1]}`
}
