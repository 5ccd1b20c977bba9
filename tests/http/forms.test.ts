import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SLOT_MESSAGES } from '#app/submissions/appointment-slots.ts'
import { addCalendarDays, berlinInstant, berlinParts } from '#app/utils/clock.ts'
import { clientOf, SANITY_ENV, SITE_URL, startSite, storedDocuments, type TestSite } from './site'

/*
 * The contact and lead forms as the server answers a post, with no page (moved from
 * tests/e2e/contact-form.test.ts, lead-forms.test.ts, test-drive.test.ts and preview.test.ts,
 * docs/testing.md „What moved“): the refusals a form post re-renders, the JSON APIs and what they
 * store (read from the embedded site's DATA_DIR), and the Sanity-backed writes (read from MSW's
 * emulation instead of the fake server's `/__requests`). What a visitor sees of them stays in the browser files.
 */

let embedded: TestSite
let sanityBacked: TestSite
let get: ReturnType<typeof clientOf>
let getSanity: ReturnType<typeof clientOf>

beforeAll(async () => {
  ;[embedded, sanityBacked] = await Promise.all([startSite({ env: { FORMS_PAGE: 'true' } }), startSite({ sanity: true, env: { FORMS_PAGE: 'true' } })])
  get = clientOf(embedded)
  getSanity = clientOf(sanityBacked)
})
afterAll(async () => {
  await Promise.all([embedded?.close(), sanityBacked?.close()])
})

/** A unique marker, as the e2e files' uniqueName. */
const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

const json = (data: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(data),
})
const formPost = (form: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE_URL },
  body: new URLSearchParams(form).toString(),
  redirect: 'manual',
})

type Mutations = { mutations?: Array<{ create?: Record<string, unknown> }> }
/** The create mutation the Sanity-backed site sent whose document holds `marker`. */
const writeWith = (marker: string) =>
  sanityBacked.sanity!.api.requests.find(
    (r) => r.path.includes('/data/mutate/production') && JSON.stringify((r.body as Mutations | undefined)?.mutations?.[0]?.create ?? {}).includes(marker),
  )
const createOf = (request: ReturnType<typeof writeWith>) => (request?.body as Mutations | undefined)?.mutations?.[0]?.create

describe('the home contact form posted without a browser', () => {
  it('a form post with name@web (no browser check) gets the e-mail error at the field, not the failure text', async () => {
    const response = await get('/?index', formPost({ name: 'Max', email: 'name@web', message: 'Hallo', website: '' }))
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Bitte geben Sie eine gültige E-Mail-Adresse an.')
    expect(html).not.toContain('Ihre Nachricht konnte nicht gesendet werden')
  })

  it('the page drawn with a refused post says „Fehler:“ first in its title, which a screen reader reads on load; the same page by GET does not (crawler review 2026-11-30, L6)', async () => {
    const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]
    const plain = titleOf(await (await get('/contact')).text())
    expect(plain).toMatch(/^Kontakt/)
    const refused = await get('/contact', formPost({ name: 'Max', email: 'name@web', message: 'Hallo', website: '' }))
    expect(refused.status).toBe(400)
    expect(titleOf(await refused.text())).toBe(`Fehler: ${plain}`)
    // The next visitor's page, and this one's after the refusal, are as before.
    expect(titleOf(await (await get('/contact')).text())).toBe(plain)
    // A refusal of another page's form (a vehicle's enquiry) too.
    const enquiry = await get('/vehicles/1', formPost({ leadKind: 'vehicle-enquiry', anchor: 'anfrage', name: '', message: '', website: '' }))
    expect(enquiry.status).toBe(400)
    expect(titleOf(await enquiry.text())).toMatch(/^Fehler: BMW /)
  })

  it('a form post with invalid input re-renders the page with German errors and the input', async () => {
    const response = await get('/?index', formPost({ name: 'Max', email: 'kein-email', message: '', website: '' }))
    expect(response.status).toBe(400)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    expect(html).toContain('Bitte geben Sie eine gültige E-Mail-Adresse an.')
    expect(html).toContain('Bitte schreiben Sie uns eine Nachricht.')
    expect(html).toContain('value="Max"')
  })
})

describe('POST /api/contacts', () => {
  const storedMessages = () => storedDocuments(embedded, 'contactMessage')

  it('stores valid JSON and answers 201', async () => {
    const name = uniqueName('API Kunde')
    const response = await get('/api/contacts', json({ name, email: 'api@example.de', phone: '', subject: 'verkauf', message: 'Hallo' }))
    expect(response.status).toBe(201)
    const body = (await response.json()) as { id: string }
    expect(body.id).toMatch(/^inbox\.contact-/)
    expect((await storedMessages()).find((message) => message.name === name)).toMatchObject({ subject: 'verkauf', message: 'Hallo' })
  })

  it('answers 400 with field errors and stores nothing for invalid input', async () => {
    const name = uniqueName('Ungültig')
    const response = await get('/api/contacts', json({ name, email: 'x', message: '' }))
    expect(response.status).toBe(400)
    const body = (await response.json()) as { fieldErrors: Record<string, string[]> }
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['email', 'message'])
    expect((await storedMessages()).some((message) => message.name === name)).toBe(false)
  })

  it('is not readable', async () => {
    expect((await get('/api/contacts')).status).toBe(405)
  })
})

