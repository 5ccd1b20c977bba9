import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { type LeadKind } from '#app/submissions/forms.ts'
import { LEAD_KINDS } from '#app/submissions/lead-forms.ts'
import { LEAD_FORMS } from '#app/submissions/form-registry.ts'
import { PRICE_ALERT_CONSENT, SEARCH_ALERT_CONSENT } from '#app/alerts/consent.ts'
import {
  parseSubmission as parseLead,
  storeSubmission,
  toDocument,
  type SubmissionParse as LeadSubmission,
  type ParsedSubmission as ParsedLead,
} from '#app/submissions/schema.server.ts'

const FIXTURE = 'tests/fixtures/mini-dataset'
const NEXT_YEAR = new Date().getFullYear() + 1

const CALLBACK = 'Bitte geben Sie eine Telefonnummer an, damit wir Sie zurückrufen können.'
const PHONE_FORMAT = 'Bitte geben Sie eine gültige Telefonnummer an.'
const yearMessage = (max = NEXT_YEAR, label = 'Baujahr') => `„${label}“ muss zwischen 1950 und ${max} liegen.`
const YEAR_FORMAT = 'Bitte geben Sie das Baujahr mit vier Ziffern an, z. B. 2018.'
const mileageMessage = (label: string) => `„${label}“ muss zwischen 0 und 2.000.000 km liegen.`
// Each with an example of what the field holds (copy review 2026-11-29, M11).
const MILEAGE_FORMAT = 'Bitte geben Sie den Kilometerstand in ganzen Kilometern an, z. B. 85.000.'
const priceFormat = (bound: 'von' | 'bis') => `Bitte geben Sie den Preis „${bound}“ in ganzen Euro an, z. B. 5.000.`
const PRICE = '„Preis von (€)“ muss zwischen 0 und 10.000.000 € liegen.'
const PRICE_RANGE = 'Der Preis „von“ darf nicht über dem Preis „bis“ liegen.'
// Says where the cars are (copy review 2026-11-29, L12).
const VEHICLE_UNKNOWN = 'Dieses Fahrzeug ist nicht mehr in unserem Bestand. Unsere anderen Fahrzeuge finden Sie im Menü unter „Fahrzeuge“.'

/** A complete, valid submission of each form, as a form post sends it (strings only). */
const VALID: Record<LeadKind, Record<string, string>> = {
  'vehicle-enquiry': {
    name: 'Erika Mustermann',
    email: 'erika@example.de',
    message: 'Ich interessiere mich für den VW Golf. Bitte kontaktieren Sie mich.',
    vehicleId: '1',
  },
  'test-drive': {
    name: 'Erika Mustermann',
    phone: '0201 123456',
    email: 'erika@example.de',
    slot: '2030-01-07T09:00-12:00',
    tradeIn: 'on',
    vehicleId: '1',
  },
  valuation: { brand: 'VW', model: 'Golf', year: '2018', mileage: '85000', phone: '0201 123456', quick: 'on' },
  'valuation-bmw': { model: '320d', year: '2019', mileage: '60000', phone: '+49 201 123456' },
  'brand-purchase': { model: 'C-Klasse', year: '2017', mileage: '120000', phone: '0201 123456' },
  student: { vehicle: 'VW Polo', year: '2012', mileage: '150000', phone: '0151 1234567', appointment: 'Abends nach 18 Uhr' },
  'used-car-enquiry': { desiredVehicle: 'BMW 3er Touring', priceFrom: '10000', priceTo: '20000', phone: '0201 123456' },
  export: { vehicleType: 'Baumaschine', country: 'Polen', make: 'Liebherr', year: '2010', phone: '+48 123 456 789' },
  'dealer-registration': {
    company: 'Autohaus Beispiel GmbH',
    location: 'Essen',
    vehiclesPerYear: '15-50',
    specialisation: 'PKW Handel',
    phone: '0201 123456',
  },
  'vehicle-sale': {
    make: 'VW',
    model: 'Golf',
    registrationMonth: '03',
    year: '2017',
    mileage: '98000',
    accidentFree: 'Ja',
    name: 'Erika Mustermann',
    postcode: '45326',
    email: 'erika@example.de',
  },
  'search-request': { emailOrPhone: 'erika@example.de', query: 'Kombi Elektro unter 20000' },
  'availability-alert': { name: 'Erika Mustermann', phone: '0201 123456', vehicleId: '10' },
  'price-alert': { email: 'erika@example.de', vehicleId: '1' },
  'financing-request': { name: 'Erika Mustermann', email: 'erika@example.de', term: '60 Monate', downPayment: '5000', vehicleId: '5' },
}

