import { describe, expect, it } from 'vitest'
import { type SanityDocument } from '#app/lake/lake.server.ts'
import { buildAlertMail, buildOptInMail } from '#app/alerts/alert-mail.server.ts'
import { buildConfirmationMail, type ConfirmationMailOptions, type ConfirmationSettings } from './confirmation-mail.server.ts'
import { buildNotificationMail } from './notification-mail.server.ts'
import { parseSubmission, toDocument } from './schema.server.ts'

/** What the receipt promises, per form (issue 36): the text part and the HTML part say the same. */
const OPTIONS: ConfirmationMailOptions = {
  from: 'Ruhrstern Automobile <noreply@example.de>',
  siteUrl: 'https://www.example.de',
  settings: { dealerName: 'Ruhrstern Automobile', phone: '0201 8512 3400', answerHours: 24 },
}

const lead = (kind: string, extra: Record<string, unknown>): SanityDocument => ({
  _id: `inbox.lead-${kind}`,
  _type: 'lead',
  kind,
  contact: { email: 'erika@example.de' },
  fields: [],
  ...extra,
})

function receipt(doc: SanityDocument, options = OPTIONS) {
  const mail = buildConfirmationMail(doc, options)
  if (!mail) throw new Error('no receipt')
  return { text: mail.text, html: mail.html }
}

/** A test drive sent on Monday 30 November 2026 at 09:30 in Berlin. */
const MONDAY_0930 = '2026-11-30T08:30:00.000Z'

describe('the receipt says what comes next', () => {
  it('a test drive later the same day: the call before the slot, never „innerhalb von 24 Stunden (an Werktagen)“', () => {
    // Today 12:00–15:00 Berlin.
    const mail = receipt(lead('test-drive', { receivedAt: MONDAY_0930, appointment: { start: '2026-11-30T11:00:00.000Z', end: '2026-11-30T14:00:00.000Z' } }))
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Ihr Wunschtermin ist heute: Wir rufen Sie vorher an, um ihn zu bestätigen.')
      expect(part).toContain('rufen Sie uns gern an: 0201 8512 3400')
      expect(part).not.toContain('24 Stunden')
    }
  })

  it('a test drive on a later day: the call before the slot as well', () => {
    // Tuesday 09:00–12:00: a promise of 24 hours would end after the slot began.
    const mail = receipt(lead('test-drive', { receivedAt: MONDAY_0930, appointment: { start: '2026-12-01T08:00:00.000Z', end: '2026-12-01T11:00:00.000Z' } }))
    expect(mail.text).toContain('Wir rufen Sie vor Ihrem Wunschtermin an, um ihn zu bestätigen. Bitte bringen Sie zur Probefahrt Ihren Führerschein mit.')
    expect(mail.text).not.toContain('heute')
    expect(mail.text).not.toContain('24 Stunden')
  })

  it('a sell request: how many photos arrived and by when the first estimate comes (the Kennzahl)', () => {
    const photos = [{ file: 'a.jpg' }, { file: 'b.jpg' }]
    const mail = receipt(lead('vehicle-sale', { receivedAt: MONDAY_0930, photos }))
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Ihre 2 Fotos sind bei uns eingegangen.')
      expect(part).toContain('Wir melden uns innerhalb von 24 Stunden (an Werktagen) mit einer ersten Einschätzung bei Ihnen.')
    }
    expect(receipt(lead('vehicle-sale', { receivedAt: MONDAY_0930, photos: [photos[0]] })).text).toContain('Ihr Foto ist bei uns eingegangen.')
    expect(receipt(lead('vehicle-sale', { receivedAt: MONDAY_0930 })).text).not.toContain('Foto')
    expect(receipt(lead('vehicle-sale', { receivedAt: MONDAY_0930, photosWithheld: 'budget' })).text).toContain('Ihre Fotos konnten wir leider nicht annehmen')
    // Another figure in the settings, another promise; none, no time promised.
    const in48 = receipt(lead('vehicle-sale', { receivedAt: MONDAY_0930 }), { ...OPTIONS, settings: { ...OPTIONS.settings, answerHours: 48 } })
    expect(in48.text).toContain('innerhalb von 48 Stunden (an Werktagen)')
    const none = receipt(lead('vehicle-sale', { receivedAt: MONDAY_0930 }), { ...OPTIONS, settings: { ...OPTIONS.settings, answerHours: null } })
    expect(none.text).toContain('Wir melden uns mit einer ersten Einschätzung bei Ihnen.')
  })

  it('a sell request: kilometres in German notation and the dates in one style, the year only where it differs', () => {
    const specs = [{ days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '09:00', closes: '18:00' }]
    const mileage = { _key: 'mileage', name: 'mileage', label: 'Kilometerstand (km)', value: '123456' }
    const mail = receipt(lead('vehicle-sale', { receivedAt: '2026-11-29T09:15:00.000Z', fields: [mileage] }), {
      ...OPTIONS,
      settings: { ...OPTIONS.settings, specs },
    })
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('am Sonntag, 29. November 2026 um 10:15 Uhr bei uns eingegangen')
      // The closed Sunday does not count: Monday 09:00 + 24 hours.
      expect(part).toContain('Sie erhalten Ihre erste Einschätzung bis Dienstag, 1. Dezember um 09:00 Uhr.')
    }
    // The unit once, with the number (copy review 2026-11-29, M9).
    expect(mail.text).toMatch(/^Kilometerstand: +123\.456 km$/m)
    expect(mail.html).toContain('<th style="padding:4px 12px 4px 0;vertical-align:top;text-align:left">Kilometerstand</th>')
    expect(mail.html).toContain('>123.456 km</td>')
    const newYear = receipt(lead('vehicle-sale', { receivedAt: '2026-12-31T11:00:00.000Z' }), { ...OPTIONS, settings: { ...OPTIONS.settings, specs } })
    expect(newYear.text).toContain('bis Montag, 4. Januar 2027 um 12:00 Uhr.')
  })

  it('any other request: the answer by the Kennzahl’s time', () => {
    expect(receipt(lead('vehicle-enquiry', { receivedAt: MONDAY_0930 })).text).toContain('Wir melden uns innerhalb von 24 Stunden (an Werktagen) bei Ihnen.')
  })
})

