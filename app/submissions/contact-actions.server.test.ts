import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { submissionPageAction as contactFormAction } from './actions.server.ts'

const FIXTURE = 'tests/fixtures/mini-dataset'

/** A form post as a browser sends it from the page itself (with its Origin header). */
function formPost(fields: Record<string, string>) {
  return new Request('http://localhost/?index', {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
  })
}

/*
 * What the contact form stores, on both lake backends. The rules every submission passes
 * (honeypot, limit, sizes, invalid fields, refused write, same-site redirect) are in pipeline.server.test.ts.
 */
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
})