/** What each valid submission becomes: the fields as [name, label, value] and the contact summary. */
const EXPECTED: Record<LeadKind, { fields: Array<[string, string, string]>; contact: ParsedLead['contact'] }> = {
  'vehicle-enquiry': {
    fields: [
      ['name', 'Name', 'Erika Mustermann'],
      ['email', 'E-Mail', 'erika@example.de'],
      ['message', 'Nachricht', 'Ich interessiere mich für den VW Golf. Bitte kontaktieren Sie mich.'],
    ],
    contact: { name: 'Erika Mustermann', email: 'erika@example.de' },
  },
  'test-drive': {
    fields: [
      ['name', 'Name', 'Erika Mustermann'],
      ['phone', 'Telefon', '0201 123456'],
      ['email', 'E-Mail (für Ihre Bestätigung)', 'erika@example.de'],
      // The slot's form only: whether the dealer is open then, submit() checks with the hours in the lake.
      ['slot', 'Wunschtermin', '2030-01-07T09:00-12:00'],
      ['tradeIn', 'Fahrzeug in Zahlung geben?', 'Ja'],
    ],
    contact: { name: 'Erika Mustermann', phone: '0201 123456', email: 'erika@example.de' },
  },
  valuation: {
    fields: [
      ['brand', 'Marke', 'VW'],
      ['model', 'Modell', 'Golf'],
      ['year', 'Baujahr', '2018'],
      ['mileage', 'Kilometerstand (km)', '85000'],
      ['phone', 'Telefon', '0201 123456'],
      ['quick', 'Schnelle Abwicklung gewünscht', 'Ja'],
    ],
    contact: { phone: '0201 123456' },
  },
  'valuation-bmw': {
    fields: [
      ['model', 'Modell', '320d'],
      ['year', 'Baujahr', '2019'],
      ['mileage', 'Kilometerstand (km)', '60000'],
      ['phone', 'Telefon', '+49 201 123456'],
    ],
    contact: { phone: '+49 201 123456' },
  },
  'brand-purchase': {
    fields: [
      ['model', 'Modell', 'C-Klasse'],
      ['year', 'Baujahr', '2017'],
      ['mileage', 'Kilometerstand (km)', '120000'],
      ['phone', 'Telefon', '0201 123456'],
    ],
    contact: { phone: '0201 123456' },
  },
  student: {
    fields: [
      ['vehicle', 'Marke und Modell', 'VW Polo'],
      ['year', 'Baujahr', '2012'],
      ['mileage', 'Kilometerstand (km)', '150000'],
      ['phone', 'Telefon oder WhatsApp', '0151 1234567'],
      ['appointment', 'Wunschtermin', 'Abends nach 18 Uhr'],
    ],
    contact: { phone: '0151 1234567' },
  },
  'used-car-enquiry': {
    fields: [
      ['desiredVehicle', 'Wunschfahrzeug', 'BMW 3er Touring'],
      ['priceFrom', 'Preis von (€)', '10000'],
      ['priceTo', 'Preis bis (€)', '20000'],
      ['phone', 'Telefon', '0201 123456'],
    ],
    contact: { phone: '0201 123456' },
  },
  export: {
    fields: [
      ['vehicleType', 'Fahrzeugtyp', 'Baumaschine'],
      ['country', 'Zielland', 'Polen'],
      ['make', 'Marke', 'Liebherr'],
      ['year', 'Baujahr', '2010'],
      ['phone', 'Telefon', '+48 123 456 789'],
    ],
    contact: { phone: '+48 123 456 789' },
  },
  'dealer-registration': {
    fields: [
      ['company', 'Firmenname', 'Autohaus Beispiel GmbH'],
      ['location', 'Standort', 'Essen'],
      ['vehiclesPerYear', 'Fahrzeuge pro Jahr', '15-50'],
      ['specialisation', 'Spezialisierung', 'PKW Handel'],
      ['phone', 'Telefon', '0201 123456'],
    ],
    contact: { name: 'Autohaus Beispiel GmbH', phone: '0201 123456' },
  },
  'vehicle-sale': {
    fields: [
      ['make', 'Marke', 'VW'],
      ['model', 'Modell', 'Golf'],
      ['registrationMonth', 'Erstzulassung (Monat)', '03'],
      ['year', 'Erstzulassung (Jahr)', '2017'],
      ['mileage', 'Kilometerstand (km)', '98000'],
      ['accidentFree', 'Unfallfrei', 'Ja'],
      ['name', 'Name', 'Erika Mustermann'],
      ['postcode', 'Postleitzahl', '45326'],
      ['email', 'E-Mail', 'erika@example.de'],
    ],
    contact: { name: 'Erika Mustermann', email: 'erika@example.de' },
  },
  'search-request': {
    fields: [
      ['emailOrPhone', 'E-Mail oder Telefon', 'erika@example.de'],
      ['query', 'Gesucht', 'Kombi Elektro unter 20000'],
    ],
    contact: { email: 'erika@example.de' },
  },
  'availability-alert': {
    fields: [
      ['name', 'Name', 'Erika Mustermann'],
      ['phone', 'Telefon', '0201 123456'],
    ],
    contact: { name: 'Erika Mustermann', phone: '0201 123456' },
  },
  'price-alert': {
    fields: [['email', 'E-Mail', 'erika@example.de']],
    contact: { email: 'erika@example.de' },
  },
  'financing-request': {
    fields: [
      ['name', 'Name', 'Erika Mustermann'],
      ['email', 'E-Mail', 'erika@example.de'],
      ['term', 'Laufzeit', '60 Monate'],
      ['downPayment', 'Anzahlung (€)', '5000'],
    ],
    contact: { name: 'Erika Mustermann', email: 'erika@example.de' },
  },
}

