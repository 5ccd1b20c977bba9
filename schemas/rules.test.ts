import { type ArraySchemaType, type ObjectSchemaType } from 'sanity'
import { describe, expect, it } from 'vitest'
import { inspectionDueProblem, maxVehicleYear } from './lib/validation'
import { type SeedDocument } from './testing/dataset'
import { seedValidation } from './testing/seed-validation'
import { markerPath, schema, validate } from './testing/validate'
import { TIME_PROBLEM } from './lib/validation'

/*
 * The schema's validation rules reject what the content model forbids. Each case takes a valid
 * seed document, breaks one thing and expects Sanity's validation to report it at that place.
 */

const { seed, copyOf, errorsOf } = seedValidation()

describe('exact counts on the home page', () => {
  it.each([
    ['heroSlides', (home: any) => home.heroSlides.pop(), 'heroSlides'],
    ['stats.items', (home: any) => home.stats.items.push({ ...home.stats.items[0], _key: 'extra' }), 'stats.items'],
    ['services.cards', (home: any) => home.services.cards.pop(), 'services.cards'],
    ['process.steps', (home: any) => home.process.steps.pop(), 'process.steps'],
  ])('reports a wrong number of %s', async (_name, breakIt, path) => {
    const home = copyOf('homePage')
    breakIt(home)
    expect((await errorsOf(home)).map((error) => error.path)).toEqual([path])
  })

  it('requires a button on every home-page service card', async () => {
    const home = copyOf('homePage')
    delete home.services.cards[4].action
    expect(await errorsOf(home)).toEqual([{ path: 'services.cards', message: expect.stringContaining('Schaltfläche') }])
  })

  it('limits a percentage to 100', async () => {
    const home = copyOf('homePage')
    // A counter of the page's own (no Kennzahl chosen): its percentage is checked.
    delete home.stats.items[3].figure
    home.stats.items[3].number = 120
    expect(await errorsOf(home)).toEqual([expect.objectContaining({ path: 'stats.items[satisfaction]' })])
  })
})

