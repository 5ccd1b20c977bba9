import { describe, expect, it } from 'vitest'
import { missingFieldMessage } from '#app/submissions/field-messages.ts'
import { chosenSlot, formFields, inputAttributes, missingRequiredFields, replyChannel, sentQuery, successText, type LeadKind } from '#app/submissions/forms.ts'
import { LEAD_KINDS } from '#app/submissions/lead-forms.ts'
import { vehicleEnquiryMessage } from '#app/submissions/lead-prefill.ts'
import { FORMS, LEAD_FORMS } from '#app/submissions/form-registry.ts'

const names = (kind: LeadKind, variant?: string) => formFields(FORMS[kind], variant).map((field) => field.name)
const typesOf = (kind: LeadKind, variant?: string) => formFields(FORMS[kind], variant).map((field) => field.type)
const optionsOf = (kind: LeadKind, name: string) => LEAD_FORMS[kind].fields.find((field) => field.name === name)?.options

describe('lead forms (spec §3 "Forms without submission")', () => {
  it("has the spec's eight kinds and the test drive (issue 26), each with a German title", () => {
    expect(LEAD_KINDS).toEqual([
      'vehicle-enquiry',
      'test-drive',
      'valuation',
      'valuation-bmw',
      'brand-purchase',
      'student',
      'used-car-enquiry',
      'export',
      'dealer-registration',
      'vehicle-sale',
      'search-request',
      'availability-alert',
      'price-alert',
      'financing-request',
    ])
    for (const kind of LEAD_KINDS) expect(LEAD_FORMS[kind].kind).toBe(kind)
    expect(LEAD_KINDS.map((kind) => LEAD_FORMS[kind].title)).toEqual([
      'Fahrzeuganfrage',
      'Probefahrt',
      'Fahrzeugbewertung',
      'BMW-Bewertung',
      'Markenankauf (Mercedes/Audi)',
      'Studenten-Ankauf',
      'Gebrauchtwagen-Suche',
      'Exportanfrage',
      'Händler-Registrierung',
      'Auto verkaufen',
      'Suchauftrag',
      'Benachrichtigung, falls wieder frei',
      'Preis beobachten',
      'Finanzierungsanfrage',
    ])
  })

  it('lists each form’s fields in the spec’s order with the spec’s input types', () => {
    // Issue 36: the enquiry also takes a phone number (decision 071; the spec named e-mail only).
    expect(names('vehicle-enquiry')).toEqual(['name', 'phone', 'email', 'message'])
    expect(typesOf('vehicle-enquiry')).toEqual(['text', 'tel', 'email', 'textarea'])
    expect(names('valuation', 'sonsbeck')).toEqual(['brand', 'model', 'year', 'mileage', 'phone'])
    expect(names('valuation', 'uedem')).toEqual(['brand', 'model', 'year', 'mileage', 'phone'])
    expect(typesOf('valuation', 'sonsbeck')).toEqual(['text', 'text', 'number', 'number', 'tel'])
    expect(names('valuation', 'muenster')).toEqual(['brand', 'model', 'year', 'mileage', 'phone', 'quick'])
    expect(typesOf('valuation', 'muenster').at(-1)).toBe('checkbox')
    expect(names('valuation')).toEqual(['brand', 'model', 'year', 'mileage', 'phone'])
    expect(names('valuation-bmw')).toEqual(['model', 'year', 'mileage', 'phone'])
    expect(names('brand-purchase')).toEqual(['model', 'year', 'mileage', 'phone'])
    expect(names('student')).toEqual(['vehicle', 'year', 'mileage', 'phone', 'appointment'])
    expect(typesOf('student')).toEqual(['text', 'number', 'number', 'tel', 'select'])
    expect(names('used-car-enquiry')).toEqual(['desiredVehicle', 'priceFrom', 'priceTo', 'phone'])
    expect(typesOf('used-car-enquiry')).toEqual(['text', 'number', 'number', 'tel'])
    expect(names('export')).toEqual(['vehicleType', 'country', 'make', 'year', 'phone'])
    expect(typesOf('export')).toEqual(['select', 'text', 'text', 'number', 'tel'])
    expect(names('dealer-registration')).toEqual(['company', 'location', 'vehiclesPerYear', 'specialisation', 'phone'])
    expect(typesOf('dealer-registration')).toEqual(['text', 'text', 'select', 'select', 'tel'])
  })

  it('offers exactly the spec’s select options', () => {
    expect(optionsOf('student', 'appointment')).toEqual(['Flexibel', 'Abends nach 18 Uhr', 'Wochenende', 'Zwischen Vorlesungen'])
    expect(optionsOf('export', 'vehicleType')).toEqual(['PKW', 'LKW', 'Transporter', 'Baumaschine', 'Landmaschine', 'Andere'])
    expect(optionsOf('dealer-registration', 'vehiclesPerYear')).toEqual(['5-15', '15-50', '50+'])
    expect(optionsOf('dealer-registration', 'specialisation')).toEqual(['PKW Handel', 'Export', 'Nutzfahrzeuge', 'Premium'])
    // Issue 38 item 3: the financing request's terms are the calculator's.
    expect(optionsOf('financing-request', 'term')).toEqual(['12 Monate', '24 Monate', '36 Monate', '48 Monate', '60 Monate', '72 Monate', '84 Monate'])
    const selects = LEAD_KINDS.filter((kind) => kind !== 'vehicle-sale').flatMap((kind) => LEAD_FORMS[kind].fields.filter((field) => field.type === 'select'))
    expect(selects).toHaveLength(5)
  })

  it('sell request: „Am besten erreichbar“ starts with „Jederzeit“, the Serviceheft offers „Kein Serviceheft“ (copy review 2026-11-29, M13)', () => {
    const field = (name: string) => LEAD_FORMS['vehicle-sale'].fields.find((candidate) => candidate.name === name)!
    expect(field('contactTime').label).toBe('Am besten erreichbar')
    expect(field('contactTime').options).toEqual(['Jederzeit', 'Vormittags (8–12 Uhr)', 'Nachmittags (12–17 Uhr)', 'Abends (17–20 Uhr)'])
    expect(field('serviceHistory').options).toEqual(['Lückenlos (Scheckheft)', 'Teilweise', 'Kein Serviceheft', 'Weiß nicht'])
  })

  it('gives every field a label, every text input a length limit and every number a range', () => {
    for (const kind of LEAD_KINDS) {
      for (const field of LEAD_FORMS[kind].fields) {
        const where = `${kind}.${field.name}`
        expect(field.label.length, where).toBeGreaterThan(0)
        if (['text', 'email', 'tel', 'textarea'].includes(field.type)) expect(field.maxLength, where).toBeGreaterThan(0)
        if (field.type === 'number') {
          expect(field.number, where).toBeDefined()
          expect(field.min, where).toBeDefined()
        }
        if (field.type !== 'checkbox' && field.type !== 'select' && field.type !== 'slot') expect(field.placeholder, where).toBeTruthy()
      }
    }
  })

  it('requires a way to call back on every call-back form, and name, message and phone or e-mail on the vehicle enquiry', () => {
    // The sell request, the Suchauftrag and „Benachrichtigen, falls wieder frei“ need phone or e-mail (schema.server.test.ts).
    // „Preis beobachten“ (issue 38) is an e-mail alert: it takes an address only.
    const phoneOrEmail = ['vehicle-enquiry', 'vehicle-sale', 'search-request', 'availability-alert', 'price-alert', 'financing-request']
    for (const kind of LEAD_KINDS.filter((candidate) => !phoneOrEmail.includes(candidate))) {
      expect(LEAD_FORMS[kind].fields.find((field) => field.name === 'phone')?.required, kind).toBe(true)
    }
    const enquiry = LEAD_FORMS['vehicle-enquiry']
    expect(enquiry.fields.filter((field) => field.required).map((field) => field.name)).toEqual(['name', 'message'])
    expect(enquiry.anyOf).toEqual([expect.objectContaining({ fields: ['phone', 'email'] })])
  })

  it('renders numbers as text inputs with a German pattern: thousands grouped by dots or spaces, a year as four digits', () => {
    // How browsers compile a `pattern` attribute.
    const accepts = (source: string, value: string) => new RegExp(`^(?:${source})$`, 'v').test(value)
    const mileage = inputAttributes(LEAD_FORMS['vehicle-sale'].fields.find((field) => field.name === 'mileage')!)
    expect(mileage).toMatchObject({ name: 'mileage', type: 'text', inputMode: 'numeric', required: true, placeholder: 'z. B. 85.000' })
    expect(mileage).not.toHaveProperty('min')
    expect(mileage.title).toBe('Bitte geben Sie den Kilometerstand in ganzen Kilometern an, z. B. 85.000.')
    // With the unit the label names or without (visitor review 2026-11-30, M1); the server reads past it (readWholeNumber).
    for (const value of ['123.456', '123 456', '123456', '1.234.567', '0', '85000 km', '85.000km', '85.000 KM']) {
      expect(accepts(mileage.pattern!, value), value).toBe(true)
    }
    for (const value of ['123,5', '12.34', '1.23.456', '123.456 789', '-5', '85000 kmh', '85000 €', 'km', '']) {
      expect(accepts(mileage.pattern!, value), value).toBe(false)
    }
    // Spaces before and after, as a paste or a phone keyboard leaves them, pass: the server trims (visitor review 2026-11-30, L9).
    for (const value of [' 85.000', '85.000 ', '  85000 km ']) expect(accepts(mileage.pattern!, value), value).toBe(true)
    const postcode = inputAttributes(LEAD_FORMS['vehicle-sale'].fields.find((field) => field.name === 'postcode')!)
    for (const value of [' 45326', '45326 ']) expect(accepts(postcode.pattern!, value), value).toBe(true)
    for (const value of ['4532 6', '45 326']) expect(accepts(postcode.pattern!, value), value).toBe(false)
    const price = inputAttributes(LEAD_KINDS.flatMap((kind) => LEAD_FORMS[kind].fields).find((field) => field.number === 'price')!)
    for (const value of ['5.000 €', '5000€', '5.000']) expect(accepts(price.pattern!, value), value).toBe(true)
    for (const value of ['5.000 km', '€', '5.000,50 €']) expect(accepts(price.pattern!, value), value).toBe(false)
    const year = inputAttributes(LEAD_FORMS['vehicle-sale'].fields.find((field) => field.name === 'year')!)
    expect(year).toMatchObject({ type: 'text', inputMode: 'numeric', title: 'Bitte geben Sie das Jahr der Erstzulassung mit vier Ziffern an, z. B. 2018.' })
    expect(accepts(year.pattern!, '2018')).toBe(true)
    for (const value of ['2.018', '18', '20180']) expect(accepts(year.pattern!, value), value).toBe(false)
    // Every number of every form: kilometres and euros take grouped thousands, years four digits.
    for (const kind of LEAD_KINDS) {
      for (const field of LEAD_FORMS[kind].fields.filter((candidate) => candidate.type === 'number')) {
        const attributes = inputAttributes(field)
        expect(attributes.type, `${kind}.${field.name}`).toBe('text')
        expect(accepts(attributes.pattern!, field.number === 'year' ? '2018' : '12.500'), `${kind}.${field.name}`).toBe(true)
        // The example fits the field (copy review 2026-11-29, M11): euros, kilometres, a year.
        const example = {
          price: 'in ganzen Euro an, z. B. 5.000.',
          mileage: 'in ganzen Kilometern an, z. B. 85.000.',
          year: 'mit vier Ziffern an, z. B. 2018.',
        }
        expect(attributes.title, `${kind}.${field.name}`).toMatch(/^Bitte geben Sie (das|den|die) /)
        expect(attributes.title, `${kind}.${field.name}`).toContain(example[field.number!])
      }
    }
    const phone = LEAD_FORMS.student.fields.find((field) => field.name === 'phone')!
    expect(inputAttributes(phone)).toMatchObject({ type: 'tel', required: true, maxLength: 40, autoComplete: 'tel' })
    const message = LEAD_FORMS['vehicle-enquiry'].fields.find((field) => field.name === 'message')!
    expect(inputAttributes(message)).not.toHaveProperty('type')
  })

  it('labels every mileage „Kilometerstand (km)“, as the unit is written (copy review 2026-11-29, M12)', () => {
    const mileages = LEAD_KINDS.flatMap((kind) => LEAD_FORMS[kind].fields.filter((field) => field.number === 'mileage').map((field) => [kind, field.label]))
    expect(mileages.map(([kind]) => kind)).toEqual(['valuation', 'valuation-bmw', 'brand-purchase', 'student', 'vehicle-sale'])
    for (const [kind, label] of mileages) expect(label, kind).toBe('Kilometerstand (km)')
  })

  it('gives the Mercedes and the Audi page each its own model example', () => {
    const model = (variant?: string) => formFields(FORMS['brand-purchase'], variant).find((field) => field.name === 'model')?.placeholder
    expect(model('mercedes')).toBe('z. B. C-Klasse')
    expect(model('audi')).toBe('z. B. A4')
    expect(model()).toBe('z. B. C-Klasse oder A4')
  })

  it('pre-fills the vehicle enquiry with an interest text naming make and model', () => {
    expect(vehicleEnquiryMessage('BMW', '320d')).toBe('Ich interessiere mich für den BMW 320d. Bitte kontaktieren Sie mich.')
  })
})

