/*
 * The sell request of /auto-verkaufen (issue 26): its fields, options and groups. A module of its own
 * so that only the sell page loads it (lead-forms.ts).
 */
import { GERMAN_MONTHS } from '#app/utils/format.ts'
import { type FormDefinition } from './forms.ts'
import { emailField, LEAD_LIMITS, leadForm, mileageField, nameField, PHONE_OR_EMAIL, phoneField, selectField, textField, yearField } from './lead-forms.ts'
import { MAX_PHOTOS, PHOTO_FIELD } from './photos.ts'

/** Options of the sell request (issue 26): what a dealer asks first about a car's condition. */
export const SALE_FUEL_TYPES = ['Benzin', 'Diesel', 'Hybrid', 'Elektro', 'Gas', 'Andere'] as const
export const SALE_GEARBOXES = ['Schaltgetriebe', 'Automatik'] as const
export const SALE_YES_NO = ['Ja', 'Nein', 'Weiß nicht'] as const
// An option is the value stored, so leads keep the words the seller chose: older ones read „Keine“ and „Egal“.
export const SALE_SERVICE_HISTORY = ['Lückenlos (Scheckheft)', 'Teilweise', 'Kein Serviceheft', 'Weiß nicht'] as const
export const SALE_CONTACT_TIMES = ['Jederzeit', 'Vormittags (8–12 Uhr)', 'Nachmittags (12–17 Uhr)', 'Abends (17–20 Uhr)'] as const
export const SALE_MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const

/** The sell request's groups (fieldsets of the page /auto-verkaufen), by field name; the photos sit between condition and person. */
export const SALE_GROUPS = {
  vehicle: ['make', 'model', 'registrationMonth', 'year', 'mileage', 'fuel', 'gearbox'],
  condition: ['accidentFree', 'drivable', 'serviceHistory', 'note'],
  person: ['name', 'postcode', 'phone', 'email', 'contactTime'],
} as const

/** The sell request (issue 26, /auto-verkaufen): vehicle, condition and person; its photos travel beside the fields. */
export const VEHICLE_SALE_FORM: FormDefinition<'vehicle-sale'> = {
  ...leadForm('vehicle-sale', [
    textField('make', 'Marke', 'z. B. VW', { required: true }),
    textField('model', 'Modell', 'z. B. Golf 1.5 TSI', { required: true }),
    {
      ...selectField('registrationMonth', 'Erstzulassung (Monat)', SALE_MONTHS),
      optionLabels: Object.fromEntries(SALE_MONTHS.map((month, index) => [month, `${month} – ${GERMAN_MONTHS[index]}`])),
    },
    { ...yearField('Erstzulassung (Jahr)'), required: true },
    { ...mileageField(), required: true },
    selectField('fuel', 'Kraftstoff', SALE_FUEL_TYPES),
    selectField('gearbox', 'Getriebe', SALE_GEARBOXES),
    selectField('accidentFree', 'Unfallfrei', SALE_YES_NO),
    selectField('drivable', 'Fahrbereit', SALE_YES_NO),
    selectField('serviceHistory', 'Serviceheft', SALE_SERVICE_HISTORY),
    {
      name: 'note',
      label: 'Anmerkungen zum Zustand',
      type: 'textarea',
      required: false,
      maxLength: LEAD_LIMITS.message,
      placeholder: 'z. B. Kratzer hinten links, neue Reifen, TÜV bis 2027',
    },
    nameField(),
    textField('postcode', 'Postleitzahl', 'z. B. 45326', {
      required: true,
      maxLength: 5,
      autoComplete: 'postal-code',
      inputMode: 'numeric',
      pattern: { source: '[0-9]{5}', message: 'Bitte geben Sie eine Postleitzahl mit fünf Ziffern an.' },
      inReceipt: true,
    }),
    { ...phoneField(), required: false },
    emailField(),
    selectField('contactTime', 'Am besten erreichbar', SALE_CONTACT_TIMES),
  ]),
  texts: {
    ...leadForm('vehicle-sale', []).texts,
    success: {
      title: 'Verkaufsanfrage gesendet!',
      description: 'Vielen Dank! Ihre Angaben sind bei uns eingegangen. Wir melden uns mit einer ersten Einschätzung bei Ihnen.',
    },
  },
  // The hint under the pair describes both fields: a screen reader reads it at each.
  anyOf: [PHONE_OR_EMAIL],
  photos: { field: PHOTO_FIELD, max: MAX_PHOTOS },
}
