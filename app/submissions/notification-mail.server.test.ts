import { describe, expect, it } from 'vitest'
import { buildAppointmentMail, buildNotificationMail, formatBerlinTime, headerSafe, TRADE_IN_LABEL } from '#app/submissions/notification-mail.server.ts'

const options = { to: 'haendler@example.de', from: 'Website <noreply@example.de>', siteUrl: 'https://www.example.de' }

const contact = {
  _id: 'inbox.contact-1b9d6bcd',
  _type: 'contactMessage',
  name: 'Erika Mustermann',
  email: 'erika@example.de',
  phone: '0201 123456',
  subject: 'ankauf',
  message: 'Ist der Golf noch da?\nGruß & <script>alert(1)</script>',
  page: '/contact',
  receivedAt: '2026-11-21T15:17:00.000Z',
  status: 'neu',
}

describe('buildNotificationMail', () => {
  it('links the page a form was sent from only when it is a page of the site (a stored `/\\evil.example` is left out)', () => {
    expect(buildNotificationMail(contact, options).text).toMatch(/^Gesendet von der Seite: +https:\/\/www\.example\.de\/contact$/m)
    for (const page of ['/\\evil.example/login', '//evil.example/login']) {
      const mail = buildNotificationMail({ ...contact, page }, options)
      expect(mail.text).not.toContain('evil.example')
      expect(mail.html).not.toContain('evil.example')
      expect(mail.text).not.toContain('Gesendet von der Seite')
    }
  })

  it('lists the photos of a sell request: the capability link of a file, Sanity’s CDN address of an asset', () => {
    const file = `${'a'.repeat(43)}.jpg`
    const lead = {
      _id: 'inbox.lead-7f3',
      _type: 'lead',
      kind: 'vehicle-sale',
      receivedAt: '2026-11-21T15:17:00.000Z',
      contact: { name: 'Erika Mustermann', phone: '0151 1234567' },
      fields: [{ _key: 'make', name: 'make', label: 'Marke', value: 'VW' }],
      photos: [
        { _key: 'a', _type: 'leadPhoto', file, width: 800, height: 600 },
        { _key: 'b', _type: 'leadPhoto', url: 'https://cdn.sanity.io/images/p/d/abc-640x480.jpg', width: 640, height: 480 },
      ],
    }
    const mail = buildNotificationMail(lead, options)
    expect(mail.subject).toBe('Neue Anfrage: Auto verkaufen – Erika Mustermann')
    expect(mail.text).toContain(`Foto 1 (800 × 600 px): https://www.example.de/anfrage-fotos/${file}`)
    expect(mail.text).toContain('Foto 2 (640 × 480 px): https://cdn.sanity.io/images/p/d/abc-640x480.jpg')
    expect(mail.html).toContain(`<a href="https://www.example.de/anfrage-fotos/${file}">Foto 1 (800 × 600 px)</a>`)
  })

  it('names the car a sell request is a trade-in for, not as the car sold', () => {
    const lead = {
      _id: 'inbox.lead-8a1',
      _type: 'lead',
      kind: 'vehicle-sale',
      receivedAt: '2026-11-21T15:17:00.000Z',
      contact: { name: 'Erika Mustermann', phone: '0151 1234567' },
      fields: [{ _key: 'make', name: 'make', label: 'Marke', value: 'Opel' }],
    }
    const mail = buildNotificationMail(lead, { ...options, vehicle: { id: '1', title: null, make: 'VW', model: 'Golf' } })
    expect(mail.text).toMatch(new RegExp(`^${TRADE_IN_LABEL}: +VW Golf \\(Nr. 1\\) – https://www.example.de/vehicles/1$`, 'm'))
    expect(mail.text).not.toMatch(/^Fahrzeug:/m)
  })

  it('builds a contact message mail: subject, reply-to, every field in text and HTML', () => {
    const mail = buildNotificationMail(contact, options)
    expect(mail.to).toBe('haendler@example.de')
    expect(mail.from).toBe('Website <noreply@example.de>')
    expect(mail.subject).toBe('Neue Nachricht: Fahrzeug verkaufen – Erika Mustermann')
    expect(mail.replyTo).toEqual({ name: 'Erika Mustermann', address: 'erika@example.de' })
    expect(mail.messageId).toBe('<inbox.contact-1b9d6bcd@example.de>')
    for (const part of [
      'Name:',
      'Erika Mustermann',
      'E-Mail:',
      'erika@example.de',
      'Telefon:',
      '0201 123456',
      'Betreff:',
      'Fahrzeug verkaufen',
      'https://www.example.de/contact',
      'Samstag, 21. November 2026 um 16:17 Uhr',
      'Antworten Sie direkt auf diese E-Mail',
      'inbox.contact-1b9d6bcd',
    ]) {
      expect(mail.text).toContain(part)
      expect(mail.html).toContain(part.replace(/:$/, ''))
    }
    expect(mail.text).toContain('Gruß & <script>alert(1)</script>')
    expect(mail.html).toContain('Gruß &amp; &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.html).not.toContain('<script>')
  })

  it('links straight to the document in the Studio with an intent link (the link the e2e Studio test opens)', () => {
    const mail = buildNotificationMail(contact, options)
    const link = 'https://www.example.de/studio/intent/edit/id=inbox.contact-1b9d6bcd;type=contactMessage'
    expect(mail.text).toContain(`Im Studio öffnen: ${link}`)
    expect(mail.html).toContain(`<a href="${link}">Im Studio öffnen</a>`)
    const lead = buildNotificationMail({ ...contact, _id: 'inbox.lead-7f3a', _type: 'lead', kind: 'valuation' }, options)
    expect(lead.text).toContain('https://www.example.de/studio/intent/edit/id=inbox.lead-7f3a;type=lead')
    // Without a public URL there is nothing to link to; the id still names the document.
    const offline = buildNotificationMail(contact, { ...options, siteUrl: undefined })
    expect(offline.text).not.toContain('/studio')
    expect(offline.text).toContain('Die Anfrage ist im Posteingang des Sanity Studios gespeichert, ID inbox.contact-1b9d6bcd.')
  })

  it('a dealer’s registration names the company once, as Firmenname (copy review 2026-11-29, L5)', () => {
    const mail = buildNotificationMail(
      {
        _id: 'inbox.lead-5',
        _type: 'lead',
        kind: 'dealer-registration',
        contact: { name: 'Auto Jansen GmbH', phone: '0201 998877' },
        fields: [
          { _key: 'company', name: 'company', label: 'Firmenname', value: 'Auto Jansen GmbH' },
          { _key: 'location', name: 'location', label: 'Standort', value: 'Essen' },
        ],
      },
      options,
    )
    expect(mail.subject).toBe('Neue Anfrage: Händler-Registrierung – Auto Jansen GmbH')
    expect(mail.text).toMatch(/^Firmenname: +Auto Jansen GmbH$/m)
    expect(mail.text).not.toMatch(/^Name:/m)
    expect(mail.text.match(/Auto Jansen GmbH/g)).toHaveLength(1)
  })

  it('the Besichtigungstermin is news about a known request, not „Neue Anfrage“ (copy review 2026-11-29, L5)', () => {
    const lead = {
      _id: 'inbox.lead-9',
      _type: 'lead',
      kind: 'vehicle-sale',
      receivedAt: '2026-11-29T22:35:00.000Z',
      contact: { name: 'Max Mustermann', phone: '0151 1234567' },
      fields: [
        { _key: 'make', name: 'make', label: 'Marke', value: 'VW' },
        { _key: 'appointment', name: 'appointment', label: 'Besichtigungstermin', value: 'Di, 01.12.2026, 09:00–12:00 Uhr' },
      ],
      appointment: { start: '2026-12-01T08:00:00.000Z', end: '2026-12-01T11:00:00.000Z' },
    }
    const mail = buildAppointmentMail(lead, options)
    expect(mail.subject).toBe('Besichtigungstermin gewählt: Di, 01.12.2026, 09:00–12:00 Uhr – Max Mustermann')
    expect(mail.text).toMatch(/^Besichtigungstermin gewählt: Di, 01\.12\.2026, 09:00–12:00 Uhr\n/)
    expect(mail.html).toContain('<h1 style="font-size:18px">Besichtigungstermin gewählt: Di, 01.12.2026, 09:00–12:00 Uhr</h1>')
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain('Neue Anfrage')
    expect(mail.messageId).toBe('<inbox.lead-9.besichtigung@example.de>')
    expect(mail.attachments?.[0]?.filename).toBe('besichtigung.ics')
    // The first mail of the request keeps its own heading.
    expect(buildNotificationMail(lead, options).text).toMatch(/^Neue Anfrage: Auto verkaufen\n/)
  })

  it('keeps the subject on one line whatever the name contains', () => {
    const mail = buildNotificationMail({ ...contact, name: 'Eve\r\nBcc: opfer@example.de\u0000', subject: undefined }, options)
    expect(mail.subject).toBe('Neue Nachricht: Kontaktformular – Eve Bcc: opfer@example.de')
    expect(mail.subject).not.toMatch(/[\r\n\u0000]/)
    expect(mail.replyTo?.name).not.toMatch(/[\r\n]/)
    expect(headerSafe('x'.repeat(200))).toHaveLength(80)
  })

  it('keeps the answer note of the plain-text part on one line whatever name and phone contain', () => {
    const mail = buildNotificationMail({ ...contact, name: 'Müller\r\n\r\n<html>injected body</html>\u202e', phone: '+49 201\n1234' }, options)
    const note = mail.text.split('\n').find((line) => line.startsWith('Antworten Sie direkt'))
    expect(note).toBe(
      'Antworten Sie direkt auf diese E-Mail, um Müller <html>injected body</html> unter erika@example.de zu erreichen, oder rufen Sie unter +49 201 1234 an.',
    )
    expect(mail.text).not.toMatch(/^<html>injected body/m)
    const withoutEmail = buildNotificationMail({ ...contact, email: undefined, phone: '0201\r\nBcc: x' }, options)
    expect(withoutEmail.text).toContain('Keine E-Mail-Adresse angegeben: bitte telefonisch unter 0201 Bcc: x antworten.')
  })

  it('builds a lead mail with its labelled fields, the vehicle and the phone as the answer route', () => {
    const lead = {
      _id: 'inbox.lead-42',
      _type: 'lead',
      kind: 'valuation',
      page: '/ankauf',
      receivedAt: '2026-07-01T08:05:00.000Z',
      contact: { phone: '0170 1234567' },
      fields: [
        { _key: 'a', name: 'make', label: 'Marke', value: 'VW' },
        { _key: 'b', name: 'mileage', label: 'Kilometerstand', value: 85000 },
        { _key: 'c', name: 'accident', label: 'Unfallfrei', value: true },
        { _key: 'd', name: 'note', label: 'Anmerkung', value: '<b>Top</b> & gepflegt' },
        { _key: 'e', name: 'empty', label: 'Leer', value: '' },
      ],
    }
    const mail = buildNotificationMail(lead, {
      ...options,
      vehicle: { id: '7', make: 'VW', model: 'Golf' },
    })
    expect(mail.subject).toBe('Neue Anfrage: Fahrzeugbewertung – 0170 1234567')
    expect(mail.replyTo).toBeUndefined()
    for (const part of [
      'Art der Anfrage:',
      'Fahrzeugbewertung',
      'Telefon:',
      'Marke:',
      'Kilometerstand:',
      '85.000 km',
      'Unfallfrei:',
      'Ja',
      'VW Golf (Nr. 7) – https://www.example.de/vehicles/7',
      'Mittwoch, 1. Juli 2026 um 10:05 Uhr',
      'bitte telefonisch unter 0170 1234567 antworten',
    ]) {
      expect(mail.text).toContain(part)
    }
    expect(mail.text).not.toContain('Leer')
    expect(mail.text).toContain('<b>Top</b> & gepflegt')
    expect(mail.html).toContain('&lt;b&gt;Top&lt;/b&gt; &amp; gepflegt')
    expect(mail.html).toContain('<th style="padding:4px 12px 4px 0;vertical-align:top;text-align:left">Kilometerstand</th>')
  })

  it('takes the kind title and number formats from the lead forms, and shows the message below the fields', () => {
    const mail = buildNotificationMail(
      {
        _id: 'inbox.lead-2',
        _type: 'lead',
        kind: 'valuation',
        receivedAt: '2026-07-01T08:05:00.000Z',
        contact: { name: 'Max Muster', email: 'max@example.de', phone: '0170 1234567' },
        fields: [
          { _key: 'brand', name: 'brand', label: 'Marke', value: 'VW' },
          { _key: 'year', name: 'year', label: 'Baujahr', value: 2018 },
          { _key: 'mileage', name: 'mileage', label: 'Kilometerstand (km)', value: 85000 },
          // Not a field of this form: as it is, and its label keeps the unit the value lacks.
          { _key: 'price', name: 'price', label: 'Preisvorstellung (€)', value: 12500 },
          { _key: 'phone', name: 'phone', label: 'Telefon', value: '0170 1234567' },
          { _key: 'message', name: 'message', label: 'Nachricht', value: 'Bitte <rückrufen>' },
        ],
      },
      options,
    )
    expect(mail.subject).toBe('Neue Anfrage: Fahrzeugbewertung – Max Muster')
    expect(mail.text).toContain('Baujahr:')
    expect(mail.text).toMatch(/Baujahr: +2018\n/)
    // The unit once, with the number (copy review 2026-11-29, M9).
    expect(mail.text).toMatch(/Kilometerstand: +85\.000 km\n/)
    expect(mail.text).not.toContain('(km)')
    expect(mail.text).toMatch(/Preisvorstellung \(€\): +12500\n/)
    expect(mail.text.match(/0170 1234567/g)?.length).toBe(2) // the Telefon row and the answer note
    expect(mail.text).toContain('Nachricht:\nBitte <rückrufen>')
    expect(mail.html).toContain('Bitte &lt;rückrufen&gt;')
  })

  it('shows a euro field’s unit once, with the amount (copy review 2026-11-29, M9)', () => {
    const mail = buildNotificationMail(
      {
        _id: 'inbox.lead-3',
        _type: 'lead',
        kind: 'used-car-enquiry',
        contact: { phone: '0170 1234567' },
        fields: [
          { _key: 'from', name: 'priceFrom', label: 'Preis von (€)', value: 10000 },
          { _key: 'to', name: 'priceTo', label: 'Preis bis (€)', value: 20000 },
        ],
      },
      options,
    )
    expect(mail.text).toMatch(/^Preis von: +10\.000\u00a0€$/m)
    expect(mail.text).toMatch(/^Preis bis: +20\.000\u00a0€$/m)
    expect(mail.html).toContain('>Preis von</th>')
    expect(mail.text).not.toContain('(€)')
  })

  it('falls back to the kind and the name for a lead without titles', () => {
    const mail = buildNotificationMail(
      { _id: 'inbox.lead-1', _type: 'lead', kind: 'probefahrt', contact: { name: 'Max', email: 'max@example.de' }, fields: [] },
      options,
    )
    expect(mail.subject).toBe('Neue Anfrage: probefahrt – Max')
    expect(mail.replyTo).toEqual({ name: 'Max', address: 'max@example.de' })
  })

  it('formats times in Europe/Berlin (summer and winter time)', () => {
    expect(formatBerlinTime('2026-01-15T23:30:00Z')).toBe('Freitag, 16. Januar 2026 um 00:30 Uhr')
    expect(formatBerlinTime('2026-06-15T23:30:00Z')).toBe('Dienstag, 16. Juni 2026 um 01:30 Uhr')
    expect(formatBerlinTime(undefined)).toBeUndefined()
  })
})