describe('missingRequiredFields', () => {
  it('names the empty required fields in form order', () => {
    expect(missingRequiredFields(FORMS['vehicle-enquiry'], {})).toEqual(['name', 'phone', 'email', 'message'])
    expect(missingRequiredFields(FORMS['vehicle-enquiry'], { name: ' ', email: 'a@example.de', message: 'Hallo' })).toEqual(['name'])
    // Phone or e-mail: either one is enough; both empty, both are named.
    expect(missingRequiredFields(FORMS['vehicle-enquiry'], { name: 'Max', phone: '0201 123456', message: 'Hallo' })).toEqual([])
    expect(missingRequiredFields(FORMS['vehicle-enquiry'], { name: 'Max', phone: ' ', email: '', message: 'Hallo' })).toEqual(['phone', 'email'])
    expect(missingRequiredFields(FORMS['valuation'], { brand: 'VW', phone: '' })).toEqual(['phone'])
    expect(missingRequiredFields(FORMS['dealer-registration'], { phone: '0201 123456' })).toEqual(['company'])
    expect(missingRequiredFields(FORMS['student'], { phone: '0151 1234567' })).toEqual([])
  })

  it('has a German message for each missing field', () => {
    expect(missingFieldMessage(FORMS['vehicle-enquiry'], 'email')).toBe('Bitte geben Sie Ihre E-Mail-Adresse an.')
    expect(missingFieldMessage(FORMS['export'], 'phone')).toBe('Bitte geben Sie eine Telefonnummer an, damit wir Sie zurückrufen können.')
    expect(missingFieldMessage(FORMS['dealer-registration'], 'company')).toBe('Bitte geben Sie Ihren Firmennamen an.')
  })

  it('asks for a missing field in one personal style on every form (copy review 2026-11-29, M10)', () => {
    // The same field reads the same on the contact form, the enquiry, the financing request, the test drive and the sell request.
    for (const kind of ['contact', 'vehicle-enquiry', 'financing-request', 'test-drive', 'vehicle-sale', 'availability-alert'] as const) {
      expect(missingFieldMessage(FORMS[kind], 'name'), kind).toBe('Bitte geben Sie Ihren Namen an.')
    }
    expect(missingFieldMessage(FORMS['vehicle-sale'], 'make')).toBe('Bitte geben Sie die Marke an.')
    expect(missingFieldMessage(FORMS['vehicle-sale'], 'model')).toBe('Bitte geben Sie das Modell an.')
    expect(missingFieldMessage(FORMS['vehicle-sale'], 'year')).toBe('Bitte geben Sie das Jahr der Erstzulassung an.')
    expect(missingFieldMessage(FORMS['vehicle-sale'], 'mileage')).toBe('Bitte geben Sie den Kilometerstand an.')
    expect(missingFieldMessage(FORMS['vehicle-sale'], 'postcode')).toBe('Bitte geben Sie Ihre Postleitzahl an.')
    expect(missingFieldMessage(FORMS['vehicle-enquiry'], 'message')).toBe('Bitte schreiben Sie uns eine Nachricht.')
    expect(missingFieldMessage(FORMS['search-request'], 'query')).toBe('Bitte geben Sie an, welches Auto Sie suchen.')
    // No required field of any form falls back to its label in quotes: each has its words (FIELD_NOUNS or its own).
    for (const form of Object.values(FORMS)) {
      for (const field of form.fields.filter((candidate) => candidate.required)) {
        const message = missingFieldMessage(form, field.name)
        expect(message, `${form.kind}.${field.name}`).toMatch(/^Bitte (geben|wählen|schreiben) Sie /)
        expect(message, `${form.kind}.${field.name}`).not.toContain('„')
      }
    }
  })
})

