import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSubmissionLimiter } from '#app/context.server.ts'
import { parseEnv } from '#app/env.server.ts'
import { SanityLake } from '#app/lake/sanity-lake.server.ts'
import { type RateLimiter } from '#app/utils/rate-limit.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { VALID_CONTACT } from '#tests/submissions.ts'
import { action } from './api.contacts'

const FIXTURE = 'tests/fixtures/mini-dataset'
const valid = VALID_CONTACT

function post(body: BodyInit, contentType: string, headers: Record<string, string> = {}) {
  return new Request('http://localhost/api/contacts', {
    method: 'POST',
    body,
    headers: { 'content-type': contentType, ...headers },
  })
}

/*
 * What /api/contacts stores, on both lake backends, and its limit's configuration. The rules every
 * submission passes (honeypot, limit, sizes, media types, invalid fields, refused write, onStored)
 * are in app/submissions/pipeline.server.test.ts.
 */
describe.each(BACKENDS)('POST /api/contacts on the %s lake', (backend) => {
  let test: TestLake
  const call = (request: Request) => action({ request, params: {}, context: { lake: test.lake, env: test.env } })

  beforeAll(async () => {
    test = await openTestLake(backend, FIXTURE)
  })
  afterAll(() => test.close())

  it('stores a JSON message durably under the id it answers with', async () => {
    const response = await call(post(JSON.stringify({ ...valid, page: '/' }), 'application/json'))
    expect(response.status).toBe(201)
    const body = (await response.json()) as { id: string; receivedAt: string }
    expect(await test.stored(body.id)).toMatchObject({
      _type: 'contactMessage',
      ...valid,
      page: '/',
      status: 'neu',
      receivedAt: body.receivedAt,
    })
  })

  it('accepts the same fields form-encoded', async () => {
    const response = await call(post(new URLSearchParams(valid).toString(), 'application/x-www-form-urlencoded'))
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    expect(await test.stored(id)).toMatchObject({ name: valid.name, subject: 'ankauf' })
  })

  if (backend === 'sanity') {
    it('writes through the API host with the token, never through the CDN', async () => {
      const mutations = test.requests.filter((r) => r.path.includes('/data/mutate/'))
      expect(mutations.length).toBeGreaterThan(0)
      for (const request of mutations) {
        expect(request.host).toBe('test-project.api.sanity.io')
        expect(request.headers.authorization).toBe('Bearer test-token')
        expect(request.searchParams.get('visibility')).toBe('sync')
      }
      // Public content through the CDN; the sender's earlier messages (private inbox documents) with the token.
      const reads = test.requests.filter((r) => r.path.includes('/data/query/'))
      for (const request of reads) {
        const inbox = (request.searchParams.get('query') ?? '').includes('"contactMessage"')
        expect(request.host).toBe(inbox ? 'test-project.api.sanity.io' : 'test-project.apicdn.sanity.io')
        if (inbox) expect(request.headers.authorization).toBe('Bearer test-token')
      }
    })
  }
})

describe('POST /api/contacts abuse protection', () => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake('embedded', FIXTURE)
  })
  afterAll(() => test.close())

  /** A context like server.mjs builds it: the process-wide limiter of the env, and the client's address. */
  const limitedContext = (submissionLimiter: RateLimiter | undefined) => (clientAddress: string) => ({
    lake: test.lake,
    env: test.env,
    submissionLimiter,
    clientAddress,
  })
  // Each post its own message: the same post again would be the one request it repeats (submit.server.ts).
  let posts = 0
  const json = (name: string) => post(JSON.stringify({ ...valid, name, message: `${valid.message} (${++posts})` }), 'application/json')
  const countNamed = async (name: string) => (await test.storedOfType('contactMessage')).filter((doc) => doc.name === name).length

  it('the default limit (SUBMISSION_RATE_LIMIT) answers the 6th post within a minute from one address with 429; other addresses go on', async () => {
    const contextFor = limitedContext(createSubmissionLimiter(parseEnv({})))
    const name = 'Eilig 203.0.113.10'
    for (let i = 1; i <= 5; i++) {
      const response = await action({ request: json(name), params: {}, context: contextFor('203.0.113.10') })
      expect(response.status, `post ${i}`).toBe(201)
    }
    const limited = await action({ request: json(name), params: {}, context: contextFor('203.0.113.10') })
    expect(limited.status).toBe(429)
    expect(await countNamed(name)).toBe(5)

    const other = await action({ request: json('Andere Adresse'), params: {}, context: contextFor('203.0.113.11') })
    expect(other.status).toBe(201)
  })

  it('counts only posts: reads and other methods do not use up the limit', async () => {
    const contextFor = limitedContext(createSubmissionLimiter(parseEnv({})))
    for (let i = 0; i < 6; i++) {
      const put = await action({
        request: new Request('http://localhost/api/contacts', { method: 'PUT', body: '{}' }),
        params: {},
        context: contextFor('203.0.113.20'),
      })
      expect(put.status).toBe(405)
    }
    expect((await action({ request: json('Nach PUTs'), params: {}, context: contextFor('203.0.113.20') })).status).toBe(201)
  })

  it('SUBMISSION_RATE_LIMIT=0 switches the limit off', async () => {
    const limiter = createSubmissionLimiter(parseEnv({ SUBMISSION_RATE_LIMIT: '0' }))
    expect(limiter).toBeUndefined()
    const contextFor = limitedContext(limiter)
    for (let i = 1; i <= 8; i++) {
      const response = await action({ request: json('Ohne Grenze'), params: {}, context: contextFor('203.0.113.30') })
      expect(response.status, `post ${i}`).toBe(201)
    }
  })
})

describe('POST /api/contacts when Sanity does not answer', () => {
  const server = setupServer(
    http.all('https://:projectId.:host.sanity.io/*', async () => {
      await delay('infinite')
      return HttpResponse.json({})
    }),
  )
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())

  it('answers 503 within the write timeout, and reports nothing as stored', async () => {
    const lake = new SanityLake({
      projectId: 'p1',
      dataset: 'production',
      token: 't',
      apiVersion: '2025-02-19',
      useCdn: true,
      timeouts: { readMs: 300, writeMs: 300 },
    })
    const notified: string[] = []
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    // Sanity never answers: only the lake's 300 ms write timeout can end this call (without it the
    // test runs into its own timeout and fails), so no wall-clock ceiling is needed.
    const response = await action({
      request: post(JSON.stringify(valid), 'application/json'),
      params: {},
      context: { lake, env: parseEnv({}), onStored: (id) => notified.push(id) },
    })
    expect(response.status).toBe(503)
    const body = (await response.json()) as Record<string, unknown>
    expect(body.error).toMatch(/konnte nicht gespeichert werden/)
    expect(body).not.toHaveProperty('id')
    expect(notified).toEqual([])
    logged.mockRestore()
  })
})
