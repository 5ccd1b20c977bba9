/** Valid bodies of the two submission APIs, shared by their tests. */
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