describe('opening hours', () => {
  it('requires all four variants, named by their German titles', async () => {
    const settings = copyOf('siteSettings')
    settings.openingHours = settings.openingHours.filter((variant: any) => variant.key !== 'student')
    expect(await errorsOf(settings)).toEqual([{ path: 'openingHours', message: 'Es fehlen Varianten: „Telefonisch erreichbar (Studenten-Seite)“.' }])
  })

  it('rejects a variant that appears twice, named by its German title', async () => {
    const settings = copyOf('siteSettings')
    settings.openingHours[3] = { ...settings.openingHours[0], _key: 'home-again' }
    const errors = await errorsOf(settings)
    expect(errors).toEqual([{ path: 'openingHours', message: expect.stringContaining('doppelt: „Telefonisch erreichbar (Startseite, strukturierte Daten)“') }])
    expect(errors[0]!.message).not.toMatch(/\b(home|student)\b/)
  })

  it('keeps the four variants fixed: no key or internal name to edit, none to add or remove', () => {
    const variant = schema.get('openingHoursVariant') as ObjectSchemaType
    for (const name of ['key', 'label']) {
      const field = variant.fields.find((candidate) => candidate.name === name)!
      expect(field.type.readOnly, name).toBe(true)
      expect(field.type.hidden, name).toBe(true)
    }
    const list = (schema.get('siteSettings') as ObjectSchemaType).fields.find((field) => field.name === 'openingHours')!.type as ArraySchemaType
    expect(list.options?.disableActions).toEqual(expect.arrayContaining(['add', 'addBefore', 'addAfter', 'remove', 'duplicate']))
  })

  it('rejects times that are not HH:MM and closing before opening', async () => {
    const settings = copyOf('siteSettings')
    settings.openingHours[1].specs[0].opens = '9:00'
    settings.openingHours[2].specs[0].opens = '21:00'
    expect((await errorsOf(settings)).map((error) => error.path).sort()).toEqual([
      'openingHours[city].specs[mo-sa]',
      'openingHours[general].specs[mo-fr].opens',
    ])
  })

  it('refuses a day said twice: overlapping times, or times and „nach Vereinbarung“; a lunch break is fine (staff review 2026-11-29, M1)', async () => {
    const overlap = copyOf('siteSettings')
    const general = overlap.openingHours.findIndex((variant: any) => variant.key === 'general')
    overlap.openingHours[general].specs.push({ _key: 'monday-again', _type: 'openingHoursSpec', days: ['Mo'], opens: '10:00', closes: '20:00' })
    expect(await errorsOf(overlap)).toEqual([
      {
        path: 'openingHours[general]',
        message: 'Montag steht zweimal da, mit Zeiten, die sich überschneiden (09:00–18:00 und 10:00–20:00 Uhr). Bitte einen Eintrag anpassen.',
      },
    ])

    const both = copyOf('siteSettings')
    both.openingHours[general].byAppointmentDays.push('Sa')
    expect(await errorsOf(both)).toEqual([
      { path: 'openingHours[general]', message: 'Samstag hat Öffnungszeiten und steht zugleich unter „Nach Vereinbarung“. Bitte eines von beiden entfernen.' },
    ])

    const lunch = copyOf('siteSettings')
    lunch.openingHours[general].specs[0].closes = '12:00'
    lunch.openingHours[general].specs.push({ _key: 'afternoon', _type: 'openingHoursSpec', days: ['Mo', 'Tu'], opens: '13:00', closes: '18:00' })
    expect(await errorsOf(lunch)).toEqual([])
  })

  it('accepts the special opening hours of the seed (Heiligabend closed, Silvester 09:00–14:00)', async () => {
    const settings = copyOf('siteSettings')
    expect(settings.specialOpeningHours.map((entry: any) => entry.note)).toEqual(['Heiligabend', 'Silvester'])
    expect(await errorsOf(settings)).toEqual([])
  })

  it.each([
    ['an end before the first day', { to: '2026-12-23' }, 'specialOpeningHours[heiligabend-2026].to', 'Das Enddatum darf nicht vor dem ersten Tag liegen.'],
    ['no date', { from: undefined }, 'specialOpeningHours[heiligabend-2026].from', expect.any(String)],
    [
      'an occasion longer than 40 characters',
      { note: 'Heiligabend und die Tage zwischen den Jahren' },
      'specialOpeningHours[heiligabend-2026].note',
      expect.any(String),
    ],
    ['more than 60 lead days', { leadDays: 61 }, 'specialOpeningHours[heiligabend-2026].leadDays', expect.any(String)],
    ['negative lead days', { leadDays: -1 }, 'specialOpeningHours[heiligabend-2026].leadDays', expect.any(String)],
    ['lead days that are no whole number', { leadDays: 1.5 }, 'specialOpeningHours[heiligabend-2026].leadDays', expect.any(String)],
    ['open without hours', { closed: false }, 'specialOpeningHours[heiligabend-2026].opens', 'Bitte eine Uhrzeit angeben oder „Geschlossen“ wählen.'],
  ])('rejects a special opening entry with %s', async (_case, change, path, message) => {
    const settings = copyOf('siteSettings')
    Object.assign(settings.specialOpeningHours[0], change)
    const errors = await errorsOf(settings)
    expect(errors).toContainEqual({ path, message })
    expect(errors.every((error) => error.path.startsWith('specialOpeningHours[heiligabend-2026]'))).toBe(true)
  })

  it('accepts a range and the bounds of the lead days', async () => {
    const settings = copyOf('siteSettings')
    Object.assign(settings.specialOpeningHours[0], { to: '2026-12-26', leadDays: 0 })
    Object.assign(settings.specialOpeningHours[1], { leadDays: 60 })
    expect(await errorsOf(settings)).toEqual([])
  })

  it('rejects special hours that close before they open, and times not in HH:MM', async () => {
    const settings = copyOf('siteSettings')
    Object.assign(settings.specialOpeningHours[1], { opens: '14:00', closes: '09:00' })
    expect(await errorsOf(settings)).toEqual([{ path: 'specialOpeningHours[silvester-2026]', message: 'Die Schließzeit muss nach der Öffnungszeit liegen.' }])
    Object.assign(settings.specialOpeningHours[1], { opens: '9 Uhr', closes: '14:00' })
    // Stored as text outside the Studio's time field, which would have stored 09:00.
    expect(await errorsOf(settings)).toEqual([{ path: 'specialOpeningHours[silvester-2026].opens', message: TIME_PROBLEM }])
  })

  it('limits the satisfaction claim to 0–100', async () => {
    const settings = copyOf('siteSettings')
    settings.claims.satisfactionPercent = 101
    expect((await errorsOf(settings)).map((error) => error.path)).toEqual(['claims.satisfactionPercent'])
  })
})