// The sell request needs phone or e-mail, not a phone (its own tests below).
// The sell request and the Suchauftrag take phone or e-mail (their own tests below).
// „Benachrichtigen, falls wieder frei“ too (issue 36).
const CALLBACK_KINDS = LEAD_KINDS.filter(
  (kind) =>
    kind !== 'vehicle-enquiry' &&
    kind !== 'vehicle-sale' &&
    kind !== 'search-request' &&
    kind !== 'availability-alert' &&
    kind !== 'price-alert' &&
    kind !== 'financing-request',
)
// The sell request labels its year „Erstzulassung (Jahr)“; the range rules are the same.
const YEAR_KINDS = LEAD_KINDS.filter((kind) => 'year' in VALID[kind] && kind !== 'vehicle-sale')
const MILEAGE_KINDS = LEAD_KINDS.filter((kind) => 'mileage' in VALID[kind])

function valid(submission: LeadSubmission): ParsedLead {
  if (submission.kind !== 'valid') throw new Error(`expected a valid lead, got ${JSON.stringify(submission.fieldErrors)}`)
  return submission.parsed
}

/** The field errors of an invalid submission (fails the test when it is valid). */
function errorsOf(kind: LeadKind, changes: Record<string, unknown>) {
  const submission = parseLead(kind, { ...VALID[kind], ...changes })
  if (submission.kind !== 'invalid') throw new Error(`expected ${JSON.stringify(changes)} to be rejected`)
  return submission.fieldErrors
}

/** The stored value of one field of a valid submission. */
function valueOf(kind: LeadKind, changes: Record<string, unknown>, name: string) {
  return valid(parseLead(kind, { ...VALID[kind], ...changes })).fields.find((field) => field.name === name)?.value
}

describe('parseLead: the sell request (issue 26)', () => {
  const PHONE_OR_EMAIL = 'Bitte geben Sie eine Telefonnummer oder eine E-Mail-Adresse an, damit wir Ihnen antworten können.'

  it('needs phone or e-mail, either one, with the message at both fields', () => {
    expect(errorsOf('vehicle-sale', { email: '' })).toEqual({ phone: [PHONE_OR_EMAIL], email: [PHONE_OR_EMAIL] })
    expect(valid(parseLead('vehicle-sale', { ...VALID['vehicle-sale'], email: '', phone: '0151 1234567' })).contact).toEqual({
      name: 'Erika Mustermann',
      phone: '0151 1234567',
    })
  })

  it('needs make, model, year, mileage, name and a five-digit postcode', () => {
    expect(Object.keys(errorsOf('vehicle-sale', { make: '', model: '', year: '', mileage: '', name: '', postcode: '' })).sort()).toEqual(
      ['make', 'mileage', 'model', 'name', 'postcode', 'year'].sort(),
    )
    expect(errorsOf('vehicle-sale', { postcode: '4532' })).toEqual({ postcode: ['Bitte geben Sie eine Postleitzahl mit fünf Ziffern an.'] })
    expect(errorsOf('vehicle-sale', { registrationMonth: '13' }).registrationMonth).toHaveLength(1)
  })
})

describe('„Benachrichtigen, falls wieder frei“ (issue 36)', () => {
  it('takes a name and a phone number or an e-mail address, and refuses neither', () => {
    expect(valid(parseLead('availability-alert', { name: 'Erika', email: 'erika@example.de', vehicleId: '10' })).contact).toEqual({
      name: 'Erika',
      email: 'erika@example.de',
    })
    const errors = errorsOf('availability-alert', { phone: '', email: '' })
    expect(errors.phone?.[0]).toMatch(/Telefonnummer oder eine E-Mail-Adresse/)
    expect(errorsOf('availability-alert', { name: '' })).toHaveProperty('name')
  })
})

describe('the page a form was sent from', () => {
  it('is stored when it is a page of the site, and left out when it names another host', () => {
    const lead = (page: string) => toDocument(valid(parseLead('availability-alert', { ...VALID['availability-alert'], page })))
    expect(lead('/vehicles/2?zurueck=%2Fvehicles')).toMatchObject({ page: '/vehicles/2?zurueck=%2Fvehicles' })
    for (const page of ['/\\evil.example/login', '//evil.example/login', '/%2F%2Fevil.example']) expect(lead(page)).not.toHaveProperty('page')
  })
})

describe('„Preis beobachten“ (issue 38)', () => {
  it('needs an e-mail address; the stored lead carries the consent text and the request time, unconfirmed', () => {
    expect(errorsOf('price-alert', { email: '' }).email?.[0]).toMatch(/E-Mail-Adresse/)
    expect(errorsOf('price-alert', { email: '0201 123456' })).toHaveProperty('email')
    const now = new Date('2026-11-28T10:00:00.000Z')
    const doc = toDocument(valid(parseLead('price-alert', VALID['price-alert'])), { now, vehicleRef: 'vehicle-1' })
    expect(doc).toMatchObject({
      kind: 'price-alert',
      confirmationPending: true,
      alert: { status: 'unconfirmed', consentText: PRICE_ALERT_CONSENT, requestedAt: now.toISOString() },
    })
  })

  it('a Suchauftrag becomes an alert with an e-mail address, not with a phone number', () => {
    const byMail = toDocument(valid(parseLead('search-request', VALID['search-request'])))
    expect(byMail).toMatchObject({ alert: { status: 'unconfirmed', consentText: SEARCH_ALERT_CONSENT, query: 'Kombi Elektro unter 20000' } })
    const byPhone = toDocument(valid(parseLead('search-request', { ...VALID['search-request'], emailOrPhone: '0201 123456' })))
    expect(byPhone).not.toHaveProperty('alert')
  })
})

