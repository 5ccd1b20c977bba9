import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSubmissionLimiter } from '#app/context.server.ts'
import { parseEnv } from '#app/env.server.ts'
import { SanityLake } from '#app/sanity/sanity-lake.server.ts'
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

describe.each(BACKENDS)('POST /api/contacts on the %s lake', (backend) => {
  let test: TestLake
  /** Ids the notification hook was called with. */
  const notified: string[] = []
  const call = (request: Request) => action({ request, params: {}, context: { lake: test.lake, env: test.env, onStored: (id) => notified.push(id) } })

  beforeAll(async () => {
    test = await openTestLake(backend, FIXTURE)
  })
  afterAll(() => test.close())

  it('starts the dealer notification for a stored message only', async () => {
    notified.length = 0
    const response = await call(post(JSON.stringify(valid), 'application/json'))
    const { id } = (await response.json()) as { id: string }
    expect(notified).toEqual([id])
    await call(post(JSON.stringify({ ...valid, email: 'kaputt' }), 'application/json'))
    await call(post(JSON.stringify({ ...valid, website: 'spam' }), 'application/json'))
    expect(notified).toEqual([id])
  })

  it('stores a JSON message durably and answers 201 with its id', async () => {
    const response = await call(post(JSON.stringify({ ...valid, page: '/' }), 'application/json'))
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as { id: string; receivedAt: string }
    expect(body.id).toMatch(/^inbox\.contact-[0-9a-f-]{36}$/)
    expect(new Date(body.receivedAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
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

  it('answers 400 with German field errors and stores nothing', async () => {
    // Counted in the durable record: a public read never sees the private inbox.* ids on Sanity.
    const before = (await test.storedOfType('contactMessage')).length
    const response = await call(post(JSON.stringify({ name: '', email: 'nope', message: 'Hallo', subject: 'x' }), 'application/json'))
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> }
    expect(body.error).toBe('Bitte prüfen Sie Ihre Eingaben.')
    expect(body.fieldErrors).toEqual({
      name: ['Bitte geben Sie Ihren Namen an.'],
      email: ['Bitte geben Sie eine gültige E-Mail-Adresse an.'],
      subject: ['Bitte wählen Sie einen Betreff aus der Liste.'],
    })
    expect((await test.storedOfType('contactMessage')).length).toBe(before)
  })

  it('treats a honeypot that is no string (website: ["x"], a number) as filled: success, nothing stored', async () => {
    for (const website of [['x'], 1, { a: 'x' }, true]) {
      const name = `Bot ${JSON.stringify(website)} ${backend}`
      const response = await call(post(JSON.stringify({ ...valid, name, website }), 'application/json'))
      expect(response.status, name).toBe(201)
      expect(
        (await test.storedOfType('contactMessage')).some((doc) => doc.name === name),
        name,
      ).toBe(false)
    }
  })

  it('answers 400 with a German field error for a name with line breaks, storing nothing', async () => {
    const before = (await test.storedOfType('contactMessage')).length
    const response = await call(post(JSON.stringify({ ...valid, name: 'Müller\r\n\r\n<html>injected body</html>' }), 'application/json'))
    expect(response.status).toBe(400)
    expect(((await response.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({
      name: ['„Name“ darf keine Zeilenumbrüche oder Steuerzeichen enthalten.'],
    })
    expect((await test.storedOfType('contactMessage')).length).toBe(before)
  })

  it('answers a filled honeypot like a success without storing anything', async () => {
    const response = await call(post(JSON.stringify({ ...valid, name: 'Bot', website: 'http://spam.example' }), 'application/json'))
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    expect(await test.stored(id)).toBeUndefined()
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
      const reads = test.requests.filter((r) => r.path.includes('/data/query/'))
      for (const request of reads) expect(request.host).toBe('test-project.apicdn.sanity.io')
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
  const json = (name: string) => post(JSON.stringify({ ...valid, name }), 'application/json')
  const countNamed = async (name: string) => (await test.storedOfType('contactMessage')).filter((doc) => doc.name === name).length

  it('answers the 6th post within a minute from one address with 429 JSON and Retry-After; other addresses go on', async () => {
    const contextFor = limitedContext(createSubmissionLimiter(parseEnv({})))
    const name = 'Eilig 203.0.113.10'
    for (let i = 1; i <= 5; i++) {
      const response = await action({ request: json(name), params: {}, context: contextFor('203.0.113.10') })
      expect(response.status, `post ${i}`).toBe(201)
    }
    const limited = await action({ request: json(name), params: {}, context: contextFor('203.0.113.10') })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('cache-control')).toBe('no-store')
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await limited.json()).toEqual({ error: 'Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut.' })
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
    const started = performance.now()
    const response = await action({
      request: post(JSON.stringify(valid), 'application/json'),
      params: {},
      context: { lake, env: parseEnv({}), onStored: (id) => notified.push(id) },
    })
    expect(performance.now() - started).toBeLessThan(3_000)
    expect(response.status).toBe(503)
    const body = (await response.json()) as Record<string, unknown>
    expect(body.error).toMatch(/konnte nicht gespeichert werden/)
    expect(body).not.toHaveProperty('id')
    expect(notified).toEqual([])
    logged.mockRestore()
  })
})
