import { type NumberInputProps } from 'sanity'
import { formatGermanNumber, readGermanNumber } from '../lib/german-number'
import { type Reading, ReadTextInput } from './read-text-input'

/** What the field says under a text that is no German number; the stored value stays as it was. */
export const GERMAN_NUMBER_PROBLEM = 'Bitte als Zahl eintragen: Tausender mit Punkt oder ohne, Dezimalstellen mit Komma, z. B. 24.500 oder 3,9.'

const GERMAN_NUMBER: Reading<number> = { read: readGermanNumber, show: formatGermanNumber, problem: GERMAN_NUMBER_PROBLEM, inputMode: 'decimal' }

/**
 * Every number field of the Studio (sanity.config.ts, FormInput): a text field that reads „24.500“ as
 * 24500 and „3,9“ as 3,9, as staff write numbers, and shows the stored number the same way. The
 * browser's own number field read „24.500“ as 24,5 and published a price of 25 €.
 */
export function GermanNumberInput(props: NumberInputProps) {
  return <ReadTextInput props={props} reading={GERMAN_NUMBER} />
}
