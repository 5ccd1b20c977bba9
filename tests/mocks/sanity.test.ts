import { createClient, type ListenEvent } from '@sanity/client'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type SanityDocument } from '#app/lake/lake.server.ts'
import { createSanityApi, type SanityApi } from './sanity'

const seed: SanityDocument[] = [
  { _id: 'vehicle-1', _type: 'vehicle', model: 'Golf' },
  { _id: 'drafts.vehicle-1', _type: 'vehicle', model: 'Golf GTI' },
  { _id: 'inbox.contact-1', _type: 'contactMessage', name: 'Erika' },
]
const QUERY_URL = 'https://p1.api.sanity.io/v2025-02-19/data/query/production'
const MUTATE_URL = 'https://p1.api.sanity.io/v2025-02-19/data/mutate/production'
const LISTEN_URL = 'https://p1.api.sanity.io/v2025-02-19/data/listen/production'
const auth = { Authorization: 'Bearer secret' }

let api: SanityApi
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  // In-process MSW does not cancel a stream whose client went away: end the listeners' streams.
  api?.closeListeners()
  server.resetHandlers()
})
afterAll(() => server.close())

function mock() {
  api = createSanityApi({ projectId: 'p1', dataset: 'production', documents: seed, token: 'secret' })
  server.use(...api.handlers)
}

async function ids(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { headers })
  return ((await response.json()) as { result: unknown }).result
}

const allIds = `${QUERY_URL}?query=${encodeURIComponent('*[]._id')}`

describe('Sanity API mock: queries', () => {
  it('answers {query, result, ms} for GET with $params', async () => {
    mock()
    const response = await fetch(`${QUERY_URL}?query=${encodeURIComponent('*[_id == $id][0].model')}&%24id=%22vehicle-1%22`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ query: '*[_id == $id][0].model', result: 'Golf', ms: expect.any(Number) })
  })

  it('answers POST with {query, params}', async () => {
    mock()
    const response = await fetch(QUERY_URL, {
      method: 'POST',
      body: JSON.stringify({ query: '*[_type == $t].model', params: { t: 'vehicle' } }),
    })
    expect(((await response.json()) as { result: unknown }).result).toEqual(['Golf'])
  })

  it('applies perspectives and hides dot ids from requests without a token', async () => {
    mock()
    expect(await ids(allIds)).toEqual(['vehicle-1'])
    expect(await ids(`${allIds}&perspective=raw`)).toEqual(['vehicle-1'])
    expect(await ids(`${allIds}&perspective=raw`, auth)).toEqual(['vehicle-1', 'drafts.vehicle-1', 'inbox.contact-1'])
    expect(await ids(`${allIds}&perspective=published`, auth)).toEqual(['vehicle-1', 'inbox.contact-1'])
    // Before API version 2025-02-19 the default perspective was raw.
    expect(await ids(allIds.replace('v2025-02-19', 'v2021-06-07'), auth)).toHaveLength(3)
  })

  it('reports GROQ syntax errors like Sanity', async () => {
    mock()
    const response = await fetch(`${QUERY_URL}?query=${encodeURIComponent('*[_type ==')}`)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { type: 'queryParseError', query: '*[_type ==' } })
  })

  it('answers 404 for another project or dataset', async () => {
    mock()
    expect((await fetch(allIds.replace('production', 'staging'))).status).toBe(404)
    expect((await fetch(allIds.replace('p1.', 'p2.'))).status).toBe(404)
  })
})

