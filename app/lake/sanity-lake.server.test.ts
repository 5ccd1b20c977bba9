import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createDocument, createIfNotExists, MutationError, type SanityDocument } from '#app/lake/lake.server.ts'
import { SANITY_TIMEOUTS, SanityLake } from '#app/lake/sanity-lake.server.ts'
import { createSanityApi, type SanityApi } from '#tests/mocks/sanity.ts'

const PROJECT = 'abc123'
const DATASET = 'production'
const TOKEN = 'sk-write-token'

const seed: SanityDocument[] = [
  { _id: 'vehicle-1', _type: 'vehicle', _rev: 'r1', make: 'VW', model: 'Golf', listedAt: '2025-01-10' },
  { _id: 'vehicle-2', _type: 'vehicle', _rev: 'r2', make: 'BMW', model: '320d', listedAt: '2025-01-05' },
  { _id: 'drafts.vehicle-1', _type: 'vehicle', make: 'VW', model: 'Golf GTI', listedAt: '2025-01-10' },
  { _id: 'inbox.contact-1', _type: 'contactMessage', name: 'Erika' },
]

let api: SanityApi
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
})
afterAll(() => server.close())

/** A lake against a fresh mock dataset (`api` records its requests). */
function lake(useCdn = true): SanityLake {
  api = createSanityApi({ projectId: PROJECT, dataset: DATASET, documents: seed, token: TOKEN })
  server.use(...api.handlers)
  return new SanityLake({ projectId: PROJECT, dataset: DATASET, token: TOKEN, apiVersion: '2025-02-19', useCdn })
}

describe('SanityLake reads', () => {
  it('query the CDN without a token, in the published perspective', async () => {
    const vehicles = await lake().fetch('*[_type == $type] | order(listedAt desc).model', { type: 'vehicle' })
    expect(vehicles).toEqual(['Golf', '320d'])

    const [request] = api.requests
    expect(request?.method).toBe('GET')
    expect(request?.host).toBe(`${PROJECT}.apicdn.sanity.io`)
    expect(request?.path).toBe(`/v2025-02-19/data/query/${DATASET}`)
    expect(request?.searchParams.get('perspective')).toBe('published')
    expect(request?.searchParams.get('$type')).toBe('"vehicle"')
    expect(request?.headers.authorization).toBeUndefined()
  })

  it('use the API host when the CDN is off', async () => {
    await lake(false).fetch('count(*)')
    expect(api.requests[0]?.host).toBe(`${PROJECT}.api.sanity.io`)
  })

  it('cannot see private (dot) ids, as in a public dataset', async () => {
    expect(await lake().fetch('*[_id == "inbox.contact-1"][0]')).toBeNull()
  })
})

describe('SanityLake private reads', () => {
  it('see private ids with the token, from the API host, in the published perspective', async () => {
    const sanity = lake()
    expect(await sanity.fetch<{ _id: string } | null>('*[_id == "inbox.contact-1"][0]{_id}', {}, { includePrivate: true })).toEqual({
      _id: 'inbox.contact-1',
    })
    const [read] = api.requests
    expect(read?.host).toBe(`${PROJECT}.api.sanity.io`)
    expect(read?.headers.authorization).toBe(`Bearer ${TOKEN}`)
    expect(read?.searchParams.get('perspective')).toBe('published')
  })
})