describe('„Finanzierung anfragen“ (issue 38 item 3)', () => {
  it('carries the car, the term and the down payment; a term outside the calculator’s or a negative amount is refused', () => {
    const lead = valid(parseLead('financing-request', VALID['financing-request']))
    expect(lead.vehicleId).toBe('5')
    expect(lead.values).toMatchObject({ term: '60 Monate', downPayment: 5000 })
    expect(errorsOf('financing-request', { term: '50 Monate' }).term).toHaveLength(1)
    expect(errorsOf('financing-request', { downPayment: '-1' }).downPayment).toHaveLength(1)
    expect(Object.keys(errorsOf('financing-request', { term: '', downPayment: '' })).sort()).toEqual(['downPayment', 'term'])
    expect(errorsOf('financing-request', { email: '', phone: '' }).phone?.[0]).toMatch(/Telefonnummer oder eine E-Mail-Adresse/)
  })
})

describe('parseLead: a valid submission of every form', () => {
  it.each(LEAD_KINDS)('%s', (kind) => {
    const lead = valid(parseLead(kind, VALID[kind]))
    expect(lead.kind).toBe(kind)
    expect(lead.fields).toEqual(EXPECTED[kind].fields.map(([name, label, value]) => ({ name, label, value })))
    expect(lead.contact).toEqual(EXPECTED[kind].contact)
    if (kind === 'vehicle-enquiry' || kind === 'test-drive' || kind === 'price-alert') expect(lead.vehicleId).toBe('1')
    else if (kind === 'availability-alert') expect(lead.vehicleId).toBe('10')
    else if (kind === 'financing-request') expect(lead.vehicleId).toBe('5')
    else expect(lead).not.toHaveProperty('vehicleId')
  })

  it('trims values, leaves empty optional fields out and ignores unknown keys', () => {
    const lead = valid(
      parseLead('valuation', { brand: '  VW ', model: '', year: '', mileage: '  ', phone: ' 0201 123456 ', quick: '', page: '/x', extra: 'y' }),
    )
    expect(lead.fields).toEqual([
      { name: 'brand', label: 'Marke', value: 'VW' },
      { name: 'phone', label: 'Telefon', value: '0201 123456' },
    ])
  })

  it('accepts numbers and booleans as the JSON API sends them', () => {
    const lead = valid(parseLead('valuation', { phone: '0201 123456', year: 2018, mileage: 0, quick: true }))
    expect(lead.fields.map((field) => field.value)).toEqual(['2018', '0', '0201 123456', 'Ja'])
    expect(valid(parseLead('valuation', { phone: '0201 123456', quick: false })).fields.map((field) => field.name)).toEqual(['phone'])
  })

  it('refuses a phone number with fewer than six digits, which no one can call back', () => {
    expect(errorsOf('valuation', { phone: '0176 1' })).toEqual({ phone: [PHONE_FORMAT] })
    expect(errorsOf('vehicle-sale', { phone: '0176 1', email: '' })).toEqual({ phone: [PHONE_FORMAT] })
    expect(valueOf('valuation', { phone: '0176 12' }, 'phone')).toBe('0176 12')
  })

  it('accepts a phone number alone on every call-back form', () => {
    // The dealer registration also needs the company, a test drive a name and a slot.
    for (const kind of CALLBACK_KINDS.filter((candidate) => candidate !== 'dealer-registration' && candidate !== 'test-drive')) {
      expect(valid(parseLead(kind, { phone: '0201 123456' })).fields, kind).toEqual([{ name: 'phone', label: expect.any(String), value: '0201 123456' }])
    }
  })
})

