/*
 * The five forms of a vehicle page (the enquiry, the test drive, the financing request, the price
 * alert and „Benachrichtigen, falls wieder frei“) and their wording: only vehicle pages load them.
 */
import { type FormDefinition } from './forms.ts'
import { contactFields, emailField, LEAD_LIMITS, leadForm, nameField, PHONE_OR_EMAIL, phoneField, priceField, selectField } from './lead-forms.ts'
import { FINANCING_TERMS } from './lead-prefill.ts'

/**
 * „Preis beobachten“ (issue 38 item 2) on a vehicle page: one field, the e-mail address; the car goes
 * along. Stored as a lead like every form; the alert starts only once the address is confirmed
 * through the link of the confirmation mail (double opt-in, docs/decisions/080).
 */
export const PRICE_ALERT_FORM: FormDefinition<'price-alert'> = {
  ...leadForm('price-alert', [
    {
      ...emailField(),
      required: true,
      inputMode: 'email',
      messages: { missing: 'Bitte geben Sie Ihre E-Mail-Adresse an, damit wir Ihnen schreiben können, wenn der Preis sinkt.' },
    },
  ]),
  texts: {
    ...leadForm('price-alert', []).texts,
    success: {
      title: 'Fast geschafft: Bitte bestätigen Sie Ihre E-Mail-Adresse',
      description:
        'Wir schicken Ihnen eine E-Mail mit einem Bestätigungslink, meist innerhalb weniger Minuten. Erst wenn Sie ihn öffnen und bestätigen, schreiben wir Ihnen, sobald der Preis dieses Fahrzeugs sinkt.',
    },
  },
  once: true,
  watchesVehicle: true,
  watchesPrice: true,
}

/** What a reserved car's status means to a buyer (issue 36): the vehicle page, the test drive and the receipts say it alike. */
export const RESERVED_MEANING =
  'Ein anderer Kunde hat es verbindlich reserviert; wir halten es bis zum Kaufabschluss für ihn zurück. Fällt die Reservierung weg, ist es wieder frei.'

/** The test drive of a reserved car: said before sending, in the confirmation and in the receipt. */
export function reservedTestDriveNote(name: string): string {
  return `Bitte beachten Sie: Der ${name} ist derzeit reserviert. Eine Probefahrt ist nur möglich, falls die Reservierung wegfällt – wir rufen Sie an und sagen Ihnen, ob es klappt.`
}

/**
 * „Benachrichtigen, falls wieder frei“ (issue 36) on a reserved car's page: a lead like any other,
 * naming the car; staff call or write back by hand when the reservation ends (decision 067: the
 * automatic alert with double opt-in is a later issue). Name and one way back, phone or e-mail.
 */
export const AVAILABILITY_ALERT_FORM: FormDefinition<'availability-alert'> = {
  ...leadForm('availability-alert', contactFields()),
  texts: {
    ...leadForm('availability-alert', []).texts,
    success: {
      title: 'Wir melden uns, falls es wieder frei wird',
      description: 'Vielen Dank! Fällt die Reservierung weg, rufen wir Sie an oder schreiben Ihnen – persönlich, sobald wir es wissen.',
    },
  },
  anyOf: [PHONE_OR_EMAIL],
  once: true,
  watchesVehicle: true,
}

/**
 * „Finanzierung anfragen“ (issue 38 item 3) on a vehicle page: the car, and the term and down payment
 * of the calculator above it, pre-filled (financingRequestPrefill, lead-prefill.ts) and still changeable; a name and
 * one way back. A lead like any other (the one pipeline); the term and the down payment are a select
 * and a number, so the receipt repeats them (decision 042).
 */
export const FINANCING_REQUEST_FORM: FormDefinition<'financing-request'> = {
  ...leadForm('financing-request', [
    ...contactFields(),
    { ...selectField('term', 'Laufzeit', FINANCING_TERMS), required: true, messages: { missing: 'Bitte wählen Sie eine Laufzeit.' } },
    {
      ...priceField('downPayment', 'Anzahlung (€)', 'z. B. 5.000'),
      required: true,
      messages: { missing: 'Bitte geben Sie eine Anzahlung an (0, wenn keine).' },
    },
    {
      name: 'message',
      label: 'Nachricht (optional)',
      type: 'textarea',
      required: false,
      maxLength: LEAD_LIMITS.message,
      placeholder: 'z. B. Fragen zur Rate, zu Sondertilgungen oder zu Ihrem Einkommen',
    },
  ]),
  texts: {
    ...leadForm('financing-request', []).texts,
    success: {
      title: 'Finanzierung angefragt!',
      description: 'Vielen Dank! Wir rechnen Ihr Angebot mit unserer Partnerbank durch und melden uns schnellstmöglich bei Ihnen.',
    },
  },
  anyOf: [PHONE_OR_EMAIL],
}

/** „Fahrzeug anfragen“ on a vehicle page. Issue 36: phone-first buyers may leave a number instead of an address (decision 071). */
export const VEHICLE_ENQUIRY_FORM: FormDefinition<'vehicle-enquiry'> = {
  ...leadForm('vehicle-enquiry', [
    ...contactFields(),
    { name: 'message', label: 'Nachricht', type: 'textarea', required: true, maxLength: LEAD_LIMITS.message, placeholder: 'Ihre Nachricht' },
  ]),
  anyOf: [PHONE_OR_EMAIL],
}

/** „Probefahrt vereinbaren“. Issue 26: a test drive the dealer can act on: a slot from the opening hours and a number to call back. */
export const TEST_DRIVE_FORM: FormDefinition<'test-drive'> = leadForm('test-drive', [
  nameField(),
  phoneField(),
  emailField('E-Mail (für Ihre Bestätigung)'),
  {
    name: 'slot',
    label: 'Wunschtermin',
    type: 'slot',
    required: true,
    messages: { missing: 'Bitte wählen Sie einen Wunschtermin.' },
    // Stored as the server's German text of a slot it checked against the opening hours (submit.server.ts).
    inReceipt: true,
  },
  { name: 'tradeIn', label: 'Fahrzeug in Zahlung geben?', type: 'checkbox', required: false },
  {
    name: 'message',
    label: 'Nachricht (optional)',
    type: 'textarea',
    required: false,
    maxLength: LEAD_LIMITS.message,
    placeholder: 'Fragen oder Wünsche zur Probefahrt',
  },
])