describe('vehicles', () => {
  it.each([
    ['year', 1949],
    ['year', maxVehicleYear() + 1],
  ])('rejects %s = %s', async (field, value) => {
    const vehicle = copyOf('vehicle-22') // no year, no first registration
    vehicle[field] = value
    expect((await errorsOf(vehicle)).map((error) => error.path)).toEqual([field])
  })

  it.each([
    ['mileage', -1],
    ['mileage', 2_000_001],
    ['price', -1],
    ['firstRegistration', '13/2020'],
    ['firstRegistration', '3/2020'],
    ['firstRegistration', '01/2019'],
    ['fuelType', 'ELECTRICITY'],
    ['transmission', 'CVT'],
    ['status', 'verkauft'],
    // The buyer facts (docs/decisions/058).
    ['vat', 'brutto'],
    ['inspectionDue', '2027-05'],
    ['inspectionDue', '5/2027'],
    ['warrantyMonths', 0],
    ['warrantyMonths', 1.5],
  ])('rejects %s = %s', async (field, value) => {
    const vehicle = copyOf('vehicle-1') // year 2020, first registration 03/2020
    vehicle[field] = value
    expect((await errorsOf(vehicle)).map((error) => error.path)).toEqual([field])
  })

  it.each(['id', 'make', 'model', 'mileage', 'fuelType', 'transmission', 'status', 'listedAt', 'source'])('requires %s', async (field) => {
    const vehicle = copyOf('vehicle-5')
    delete vehicle[field]
    // (An empty number field also fails its range rules; every report is about that field.)
    expect(new Set((await errorsOf(vehicle)).map((error) => error.path))).toEqual(new Set([field]))
  })

  it('accepts a vehicle without year and price (shown as 2020 and „Preis auf Anfrage“), and warns of the 2020 (staff review 2026-11-29, M3)', async () => {
    const vehicle = copyOf('vehicle-5')
    delete vehicle.year
    delete vehicle.price
    delete vehicle.firstRegistration
    expect(await errorsOf(vehicle)).toEqual([])
    const warnings = async () =>
      (await validate(vehicle, seed(), { environment: 'studio' }))
        .filter((marker) => marker.level === 'warning')
        .map((marker) => `${markerPath(marker)}: ${marker.message}`)
    expect(await warnings()).toEqual(['year: Ohne Baujahr und Erstzulassung nennt die Website das Fahrzeug „2020“. Bitte eines von beiden eintragen.'])
    // A first registration names the year; a synced car's year is mobile.de's, not the staff's to fill in.
    vehicle.firstRegistration = '05/2019'
    expect(await warnings()).toEqual([])
    delete vehicle.firstRegistration
    vehicle.source = 'mobile.de'
    expect((await warnings()).filter((warning) => warning.startsWith('year'))).toEqual([])
  })

  it('rejects a public id that another vehicle already uses', async () => {
    const copy = { ...copyOf('vehicle-7'), _id: 'vehicle-copy', id: '1' }
    expect(await errorsOf(copy, [...seed(), copy])).toEqual([{ path: 'id', message: expect.stringContaining('schon vergeben') }])
  })

  it('keeps former numbers that are numbers and not its own (decision 099)', async () => {
    expect(await errorsOf({ ...copyOf('vehicle-7'), previousIds: ['alt-7', 'neu 7'] })).toEqual([
      { path: 'previousIds', message: expect.stringContaining('neu 7') },
    ])
    expect(await errorsOf({ ...copyOf('vehicle-7'), previousIds: ['7'] })).toEqual([{ path: 'previousIds', message: '7 ist die jetzige Fahrzeugnummer.' }])
    expect(await errorsOf({ ...copyOf('vehicle-7'), previousIds: ['alt-7'] })).toEqual([])
  })

  it('treats the draft of a vehicle as the same vehicle, not as a duplicate', async () => {
    const draft = { ...copyOf('vehicle-1'), _id: 'drafts.vehicle-1' }
    expect(await errorsOf(draft, [...seed(), draft])).toEqual([])
  })

  it('requires the mobile.de ad number for synced vehicles', async () => {
    const vehicle = copyOf('vehicle-6')
    vehicle.source = 'mobile.de'
    expect((await errorsOf(vehicle)).map((error) => error.path)).toEqual(['marketplaceId'])
    vehicle.marketplaceId = '412345678'
    expect(await errorsOf(vehicle)).toEqual([])
  })

  it('requires the picture itself, not only its alt text', async () => {
    const vehicle = copyOf('vehicle-2')
    delete vehicle.images[0].asset
    expect(await errorsOf(vehicle)).toEqual([{ path: 'images[image-1]', message: 'Bitte laden Sie ein Bild hoch.' }])
  })

  it('requires an alt text on every image', async () => {
    const vehicle = copyOf('vehicle-2')
    delete vehicle.images[1].alt
    expect((await errorsOf(vehicle)).map((error) => error.path)).toEqual(['images[image-2].alt'])
  })

  it('warns when PS and kW do not match', async () => {
    const vehicle = copyOf('vehicle-3')
    vehicle.powerHp = 250
    const markers = await validate(vehicle, seed(), { environment: 'studio' })
    expect(markers.map((marker) => `${marker.level} ${markerPath(marker)}`)).toEqual(['warning powerHp'])
  })

  it('flags fields the schema does not know (outside the Studio, as the seed test runs)', async () => {
    const vehicle = copyOf('vehicle-3')
    vehicle.colour = 'blau'
    vehicle.images[0].caption = 'Seitenansicht'
    const markers = await validate(vehicle, seed(), { environment: 'cli' })
    expect(markers.map((marker) => `${marker.level} ${markerPath(marker)}`).sort()).toEqual(['warning colour', 'warning images[image-1].caption'])
  })
})

