import { type Locator, type Page } from '@playwright/test'

/*
 * Every lead form of /formulare as the e2e tests fill them: lead-forms.test.ts sends each and checks
 * what is stored; accessibility.test.ts scans each one's confirmation.
 */

export type Input = { label: string; value: string } | { label: string; select: string } | { label: string; check: true }

export interface FormCase {
  anchor: string
  kind: string
  /** The text field that carries the unique marker. */
  marker: string
  inputs: Input[]
  /** The stored `fields` besides the marker's, as `name: value`. */
  stored: Record<string, string>
}

const year = { label: 'Baujahr', value: '2018' }
const phone = (label = 'Telefon') => ({ label, value: '0201 123456' })

export const FORMS: FormCase[] = [
  {
    anchor: 'fahrzeug-anfrage',
    kind: 'vehicle-enquiry',
    marker: 'Name',
    inputs: [{ label: 'E-Mail', value: 'erika@example.de' }],
    stored: { email: 'erika@example.de', message: 'Ich interessiere mich für den BMW 320d Touring. Bitte kontaktieren Sie mich.' },
  },
  ...(['sonsbeck', 'uedem'] as const).map((city) => ({
    anchor: `bewertung-${city}`,
    kind: 'valuation',
    marker: 'Modell',
    inputs: [{ label: 'Marke', value: 'VW' }, year, { label: 'Kilometerstand (km)', value: '85000' }, phone()],
    stored: { brand: 'VW', year: '2018', mileage: '85000', phone: '0201 123456' },
  })),
  {
    anchor: 'bewertung-muenster',
    kind: 'valuation',
    marker: 'Modell',
    inputs: [{ label: 'Marke', value: 'Opel' }, year, phone(), { label: 'Schnelle Abwicklung gewünscht', check: true }],
    stored: { brand: 'Opel', year: '2018', phone: '0201 123456', quick: 'Ja' },
  },
  {
    anchor: 'bmw-ankauf',
    kind: 'valuation-bmw',
    marker: 'Modell',
    inputs: [year, { label: 'Kilometerstand (km)', value: '120000' }, phone()],
    stored: { year: '2018', mileage: '120000', phone: '0201 123456' },
  },
  ...(['mercedes', 'audi'] as const).map((brand) => ({
    anchor: `${brand}-ankauf`,
    kind: 'brand-purchase',
    marker: 'Modell',
    inputs: [year, { label: 'Kilometerstand (km)', value: '99000' }, phone()],
    stored: { year: '2018', mileage: '99000', phone: '0201 123456' },
  })),
  {
    anchor: 'studenten-ankauf',
    kind: 'student',
    marker: 'Marke und Modell',
    inputs: [
      year,
      { label: 'Kilometerstand (km)', value: '150000' },
      phone('Telefon oder WhatsApp'),
      { label: 'Wunschtermin', select: 'Zwischen Vorlesungen' },
    ],
    stored: { year: '2018', mileage: '150000', phone: '0201 123456', appointment: 'Zwischen Vorlesungen' },
  },
  {
    anchor: 'gebrauchtwagen-anfrage',
    kind: 'used-car-enquiry',
    marker: 'Wunschfahrzeug',
    inputs: [{ label: 'Preis von (€)', value: '8000' }, { label: 'Preis bis (€)', value: '18000' }, phone()],
    stored: { priceFrom: '8000', priceTo: '18000', phone: '0201 123456' },
  },
  {
    anchor: 'export-anfrage',
    kind: 'export',
    marker: 'Zielland',
    inputs: [{ label: 'Fahrzeugtyp', select: 'Baumaschine' }, { label: 'Marke', value: 'Liebherr' }, { label: 'Baujahr', value: '2015' }, phone()],
    stored: { vehicleType: 'Baumaschine', make: 'Liebherr', year: '2015', phone: '0201 123456' },
  },
  {
    anchor: 'haendler-registrierung',
    kind: 'dealer-registration',
    marker: 'Firmenname',
    inputs: [{ label: 'Standort', value: 'Essen' }, { label: 'Fahrzeuge pro Jahr', select: '50+' }, { label: 'Spezialisierung', select: 'Premium' }, phone()],
    stored: { location: 'Essen', vehiclesPerYear: '50+', specialisation: 'Premium', phone: '0201 123456' },
  },
]

export const VEHICLE_TOAST = 'Ihre Anfrage wurde gesendet! Wir melden uns schnellstmöglich bei Ihnen.'

/** The forms that value a seller's car: their confirmation promises the seed's Kennzahl „Bewertung innerhalb (Stunden)“, 24. */
const VALUATION_KINDS = ['valuation', 'valuation-bmw', 'brand-purchase', 'student']

/** The words of a lead form's confirmation (after its title). */
export const sentText = (kind: string) =>
  kind === 'vehicle-enquiry'
    ? VEHICLE_TOAST
    : VALUATION_KINDS.includes(kind)
      ? 'Vielen Dank! Wir melden uns innerhalb von 24 Stunden (an Werktagen) mit einer ersten Einschätzung bei Ihnen.'
      : 'Vielen Dank! Wir melden uns schnellstmöglich bei Ihnen.'

export const formIn = (page: Page, anchor: string) => page.locator(`#${anchor} form`)

/** The title of a lead form's confirmation: the dealer registration's names what was sent (copy review 2026-11-29, L10). */
export const sentTitle = (kind: string) => (kind === 'dealer-registration' ? 'Registrierung gesendet!' : 'Anfrage gesendet!')
/** The control labelled exactly `label` (a required field's label ends in its asterisk). */
export const control = (form: Locator, label: string) => form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`))

export async function fillForm(form: Locator, { marker, inputs }: FormCase, markerValue: string) {
  await control(form, marker).fill(markerValue)
  for (const input of inputs) {
    if ('select' in input) await control(form, input.label).selectOption(input.select)
    else if ('check' in input) await control(form, input.label).check()
    else await control(form, input.label).fill(input.value)
  }
}
