/** Valid submissions of the APIs and the sell form, shared by their tests. */
export const VALID_CONTACT = {
  name: 'Erika Mustermann',
  email: 'erika@example.de',
  phone: '0201 123456',
  subject: 'ankauf',
  message: 'Ich möchte meinen Golf verkaufen.',
}

/** A dealer registration: a lead kind whose fields are all text or options. */
export const VALID_DEALER_LEAD = {
  kind: 'dealer-registration',
  company: 'Autohaus Test GmbH',
  location: 'Essen',
  vehiclesPerYear: '15-50',
  specialisation: 'Export',
  phone: '0201 555',
}

/** The sell form's text fields (/auto-verkaufen, multipart with the photos beside them). */
export const VALID_SALE = {
  leadKind: 'vehicle-sale',
  anchor: 'verkaufen',
  page: '/auto-verkaufen',
  make: 'VW',
  model: 'Golf 1.5 TSI',
  registrationMonth: '03',
  year: '2017',
  mileage: '98000',
  fuel: 'Benzin',
  accidentFree: 'Ja',
  drivable: 'Ja',
  serviceHistory: 'Teilweise',
  note: 'Kratzer hinten links',
  name: 'Erika Mustermann',
  postcode: '45326',
  email: 'erika@example.de',
  contactTime: 'Jederzeit',
  website: '',
}