describe('contact messages', () => {
  const message = {
    _id: 'inbox.contact-3f6c1a2e-8d1b-4f4e-9a51-0c1d2e3f4a5b',
    _type: 'contactMessage',
    name: 'Erika Mustermann',
    email: 'erika@example.de',
    phone: '0201 123456',
    subject: 'ankauf',
    message: 'Ich möchte meinen Golf verkaufen. Wann kann ich vorbeikommen?',
    page: '/',
    receivedAt: '2025-01-24T10:15:00.000Z',
    status: 'neu',
  }

  it('accepts a message as the site stores it', async () => {
    expect(await errorsOf(message, [...seed(), message])).toEqual([])
  })

  it('rejects a status outside the list and a missing e-mail address', async () => {
    const broken: Record<string, unknown> = { ...message, status: 'offen' }
    delete broken.email
    expect((await errorsOf(broken as SeedDocument, [...seed()])).map((error) => error.path).sort()).toEqual(['email', 'status'])
  })
})

describe('leads', () => {
  const lead = {
    _id: 'inbox.lead-7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    _type: 'lead',
    kind: 'vehicle-enquiry',
    page: '/vehicles/1',
    receivedAt: '2025-01-24T10:15:00.000Z',
    status: 'neu',
    vehicle: { _type: 'reference', _ref: 'vehicle-1', _weak: true },
    contact: { name: 'Erika Mustermann', email: 'erika@example.de' },
    fields: [
      { _key: 'name', _type: 'leadField', name: 'name', label: 'Name', value: 'Erika Mustermann' },
      { _key: 'email', _type: 'leadField', name: 'email', label: 'E-Mail', value: 'erika@example.de' },
      { _key: 'message', _type: 'leadField', name: 'message', label: 'Nachricht', value: 'Ich interessiere mich für den VW Golf.' },
    ],
    notifiedAt: '2025-01-24T10:15:02.000Z',
  }

  it('accepts a lead as the site stores it', async () => {
    expect(await errorsOf(lead, [...seed(), lead])).toEqual([])
  })

  it('rejects a kind or status outside the list and a missing receivedAt', async () => {
    const broken: Record<string, unknown> = { ...lead, kind: 'newsletter', status: 'offen' }
    delete broken.receivedAt
    expect((await errorsOf(broken as SeedDocument, [...seed()])).map((error) => error.path).sort()).toEqual(['kind', 'receivedAt', 'status'])
  })
})