describe('parseLead: required fields', () => {
  it.each(CALLBACK_KINDS)('%s: a phone number is required to call back', (kind) => {
    expect(errorsOf(kind, { phone: '' })).toEqual({ phone: [CALLBACK] })
    expect(errorsOf(kind, { phone: '   ' })).toEqual({ phone: [CALLBACK] })
    const { phone: _phone, ...withoutPhone } = VALID[kind]
    const submission = parseLead(kind, withoutPhone)
    expect(submission.kind === 'invalid' && submission.fieldErrors).toEqual({ phone: [CALLBACK] })
  })

  it.each(CALLBACK_KINDS)('%s: rejects a phone number that is none', (kind) => {
    expect(errorsOf(kind, { phone: 'ruf mich an' })).toEqual({ phone: [PHONE_FORMAT] })
    expect(errorsOf(kind, { phone: '12' })).toEqual({ phone: [PHONE_FORMAT] })
  })

  it('vehicle enquiry: name and message are required, and phone or e-mail, each with its message', () => {
    const eitherWay = 'Bitte geben Sie eine Telefonnummer oder eine E-Mail-Adresse an, damit wir Ihnen antworten können.'
    expect(errorsOf('vehicle-enquiry', { name: '', email: ' ', message: '' })).toEqual({
      name: ['Bitte geben Sie Ihren Namen an.'],
      phone: [eitherWay],
      email: [eitherWay],
      message: ['Bitte schreiben Sie uns eine Nachricht.'],
    })
    const submission = parseLead('vehicle-enquiry', {})
    expect(submission.kind === 'invalid' && Object.keys(submission.fieldErrors).sort()).toEqual(['email', 'message', 'name', 'phone'])
    // Issue 36: a phone number alone is enough (decision 071), and it is checked like every phone.
    const byPhone = valid(parseLead('vehicle-enquiry', { name: 'Erika', phone: '0201 123456', message: 'Noch da?' }))
    expect(byPhone).toMatchObject({ kind: 'vehicle-enquiry', contact: { name: 'Erika', phone: '0201 123456' } })
    expect(byPhone.contact).not.toHaveProperty('email')
    expect(byPhone.fields.map((field) => field.label)).toEqual(['Name', 'Telefon', 'Nachricht'])
    expect(errorsOf('vehicle-enquiry', { phone: '12' })).toHaveProperty('phone')
  })

  it('vehicle enquiry: rejects an invalid e-mail address and an impossible vehicle id', () => {
    expect(errorsOf('vehicle-enquiry', { email: 'erika(at)example' })).toEqual({ email: ['Bitte geben Sie eine gültige E-Mail-Adresse an.'] })
    expect(errorsOf('vehicle-enquiry', { vehicleId: '1; drop' })).toEqual({ vehicleId: [VEHICLE_UNKNOWN] })
    expect(errorsOf('vehicle-enquiry', { vehicleId: 'x'.repeat(41) })).toEqual({ vehicleId: [VEHICLE_UNKNOWN] })
    expect(valid(parseLead('vehicle-enquiry', { ...VALID['vehicle-enquiry'], vehicleId: '' }))).not.toHaveProperty('vehicleId')
  })

  it('rejects line breaks, other controls and lone surrogates in names, companies, short texts and phones; bidi controls are tidied away', () => {
    expect(valueOf('vehicle-enquiry', { name: 'A \u202eB\u2069' }, 'name')).toBe('A B')
    for (const bad of ['Müller\r\n\r\n<html>injected body</html>', 'A\u0000', 'A\u0085B', 'A\u2028B', 'A\udc00']) {
      expect(errorsOf('vehicle-enquiry', { name: bad }), JSON.stringify(bad)).toEqual({
        name: ['Bitte geben Sie Ihren Namen in einer Zeile ein.'],
      })
      expect(errorsOf('dealer-registration', { company: bad }), JSON.stringify(bad)).toEqual({
        company: ['Bitte geben Sie Ihren Firmennamen in einer Zeile ein.'],
      })
      expect(errorsOf('valuation', { brand: bad }), JSON.stringify(bad)).toEqual({ brand: ['Bitte geben Sie die Marke in einer Zeile ein.'] })
    }
    for (const phone of ['+49 201\n1234', '+49\t201 1234', '0201\r123']) {
      expect(errorsOf('valuation', { phone }), JSON.stringify(phone)).toEqual({ phone: ['Bitte geben Sie eine gültige Telefonnummer an.'] })
    }
  })

  it('vehicle enquiry: the message keeps line breaks and tabs, takes other apps’ line breaks as line breaks, but no other controls', () => {
    expect(valueOf('vehicle-enquiry', { message: 'Hallo,\r\n\r\nGolf?\tBitte melden.' }, 'message')).toBe('Hallo,\r\n\r\nGolf?\tBitte melden.')
    expect(valueOf('vehicle-enquiry', { message: 'Hallo\u202eWelt\rGolf?\u2028Gruß' }, 'message')).toBe('HalloWelt\nGolf?\nGruß')
    expect(errorsOf('vehicle-enquiry', { message: 'Hallo\u0007Welt' })).toEqual({
      message: ['„Nachricht“ enthält unsichtbare Sonderzeichen, etwa aus einem kopierten Text. Bitte tippen Sie den Text neu ein, statt ihn einzufügen.'],
    })
  })

  it('vehicle enquiry: the e-mail rule of the browser (max@ and name@web are refused by both)', () => {
    for (const email of ['max@', 'name@web', 'a@b']) {
      expect(errorsOf('vehicle-enquiry', { email }), email).toEqual({ email: ['Bitte geben Sie eine gültige E-Mail-Adresse an.'] })
    }
    expect(valueOf('vehicle-enquiry', { email: 'max@web.de' }, 'email')).toBe('max@web.de')
  })

  it('an address with umlauts in its domain is stored in the ASCII form Chromium sends, so both browsers give one value', () => {
    // Firefox posts the address as typed, Chromium as xn--; the contact the dealer mails to is the same.
    for (const email of ['info@müller.de', 'info@xn--mller-kva.de']) {
      const result = parseLead('vehicle-enquiry', { ...VALID['vehicle-enquiry'], email })
      expect(result.kind === 'valid' && result.parsed.contact.email, email).toBe('info@xn--mller-kva.de')
      expect(valueOf('vehicle-enquiry', { email }, 'email'), email).toBe('info@xn--mller-kva.de')
    }
    expect(valueOf('vehicle-enquiry', { email: 'Max@Web.DE' }, 'email')).toBe('Max@Web.DE')
    // 60 umlauts are 60 characters to the pattern and a label of over 63 bytes once encoded: no address.
    expect(errorsOf('vehicle-enquiry', { email: `a@${'ü'.repeat(60)}.de` })).toEqual({ email: ['Bitte geben Sie eine gültige E-Mail-Adresse an.'] })
  })

  it('dealer registration: the company name is required', () => {
    expect(errorsOf('dealer-registration', { company: ' ' })).toEqual({ company: ['Bitte geben Sie Ihren Firmennamen an.'] })
  })

  it('echoes the submitted strings, never the honeypot', () => {
    const submission = parseLead('valuation', { brand: 'VW', phone: '', website: 'spam', year: 2018 })
    expect(submission).toEqual({ kind: 'invalid', fieldErrors: { phone: [CALLBACK] }, values: { brand: 'VW', phone: '' } })
  })
})