describe('„Finanzierung anfragen“ (issue 38 item 3): the dealer’s mail and the receipt name the car, the term and the down payment', () => {
  it('as the pipeline stores it (parseSubmission → toDocument)', () => {
    const parsed = parseSubmission('financing-request', {
      name: 'Erika Mustermann',
      email: 'erika@example.de',
      term: '60 Monate',
      downPayment: '5000',
      vehicleId: '5',
      page: '/vehicles/5',
    })
    if (parsed.kind !== 'valid') throw new Error('expected a valid request')
    const doc = toDocument(parsed.parsed, { vehicleRef: 'vehicle-5', now: new Date(MONDAY_0930) }) as SanityDocument
    const vehicle = { id: '5', make: 'VW', model: 'Golf 1.5 TSI Life', status: 'available' }
    const mail = receipt(doc, { ...OPTIONS, vehicle })
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('vielen Dank für Ihre Finanzierungsanfrage. Sie ist am')
      expect(part).not.toContain('Anfrage (')
      expect(part).toContain('VW Golf 1.5 TSI Life – https://www.example.de/vehicles/5')
      expect(part).toMatch(/Laufzeit:?\s*(<[^>]+>\s*)*60 Monate/)
      // The number as stored (decision 042), in German notation.
      expect(part).toMatch(/Anzahlung:?\s*(<[^>]+>\s*)*5\.000\u00a0€/)
      expect(part).not.toContain('(€)')
    }
    const dealer = buildNotificationMail(doc, { to: 'haendler@example.de', from: 'Website <noreply@example.de>', siteUrl: 'https://www.example.de', vehicle })
    expect(dealer.subject).toBe('Neue Anfrage: Finanzierungsanfrage – Erika Mustermann')
    expect(dealer.text).toMatch(/Laufzeit:\s*60 Monate/)
    // The dealer reads it as the receipt does.
    expect(dealer.text).toMatch(/^Anzahlung: +5\.000\u00a0€$/m)
    expect(dealer.text).not.toContain('(€)')
    expect(dealer.text).toContain('VW Golf 1.5 TSI Life')
  })
})