describe('Kennzahlen in page copy (docs/decisions/027)', () => {
  it('accepts the seed, whose copy refers to the figures in all three forms', async () => {
    for (const id of ['homePage', 'siteSettings', 'page-services-autoankauf', 'page-locations-xanten']) expect(await errorsOf(copyOf(id)), id).toEqual([])
  })

  it('reports a placeholder that names no figure, in a plain field and in formatted text', async () => {
    const page = copyOf('page-about')
    page.seo.description = 'Kostenlose Abholung ab {abholung} € und {freePickupFromEur} €'
    const prose = page.sections.find((section: any) => section._type === 'richTextSection')
    prose.body[0].children[0].text = 'Seit {jahre} Jahren'
    expect(await errorsOf(page)).toEqual([
      {
        path: '',
        message: expect.stringMatching(
          /^Unbekannte Kennzahl \{abholung\}, \{jahre\}\. Bitte entfernen und über „Kennzahl einfügen“ eine der Kennzahlen wählen: „Jahre Erfahrung“/,
        ),
      },
    ])
  })

  it('warns on a counter that types a number under a Kennzahl’s name, as /locations once did with 2200 „Verkaufte Fahrzeuge“ (issue 36)', async () => {
    const page = copyOf('page-locations')
    const warnings = async () =>
      (await validate(page, seed(), { environment: 'studio' })).filter((marker) => marker.level === 'warning').map((marker) => marker.message)
    expect(await warnings()).toEqual([])
    const stats = page.sections.find((section: any) => section._type === 'statsSection')
    stats.items[3] = { _key: stats.items[3]._key, _type: 'statItem', number: 2200, suffix: '+', label: 'Verkaufte Fahrzeuge' }
    expect(await warnings()).toEqual([expect.stringMatching(/^Dieser Zähler nennt „Verkaufte Fahrzeuge“: bitte oben die Kennzahl wählen/)])
    // Said whose number it is, a page's own figure is fine.
    stats.items[3].label = 'Verkaufte Fahrzeuge in Essen'
    expect(await warnings()).toEqual([])
  })

  it('warns when a city card’s „Kunden“ and the page’s customer counter name different numbers (staff review 2026-11-29, M2)', async () => {
    const page = copyOf('page-locations-dortmund')
    const warnings = async () =>
      (await validate(page, seed(), { environment: 'studio' })).filter((marker) => marker.level === 'warning').map((marker) => marker.message)
    expect(await warnings()).toEqual([])
    const counter = page.sections.find((section: any) => section._type === 'statsSection').items[0]
    counter.number = 700
    expect(await warnings()).toEqual(['Der Zähler „Kunden aus Dortmund“ dieser Seite zeigt 700+, die Karte „650+ Kunden“. Bitte beide gleich halten.'])
    page.location.customers = '700+ Kunden'
    expect(await warnings()).toEqual([])
  })

  it('measures a search description as search engines get it, with the Kennzahlen written in', async () => {
    const page = copyOf('page-about')
    const warnings = async () =>
      (await validate(page, seed(), { environment: 'studio' })).filter((marker) => marker.level === 'warning').map((marker) => markerPath(marker))
    // 183 characters as typed, 150 as shown („5.000“ instead of „{freePickupFromEur}“, „2,9“ instead of „{financingFromPercent}“).
    page.seo.description = `${'x'.repeat(125)} ab {freePickupFromEur} € und ab {financingFromPercent} %.`
    expect(page.seo.description.length).toBeGreaterThan(170)
    expect(await warnings()).toEqual([])
    page.seo.description = `${'x'.repeat(160)} ab {freePickupFromEur} €.`
    expect(await warnings()).toEqual(['seo.description'])
  })

  it('needs a counter to have a number or a chosen Kennzahl', async () => {
    const home = copyOf('homePage')
    delete home.stats.items[0].figure
    delete home.stats.items[0].number
    expect(await errorsOf(home)).toEqual([{ path: 'stats.items[years].number', message: 'Bitte eine Zahl eintragen oder eine Kennzahl wählen.' }])
  })

  it('lets „Fahrzeuge im Bestand“ stay empty (the live count shows) but no other Kennzahl', async () => {
    const settings = copyOf('siteSettings')
    delete settings.claims.vehiclesInStock
    expect(await errorsOf(settings)).toEqual([])
    delete settings.claims.freeDeliveryKm
    const errors = await errorsOf(settings)
    expect(new Set(errors.map((error) => error.path))).toEqual(new Set(['claims.freeDeliveryKm']))
    expect(errors).toContainEqual({ path: 'claims.freeDeliveryKm', message: 'Required' })
  })
})