describe('parseLead: year of build 1950 to next year', () => {
  afterEach(() => vi.useRealTimers())

  it.each(YEAR_KINDS)('%s: accepts 1950 and next year, rejects 1949 and the year after next', (kind) => {
    expect(valueOf(kind, { year: '1950' }, 'year')).toBe('1950')
    expect(valueOf(kind, { year: String(NEXT_YEAR) }, 'year')).toBe(String(NEXT_YEAR))
    expect(errorsOf(kind, { year: '1949' })).toEqual({ year: [yearMessage()] })
    expect(errorsOf(kind, { year: String(NEXT_YEAR + 1) })).toEqual({ year: [yearMessage()] })
  })

  it.each(YEAR_KINDS)('%s: rejects what is not a whole number', (kind) => {
    for (const year of ['abc', '2018.5', '1e3', '20 18', '2.018', '0x7E2']) {
      expect(errorsOf(kind, { year }), year).toEqual({ year: [YEAR_FORMAT] })
    }
    // A JSON number that is no whole year, or no number at all: the year's example, not a mileage's.
    expect(errorsOf(kind, { year: 2018.5 })).toEqual({ year: [YEAR_FORMAT] })
    expect(errorsOf(kind, { year: ['2018'] })).toEqual({ year: [YEAR_FORMAT] })
  })

  it('computes next year when validating, not when loading', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-03-01T12:00:00Z'))
    expect(valueOf('valuation', { year: '2031' }, 'year')).toBe('2031')
    expect(errorsOf('valuation', { year: '2032' })).toEqual({ year: [yearMessage(2031)] })
  })
})

describe('parseLead: mileage 0 to 2,000,000 km', () => {
  it.each(MILEAGE_KINDS)('%s: accepts 0 and 2,000,000, rejects -1 and 2,000,001', (kind) => {
    expect(valueOf(kind, { mileage: '0' }, 'mileage')).toBe('0')
    expect(valueOf(kind, { mileage: '2000000' }, 'mileage')).toBe('2000000')
    const label = LEAD_FORMS[kind].fields.find((field) => field.name === 'mileage')!.label
    expect(errorsOf(kind, { mileage: '-1' })).toEqual({ mileage: [MILEAGE_FORMAT] })
    expect(errorsOf(kind, { mileage: 85000.5 })).toEqual({ mileage: [MILEAGE_FORMAT] })
    expect(errorsOf(kind, { mileage: -1 })).toEqual({ mileage: [mileageMessage(label)] })
    expect(errorsOf(kind, { mileage: '2000001' })).toEqual({ mileage: [mileageMessage(label)] })
    expect(errorsOf(kind, { mileage: '2.000.001' })).toEqual({ mileage: [mileageMessage(label)] })
  })

  it('takes thousands grouped the German way, by dots, by spaces or not at all', () => {
    for (const mileage of ['123.456', '123 456', '123456', ' 123.456 ']) {
      expect(valueOf('vehicle-sale', { mileage }, 'mileage'), mileage).toBe('123456')
    }
    expect(valueOf('vehicle-sale', { mileage: '2.000.000' }, 'mileage')).toBe('2000000')
    expect(valueOf('used-car-enquiry', { priceFrom: '12.500', priceTo: '20 000' }, 'priceTo')).toBe('20000')
    // With the unit the label names, as the input's pattern lets it be typed (visitor review 2026-11-30, M1).
    for (const mileage of ['85000 km', '85.000km', '85.000 KM']) expect(valueOf('vehicle-sale', { mileage }, 'mileage'), mileage).toBe('85000')
    expect(valueOf('used-car-enquiry', { priceTo: '20.000 €' }, 'priceTo')).toBe('20000')
  })

  it('refuses a decimal, naming the field as the form labels it', () => {
    for (const mileage of ['123,5', '12.34', '1.23.456', '123.456,7', '85000 kmh', '85.000 €', 'viel']) {
      expect(errorsOf('vehicle-sale', { mileage }), mileage).toEqual({ mileage: [MILEAGE_FORMAT] })
    }
    expect(errorsOf('student', { mileage: '12,5' })).toEqual({ mileage: [MILEAGE_FORMAT] })
  })

  it('names the sell request’s year by its label „Erstzulassung (Jahr)“', () => {
    expect(errorsOf('vehicle-sale', { year: '1900' })).toEqual({ year: [yearMessage(NEXT_YEAR, 'Erstzulassung (Jahr)')] })
    expect(errorsOf('vehicle-sale', { year: '2.018' })).toEqual({
      year: ['Bitte geben Sie das Jahr der Erstzulassung mit vier Ziffern an, z. B. 2018.'],
    })
  })
})

