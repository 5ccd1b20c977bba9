import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RateLimiter } from '#app/utils/rate-limit.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { submissionPageAction as contactFormAction } from './actions.server.ts'

const FIXTURE = 'tests/fixtures/mini-dataset'

/** A form post as a browser sends it from the page itself (with its Origin header, unless replaced). */
function formPost(fields: Record<string, string>, url = 'http://localhost/?index', headers: Record<string, string> = { origin: 'http://localhost' }) {
  return new Request(url, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  })
}

describe.each(BACKENDS)('contactFormAction (form posts without JavaScript) on the %s lake', (backend) => {
  let test: TestLake
  const call = (request: Request) => contactFormAction({ request, params: {}, context: { lake: test.lake, env: test.env } })

  beforeAll(async () => {
    test = await openTestLake(backend, FIXTURE)
  })
  afterAll(() => test.close())

  it('stores the message and redirects to the confirmation (post/redirect/get)', async () => {
    const name = `Ohne Skript ${backend}`
    const response = (await call(formPost({ name, email: 'a@example.de', message: 'Hallo', subject: '', phone: '', website: '' }))) as Response
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/?nachricht=gesendet#contact-bestaetigung')
    const stored = (await test.storedOfType('contactMessage')).find((doc) => doc.name === name)
    expect(stored).toMatchObject({ email: 'a@example.de', message: 'Hallo', page: '/', status: 'neu' })
    expect(stored).not.toHaveProperty('subject')
  })

  it('returns field errors and the input, with 400, and stores nothing', async () => {
    const name = `Fehlerhaft ${backend}`
    const result = await call(formPost({ name, email: 'kaputt', message: '', website: '' }))
    expect(result).toMatchObject({
      init: { status: 400 },
      data: {
        status: 'error',
        fieldErrors: { email: ['Bitte geben Sie eine gültige E-Mail-Adresse an.'], message: ['Bitte schreiben Sie uns eine Nachricht.'] },
        values: { name, email: 'kaputt', message: '' },
      },
    })
    expect((await test.storedOfType('contactMessage')).some((doc) => doc.name === name)).toBe(false)
  })

  it('redirects protocol-relative post paths (//evil.example/, /\\evil.example) to a path on this site', async () => {
    for (const [url, location] of [
      ['http://localhost//evil.example/', '/evil.example/?nachricht=gesendet#contact-bestaetigung'],
      ['http://localhost/\\evil.example', '/evil.example?nachricht=gesendet#contact-bestaetigung'],
      ['http://localhost/%2F%2Fevil', '/?nachricht=gesendet#contact-bestaetigung'],
    ]) {
      const response = (await call(formPost({ name: 'Bot', email: 'b@example.de', message: 'Spam', website: 'x' }, url))) as Response
      expect(response.status, url).toBe(303)
      expect(response.headers.get('location'), url).toBe(location)
    }
  })

  it('treats a filled honeypot as success without storing', async () => {
    const response = (await call(formPost({ name: `Bot ${backend}`, email: 'b@example.de', message: 'Spam', website: 'x' }))) as Response
    expect(response.status).toBe(303)
    expect((await test.storedOfType('contactMessage')).some((doc) => doc.name === `Bot ${backend}`)).toBe(false)
  })
})

describe('contactFormAction abuse protection', () => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake('embedded', FIXTURE)
  })
  afterAll(() => test.close())

  const fields = (name: string) => ({ name, email: 'a@example.de', message: 'Hallo', website: '' })
  const isStored = async (name: string) => (await test.storedOfType('contactMessage')).some((doc) => doc.name === name)

  it('over the submission limit re-renders with 429, a German message and the input, storing nothing', async () => {
    let now = 0
    const context = {
      lake: test.lake,
      env: test.env,
      submissionLimiter: new RateLimiter({ limit: 2, windowMs: 60_000, now: () => now }),
      clientAddress: '198.51.100.4',
    }
    for (const name of ['Limit 1', 'Limit 2']) {
      expect(((await contactFormAction({ request: formPost(fields(name)), params: {}, context })) as Response).status).toBe(303)
    }
    now = 15_000
    const result = await contactFormAction({ request: formPost({ ...fields('Limit 3'), website: '' }), params: {}, context })
    expect(result).toMatchObject({
      init: { status: 429, headers: { 'Cache-Control': 'no-store', 'Retry-After': '45' } },
      data: {
        status: 'error',
        formError: 'Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut.',
        values: { name: 'Limit 3', email: 'a@example.de', message: 'Hallo' },
      },
    })
    expect(await isStored('Limit 3')).toBe(false)
    // Another address is not affected.
    const other = { ...context, clientAddress: '198.51.100.5' }
    for (const name of ['Andere 1', 'Andere 2']) {
      expect(((await contactFormAction({ request: formPost(fields(name)), params: {}, context: other })) as Response).status).toBe(303)
    }
  })
})