describe('POST /api/leads', () => {
  it('stores valid JSON and answers 201; reading is refused', async () => {
    const marker = uniqueName('API Händler')
    const response = await get('/api/leads', json({ kind: 'dealer-registration', company: marker, phone: '0201 123456', page: '/locations/uedem/grosshandel' }))
    expect(response.status).toBe(201)
    expect(((await response.json()) as { id: string }).id).toMatch(/^inbox\.lead-/)
    type Lead = { page?: string; fields?: Array<{ value: string }> }
    await vi.waitFor(
      async () => {
        const lead = (await storedDocuments<Lead>(embedded, 'lead')).find((stored) => stored.fields?.some((field) => field.value === marker))
        expect(lead?.page).toBe('/locations/uedem/grosshandel')
      },
      { timeout: 10_000, interval: 200 },
    )
    expect((await get('/api/leads')).status).toBe(405)
  })
})

describe('leads on the Sanity-backed server', () => {
  it('a vehicle enquiry (JSON) and a valuation (form post without JavaScript) are written with the server token', async () => {
    const name = uniqueName('Sanity Interessent')
    const enquiry = await getSanity(
      '/api/leads',
      json({ kind: 'vehicle-enquiry', vehicleId: '1', name, email: 'sanity@example.de', message: 'Noch verfügbar?', page: '/vehicles/1' }),
    )
    expect(enquiry.status).toBe(201)
    const write = writeWith(name)
    expect(write?.headers.authorization).toBe(`Bearer ${SANITY_ENV.SANITY_WRITE_TOKEN}`)
    expect(createOf(write)).toMatchObject({ _type: 'lead', kind: 'vehicle-enquiry', vehicle: { _ref: 'vehicle-1', _weak: true } })

    const model = uniqueName('Sanity Modell')
    const post = await getSanity(
      '/formulare',
      formPost({ leadKind: 'valuation', variant: 'uedem', anchor: 'bewertung-uedem', model, phone: '0201 123456', website: '', page: '/formulare' }),
    )
    expect(post.status).toBe(303)
    expect(post.headers.get('location')).toBe('/formulare?anfrage=gesendet&formular=bewertung-uedem#bewertung-uedem-bestaetigung')
    expect(createOf(writeWith(model))).toMatchObject({ kind: 'valuation', page: '/formulare' })
  })

  it('the test drive offers slots from the hours in the content lake, stores a test drive with its slot, refuses a closed day', async () => {
    const page = await (await getSanity('/vehicles/1')).text()
    const slot = /<option value="(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}-\d{2}:\d{2})"/.exec(page)?.[1]
    expect(slot).toBeDefined()
    const name = uniqueName('Sanity Probefahrt')
    const fields = { kind: 'test-drive', vehicleId: '1', page: '/vehicles/1', name, phone: '0171 2345678', slot: slot! }
    const stored = await getSanity('/api/leads', json(fields, { origin: SITE_URL }))
    expect(stored.status).toBe(201)
    const write = writeWith(name)
    expect(write?.headers.authorization).toBe(`Bearer ${SANITY_ENV.SANITY_WRITE_TOKEN}`)
    const [date, window] = slot!.split('T') as [string, string]
    const [start, end] = window.split('-') as [string, string]
    expect(createOf(write)).toMatchObject({
      _type: 'lead',
      kind: 'test-drive',
      appointment: { start: berlinInstant(date, start).toISOString(), end: berlinInstant(date, end).toISOString() },
    })

    let sunday = addCalendarDays(berlinParts(new Date()).date, 1)
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = addCalendarDays(sunday, 1)
    const closedName = uniqueName('Sanity Sonntag')
    const refused = await getSanity('/api/leads', json({ ...fields, name: closedName, slot: `${sunday}T09:00-12:00` }, { origin: SITE_URL }))
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({ slot: [SLOT_MESSAGES.closed] })
    expect(sanityBacked.sanity!.api.requests.some((r) => JSON.stringify(r.body ?? {}).includes(closedName))).toBe(false)
  })

  it('a forged preview cookie is a visitor: the published page, no preview', async () => {
    await getSanity('/about')
    const forged = await getSanity('/about', { headers: { cookie: '__sanity_preview=eyJwZXJzcGVjdGl2ZSI6ImRyYWZ0cyJ9.falsch' } })
    expect(forged.headers.get('cache-control')).not.toContain('no-store')
    // The invisible characters stega encoding adds to a string in preview.
    expect(await forged.text()).not.toMatch(/[\u200b-\u200d\u2060\ufeff]/)
  })
})
