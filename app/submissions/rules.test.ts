import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { action as contactsApi } from '#app/routes/api.contacts.ts'
import { action as leadsApi } from '#app/routes/api.leads.ts'
import { parseSubmission } from '#app/submissions/schema.server.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'

/*
 * Where the contact stack and the lead stack had drifted apart (code-health review §6), and the
 * rule the one pipeline (app/submissions/) applies to both. Before the merge this file showed:
 * the same e-mail verdicts (both already used app/utils/form-rules.ts); /api/contacts took JSON
 * and form posts, /api/leads JSON only; only the lead stack survived a throwing onStored hook.
 */

const ADDRESSES = ['max@web.de', "o'neil+auto@mail.example.co.uk", 'name@web', 'max@', 'a b@example.de', 'erika(at)example', 'max@example.123', 'max@-web.de']

describe('one rule for the contact form and the lead forms', () => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake('embedded', 'tests/fixtures/mini-dataset')
  })
  afterAll(() => test.close())

  it('e-mail: the contact form and the vehicle enquiry give every address the same verdict', () => {
    for (const email of ADDRESSES) {
      const contact = parseSubmission('contact', { name: 'Max', email, message: 'Hallo' }).kind
      const lead = parseSubmission('vehicle-enquiry', { name: 'Max', email, message: 'Hallo' }).kind
      expect(lead, email).toBe(contact)
    }
    expect(parseSubmission('contact', { name: 'Max', email: 'name@web', message: 'Hallo' }).kind).toBe('invalid')
  })

  it("content types stay each endpoint's public contract: /api/contacts takes JSON and form posts, /api/leads JSON and (for photos) multipart, never form-encoded", async () => {
    const post = (type: string, body: string) => new Request('http://localhost/api/x', { method: 'POST', headers: { 'content-type': type }, body })
    const form = new URLSearchParams({ name: 'Max', email: 'max@web.de', message: 'Hallo', kind: 'vehicle-enquiry' }).toString()
    const context = { lake: test.lake, env: test.env }
    expect((await contactsApi({ request: post('application/x-www-form-urlencoded', form), params: {}, context })).status).toBe(201)
    expect((await leadsApi({ request: post('application/x-www-form-urlencoded', form), params: {}, context })).status).toBe(415)
    expect((await contactsApi({ request: post('text/plain', form), params: {}, context })).status).toBe(415)
  })

  it('after saving: a throwing onStored hook is logged, and the stored submission is answered as stored, on both APIs', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const onStored = () => {
      throw new Error('notifier down')
    }
    const context = { lake: test.lake, env: test.env, onStored }
    const json = (body: unknown) =>
      new Request('http://localhost/api/x', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect((await leadsApi({ request: json({ kind: 'export', vehicleType: 'LKW', phone: '0201 777' }), params: {}, context })).status).toBe(201)
    expect(
      (await contactsApi({ request: json({ name: 'Max', email: 'max@web.de', message: 'Hallo, bitte rufen Sie mich an.' }), params: {}, context })).status,
    ).toBe(201)
    expect(logged).toHaveBeenCalledTimes(2)
    logged.mockRestore()
  })
})