describe('Sanity API mock: mutations', () => {
  it('need the bearer token', async () => {
    mock()
    const response = await fetch(MUTATE_URL, { method: 'POST', body: JSON.stringify({ mutations: [{ delete: { id: 'vehicle-1' } }] }) })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: 'Unauthorized', statusCode: 401 })
    expect(api.documents.has('vehicle-1')).toBe(true)
  })

  it('apply the mutations and answer in Sanity’s format', async () => {
    mock()
    const response = await fetch(`${MUTATE_URL}?returnIds=true&returnDocuments=true`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ mutations: [{ patch: { id: 'vehicle-1', set: { price: 1 } } }, { delete: { id: 'drafts.vehicle-1' } }] }),
    })
    const body = (await response.json()) as { transactionId: string; results: unknown[] }
    expect(body.results).toEqual([
      { id: 'vehicle-1', operation: 'update', document: expect.objectContaining({ price: 1, _rev: body.transactionId }) },
      { id: 'drafts.vehicle-1', operation: 'delete' },
    ])
    expect(api.documents.get('vehicle-1')?.price).toBe(1)
    expect(api.documents.has('drafts.vehicle-1')).toBe(false)
  })

  it('leave documents out without returnDocuments, and answer errors with the status and Sanity’s error shape', async () => {
    mock()
    const created = await fetch(MUTATE_URL, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ mutations: [{ create: { _id: 'x', _type: 'note' } }] }),
    })
    expect(((await created.json()) as { results: unknown }).results).toEqual([{ id: 'x', operation: 'create' }])

    const conflict = await fetch(MUTATE_URL, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ mutations: [{ create: { _id: 'x', _type: 'note' } }] }),
    })
    expect(conflict.status).toBe(409)
    expect(await conflict.json()).toMatchObject({
      error: { type: 'mutationError', items: [{ error: { description: expect.stringContaining('"x"') } }] },
    })
  })

  it('refuse mutations sent to the CDN host', async () => {
    mock()
    const response = await fetch(MUTATE_URL.replace('.api.', '.apicdn.'), {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ mutations: [] }),
    })
    expect(response.status).toBe(400)
  })
})