describe('one formatting for both mails (tablet review, Low 12)', () => {
  it('a sell request as the pipeline stores it: the dealer’s mail shows month and kilometres as the receipt does', () => {
    const parsed = parseSubmission('vehicle-sale', {
      make: 'VW',
      model: 'Golf',
      registrationMonth: '04',
      year: '2018',
      mileage: '123456',
      name: 'Erika Mustermann',
      postcode: '45326',
      email: 'erika@example.de',
    })
    if (parsed.kind !== 'valid') throw new Error('expected a valid request')
    const doc = toDocument(parsed.parsed, { now: new Date(MONDAY_0930) }) as SanityDocument
    const mail = receipt(doc)
    const dealer = buildNotificationMail(doc, { to: 'haendler@example.de', from: 'Website <noreply@example.de>', siteUrl: 'https://www.example.de' })
    for (const part of [mail.text, dealer.text]) {
      expect(part).toMatch(/^Erstzulassung \(Monat\): +04 – April$/m)
      expect(part).toMatch(/^Kilometerstand: +123\.456 km$/m)
      expect(part).not.toContain('(km)')
    }
    expect(dealer.html).toContain('>04 – April</td>')
    expect(dealer.html).toContain('>123.456 km</td>')
    // The free text only the dealer reads, as typed (the receipt leaves it out: abuse).
    expect(dealer.text).toMatch(/^Marke: +VW$/m)
    expect(mail.text).not.toMatch(/^Marke:/m)
  })
})

