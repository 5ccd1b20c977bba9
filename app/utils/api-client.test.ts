import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { ApiError, apiRequest } from './api-client'

const baseUrl = 'http://site.test'
const url = (path: string) => `${baseUrl}${path}`

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('apiRequest', () => {
  test('sends credentials, and JSON only when there is a body', async () => {
    const seen: Array<{ credentials: RequestCredentials; contentType: string | null; body: string }> = []
    server.use(
      http.all(url('/api/echo'), async ({ request }) => {
        seen.push({ credentials: request.credentials, contentType: request.headers.get('content-type'), body: await request.text() })
        return HttpResponse.json({ ok: true })
      }),
    )

    await expect(apiRequest('GET', '/api/echo', undefined, { baseUrl })).resolves.toEqual({ ok: true })
    await expect(apiRequest('POST', '/api/echo', { a: 1, text: 'Grüße' }, { baseUrl })).resolves.toEqual({ ok: true })

    expect(seen).toEqual([
      { credentials: 'include', contentType: null, body: '' },
      { credentials: 'include', contentType: 'application/json', body: '{"a":1,"text":"Grüße"}' },
    ])
  })

  test('a non-success status throws "{status}: {response text}"', async () => {
    server.use(http.get(url('/api/broken'), () => new HttpResponse('Datenbank nicht erreichbar', { status: 500, statusText: 'Internal Server Error' })))

    const error = await apiRequest('GET', '/api/broken', undefined, { baseUrl }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ message: '500: Datenbank nicht erreichbar', status: 500, responseText: 'Datenbank nicht erreichbar' })
  })

  test('an empty error body falls back to the status text', async () => {
    server.use(http.get(url('/api/missing'), () => new HttpResponse(null, { status: 404, statusText: 'Not Found' })))

    await expect(apiRequest('GET', '/api/missing', undefined, { baseUrl })).rejects.toThrow(new ApiError(404, 'Not Found', ''))
    await expect(apiRequest('GET', '/api/missing', undefined, { baseUrl })).rejects.toThrow(/^404: Not Found$/)
  })

  test('a JSON error body is passed on as text', async () => {
    server.use(http.post(url('/api/contacts'), () => HttpResponse.json({ error: 'invalid' }, { status: 400, statusText: 'Bad Request' })))

    await expect(apiRequest('POST', '/api/contacts', {}, { baseUrl })).rejects.toThrow('400: {"error":"invalid"}')
  })

  test('an empty success body resolves with undefined', async () => {
    server.use(http.delete(url('/api/thing'), () => new HttpResponse(null, { status: 204 })))

    await expect(apiRequest('DELETE', '/api/thing', undefined, { baseUrl })).resolves.toBeUndefined()
  })

  test('a network failure rejects with the fetch error', async () => {
    server.use(http.get(url('/api/down'), () => HttpResponse.error()))

    await expect(apiRequest('GET', '/api/down', undefined, { baseUrl })).rejects.toThrow(TypeError)
  })

  test('a relative path without a page to resolve it against is refused clearly', async () => {
    await expect(apiRequest('GET', '/api/vehicles')).rejects.toThrow(/pass baseUrl/)
  })
})