describe('SanityLake writes', () => {
  it('send the mutations to the API host with the bearer token and map the results', async () => {
    const sanity = lake()
    const doc = await createDocument(sanity, { _id: 'inbox.contact-2', _type: 'contactMessage', name: 'Max' })
    expect(doc).toMatchObject({ _id: 'inbox.contact-2', name: 'Max', _rev: expect.any(String) })
    expect(api.documents.get('inbox.contact-2')).toEqual(doc)

    const [request] = api.requests
    expect(request?.method).toBe('POST')
    expect(request?.host).toBe(`${PROJECT}.api.sanity.io`)
    expect(request?.path).toBe(`/v2025-02-19/data/mutate/${DATASET}`)
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`)
    expect(request?.searchParams.get('returnDocuments')).toBe('true')
    expect(request?.searchParams.get('visibility')).toBe('sync')
    expect(request?.body).toEqual({ mutations: [{ create: { _id: 'inbox.contact-2', _type: 'contactMessage', name: 'Max' } }] })
  })

  it('return operations per mutation and the final documents', async () => {
    const result = await lake().mutate([
      { patch: { id: 'vehicle-1', set: { price: 100 } } },
      { patch: { id: 'vehicle-1', inc: { price: 5 } } },
      { delete: { id: 'vehicle-2' } },
    ])
    expect(result.transactionId).toEqual(expect.any(String))
    expect(result.results).toEqual([
      { id: 'vehicle-1', operation: 'update' },
      { id: 'vehicle-1', operation: 'update' },
      { id: 'vehicle-2', operation: 'delete' },
    ])
    expect(result.documents).toHaveLength(1)
    expect(result.documents[0]).toMatchObject({ _id: 'vehicle-1', price: 105, _rev: result.transactionId })
  })

  it('return the existing document for createIfNotExists', async () => {
    const doc = await createIfNotExists(lake(), { _id: 'vehicle-1', _type: 'vehicle', make: 'Opel' })
    expect(doc.make).toBe('VW')
  })

  it('turn a 409 from the API into a MutationError 409', async () => {
    const attempt = lake().mutate([{ create: { _id: 'vehicle-1', _type: 'vehicle' } }])
    await expect(attempt).rejects.toBeInstanceOf(MutationError)
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining('vehicle-1') })
  })

  it('turn a revision mismatch and a missing document into 409 and 404', async () => {
    const sanity = lake()
    await expect(sanity.mutate([{ patch: { id: 'vehicle-1', ifRevisionID: 'stale', set: { a: 1 } } }])).rejects.toMatchObject({
      statusCode: 409,
    })
    await expect(sanity.mutate([{ patch: { id: 'nope', set: { a: 1 } } }])).rejects.toMatchObject({ statusCode: 404 })
  })

  it('turn a rejected token into a MutationError 401', async () => {
    const sanity = lake()
    const intruder = new SanityLake({ projectId: PROJECT, dataset: DATASET, token: 'wrong', apiVersion: '2025-02-19', useCdn: false })
    await expect(intruder.mutate([{ delete: { id: 'vehicle-1' } }])).rejects.toMatchObject({ name: 'MutationError', statusCode: 401 })
    expect(await sanity.fetch('count(*[_id == "vehicle-1"])')).toBe(1)
  })
})

describe('SanityLake against an API that never answers', () => {
  const timeouts = { readMs: 300, writeMs: 300 }
  /** The paths of the requests the hanging API received. */
  let received: string[] = []
  const hanging = () => {
    received = []
    server.use(
      http.all('https://:projectId.:host.sanity.io/*', async ({ request }) => {
        received.push(new URL(request.url).pathname)
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    return new SanityLake({ projectId: PROJECT, dataset: DATASET, token: TOKEN, apiVersion: '2025-02-19', useCdn: true, timeouts })
  }

  it('gives up a read after its timeout (and one retry) instead of waiting minutes', async () => {
    const started = performance.now()
    await expect(hanging().fetch('count(*)')).rejects.toThrow()
    // Sanity never answers: only the timeout ends the read (no ceiling needed: without it the test times out).
    expect(performance.now() - started).toBeGreaterThanOrEqual(timeouts.readMs)
  })

  it('gives up a write after its timeout, without retrying it', async () => {
    await expect(hanging().mutate([{ create: { _id: 'inbox.contact-9', _type: 'contactMessage' } }])).rejects.toThrow()
    // A write is sent once: retrying one that may have landed could store a message twice.
    expect(received.filter((path) => path.includes('/data/mutate/'))).toHaveLength(1)
  })

  it("the production timeouts are a few seconds, not @sanity/client's 300 s", () => {
    expect(SANITY_TIMEOUTS.readMs).toBeLessThanOrEqual(5_000)
    expect(SANITY_TIMEOUTS.writeMs).toBeLessThanOrEqual(10_000)
  })
})

describe('SanityLake.onChanges (every instance follows the lake: issue 15)', () => {
  afterEach(() => api?.closeListeners())

  /** Calls of the listener, recorded; resolves `next` when a new one arrives. */
  function follow(subject: SanityLake) {
    const calls: Array<readonly string[] | undefined> = []
    let notify = () => {}
    const stop = subject.onChanges((ids) => {
      calls.push(ids)
      notify()
    })
    const next = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`waited for ${count} calls, got ${JSON.stringify(calls)}`)), 5000)
        notify = () => calls.length >= count && (clearTimeout(timer), resolve())
        notify()
      })
    return { calls, stop, next }
  }

  it('reports published documents changed by anyone, never private ones, and everything after a reconnect', async () => {
    const subject = lake(true)
    const { calls, stop, next } = follow(subject)
    await expect.poll(() => api.listenerCount()).toBe(1)
    // Written by someone else (another instance, the Studio): straight to the API.
    const other = new SanityLake({ projectId: PROJECT, dataset: DATASET, token: TOKEN, apiVersion: '2025-02-19', useCdn: false })
    await createDocument(other, { _id: 'inbox.lead-9', _type: 'lead' })
    await createIfNotExists(other, { _id: 'vehicle-3', _type: 'vehicle', make: 'Opel' })
    await next(1)
    expect(calls).toEqual([['vehicle-3']])
    // The listener listens without the token: it is the public reader, and no draft or inbox event is even sent.
    const listens = api.requests.filter((request) => request.path.includes('/data/listen/'))
    expect(listens.map((request) => request.headers.authorization)).toEqual([undefined])

    // The connection drops: what happened meanwhile is unknown, so everything counts as changed.
    api.closeListeners()
    await next(2)
    expect(calls[1]).toBeUndefined()

    // Stopped: later changes are not reported (MSW does not pass the disconnect on, so the fake's
    // stream stays open; the client no longer listens to it).
    stop()
    // A second follower hears the next change: by then the stopped one would have heard it too.
    const listensSoFar = () => api.requests.filter((request) => request.path.includes('/data/listen/')).length
    const before = listensSoFar()
    const witness = follow(subject)
    await expect.poll(listensSoFar).toBe(before + 1)
    await createIfNotExists(other, { _id: 'vehicle-4', _type: 'vehicle', make: 'Opel' })
    await witness.next(1)
    expect(witness.calls).toEqual([['vehicle-4']])
    expect(calls).toHaveLength(2)
    witness.stop()
  })
})
