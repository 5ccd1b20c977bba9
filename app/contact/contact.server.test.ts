import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS, openTestLake, type TestLake } from '../../tests/lake-backends'
import { contactFormAction } from './contact.server'

const FIXTURE = 'tests/fixtures/mini-dataset'

function formPost(fields: Record<string, string>, url = 'http://localhost/?index') {
  return new Request(url, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
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
    expect(response.headers.get('location')).toBe('/?nachricht=gesendet#contact')
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

  it('treats a filled honeypot as success without storing', async () => {
    const response = (await call(formPost({ name: `Bot ${backend}`, email: 'b@example.de', message: 'Spam', website: 'x' }))) as Response
    expect(response.status).toBe(303)
    expect((await test.storedOfType('contactMessage')).some((doc) => doc.name === `Bot ${backend}`)).toBe(false)
  })
})