describe('parseLead: price range of the used-car enquiry', () => {
  it('accepts from = to, one bound alone and none', () => {
    expect(valid(parseLead('used-car-enquiry', { ...VALID['used-car-enquiry'], priceFrom: '15000', priceTo: '15000' })).fields).toHaveLength(4)
    expect(valueOf('used-car-enquiry', { priceFrom: '30000', priceTo: '' }, 'priceFrom')).toBe('30000')
    expect(valueOf('used-car-enquiry', { priceFrom: '', priceTo: '5000' }, 'priceTo')).toBe('5000')
    expect(valueOf('used-car-enquiry', { priceFrom: '0', priceTo: '10000000' }, 'priceTo')).toBe('10000000')
  })

  it('rejects from above to at the "from" field', () => {
    expect(errorsOf('used-car-enquiry', { priceFrom: '20001', priceTo: '20000' })).toEqual({ priceFrom: [PRICE_RANGE] })
  })

  it('rejects negative, too high and non-numeric prices', () => {
    expect(errorsOf('used-car-enquiry', { priceFrom: '-1' })).toEqual({ priceFrom: [priceFormat('von')] })
    expect(errorsOf('used-car-enquiry', { priceFrom: -1 })).toEqual({ priceFrom: [PRICE] })
    expect(errorsOf('used-car-enquiry', { priceTo: '10000001' })).toEqual({ priceTo: ['„Preis bis (€)“ muss zwischen 0 und 10.000.000 € liegen.'] })
    expect(errorsOf('used-car-enquiry', { priceTo: '20.000 km' })).toEqual({ priceTo: [priceFormat('bis')] })
    // The financing request's down payment, in the calculator's words.
    expect(errorsOf('financing-request', { downPayment: '5.000,50' })).toEqual({
      downPayment: ['Bitte geben Sie die Anzahlung in ganzen Euro an, z. B. 5.000.'],
    })
  })
})

describe('parseLead: select values only from their lists', () => {
  it.each([
    ['student', 'appointment', 'Morgens', 'Wunschtermin'],
    ['export', 'vehicleType', 'Bus', 'Fahrzeugtyp'],
    ['dealer-registration', 'vehiclesPerYear', '100+', 'Fahrzeuge pro Jahr'],
    ['dealer-registration', 'specialisation', 'pkw handel', 'Spezialisierung'],
  ] as const)('%s.%s rejects %s', (kind, name, value, label) => {
    expect(errorsOf(kind, { [name]: value })).toEqual({ [name]: [`Bitte wählen Sie für „${label}“ einen Eintrag aus der Liste.`] })
  })

  it('treats the placeholder option (empty) as no choice', () => {
    expect(valueOf('export', { vehicleType: '' }, 'vehicleType')).toBeUndefined()
  })

  it('accepts every listed option', () => {
    for (const value of ['PKW', 'LKW', 'Transporter', 'Baumaschine', 'Landmaschine', 'Andere'])
      expect(valueOf('export', { vehicleType: value }, 'vehicleType')).toBe(value)
    for (const value of ['Flexibel', 'Abends nach 18 Uhr', 'Wochenende', 'Zwischen Vorlesungen'])
      expect(valueOf('student', { appointment: value }, 'appointment')).toBe(value)
    for (const value of ['5-15', '15-50', '50+']) expect(valueOf('dealer-registration', { vehiclesPerYear: value }, 'vehiclesPerYear')).toBe(value)
    for (const value of ['PKW Handel', 'Export', 'Nutzfahrzeuge', 'Premium']) {
      expect(valueOf('dealer-registration', { specialisation: value }, 'specialisation')).toBe(value)
    }
  })
})

describe('parseLead: length limits and types', () => {
  it('accepts texts at the limit and rejects one character more', () => {
    expect(valueOf('valuation', { model: 'x'.repeat(100) }, 'model')).toHaveLength(100)
    expect(errorsOf('valuation', { model: 'x'.repeat(101) })).toEqual({ model: ['„Modell“ darf höchstens 100 Zeichen lang sein.'] })
    expect(errorsOf('dealer-registration', { company: 'x'.repeat(101) })).toEqual({ company: ['„Firmenname“ darf höchstens 100 Zeichen lang sein.'] })
    expect(errorsOf('used-car-enquiry', { desiredVehicle: 'x'.repeat(101) })).toEqual({
      desiredVehicle: ['„Wunschfahrzeug“ darf höchstens 100 Zeichen lang sein.'],
    })
    expect(errorsOf('export', { country: 'x'.repeat(101) })).toEqual({ country: ['„Zielland“ darf höchstens 100 Zeichen lang sein.'] })
    expect(errorsOf('student', { phone: `0201 ${'1'.repeat(36)}` })).toEqual({ phone: ['„Telefon oder WhatsApp“ darf höchstens 40 Zeichen lang sein.'] })
  })

  it('vehicle enquiry: name 100, e-mail 254, message 5,000 characters', () => {
    expect(valueOf('vehicle-enquiry', { message: 'x'.repeat(5000) }, 'message')).toHaveLength(5000)
    expect(errorsOf('vehicle-enquiry', { message: 'x'.repeat(5001) })).toEqual({ message: ['„Nachricht“ darf höchstens 5.000 Zeichen lang sein.'] })
    expect(errorsOf('vehicle-enquiry', { name: 'x'.repeat(101) })).toEqual({ name: ['„Name“ darf höchstens 100 Zeichen lang sein.'] })
    expect(errorsOf('vehicle-enquiry', { email: `${'x'.repeat(244)}@example.de` })).toEqual({
      email: ['„E-Mail“ darf höchstens 254 Zeichen lang sein.'],
    })
  })

  it('rejects non-text values of text fields and odd checkbox values', () => {
    expect(errorsOf('valuation', { model: 42 })).toEqual({ model: ['Bitte senden Sie „Modell“ als Text.'] })
    expect(errorsOf('valuation', { quick: 'vielleicht' })).toEqual({
      quick: ['Bitte kreuzen Sie „Schnelle Abwicklung gewünscht“ an oder lassen Sie das Kästchen leer.'],
    })
  })

  it('reports every broken field at once', () => {
    expect(errorsOf('student', { year: '1900', mileage: '-5', phone: '', appointment: 'Nie' })).toEqual({
      year: [yearMessage()],
      mileage: [MILEAGE_FORMAT],
      phone: [CALLBACK],
      appointment: ['Bitte wählen Sie für „Wunschtermin“ einen Eintrag aus der Liste.'],
    })
  })
})

