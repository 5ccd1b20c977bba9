import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrReplace } from '#app/lake/lake.server.ts'
import { RateLimiter } from '#app/utils/rate-limit.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { VALID_DEALER_LEAD } from '#tests/submissions.ts'
import { action } from './api.leads'

// The mini dataset has the published vehicle `vehicle-1` (public id '1').
const FIXTURE = 'tests/fixtures/mini-dataset'

function post(body: BodyInit, contentType = 'application/json') {
  return new Request('http://localhost/api/leads', { method: 'POST', body, headers: { 'content-type': contentType } })
}

const dealer = VALID_DEALER_LEAD

/*
 * What /api/leads stores (kinds, vehicle references, JSON numbers) on both lake backends, and its
 * kind check. The rules every submission passes (honeypot, limit, sizes, media types, invalid
 * fields, refused write, onStored) are in app/submissions/pipeline.server.test.ts.
 */
describe.each(BACKENDS)('POST /api/leads on the %s lake', (backend) => {
  let test: TestLake
  const call = (request: Request) => action({ request, params: {}, context: { lake: test.lake, env: test.env } })

  beforeAll(async () => {
    test = await openTestLake(backend, FIXTURE)
  })
  afterAll(() => test.close())

  it('stores a JSON lead durably under the id it answers with', async () => {
    const response = await call(post(JSON.stringify({ ...dealer, variant: 'uedem', page: '/locations/uedem/grosshandel', website: '' })))
    expect(response.status).toBe(201)
    const body = (await response.json()) as { id: string; receivedAt: string }
    expect(await test.stored(body.id)).toMatchObject({
      _type: 'lead',
      kind: 'dealer-registration',
      page: '/locations/uedem/grosshandel',
      receivedAt: body.receivedAt,
      contact: { name: 'Autohaus Test GmbH', phone: '0201 555' },
      fields: [
        { name: 'company', value: 'Autohaus Test GmbH' },
        { name: 'location', value: 'Essen' },
        { name: 'vehiclesPerYear', value: '15-50' },
        { name: 'specialisation', value: 'Export' },
        { name: 'phone', value: '0201 555' },
      ],
    })
  })

  it('references the enquired vehicle and accepts numbers as JSON numbers', async () => {
    const enquiry = await call(
      post(JSON.stringify({ kind: 'vehicle-enquiry', vehicleId: '1', name: 'Erika', email: 'erika@example.de', message: 'Ist der Golf noch da?' })),
    )
    expect(enquiry.status).toBe(201)
    const { id } = (await enquiry.json()) as { id: string }
    expect(await test.stored(id)).toMatchObject({ vehicle: { _ref: 'vehicle-1', _weak: true } })

    const search = await call(
      post(JSON.stringify({ kind: 'used-car-enquiry', desiredVehicle: 'Kombi', priceFrom: 10000, priceTo: 20000, phone: '0201 123456' })),
    )
    expect(search.status).toBe(201)
  })

  it('takes a vehicle enquiry with a phone number and no e-mail, and refuses one with neither (issue 36)', async () => {
    const byPhone = await call(post(JSON.stringify({ kind: 'vehicle-enquiry', vehicleId: '1', name: 'Erika', phone: '0176 1234567', message: 'Noch da?' })))
    expect(byPhone.status).toBe(201)
    const { id } = (await byPhone.json()) as { id: string }
    const stored = await test.stored(id)
    expect(stored).toMatchObject({ kind: 'vehicle-enquiry', contact: { name: 'Erika', phone: '0176 1234567' }, vehicle: { _ref: 'vehicle-1' } })
    expect(stored?.contact).not.toHaveProperty('email')
    expect(stored?.fields).toEqual([
      expect.objectContaining({ name: 'name', label: 'Name' }),
      expect.objectContaining({ name: 'phone', label: 'Telefon', value: '0176 1234567' }),
      expect.objectContaining({ name: 'message', label: 'Nachricht' }),
    ])

    const neither = await call(post(JSON.stringify({ kind: 'vehicle-enquiry', vehicleId: '1', name: 'Erika', message: 'Noch da?' })))
    expect(neither.status).toBe(400)
    const { fieldErrors } = (await neither.json()) as { fieldErrors: Record<string, string[]> }
    const eitherWay = ['Bitte geben Sie eine Telefonnummer oder eine E-Mail-Adresse an, damit wir Ihnen antworten können.']
    expect(fieldErrors).toEqual({ phone: eitherWay, email: eitherWay })
  })

  it('refuses a price or availability alert without a car in the lake with 422 and stores nothing (security review 2026-11-29, finding 4)', async () => {
    const before = (await test.storedOfType('lead')).length
    const alerts = [
      { kind: 'price-alert', email: 'erika@example.de' },
      { kind: 'availability-alert', name: 'Erika', phone: '0201 123456' },
    ]
    for (const alert of alerts) {
      for (const vehicleId of ['9999', '', undefined]) {
        const response = await call(post(JSON.stringify({ ...alert, vehicleId, website: '' })))
        expect(response.status, `${alert.kind} ${vehicleId}`).toBe(422)
        expect(await response.json()).toEqual({ error: 'Dieses Fahrzeug ist nicht mehr in unserem Bestand, daher können wir es nicht für Sie beobachten.' })
      }
    }
    expect(await test.storedOfType('lead')).toHaveLength(before)
    // The car that is there is watched.
    const watched = await call(post(JSON.stringify({ kind: 'price-alert', email: 'erika@example.de', vehicleId: '1', website: '' })))
    expect(watched.status).toBe(201)
    const { id } = (await watched.json()) as { id: string }
    expect(await test.stored(id)).toMatchObject({ kind: 'price-alert', vehicle: { _ref: 'vehicle-1' } })
  })

  it('refuses a price alert for a car without a price („Preis auf Anfrage“) with 422 in German; its other forms still work (copy review 2026-11-29, M19)', async () => {
    await createOrReplace(test.lake, { _id: 'vehicle-ohne-preis', _type: 'vehicle', id: '77', make: 'Mercedes-Benz', model: 'SL 500', status: 'available' })
    const before = (await test.storedOfType('lead')).length
    const watch = await call(post(JSON.stringify({ kind: 'price-alert', email: 'erika@example.de', vehicleId: '77', website: '' })))
    expect(watch.status).toBe(422)
    expect(await watch.json()).toEqual({
      error:
        'Für dieses Fahrzeug nennen wir den Preis auf Anfrage, daher gibt es keinen Preis, den wir für Sie beobachten könnten. Fragen Sie ihn gern über „Fahrzeug anfragen“ bei uns an.',
    })
    expect(await test.storedOfType('lead')).toHaveLength(before)
    const enquiry = await call(post(JSON.stringify({ kind: 'vehicle-enquiry', vehicleId: '77', name: 'Erika', phone: '0176 1234567', message: 'Preis?' })))
    expect(enquiry.status).toBe(201)
    const free = await call(post(JSON.stringify({ kind: 'availability-alert', vehicleId: '77', name: 'Erika', phone: '0176 1234567', website: '' })))
    expect(free.status).toBe(201)
  })

  it("gives one client a share of the hour's visitor mails: past it an alert is refused with 429, other leads are stored without a receipt (security review 2026-11-29, finding 1)", async () => {
    const receiptLimiter = new RateLimiter({ limit: 2, windowMs: 60 * 60 * 1000 })
    const from = (clientAddress: string, body: Record<string, unknown>) =>
      action({
        request: post(JSON.stringify({ ...body, website: '' })),
        params: {},
        context: { lake: test.lake, env: test.env, receiptLimiter, clientAddress },
      })
    const alert = { kind: 'price-alert', vehicleId: '1' }
    for (const email of ['erste@example.de', 'zweite@example.de']) expect((await from('203.0.113.9', { ...alert, email })).status).toBe(201)

    const refused = await from('203.0.113.9', { ...alert, email: 'dritte@example.de' })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500)
    expect(await refused.json()).toEqual({
      error:
        'Über Ihren Internetanschluss kamen in der letzten Stunde schon viele Anfragen mit E-Mail-Adresse, in einem gemeinsam genutzten Netz (Büro, Hochschule, Mobilfunk) auch von anderen. Bitte fordern Sie die Benachrichtigung in 60 Minuten erneut an.',
    })
    const stored = await test.storedOfType('lead')
    expect(stored.filter((lead) => (lead.contact as { email?: string } | undefined)?.email === 'dritte@example.de')).toEqual([])

    // Any other lead of that client is stored and its dealer told; only the visitor's receipt is left out.
    const enquiry = await from('203.0.113.9', { kind: 'vehicle-enquiry', vehicleId: '1', name: 'Erika', email: 'erika@example.de', message: 'Noch da?' })
    expect(enquiry.status).toBe(201)
    const { id } = (await enquiry.json()) as { id: string }
    expect(await test.stored(id)).toMatchObject({ kind: 'vehicle-enquiry', contact: { email: 'erika@example.de' } })
    expect(await test.stored(id)).not.toHaveProperty('confirmationPending')

    // Another client is not held back.
    const other = await from('198.51.100.7', { ...alert, email: 'nachbar@example.de' })
    expect(other.status).toBe(201)
    expect(await test.stored(((await other.json()) as { id: string }).id)).toMatchObject({ confirmationPending: true, alert: { status: 'unconfirmed' } })
  })

  it('answers an unknown or missing kind with 400 and a kind error', async () => {
    for (const body of [{ phone: '0201 123456' }, { kind: 'kredit', phone: '0201 123456' }]) {
      const response = await call(post(JSON.stringify(body)))
      expect(response.status).toBe(400)
      const { fieldErrors } = (await response.json()) as { fieldErrors: Record<string, string[]> }
      expect(fieldErrors.kind?.[0]).toMatch(/^Unbekannte Formularart/)
    }
  })
})