describe('the Suchauftrag’s confirmation (copy review 2026-11-29, M16)', () => {
  const form = FORMS['search-request']

  it('speaks of the one way back that was given: the confirmation link of an e-mail, or our call', () => {
    expect(replyChannel(form, { emailOrPhone: ' erika@example.de ' })).toBe('email')
    expect(replyChannel(form, { emailOrPhone: '0201 123456' })).toBe('telefon')
    expect(replyChannel(form, { emailOrPhone: '' })).toBeUndefined()
    // Other forms have no such field.
    expect(replyChannel(FORMS['vehicle-enquiry'], { email: 'erika@example.de' })).toBeUndefined()
    expect(successText(form, 'email')).toEqual({
      title: 'Fast geschafft: Bitte bestätigen Sie Ihre E-Mail-Adresse',
      description:
        'Wir schicken Ihnen eine E-Mail mit einem Bestätigungslink, meist innerhalb weniger Minuten. Erst wenn Sie ihn öffnen und bestätigen, schreiben wir Ihnen, sobald ein passendes Auto kommt.',
    })
    expect(successText(form, 'telefon')).toEqual({
      title: 'Suchauftrag gespeichert!',
      description: 'Vielen Dank! Wir rufen Sie an, sobald wir ein passendes Fahrzeug haben.',
    })
    for (const channel of ['email', 'telefon']) expect(successText(form, channel).description).not.toMatch(/Haben Sie|Telefonnummer angegeben/)
    // An address without the way (an old link), or one made up: words true for both.
    for (const channel of [null, 'fax']) {
      expect(successText(form, channel)).toEqual({
        title: 'Suchauftrag gespeichert!',
        description: 'Vielen Dank! Wir melden uns bei Ihnen, sobald ein passendes Auto kommt.',
      })
    }
    expect(successText(FORMS['price-alert'], 'email')).toBe(FORMS['price-alert'].texts.success)
  })

  it('the confirmation address names the way, never the address or number', () => {
    expect(sentQuery('search-request', 'suchauftrag', { channel: 'email' })).toBe('anfrage=gesendet&formular=suchauftrag&antwort=email')
    expect(sentQuery('search-request', 'suchauftrag')).toBe('anfrage=gesendet&formular=suchauftrag')
    expect(sentQuery('test-drive', 'probefahrt', { slot: '2026-12-01T15:00-18:00' })).toBe(
      'anfrage=gesendet&formular=probefahrt&termin=2026-12-01T15%3A00-18%3A00',
    )
  })

  it('the test drive’s confirmation names the chosen window as the select did (visitor review 2026-11-30, L6)', () => {
    const testDrive = LEAD_FORMS['test-drive']
    expect(chosenSlot(testDrive, { slot: '2026-12-01T15:00-18:00', name: 'Max' })).toBe('2026-12-01T15:00-18:00')
    expect(chosenSlot(testDrive, { slot: '' })).toBeUndefined()
    expect(chosenSlot(LEAD_FORMS['vehicle-enquiry'], { slot: '2026-12-01T15:00-18:00' })).toBeUndefined()
    expect(successText(testDrive, undefined, 'Di, 01.12.2026, 15:00–18:00 Uhr')).toEqual({
      title: 'Probefahrt angefragt!',
      description:
        'Vielen Dank! Wir rufen Sie an, um Ihren Wunschtermin zu bestätigen. Bitte bringen Sie zur Probefahrt Ihren Führerschein mit. Ihr Wunschtermin: Di, 01.12.2026, 15:00–18:00 Uhr.',
    })
    expect(successText(testDrive, undefined)).toBe(testDrive.texts.success)
  })

  it('an empty field and a field with neither an address nor a number get different messages', () => {
    const field = form.fields.find((candidate) => candidate.name === 'emailOrPhone')!
    expect(form.messages.missing(field)).toBe('Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an, damit wir uns bei Ihnen melden können.')
    expect(form.messages.format(field)).toBe('Bitte geben Sie eine gültige E-Mail-Adresse oder Telefonnummer an.')
    expect(inputAttributes(field).title).toBe('Bitte geben Sie eine gültige E-Mail-Adresse oder Telefonnummer an.')
  })
})