describe('the receipt names the request with its own words (copy review 2026-11-29, M6)', () => {
  const car = { id: '1', title: 'BMW 320d Touring', make: 'BMW', model: '320d', status: 'available' }
  const cases: Array<[string, SanityDocument, ConfirmationMailOptions['vehicle'], string]> = [
    ['contact message', { _id: 'inbox.contact-1', _type: 'contactMessage', email: 'erika@example.de' }, null, 'Ihre Nachricht'],
    ['financing request', lead('financing-request', {}), car, 'Ihre Finanzierungsanfrage'],
    ['sell request', lead('vehicle-sale', {}), car, 'Ihre Verkaufsanfrage'],
    ['test drive', lead('test-drive', {}), car, 'Ihre Probefahrt-Anfrage'],
    ['vehicle enquiry, the car from our data', lead('vehicle-enquiry', {}), car, 'Ihre Anfrage zum BMW 320d Touring'],
    ['vehicle enquiry, no car title: make and model', lead('vehicle-enquiry', {}), { id: '2', make: 'VW', model: 'Golf' }, 'Ihre Anfrage zum VW Golf'],
    ['vehicle enquiry without a car', lead('vehicle-enquiry', {}), null, 'Ihre Fahrzeuganfrage'],
    ['availability alert', lead('availability-alert', {}), { ...car, status: 'reserved' }, 'Ihre Anfrage zum BMW 320d Touring'],
  ]
  it.each(cases)('%s: subject and first line', (_, doc, vehicle, topic) => {
    const mail = buildConfirmationMail({ ...doc, receivedAt: MONDAY_0930 }, { ...OPTIONS, vehicle })!
    expect(mail.subject).toBe(`${topic} bei Ruhrstern Automobile – Eingangsbestätigung`)
    expect(mail.text).toContain(`vielen Dank für ${topic}. Sie ist am Montag, 30. November 2026 um 09:30 Uhr bei uns eingegangen.`)
    expect(mail.html).toContain(`vielen Dank für ${topic}. Sie ist am`)
    for (const part of [mail.subject, mail.text]) expect(part).not.toMatch(/Anfrage \(|Eingangsbestätigung:/)
  })
})

describe('one signature and the dealer as sender in every mail to a visitor (copy review 2026-11-29, M5)', () => {
  const settings = {
    dealerName: 'Ruhrstern Automobile',
    legalName: 'Ruhrstern Automobile GmbH',
    legal: { managingDirector: 'Markus Brandt', registerCourt: 'Amtsgericht Essen', registerNumber: 'HRB 12345' },
    phone: '0201 8512 3400',
    email: 'info@ruhrstern-automobile.de',
    address: { street: 'Gladbecker Straße 250', postalCode: '45326', city: 'Essen' },
  }
  const SIGNATURE = [
    'Mit freundlichen Grüßen',
    'Ruhrstern Automobile GmbH',
    'Gladbecker Straße 250, 45326 Essen',
    'Telefon: 0201 8512 3400',
    'E-Mail: info@ruhrstern-automobile.de',
    'Registereintrag: Amtsgericht Essen, HRB 12345',
    'Geschäftsführer: Markus Brandt',
  ]
  const links = {
    confirm: 'https://www.example.de/benachrichtigung/bestaetigen?t=x',
    unsubscribePage: 'https://www.example.de/abmelden?t=x',
    oneClick: 'https://www.example.de/api/abmelden?t=x',
  }
  const mails = (from: string, own: ConfirmationSettings = settings) => ({
    receipt: buildConfirmationMail(lead('financing-request', { receivedAt: MONDAY_0930 }), { ...OPTIONS, from, settings: own })!,
    optIn: buildOptInMail({
      to: 'erika@example.de',
      from,
      leadId: 'inbox.lead-1',
      kind: 'search-request',
      settings: own,
      links,
      expiresAt: new Date(MONDAY_0930),
    }),
    alert: buildAlertMail({
      to: 'erika@example.de',
      from,
      leadId: 'inbox.lead-1',
      event: { key: 'k', kind: 'arrival', vehicleDocId: 'vehicle-1', at: MONDAY_0930, price: 20_000 },
      vehicle: { id: '1', title: 'BMW 320d Touring' },
      settings: own,
      links,
    }),
  })

  it('the receipt, the double opt-in and the alert close with the same lines: legal form, address, phone, e-mail, register entry, managing director', () => {
    for (const mail of Object.values(mails('noreply@example.de'))) {
      expect(mail.text).toContain(`\n\n${SIGNATURE.join('\n')}\n\n--\n`)
      expect(mail.html).toContain(`<p>${SIGNATURE.join('<br>')}</p>`)
    }
  })

  it('leaves out a line the settings lack; the dealer’s name stands in for a missing Firmierung', () => {
    const { receipt, optIn } = mails('noreply@example.de', { ...settings, legalName: '', legal: null, email: '' })
    for (const mail of [receipt, optIn]) {
      expect(mail.text).toContain('\n\nMit freundlichen Grüßen\nRuhrstern Automobile\nGladbecker Straße 250, 45326 Essen\nTelefon: 0201 8512 3400\n\n--\n')
      expect(mail.text).not.toMatch(/Registereintrag|Geschäftsführer/)
    }
  })

  it('a MAIL_FROM without a name sends under the dealer’s name, never „Website“; one with a name is kept', () => {
    for (const mail of Object.values(mails('noreply@example.de'))) expect(mail.from).toEqual({ name: 'Ruhrstern Automobile', address: 'noreply@example.de' })
    for (const mail of Object.values(mails('Autohaus Team <noreply@example.de>'))) expect(mail.from).toBe('Autohaus Team <noreply@example.de>')
  })
})
