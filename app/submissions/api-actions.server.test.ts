import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ContentLake, MutationError } from '#app/sanity/lake.server.ts'
import { RateLimiter } from '#app/utils/rate-limit.server.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { VALID_CONTACT, VALID_DEALER_LEAD } from '#tests/submissions.ts'
import * as contacts from '#app/routes/api.contacts.ts'
import * as leads from '#app/routes/api.leads.ts'

/*
 * What the JSON API of every form does with bad input, the same for both endpoints
 * (submissionApiAction): one table instead of a copy per route. What each endpoint stores, on both
 * lake backends, is in its route's test.
 */

const ENDPOINTS: Array<{ path: string; route: typeof contacts; valid: Record<string, string>; truncatedJson: string; refusedTypes: string[] }> = [
  {
    path: '/api/contacts',
    route: contacts,
    valid: VALID_CONTACT,
    truncatedJson: '{"name":',
    // The contact API also takes the form-encoded fields of its first version.
    refusedTypes: ['text/plain'],
  },
  {
    path: '/api/leads',
    route: leads,
    valid: VALID_DEALER_LEAD,
    truncatedJson: '{"kind":',
    refusedTypes: ['application/x-www-form-urlencoded', 'text/plain'],
  },
]

describe.each(ENDPOINTS)('POST $path input handling', ({ path, route, valid, truncatedJson, refusedTypes }) => {
  let test: TestLake
  const post = (body: BodyInit, contentType = 'application/json') =>
    new Request(`http://localhost${path}`, { method: 'POST', body, headers: { 'content-type': contentType } })
  const call = (request: Request, context: Partial<Parameters<typeof route.action>[0]['context']> = {}) =>
    route.action({ request, params: {}, context: { lake: test.lake, env: test.env, ...context } })

  beforeAll(async () => {
    test = await openTestLake('embedded', 'tests/fixtures/mini-dataset')
  })
  afterAll(() => test.close())

  it('refuses malformed JSON and non-objects with 400 JSON', async () => {
    for (const body of [truncatedJson, 'null', '[1,2]', '"text"']) {
      const response = await call(post(body))
      expect(response.status, body).toBe(400)
      expect(((await response.json()) as { error: string }).error).toMatch(/JSON/)
    }
  })

  it('refuses other media types with 415, never cached', async () => {
    for (const type of refusedTypes) {
      const response = await call(post(new URLSearchParams(valid).toString(), type))
      expect(response.status, type).toBe(415)
      expect(response.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('refuses bodies over 16 KB with 413 without storing', async () => {
    const before = (await test.storedOfType(path === '/api/leads' ? 'lead' : 'contactMessage')).length
    const response = await call(post(JSON.stringify({ ...valid, phone: 'x'.repeat(20_000) })))
    expect(response.status).toBe(413)
    expect((await test.storedOfType(path === '/api/leads' ? 'lead' : 'contactMessage')).length).toBe(before)
  })

  it('answers 405 to reads and to other methods: submissions are personal data', async () => {
    const get = route.loader()
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
    expect(get.headers.get('cache-control')).toBe('no-store')
    const put = await call(new Request(`http://localhost${path}`, { method: 'PUT', body: '{}', headers: { 'content-type': 'application/json' } }))
    expect(put.status).toBe(405)
  })

  it('answers 429 over the submission limit', async () => {
    const context = { submissionLimiter: new RateLimiter({ limit: 1, windowMs: 60_000, now: () => 0 }), clientAddress: '203.0.113.9' }
    expect((await call(post(JSON.stringify(valid)), context)).status).toBe(201)
    const limited = await call(post(JSON.stringify(valid)), context)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('60')
  })

  it('answers 503 with a German message when the lake refuses the write, and logs it', async () => {
    const failing: ContentLake = { kind: 'embedded', fetch: test.lake.fetch.bind(test.lake), mutate: () => Promise.reject(new MutationError('disk full', 500)) }
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await call(post(JSON.stringify(valid)), { lake: failing })
    expect(response.status).toBe(503)
    expect(((await response.json()) as { error: string }).error).toMatch(/konnte nicht gespeichert werden/)
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()
  })
})
