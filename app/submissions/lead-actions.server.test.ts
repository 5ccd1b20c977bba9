import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { PAGE_FORM_ERRORS, submissionPageAction as leadFormAction } from './actions.server.ts'
import { submit, type SubmitContext, UNKNOWN_KIND_MESSAGE } from './submit.server.ts'

/** The lead API's call: the kind is the submission's `kind`. */
const submitLead = (context: SubmitContext, raw: Record<string, unknown>) => submit(context, raw.kind, raw)

// The mini dataset has the published vehicle `vehicle-1` (public id '1') and its draft.
const FIXTURE = 'tests/fixtures/mini-dataset'

function formPost(fields: Record<string, string>, at = 'http://localhost/formulare') {
  return new Request(at, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
  })
}

const valuation = (phone: string) => ({
  leadKind: 'valuation',
  variant: 'muenster',
  anchor: 'bewertung-muenster',
  brand: 'VW',
  model: 'Golf',
  year: '2018',
  mileage: '85000',
  phone,
  quick: 'on',
  website: '',
})

/*
 * What the lead forms store (kinds, vehicle references) and what only they do (anchors, unknown
 * forms). The rules every submission passes (honeypot, limit, sizes, invalid fields, refused
 * write, same-site redirect, onStored) are in pipeline.server.test.ts.
 */
describe.each(BACKENDS)('leadFormAction (form posts without JavaScript) on the %s lake', (backend) => {
  let test: TestLake
  const call = (request: Request) => leadFormAction({ request, params: {}, context: { lake: test.lake, env: test.env } })
  const leadWithPhone = async (phone: string) => (await test.storedOfType('lead')).find((doc) => (doc.contact as { phone?: string }).phone === phone)

  beforeAll(async () => {
    test = await openTestLake(backend, FIXTURE)
  })
  afterAll(() => test.close())

  it('stores the lead and redirects to the confirmation at the form', async () => {
    const phone = `0201 11${backend.length}`
    const response = (await call(formPost({ ...valuation(phone), page: '/formulare' }))) as Response
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/formulare?anfrage=gesendet&formular=bewertung-muenster#bewertung-muenster-bestaetigung')
    const stored = await leadWithPhone(phone)
    expect(stored).toMatchObject({
      _type: 'lead',
      kind: 'valuation',
      status: 'neu',
      page: '/formulare',
      contact: { phone },
      fields: [
        { name: 'brand', label: 'Marke', value: 'VW' },
        { name: 'model', label: 'Modell', value: 'Golf' },
        { name: 'year', label: 'Baujahr', value: '2018' },
        { name: 'mileage', label: 'Kilometerstand (km)', value: '85000' },
        { name: 'phone', label: 'Telefon', value: phone },
        { name: 'quick', label: 'Schnelle Abwicklung gewünscht', value: 'Ja' },
      ],
    })
    expect(stored?._id).toMatch(/^inbox\.lead-/)
    expect(stored).not.toHaveProperty('notifiedAt')
  })

  it('a Suchauftrag keeps the list’s search, filters and order in the confirmation address, so the visitor stays on it; nothing else of the page address', async () => {
    const phone = `0201 12${backend.length}`
    const response = (await call(
      formPost(
        { leadKind: 'search-request', anchor: 'suchauftrag', emailOrPhone: phone, query: 'Kombi unter 20000', page: '/vehicles', website: '' },
        `http://localhost/vehicles?search=${encodeURIComponent('Kombi unter 20000')}&make=Skoda&sort=price-asc&phone=0201&index`,
      ),
    )) as Response
    expect(response.status).toBe(303)
    // `antwort` names the way back given (not the number), for a confirmation that speaks of it alone (copy review 2026-11-29, M16).
    expect(response.headers.get('location')).toBe(
      '/vehicles?search=Kombi+unter+20000&make=Skoda&sort=price-asc&anfrage=gesendet&formular=suchauftrag&antwort=telefon#suchauftrag-bestaetigung',
    )
    const byMail = (await call(
      formPost(
        { leadKind: 'search-request', anchor: 'suchauftrag', emailOrPhone: `such-${backend}@example.de`, query: 'Kombi', page: '/vehicles', website: '' },
        'http://localhost/vehicles?search=Kombi',
      ),
    )) as Response
    expect(byMail.headers.get('location')).toBe('/vehicles?search=Kombi&anfrage=gesendet&formular=suchauftrag&antwort=email#suchauftrag-bestaetigung')
  })

  it("references the enquired vehicle's published document by its public id", async () => {
    const name = `Fahrzeugfan ${backend}`
    const response = (await call(
      formPost({
        leadKind: 'vehicle-enquiry',
        anchor: 'fahrzeug-anfrage',
        vehicleId: '1',
        name,
        email: 'fan@example.de',
        message: 'Ich interessiere mich für den VW Golf.',
      }),
    )) as Response
    expect(response.status).toBe(303)
    const stored = (await test.storedOfType('lead')).find((doc) => (doc.contact as { name?: string }).name === name)
    expect(stored).toMatchObject({ kind: 'vehicle-enquiry', page: '/formulare', vehicle: { _type: 'reference', _ref: 'vehicle-1', _weak: true } })
  })

  it('refuses a financing request whose down payment covers the price, in the calculator’s words at the field, keeping the input; a lower one is stored (visitor review 12-01)', async () => {
    const name = `Anzahlung ${backend}`
    const request = (downPayment: string) =>
      formPost({
        leadKind: 'financing-request',
        anchor: 'finanzierung-anfragen',
        vehicleId: '1',
        name,
        email: 'anzahlung@example.de',
        term: '48 Monate',
        downPayment,
      })
    const refused = (await call(request('189.000'))) as { data: { fieldErrors: Record<string, string[]>; values: Record<string, string> }; init: ResponseInit }
    expect(refused.init.status).toBe(400)
    expect(refused.data.fieldErrors).toEqual({
      downPayment: ['Ihre Anzahlung deckt den Kaufpreis – eine Finanzierung ist nicht nötig. Bitte geben Sie eine Anzahlung unter 18.900\u00a0€ an.'],
    })
    expect(refused.data.values).toMatchObject({ name, downPayment: '189.000' })
    // Leaving less than the banks lend: the calculator's other sentence.
    const tooSmall = (await call(request('18.500'))) as { data: { fieldErrors: Record<string, string[]> } }
    expect(tooSmall.data.fieldErrors.downPayment?.[0]).toMatch(
      /^Finanzierungen sind ab einem Nettodarlehensbetrag von .+ möglich\. Bitte verringern Sie die Anzahlung\.$/,
    )
    expect((await test.storedOfType('lead')).filter((doc) => (doc.contact as { name?: string }).name === name)).toEqual([])
    expect(((await call(request('3.000'))) as Response).status).toBe(303)
  })

  it('stores an enquiry about an unknown vehicle without reference rather than losing it', async () => {
    const name = `Zu spät ${backend}`
    const response = (await call(formPost({ leadKind: 'vehicle-enquiry', vehicleId: '999', name, email: 'spaet@example.de', message: 'Noch da?' }))) as Response
    expect(response.headers.get('location')).toBe('/formulare?anfrage=gesendet&formular=anfrage#anfrage-bestaetigung')
    const stored = (await test.storedOfType('lead')).find((doc) => (doc.contact as { name?: string }).name === name)
    expect(stored).toBeDefined()
    expect(stored).not.toHaveProperty('vehicle')
  })
})

