import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { VALID_DEALER_LEAD } from '#tests/submissions.ts'
import { action } from './api.leads'

// The mini dataset has the published vehicle `vehicle-1` (public id '1').
const FIXTURE = 'tests/fixtures/mini-dataset'

function post(body: BodyInit, contentType = 'application/json') {
  return new Request('http://localhost/api/leads', { method: 'POST', body, headers: { 'content-type': contentType } })
}

const dealer = VALID_DEALER_LEAD

describe.each(BACKENDS)('POST /api/leads on the %s lake', (backend) => {
  let test: TestLake
  const call = (request: Request, onStored?: (id: string) => void) => action({ request, params: {}, context: { lake: test.lake, env: test.env, onStored } })

  beforeAll(async () => {
    test = await openTestLake(backend, FIXTURE)
  })
  afterAll(() => test.close())

  it('stores a JSON lead durably, calls onStored and answers 201 with its id', async () => {
    const onStored = vi.fn()
    const response = await call(post(JSON.stringify({ ...dealer, variant: 'uedem', page: '/locations/uedem/grosshandel', website: '' })), onStored)
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as { id: string; receivedAt: string }
    expect(body.id).toMatch(/^inbox\.lead-[0-9a-f-]{36}$/)
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
    expect(onStored).toHaveBeenCalledExactlyOnceWith(body.id)
  })

  it('references the enquired vehicle and accepts numbers as JSON numbers', async () => {
    const enquiry = await call(
      post(JSON.stringify({ kind: 'vehicle-enquiry', vehicleId: '1', name: 'Erika', email: 'erika@example.de', message: 'Ist der Golf noch da?' })),
    )
    expect(enquiry.status).toBe(201)
    const { id } = (await enquiry.json()) as { id: string }
    expect(await test.stored(id)).toMatchObject({ vehicle: { _ref: 'vehicle-1', _weak: true } })

    const search = await call(post(JSON.stringify({ kind: 'used-car-enquiry', desiredVehicle: 'Kombi', priceFrom: 10000, priceTo: 20000, phone: '0201 1' })))
    expect(search.status).toBe(201)
  })

  it('answers 400 with German field errors and stores nothing', async () => {
    const before = (await test.storedOfType('lead')).length
    const response = await call(post(JSON.stringify({ kind: 'used-car-enquiry', priceFrom: '20000', priceTo: '10000', phone: '0201 1' })))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: 'Bitte prüfen Sie Ihre Eingaben.',
      fieldErrors: { priceFrom: ['Der Preis „von“ darf nicht über dem Preis „bis“ liegen.'] },
    })
    const noPhone = await call(post(JSON.stringify({ kind: 'student', vehicle: 'VW Polo', appointment: 'Sonntags' })))
    expect(noPhone.status).toBe(400)
    expect(((await noPhone.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({
      phone: ['Bitte geben Sie eine Telefonnummer an, damit wir Sie zurückrufen können.'],
      appointment: ['Bitte wählen Sie für „Wunschtermin“ einen Eintrag aus der Liste.'],
    })
    expect((await test.storedOfType('lead')).length).toBe(before)
  })

  it('answers an unknown or missing kind with 400 and a kind error', async () => {
    for (const body of [{ phone: '0201 1' }, { kind: 'kredit', phone: '0201 1' }]) {
      const response = await call(post(JSON.stringify(body)))
      expect(response.status).toBe(400)
      const { fieldErrors } = (await response.json()) as { fieldErrors: Record<string, string[]> }
      expect(fieldErrors.kind?.[0]).toMatch(/^Unbekannte Formularart/)
    }
  })

  it('treats a honeypot that is no string (website: ["x"], a number) as filled: success, nothing stored', async () => {
    for (const website of [['x'], 1, { a: 'x' }]) {
      const onStored = vi.fn()
      const company = `Bot ${JSON.stringify(website)} ${backend}`
      const response = await call(post(JSON.stringify({ ...dealer, company, website })), onStored)
      expect(response.status, company).toBe(201)
      expect(onStored, company).not.toHaveBeenCalled()
    }
  })

  it('answers 400 with a German field error for a company name with line breaks, storing nothing', async () => {
    const onStored = vi.fn()
    const response = await call(post(JSON.stringify({ ...dealer, company: 'Autohaus\r\nBcc: x' })), onStored)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({
      company: ['„Firmenname“ darf keine Zeilenumbrüche oder Steuerzeichen enthalten.'],
    })
    expect(onStored).not.toHaveBeenCalled()
  })

  it('answers a filled honeypot like a success without storing anything', async () => {
    const onStored = vi.fn()
    const response = await call(post(JSON.stringify({ ...dealer, website: 'http://spam.example' })), onStored)
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    expect(await test.stored(id)).toBeUndefined()
    expect(onStored).not.toHaveBeenCalled()
  })
})