describe.each(BACKENDS)('storeLead on the %s lake', (backend) => {
  let test: TestLake

  beforeAll(async () => {
    test = await openTestLake(backend, FIXTURE)
  })
  afterAll(() => test.close())

  it('stores a vehicle enquiry under inbox.lead-<uuid> with a weak reference to the vehicle, not yet notified', async () => {
    const lead = valid(parseLead('vehicle-enquiry', VALID['vehicle-enquiry']))
    const now = new Date('2025-03-04T09:30:00.000Z')
    const { id, receivedAt } = await storeSubmission(test.lake, { ...lead, page: '/vehicles/1' }, { vehicleRef: 'vehicle-1', now })
    expect(id).toMatch(/^inbox\.lead-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(receivedAt).toBe('2025-03-04T09:30:00.000Z')
    const stored = await test.stored(id)
    expect(stored).toMatchObject({
      _id: id,
      _type: 'lead',
      kind: 'vehicle-enquiry',
      status: 'neu',
      page: '/vehicles/1',
      receivedAt: '2025-03-04T09:30:00.000Z',
      contact: { name: 'Erika Mustermann', email: 'erika@example.de' },
      vehicle: { _type: 'reference', _ref: 'vehicle-1', _weak: true },
      fields: [
        { _key: 'name', _type: 'leadField', name: 'name', label: 'Name', value: 'Erika Mustermann' },
        { _key: 'email', _type: 'leadField', name: 'email', label: 'E-Mail', value: 'erika@example.de' },
        {
          _key: 'message',
          _type: 'leadField',
          name: 'message',
          label: 'Nachricht',
          value: 'Ich interessiere mich für den VW Golf. Bitte kontaktieren Sie mich.',
        },
      ],
    })
    expect(stored).not.toHaveProperty('notifiedAt')
    expect(stored?.contact).not.toHaveProperty('phone')
  })

  it('stores a valuation without a vehicle and drops a page that is no site path', async () => {
    const lead = valid(parseLead('valuation', { ...VALID.valuation, phone: `0201 1234${backend.length}`, page: '//evil.example/' }))
    const { id } = await storeSubmission(test.lake, lead)
    const stored = await test.stored(id)
    expect(stored).toMatchObject({ _type: 'lead', kind: 'valuation', status: 'neu', contact: { phone: `0201 1234${backend.length}` } })
    expect(stored).not.toHaveProperty('page')
    expect(stored).not.toHaveProperty('vehicle')
    expect((stored?.fields as unknown[]).length).toBe(6)
    expect((await test.storedOfType('lead')).map((doc) => doc._id)).toContain(id)
  })
})

describe('the Suchauftrag (issue 29): one field, e-mail or phone', () => {
  const MESSAGE = 'Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an, damit wir uns bei Ihnen melden können.'
  it('takes a phone number as the contact phone', () => {
    const result = parseLead('search-request', { emailOrPhone: '0201 123456', query: 'Kombie' })
    expect(result.kind === 'valid' && result.parsed.contact).toEqual({ phone: '0201 123456' })
  })

  it('takes an e-mail address as the contact e-mail', () => {
    const result = parseLead('search-request', { emailOrPhone: 'erika@example.de', query: 'Kombie' })
    expect(result.kind === 'valid' && result.parsed.contact).toEqual({ email: 'erika@example.de' })
  })

  it('takes an address with umlauts in its domain (a text input: every browser sends it as typed) in its ASCII form', () => {
    const result = parseLead('search-request', { emailOrPhone: 'anna@bücher.de', query: 'Kombie' })
    expect(result.kind === 'valid' && result.parsed.contact).toEqual({ email: 'anna@xn--bcher-kva.de' })
    expect(result.kind === 'valid' && result.parsed.values.emailOrPhone).toBe('anna@xn--bcher-kva.de')
  })

  it('refuses an empty or unusable contact in German, each with its own message (copy review 2026-11-29, M16)', () => {
    const empty = parseLead('search-request', { emailOrPhone: '', query: 'Kombie' })
    expect(empty.kind === 'invalid' && empty.fieldErrors.emailOrPhone).toEqual([MESSAGE])
    for (const emailOrPhone of ['erika@web', 'ruf mich an', 'abc']) {
      const result = parseLead('search-request', { emailOrPhone, query: 'Kombie' })
      expect(result.kind === 'invalid' && result.fieldErrors.emailOrPhone, emailOrPhone).toEqual([
        'Bitte geben Sie eine gültige E-Mail-Adresse oder Telefonnummer an.',
      ])
    }
  })
})
