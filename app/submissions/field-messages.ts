/*
 * The shared wording of field messages: what the lead forms show next to a field, and what the
 * server schema answers for every form (the contact form's fields name their own, in forms.ts).
 * Apart from forms.ts so that the home page, which shows only the contact form, does not load it.
 */
import { MAX_MILEAGE_KM, MAX_PRICE_EUR, MIN_VEHICLE_YEAR, maxVehicleYear } from '#schemas/lib/validation.ts'
import { formatDecimal } from '#app/utils/format.ts'
import { FORMAT_MESSAGES, type FieldDefinition, type FormDefinition, type LeadNumberKind } from './forms.ts'

/**
 * How a sentence names a field („Bitte geben Sie … an.“): its label in the accusative, with the
 * article or „Ihr“ a native reader expects. The one table of per-field wording; a label not in it
 * is named in quotes („Zielland“). Every required field of a lead form has its entry (forms.test.ts).
 */
const FIELD_NOUNS: Readonly<Record<string, string>> = {
  Name: 'Ihren Namen',
  'E-Mail': 'Ihre E-Mail-Adresse',
  Firmenname: 'Ihren Firmennamen',
  Postleitzahl: 'Ihre Postleitzahl',
  Marke: 'die Marke',
  Modell: 'das Modell',
  'Marke und Modell': 'Marke und Modell',
  Baujahr: 'das Baujahr',
  'Erstzulassung (Jahr)': 'das Jahr der Erstzulassung',
  'Kilometerstand (km)': 'den Kilometerstand',
  'Anzahlung (€)': 'die Anzahlung',
  'Preis von (€)': 'den Preis „von“',
  'Preis bis (€)': 'den Preis „bis“',
}

/** The field as a sentence names it: „Bitte geben Sie {fieldNoun} an.“ */
export function fieldNoun(label: string): string {
  return FIELD_NOUNS[label] ?? `„${label}“`
}

export const FIELD_MESSAGES = {
  /** An empty required field, named as FIELD_NOUNS says. */
  required: (label: string) => `Bitte geben Sie ${fieldNoun(label)} an.`,
  emailFormat: FORMAT_MESSAGES.email,
  message: 'Bitte schreiben Sie uns eine Nachricht.',
  callback: 'Bitte geben Sie eine Telefonnummer an, damit wir Sie zurückrufen können.',
  phoneFormat: FORMAT_MESSAGES.phone,
  /** A value that is no text (a number or list sent to the API): said to the client's developer, by the field's label as every API message names it. */
  text: (label: string) => `Bitte senden Sie „${label}“ als Text.`,
  /**
   * A character the field may not store (hasForbiddenCharacters): a line break in a one-line field, or
   * an invisible control that came with a pasted text. Said as what to do, not as „Steuerzeichen“.
   */
  forbidden: (label: string, { multiLine }: { multiLine: boolean }) =>
    multiLine
      ? `„${label}“ enthält unsichtbare Sonderzeichen, etwa aus einem kopierten Text. Bitte tippen Sie den Text neu ein, statt ihn einzufügen.`
      : `Bitte geben Sie ${fieldNoun(label)} in einer Zeile ein.`,
  tooLong: (label: string, max: number) => `„${label}“ darf höchstens ${formatDecimal(max)} Zeichen lang sein.`,
  /** A number the field cannot read (a comma, letters), with an example of what it holds: euros, kilometres or a year. */
  numberFormat: (label: string, kind: LeadNumberKind | undefined) => {
    const noun = fieldNoun(label)
    if (kind === 'price') return `Bitte geben Sie ${noun} in ganzen Euro an, z. B. 5.000.`
    if (kind === 'mileage') return `Bitte geben Sie ${noun} in ganzen Kilometern an, z. B. 85.000.`
    if (kind === 'year') return `Bitte geben Sie ${noun} mit vier Ziffern an, z. B. 2018.`
    return `Bitte geben Sie ${noun} als ganze Zahl ohne Komma an.`
  },
  year: (label: string, max: number) => `„${label}“ muss zwischen ${MIN_VEHICLE_YEAR} und ${max} liegen.`,
  mileage: (label: string) => `„${label}“ muss zwischen 0 und ${formatDecimal(MAX_MILEAGE_KM)} km liegen.`,
  price: (label: string) => `„${label}“ muss zwischen 0 und ${formatDecimal(MAX_PRICE_EUR)} € liegen.`,
  priceRange: 'Der Preis „von“ darf nicht über dem Preis „bis“ liegen.',
  option: (label: string) => `Bitte wählen Sie für „${label}“ einen Eintrag aus der Liste.`,
  checkbox: (label: string) => `Bitte kreuzen Sie „${label}“ an oder lassen Sie das Kästchen leer.`,
  /** A vehicle id no car can have (a hand-made post): where the cars are. */
  vehicleId: 'Dieses Fahrzeug ist nicht mehr in unserem Bestand. Unsere anderen Fahrzeuge finden Sie im Menü unter „Fahrzeuge“.',
  /** A price or availability alert for a car that is not (or no longer) in the lake: nothing to watch. */
  vehicleGone: 'Dieses Fahrzeug ist nicht mehr in unserem Bestand, daher können wir es nicht für Sie beobachten.',
  /** A price alert for a car offered at „Preis auf Anfrage“: no price that could fall. */
  noPriceToWatch:
    'Für dieses Fahrzeug nennen wir den Preis auf Anfrage, daher gibt es keinen Preis, den wir für Sie beobachten könnten. Fragen Sie ihn gern über „Fahrzeug anfragen“ bei uns an.',
} as const