describe('reviews', () => {
  it('accepts the seed reviews', async () => {
    for (const review of seed().filter((doc) => doc._type === 'review')) expect(await errorsOf(review), review._id).toEqual([])
  })

  it.each([
    ['more than five stars', (review: any) => (review.rating = 6), 'rating'],
    ['half a star', (review: any) => (review.rating = 4.5), 'rating'],
    ['no stars', (review: any) => delete review.rating, 'rating'],
    ['a date in the future', (review: any) => (review.date = '2999-01-01'), 'date'],
    ['no source', (review: any) => delete review.source, 'source'],
    ['no link to the source', (review: any) => delete review.sourceUrl, 'sourceUrl'],
    ['a link that is not https', (review: any) => (review.sourceUrl = 'javascript:alert(1)'), 'sourceUrl'],
    // Issue 36: the visitor review found the links going to a Google search instead of the review.
    [
      'a link to a Google search',
      (review: any) => (review.sourceUrl = 'https://www.google.com/maps/search/?api=1&query=Ruhrstern%20Automobile%20Essen'),
      'sourceUrl',
    ],
    ['a link to a web search', (review: any) => (review.sourceUrl = 'https://www.google.com/search?q=Ruhrstern+Bewertungen'), 'sourceUrl'],
  ])('refuses %s', async (_name, breakIt, path) => {
    const review = copyOf('review-1')
    breakIt(review)
    // A star count off the list is reported by the list and by the range: one field either way.
    expect(new Set((await errorsOf(review)).map((error) => error.path))).toEqual(new Set([path]))
  })

  it('says in German what is wrong with a link (staff review 2026-11-29, L9)', async () => {
    const review = copyOf('review-1')
    const https = 'Bitte den vollständigen Link mit https:// eintragen, wie er in der Adresszeile des Browsers steht.'
    review.sourceUrl = 'http://g.page/ruhrstern'
    expect(await errorsOf(review)).toEqual([{ path: 'sourceUrl', message: https }])
    // Not a URL at all: Sanity's own check of the url type speaks too.
    review.sourceUrl = 'www.google.com/maps/place/ruhrstern'
    expect(await errorsOf(review)).toContainEqual({ path: 'sourceUrl', message: https })
    delete review.sourceUrl
    expect(await errorsOf(review)).toContainEqual({ path: 'sourceUrl', message: 'Bitte den Link zur Bewertung eintragen.' })
  })

  it('takes the rating figures from the reviews: their Kennzahl fields cannot be typed in', () => {
    const settings = schema.get('siteSettings') as ObjectSchemaType
    const claims = settings.fields.find((field) => field.name === 'claims')!.type as ObjectSchemaType
    for (const name of ['customerRating', 'reviewCount']) expect(claims.fields.find((field) => field.name === name)?.type.readOnly, name).toBe(true)
    expect(claims.fields.find((field) => field.name === 'vehiclesSold')?.type.readOnly).toBeFalsy()
  })
})

describe('inspectionDueProblem', () => {
  const now = new Date(2026, 10, 15) // November 2026
  it('warns about a passed month and one more than three years ahead; this month and the next three years are fine', () => {
    expect(inspectionDueProblem('10/2026', now)).toMatch(/abgelaufen/)
    expect(inspectionDueProblem('11/2026', now)).toBeUndefined()
    expect(inspectionDueProblem('11/2029', now)).toBeUndefined()
    expect(inspectionDueProblem('12/2029', now)).toMatch(/drei Jahre/)
    expect(inspectionDueProblem('2027-05', now)).toBeUndefined()
  })
})
