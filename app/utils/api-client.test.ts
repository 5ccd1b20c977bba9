import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { serializeVehicleSearch } from '#app/vehicles/vehicle-search.ts'
import { ApiError, apiRequest, fetchVehicle, fetchVehicles, fetchVehicleStatus, getJson, sendContactMessage, syncVehicles } from './api-client'

const baseUrl = 'http://site.test'
const url = (path: string) => `${baseUrl}${path}`

const vehicle = {
  id: '1',
  make: 'BMW',
  model: '320d Touring',
  year: 2019,
  mileage: 45000,
  fuel_type: 'DIESEL',
  transmission: 'AUTOMATIC',
  price: '28500',
  images: [],
  features: ['Navigation'],
}

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

describe('getJson', () => {
  test('a 401 fails by default', async () => {
    server.use(http.get(url('/api/private'), () => new HttpResponse('Unauthorized', { status: 401 })))

    await expect(getJson('/api/private', { baseUrl })).rejects.toThrow('401: Unauthorized')
    await expect(getJson('/api/private', { baseUrl, on401: 'throw' })).rejects.toThrow('401: Unauthorized')
  })

  test("a 401 yields null with on401: 'returnNull'; other errors still fail", async () => {
    server.use(
      http.get(url('/api/private'), () => new HttpResponse('Unauthorized', { status: 401 })),
      http.get(url('/api/forbidden'), () => new HttpResponse('Forbidden', { status: 403 })),
    )

    await expect(getJson('/api/private', { baseUrl, on401: 'returnNull' })).resolves.toBeNull()
    await expect(getJson('/api/forbidden', { baseUrl, on401: 'returnNull' })).rejects.toThrow('403: Forbidden')
  })
})

describe('vehicle calls', () => {
  test('fetchVehicles reads the list', async () => {
    server.use(http.get(url('/api/vehicles'), () => HttpResponse.json([vehicle])))

    await expect(fetchVehicles({ baseUrl })).resolves.toEqual([vehicle])
  })

  test('fetchVehicles passes search, filters, sort and page as query parameters', async () => {
    let seen = ''
    server.use(
      http.get(url('/api/vehicles'), ({ request }) => {
        seen = new URL(request.url).search
        return HttpResponse.json([vehicle])
      }),
    )

    await expect(fetchVehicles({ baseUrl, query: serializeVehicleSearch({ search: 'golf', fuel: 'PETROL', sort: 'price-asc', page: 2 }) })).resolves.toEqual([
      vehicle,
    ])
    expect(seen).toBe('?search=golf&fuel=petrol&sort=price-asc&page=2')
    await fetchVehicles({ baseUrl, query: serializeVehicleSearch({ sort: 'newest', page: 1 }) })
    expect(seen).toBe('')
  })

  test('fetchVehicles rejects on failure (the list has no fallback in spec §7)', async () => {
    server.use(http.get(url('/api/vehicles'), () => HttpResponse.json({ error: 'Ungültige Parameter: fuel', invalid: ['fuel'] }, { status: 400 })))

    await expect(fetchVehicles({ baseUrl })).rejects.toThrow('400: {"error":"Ungültige Parameter: fuel","invalid":["fuel"]}')
  })

  test('fetchVehicle reads one vehicle', async () => {
    server.use(http.get(url('/api/vehicles/:id'), ({ params }) => HttpResponse.json({ ...vehicle, id: params.id })))

    await expect(fetchVehicle('7', { baseUrl })).resolves.toMatchObject({ id: '7', make: 'BMW' })
  })

  test('fetchVehicle yields null and logs on failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get(url('/api/vehicles/:id'), () => new HttpResponse('Fahrzeug unbekannt', { status: 404 })))

    await expect(fetchVehicle('999', { baseUrl })).resolves.toBeNull()
    expect(log).toHaveBeenCalledTimes(1)
    expect(String(log.mock.calls[0]?.[0])).toContain('999')
    expect(log.mock.calls[0]?.[1]).toMatchObject({ message: '404: Fahrzeug unbekannt' })
    log.mockRestore()
  })

  test('fetchVehicleStatus passes the status on', async () => {
    server.use(http.get(url('/api/vehicles/status'), () => HttpResponse.json({ configured: true, message: 'mobile.de verbunden' })))

    await expect(fetchVehicleStatus({ baseUrl })).resolves.toEqual({ configured: true, message: 'mobile.de verbunden' })
  })

  test.each([
    ['a server error', () => new HttpResponse('kaputt', { status: 500 })],
    ['a network error', () => HttpResponse.error()],
    ['an invalid JSON body', () => new HttpResponse('<html>', { status: 200 })],
  ])('fetchVehicleStatus reads %s as not configured', async (_name, resolver) => {
    server.use(http.get(url('/api/vehicles/status'), resolver))

    await expect(fetchVehicleStatus({ baseUrl })).resolves.toEqual({ configured: false, message: 'Unable to check API status' })
  })

  test('syncVehicles POSTs without a body', async () => {
    let contentType: string | null = 'unset'
    server.use(
      http.post(url('/api/vehicles/sync'), ({ request }) => {
        contentType = request.headers.get('content-type')
        return HttpResponse.json([vehicle])
      }),
    )

    await expect(syncVehicles({ baseUrl })).resolves.toEqual([vehicle])
    expect(contentType).toBeNull()
  })
})

describe('sendContactMessage', () => {
  const message = { name: 'Erika Mustermann', email: 'erika@example.de', subject: 'ankauf', message: 'Ich möchte meinen Golf verkaufen.', page: '/' }

  test('POSTs the message as JSON', async () => {
    let received: unknown
    server.use(
      http.post(url('/api/contacts'), async ({ request }) => {
        received = await request.json()
        return HttpResponse.json({ ok: true }, { status: 201 })
      }),
    )

    await expect(sendContactMessage(message, { baseUrl })).resolves.toEqual({ ok: true })
    expect(received).toEqual(message)
  })

  test('rejects with the status and text', async () => {
    server.use(http.post(url('/api/contacts'), () => new HttpResponse('', { status: 503, statusText: 'Service Unavailable' })))

    await expect(sendContactMessage(message, { baseUrl })).rejects.toThrow('503: Service Unavailable')
  })
})