/**
 * The message next to a filled field the browser's constraints refuse (type, pattern, maxLength):
 * the one the server schema gives for the same value. A number field's range is numberRangeMessage's
 * (its input is text, so that „123.456“ can be typed, and has no `min` or `max` the browser checks).
 */
export function formatMessage(field: FieldDefinition): string {
  if (field.messages?.invalid) return field.messages.invalid
  if (field.pattern) return field.pattern.message
  if (field.type === 'email') return FIELD_MESSAGES.emailFormat
  if (field.type === 'tel') return FIELD_MESSAGES.phoneFormat
  if (field.type === 'select') return FIELD_MESSAGES.option(field.label)
  if (field.type === 'number') return FIELD_MESSAGES.numberFormat(field.label, field.number)
  if (field.maxLength !== undefined) return tooLongMessage(field, field.maxLength)
  return FIELD_MESSAGES.text(field.label)
}

/**
 * The message of a number outside its field's range (a year from MIN_VEHICLE_YEAR to next year,
 * kilometres, euros), or undefined: the server schema's check, and the page's before sending, so
 * that a refused form names every problem at once.
 */
export function numberRangeMessage(field: FieldDefinition, number: number, now: Date = new Date()): string | undefined {
  switch (field.number) {
    case 'year': {
      const max = maxVehicleYear(now)
      return number < MIN_VEHICLE_YEAR || number > max ? FIELD_MESSAGES.year(field.label, max) : undefined
    }
    case 'mileage':
      return number < 0 || number > MAX_MILEAGE_KM ? FIELD_MESSAGES.mileage(field.label) : undefined
    case 'price':
      return number < 0 || number > MAX_PRICE_EUR ? FIELD_MESSAGES.price(field.label) : undefined
    default:
      return (field.min !== undefined && number < field.min) || (field.max !== undefined && number > field.max)
        ? FIELD_MESSAGES.numberFormat(field.label, field.number)
        : undefined
  }
}

/** The message of a text over its field's limit. */
export function tooLongMessage(field: FieldDefinition, max: number): string {
  return field.messages?.tooLong ?? FIELD_MESSAGES.tooLong(field.label, max)
}

/**
 * The message next to an empty required field of a lead form, in one personal style for every form
 * („Bitte geben Sie Ihren Namen an.“): a phone number says why we
 * need it, a message asks for one, a field with its own wording (the alerts' address) keeps it.
 */
export function missingLeadFieldMessage(field: FieldDefinition): string {
  if (field.messages?.missing) return field.messages.missing
  if (field.type === 'tel') return FIELD_MESSAGES.callback
  if (field.type === 'textarea') return FIELD_MESSAGES.message
  return FIELD_MESSAGES.required(field.label)
}

/** The message next to an empty required field named `name` of `form` (the server schema's, for any form). */
export function missingFieldMessage(form: FormDefinition, name: string): string {
  const field = form.fields.find((candidate) => candidate.name === name)
  return field ? form.messages.missing(field) : FIELD_MESSAGES.required(name)
}