describe('Sanity API mock: listeners', () => {
  type Received = ListenEvent<Record<string, unknown>>

  /** Subscribes like @sanity/client users do; `received` fills as events arrive. */
  function listen(query: string, options: { visibility?: 'query' } = {}) {
    const client = createClient({ projectId: 'p1', dataset: 'production', apiVersion: '2025-02-19', useCdn: false })
    const received: Received[] = []
    const subscription = client
      .listen(query, {}, { events: ['welcome', 'mutation', 'reconnect'], includeResult: false, ...options })
      .subscribe({ next: (event) => received.push(event as Received) })
    return { received, unsubscribe: () => subscription.unsubscribe() }
  }

  const mutate = async (mutations: unknown[]) => {
    const response = await fetch(MUTATE_URL, { method: 'POST', headers: auth, body: JSON.stringify({ mutations }) })
    expect(response.status).toBe(200)
    return ((await response.json()) as { transactionId: string }).transactionId
  }

  const until = async (condition: () => boolean) => {
    const deadline = Date.now() + 5000
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  const mutationsOf = (received: Received[]) => received.filter((event) => event.type === 'mutation')

  it('welcomes a client.listen() subscription, then sends a mutation event for a published document; none for inbox.* without a token', async () => {
    mock()
    const { received, unsubscribe } = listen('*[!(_id in path("drafts.**"))]', { visibility: 'query' })
    onTestFinished(unsubscribe)
    await until(() => received.length > 0)
    expect(received).toEqual([{ type: 'welcome', listenerName: expect.stringMatching(/^[\w-]{22}$/) }])
    expect(api.listenerCount()).toBe(1)

    await mutate([{ create: { _id: 'inbox.contact-2', _type: 'contactMessage', name: 'Max' } }])
    const transactionId = await mutate([{ patch: { id: 'vehicle-1', set: { price: 12_000 } } }])
    await until(() => mutationsOf(received).length > 0)
    expect(mutationsOf(received)).toEqual([
      {
        type: 'mutation',
        eventId: `${transactionId}#vehicle-1`,
        documentId: 'vehicle-1',
        transactionId,
        transition: 'update',
        identity: 'p-e2e',
        mutations: [{ patch: { id: 'vehicle-1', set: { price: 12_000 } } }],
        resultRev: transactionId,
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        visibility: 'query',
        transactionTotalEvents: 1,
        transactionCurrentEvent: 1,
      },
    ])
    // The inbox message was written first: had it been sent, it would have arrived first.
    expect(received.map((event) => ('documentId' in event ? event.documentId : event.type))).toEqual(['welcome', 'vehicle-1'])
  })

  /**
   * The raw event stream through fetch, for what client.listen() cannot show through MSW: MSW's
   * http.request interceptor drops the headers of the url.parse() object the eventsource package
   * passes, so a listener there is never authenticated (it is over a real socket, as in e2e).
   */
  async function stream(query: string, options: string, headers: Record<string, string> = {}) {
    const aborted = new AbortController()
    const response = await fetch(`${LISTEN_URL}?query=${encodeURIComponent(query)}&${options}`, { headers, signal: aborted.signal })
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    const events: Array<{ event: string; id?: string; data: Record<string, unknown> }> = []
    let buffer = ''
    const pump = (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }))
        if (done) return
        buffer += value
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const fields = Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]))
          if (fields.event)
            events.push({ event: fields.event, ...(fields.id ? { id: fields.id } : {}), data: JSON.parse(fields.data ?? '{}') as Record<string, unknown> })
        }
      }
    })()
    return { events, abort: async () => (aborted.abort(), await pump) }
  }

  it('sends appear, update and disappear by the filter, drafts with a token, the result with includeResult, and forgets an aborted stream', async () => {
    mock()
    const { events, abort } = await stream('*[_type == "vehicle" && price > 100]', 'includeResult=true', auth)
    await until(() => events.length > 0)
    const first = await mutate([
      { patch: { id: 'vehicle-1', set: { price: 500 } } },
      { patch: { id: 'drafts.vehicle-1', set: { price: 600 } } },
      { create: { _id: 'note-1', _type: 'note', price: 700 } },
    ])
    await mutate([{ patch: { id: 'vehicle-1', set: { price: 50 } } }])
    await mutate([{ delete: { id: 'drafts.vehicle-1' } }])
    await until(() => events.length === 5)
    expect(events.map(({ event, data }) => [event, data.documentId, data.transition, data.transactionCurrentEvent, data.transactionTotalEvents])).toEqual([
      ['welcome', undefined, undefined, undefined, undefined],
      ['mutation', 'vehicle-1', 'appear', 1, 2],
      ['mutation', 'drafts.vehicle-1', 'appear', 2, 2],
      ['mutation', 'vehicle-1', 'disappear', 1, 1],
      ['mutation', 'drafts.vehicle-1', 'disappear', 1, 1],
    ])
    const [, appeared, , , deleted] = events
    expect(appeared).toMatchObject({
      id: `${first}#vehicle-1`,
      data: { transactionId: first, visibility: 'transaction', result: { _id: 'vehicle-1', price: 500, _rev: first } },
    })
    expect(deleted!.data).toMatchObject({ previousRev: first, mutations: [{ delete: { id: 'drafts.vehicle-1' } }] })
    expect(deleted!.data).not.toHaveProperty('result')
    expect(deleted!.data).not.toHaveProperty('resultRev')

    expect(api.listenerCount()).toBe(1)
    await abort()
    expect(api.listenerCount()).toBe(0)
  })

  it('ends open streams on closeListeners(); the client reconnects and is welcomed again', async () => {
    mock()
    const { received, unsubscribe } = listen('*')
    onTestFinished(unsubscribe)
    await until(() => received.length > 0)
    api.closeListeners()
    expect(api.listenerCount()).toBe(0)
    await until(() => received.filter((event) => event.type === 'welcome').length === 2)
    expect(received.map((event) => event.type)).toEqual(['welcome', 'reconnect', 'welcome'])
    expect(api.listenerCount()).toBe(1)
  })
})