describe('leadFormAction input handling', () => {
  let test: TestLake
  const call = (request: Request) => leadFormAction({ request, params: {}, context: { lake: test.lake, env: test.env } })
  beforeAll(async () => {
    test = await openTestLake('embedded', FIXTURE)
  })
  afterAll(() => test.close())

  it('falls back to #anfrage for a missing or malformed anchor', async () => {
    for (const anchor of ['', 'Bad Anchor', '"><script>', 'x'.repeat(41)]) {
      const response = (await call(formPost({ ...valuation('0201 123'), anchor }))) as Response
      expect(response.headers.get('location'), anchor).toBe('/formulare?anfrage=gesendet&formular=anfrage#anfrage-bestaetigung')
    }
  })

  it('answers an unknown form with 400 and a form error', async () => {
    const result = await call(formPost({ leadKind: 'kredit', anchor: 'x', phone: '0201 1' }))
    expect(result).toMatchObject({ init: { status: 400 }, data: { status: 'error', formError: PAGE_FORM_ERRORS.unknownForm, values: { phone: '0201 1' } } })
  })
})

describe('submitLead', () => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake('embedded', FIXTURE)
  })
  afterAll(() => test.close())

  it('names the allowed kinds for an unknown one', async () => {
    expect(await submitLead({ lake: test.lake }, { kind: 'nope' })).toEqual({
      status: 'invalid',
      fieldErrors: { kind: [UNKNOWN_KIND_MESSAGE] },
      values: { kind: 'nope' },
    })
  })

  it('keeps the stored lead when the onStored hook throws', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const outcome = await submitLead(
      {
        lake: test.lake,
        onStored: () => {
          throw new Error('notifier down')
        },
      },
      { kind: 'export', vehicleType: 'LKW', phone: '0201 777' },
    )
    expect(outcome).toMatchObject({ status: 'stored', id: expect.stringMatching(/^inbox\.lead-/) })
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()
  })

  it('stores without reference when the vehicle lookup fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const lake: ContentLake = { kind: 'embedded', fetch: () => Promise.reject(new Error('read failed')), mutate: test.lake.mutate.bind(test.lake) }
    const outcome = await submitLead({ lake }, { kind: 'vehicle-enquiry', vehicleId: '1', name: 'Ohne Referenz', email: 'o@example.de', message: 'Hallo' })
    expect(outcome.status).toBe('stored')
    if (outcome.status === 'stored') expect(await test.stored(outcome.id)).not.toHaveProperty('vehicle')
    logged.mockRestore()
  })
})
