import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ContentLake, MutationError } from '~/sanity/lake.server'
import { BACKENDS, openTestLake, type TestLake } from '../../tests/lake-backends'
import { action, loader } from './api.contacts'

const FIXTURE = 'tests/fixtures/mini-dataset'
const valid = {
  name: 'Erika Mustermann',
  email: 'erika@example.de',
  phone: '0201 123456',
  subject: 'ankauf',
  message: 'Ich möchte meinen Golf verkaufen.',
}

function post(body: BodyInit, contentType: string, headers: Record<string, string> = {}) {
  return new Request('http://localhost/api/contacts', {
    method: 'POST',
    body,
    headers: { 'content-type': contentType, ...headers },
  })
}

describe.each(BACKENDS)('POST /api/contacts on the %s lake', (backend) => {
  let test: TestLake
  const call = (request: Request) => action({ request, params: {}, context: { lake: test.lake, env: test.env } })

  beforeAll(async () => {
    test = await openTestLake(backend, FIXTURE)
  })
  afterAll(() => test.close())

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

describe('POST /api/contacts input handling', () => {
  let test: TestLake
  const call = (request: Request) => action({ request, params: {}, context: { lake: test.lake, env: test.env } })
  beforeAll(async () => {
    test = await openTestLake('embedded', FIXTURE)
  })
  afterAll(() => test.close())

  it('refuses malformed JSON and non-objects with 400 JSON', async () => {
    for (const body of ['{"name":', 'null', '[1,2]', '"text"']) {
      const response = await call(post(body, 'application/json'))
      expect(response.status, body).toBe(400)
      expect(((await response.json()) as { error: string }).error).toMatch(/JSON/)
    }
  })

  it('refuses other media types with 415', async () => {
    const response = await call(post('name=x', 'text/plain'))
    expect(response.status).toBe(415)
  })

  it('refuses bodies over 16 KB with 413 without storing', async () => {
    const response = await call(post(JSON.stringify({ ...valid, message: 'x'.repeat(20_000) }), 'application/json'))
    expect(response.status).toBe(413)
  })

  it('answers 405 to reads and to other methods', async () => {
    const get = loader()
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
    const put = await call(new Request('http://localhost/api/contacts', { method: 'PUT', body: '{}' }))
    expect(put.status).toBe(405)
  })

  it('answers 503 with a German message when the lake refuses the write, and logs it', async () => {
    const failing: ContentLake = {
      kind: 'embedded',
      fetch: test.lake.fetch.bind(test.lake),
      mutate: () => Promise.reject(new MutationError('disk full', 500)),
    }
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await action({
      request: post(JSON.stringify(valid), 'application/json'),
      params: {},
      context: { lake: failing, env: test.env },
    })
    expect(response.status).toBe(503)
    expect(((await response.json()) as { error: string }).error).toMatch(/konnte nicht gespeichert werden/)
    expect(logged).toHaveBeenCalled()
  })
})
