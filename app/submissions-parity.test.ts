import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseContactSubmission } from '#app/contact/contact.server.ts'
import { submitLead } from '#app/leads/lead.server.ts'
import { parseLead } from '#app/leads/lead-schemas.server.ts'
import { action as contactsApi } from '#app/routes/api.contacts.ts'
import { action as leadsApi } from '#app/routes/api.leads.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'

/*
 * Written before the two form stacks became one pipeline (issue 18, item 4): what the contact stack
 * and the lead stack each do with the same input, where the review says they drifted apart.
 */

const ADDRESSES = ['max@web.de', "o'neil+auto@mail.example.co.uk", 'name@web', 'max@', 'a b@example.de', 'erika(at)example', 'max@example.123', 'max@-web.de']

describe('the two stacks before the merge', () => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake('embedded', 'tests/fixtures/mini-dataset')
  })
  afterAll(() => test.close())

  it('e-mail: both give every address the same verdict (both already use app/utils/form-rules.ts)', () => {
    for (const email of ADDRESSES) {
      const contact = parseContactSubmission({ name: 'Max', email, message: 'Hallo' }).kind
      const lead = parseLead('vehicle-enquiry', { name: 'Max', email, message: 'Hallo' }).kind
      expect(lead, email).toBe(contact)
    }
  })

  it('content types: /api/contacts takes JSON and form posts, /api/leads JSON only', async () => {
    const post = (type: string, body: string) => new Request('http://localhost/api/x', { method: 'POST', headers: { 'content-type': type }, body })
    const form = new URLSearchParams({ name: 'Max', email: 'max@web.de', message: 'Hallo', kind: 'vehicle-enquiry' }).toString()
    const context = { lake: test.lake, env: test.env }
    expect((await contactsApi({ request: post('application/x-www-form-urlencoded', form), params: {}, context })).status).toBe(201)
    expect((await leadsApi({ request: post('application/x-www-form-urlencoded', form), params: {}, context })).status).toBe(415)
    expect((await contactsApi({ request: post('text/plain', form), params: {}, context })).status).toBe(415)
  })

  it('after saving: the lead stack survives a throwing onStored hook, the contact stack does not', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const onStored = () => {
      throw new Error('notifier down')
    }
    const context = { lake: test.lake, env: test.env, onStored }
    const lead = await submitLead(context, { kind: 'export', vehicleType: 'LKW', phone: '0201 777' })
    expect(lead.status).toBe('stored')
    const json = JSON.stringify({ name: 'Max', email: 'max@web.de', message: 'Hallo' })
    await expect(
      contactsApi({
        request: new Request('http://localhost/api/contacts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: json }),
        params: {},
        context,
      }),
    ).rejects.toThrow('notifier down')
    logged.mockRestore()
  })
})
