import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type SanityDocument } from '#app/sanity/lake.server.ts'
import { createSanityApi, type SanityApi } from './sanity'

const seed: SanityDocument[] = [
  { _id: 'vehicle-1', _type: 'vehicle', model: 'Golf' },
  { _id: 'drafts.vehicle-1', _type: 'vehicle', model: 'Golf GTI' },
  { _id: 'inbox.contact-1', _type: 'contactMessage', name: 'Erika' },
]
const QUERY_URL = 'https://p1.api.sanity.io/v2025-02-19/data/query/production'
const MUTATE_URL = 'https://p1.api.sanity.io/v2025-02-19/data/mutate/production'
const auth = { Authorization: 'Bearer secret' }

let api: SanityApi
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
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
