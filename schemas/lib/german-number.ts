/*
 * Numbers as Germans write them: thousands grouped by dots, decimals after a comma („24.500“,
 * „3,9“, „2.500,50“). The one reading for the site's forms (readWholeNumber) and the Studio's number
 * fields (GermanNumberInput), where a browser's `type="number"` read „24.500“ as 24,5 and stored a
 * car's price a thousand times too small.
 */

/** Digits, or thousands grouped by dots; then perhaps a comma and decimals. */
const GERMAN_NUMBER = /^(-?)(\d+|\d{1,3}(?:\.\d{3})+)(?:,(\d+))?$/

/**
 * The number a text means, null for anything else: spaces, „€“ and „km“ are noise; a dot before
 * anything but groups of three digits (`24.5`, `12.34`) is not German and is refused, not guessed.
 */
export function readGermanNumber(text: string): number | null {
  const match = GERMAN_NUMBER.exec(text.replace(/\s|€|km/gi, ''))
  if (!match) return null
  return Number(`${match[1]}${match[2]!.replaceAll('.', '')}.${match[3] ?? '0'}`)
}

/**
 * A stored number as a German reads it back („24.500“, „3,9“); years and other four digits stay ungrouped.
 * The formatter is made here, not at the module's top: the site's pages import the reader alone, and a
 * top-level `new` would come into their scripts along with it.
 */
export function formatGermanNumber(value: number | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return ''
  return new Intl.NumberFormat('de-DE', { maximumFractionDigits: 10, useGrouping: 'min2' }).format(value)
}
