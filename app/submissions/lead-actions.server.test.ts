import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ContentLake, MutationError } from '#app/sanity/lake.server.ts'
import { RateLimiter } from '#app/utils/rate-limit.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { PAGE_FORM_ERRORS, submissionPageAction as leadFormAction } from './actions.server.ts'
import { submit, type SubmitContext, UNKNOWN_KIND_MESSAGE } from './submit.server.ts'

const LEAD_FORM_ERRORS = { ...PAGE_FORM_ERRORS, unavailable: PAGE_FORM_ERRORS.unavailable.lead }
/** The lead API's call: the kind is the submission's `kind`. */
const submitLead = (context: SubmitContext, raw: Record<string, unknown>) => submit(context, raw.kind, raw)

// The mini dataset has the published vehicle `vehicle-1` (public id '1') and its draft.
const FIXTURE = 'tests/fixtures/mini-dataset'

function formPost(fields: Record<string, string>, url = 'http://localhost/formulare', headers: Record<string, string> = { origin: 'http://localhost' }) {
  return new Request(url, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
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

describe.each(BACKENDS)('leadFormAction (form posts without JavaScript) on the %s lake', (backend) => {
  let test: TestLake
  const call = (request: Request, onStored?: (id: string) => void) =>
    leadFormAction({ request, params: {}, context: { lake: test.lake, env: test.env, onStored } })
  const leadWithPhone = async (phone: string) => (await test.storedOfType('lead')).find((doc) => (doc.contact as { phone?: string }).phone === phone)

  beforeAll(async () => {
    test = await openTestLake(backend, FIXTURE)
  })
  afterAll(() => test.close())

  it('stores the lead, calls onStored with its id and redirects to the confirmation at the form (303, no-store)', async () => {
    const phone = `0201 11${backend.length}`
    const onStored = vi.fn()
    const response = (await call(formPost({ ...valuation(phone), page: '/formulare' }), onStored)) as Response
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/formulare?anfrage=gesendet&formular=bewertung-muenster#bewertung-muenster-bestaetigung')
    expect(response.headers.get('cache-control')).toBe('no-store')
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
    expect(onStored).toHaveBeenCalledExactlyOnceWith(stored?._id)
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

  it('stores an enquiry about an unknown vehicle without reference rather than losing it', async () => {
    const name = `Zu spät ${backend}`
    const response = (await call(formPost({ leadKind: 'vehicle-enquiry', vehicleId: '999', name, email: 'spaet@example.de', message: 'Noch da?' }))) as Response
    expect(response.headers.get('location')).toBe('/formulare?anfrage=gesendet&formular=anfrage#anfrage-bestaetigung')
    const stored = (await test.storedOfType('lead')).find((doc) => (doc.contact as { name?: string }).name === name)
    expect(stored).toBeDefined()
    expect(stored).not.toHaveProperty('vehicle')
  })

  it('returns German field errors, the kind, the anchor and the input with 400, storing nothing', async () => {
    const phone = `kein Telefon ${backend}`
    const result = await call(formPost({ ...valuation(phone), year: '1800', website: '' }))
    expect(result).toMatchObject({
      init: { status: 400, headers: { 'Cache-Control': 'no-store' } },
      data: {
        status: 'error',
        leadKind: 'valuation',
        anchor: 'bewertung-muenster',
        fieldErrors: {
          year: [expect.stringMatching(/^Das Baujahr muss zwischen 1950 und \d{4} liegen\.$/)],
          phone: ['Bitte geben Sie eine gültige Telefonnummer an.'],
        },
        values: { brand: 'VW', year: '1800', phone },
      },
    })
    expect(result).not.toHaveProperty('data.values.website')
    expect(await leadWithPhone(phone)).toBeUndefined()
  })

  it('treats a filled honeypot as success without storing or notifying', async () => {
    const phone = `0201 99${backend.length}`
    const onStored = vi.fn()
    const response = (await call(formPost({ ...valuation(phone), website: 'https://spam.example' }), onStored)) as Response
    expect(response.status).toBe(303)
    expect(await leadWithPhone(phone)).toBeUndefined()
    expect(onStored).not.toHaveBeenCalled()
  })
})

describe('leadFormAction input handling', () => {
  let test: TestLake
  const call = (request: Request, lake?: ContentLake) => leadFormAction({ request, params: {}, context: { lake: lake ?? test.lake, env: test.env } })
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

  it('redirects protocol-relative post paths (//evil.example/, /\\evil.example) to a path on this site', async () => {
    for (const [url, path] of [
      ['http://localhost//evil.example/', '/evil.example/'],
      ['http://localhost/\\evil.example', '/evil.example'],
      ['http://localhost/%2F%2Fevil', '/'],
    ]) {
      const response = (await call(formPost({ ...valuation('0201 4'), anchor: 'x', website: 'x' }, url))) as Response
      expect(response.status, url).toBe(303)
      expect(response.headers.get('location'), url).toBe(`${path}?anfrage=gesendet&formular=x#x-bestaetigung`)
    }
  })

  it('answers an unknown form with 400 and a form error', async () => {
    const result = await call(formPost({ leadKind: 'kredit', anchor: 'x', phone: '0201 1' }))
    expect(result).toMatchObject({ init: { status: 400 }, data: { status: 'error', formError: LEAD_FORM_ERRORS.unknownForm, values: { phone: '0201 1' } } })
  })

  it('refuses other media types (415) and bodies over 16 KB (413)', async () => {
    const json = new Request('http://localhost/formulare', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
    })
    expect(await call(json)).toMatchObject({ init: { status: 415 } })
    expect(await call(formPost({ ...valuation('0201 1'), model: 'x'.repeat(17_000) }))).toMatchObject({
      init: { status: 413 },
      data: { formError: LEAD_FORM_ERRORS.tooLarge },
    })
  })

  it('over the submission limit re-renders with 429 and the input', async () => {
    const context = {
      lake: test.lake,
      env: test.env,
      submissionLimiter: new RateLimiter({ limit: 1, windowMs: 60_000, now: () => 0 }),
      clientAddress: '198.51.100.7',
    }
    expect(((await leadFormAction({ request: formPost(valuation('0201 4291')), params: {}, context })) as Response).status).toBe(303)
    const result = await leadFormAction({ request: formPost(valuation('0201 4292')), params: {}, context })
    expect(result).toMatchObject({ init: { status: 429, headers: { 'Retry-After': '60' } }, data: { leadKind: 'valuation', values: { phone: '0201 4292' } } })
  })

  it('answers 503 with a German form error and the input when the lake refuses the write, and logs it', async () => {
    const failing: ContentLake = { kind: 'embedded', fetch: test.lake.fetch.bind(test.lake), mutate: () => Promise.reject(new MutationError('disk full', 500)) }
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const result = await call(formPost(valuation('0201 503')), failing)
    expect(result).toMatchObject({
      init: { status: 503, headers: { 'Cache-Control': 'no-store' } },
      data: {
        status: 'error',
        leadKind: 'valuation',
        anchor: 'bewertung-muenster',
        formError: LEAD_FORM_ERRORS.unavailable,
        values: { phone: '0201 503', model: 'Golf' },
      },
    })
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()
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
