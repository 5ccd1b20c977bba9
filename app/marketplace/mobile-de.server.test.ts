import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseEnv } from '#app/env.server.ts'
import { createMobileDeApi, fixtureAd, MOCK_BASE_URL, MOCK_CREDENTIALS } from '#tests/mocks/mobile-de.ts'
import { MarketplaceError } from './adapter'
import { MobileDeAdapter, missingMarketplaceVariables, mobileDeFromEnv, parseMobileDeJson, parseRetryAfter } from './mobile-de.server'

const api = createMobileDeApi()
const server = setupServer(...api.handlers)
const waits: number[] = []

function client(overrides: Partial<ConstructorParameters<typeof MobileDeAdapter>[0]> = {}) {
  return new MobileDeAdapter({
    ...MOCK_CREDENTIALS,
    baseUrl: MOCK_BASE_URL,
    timeoutMs: 200,
    maxRetries: 3,
    retryBaseMs: 100,
    sleep: async (ms) => {
      waits.push(ms)
    },
    ...overrides,
  })
}

async function failure(promise: Promise<unknown>): Promise<MarketplaceError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(MarketplaceError)
  return error as MarketplaceError
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  api.resetCalls()
  waits.length = 0
})

describe('MobileDeAdapter', () => {
  it('lists ads with Basic auth, the New-JSON media type and paging parameters', async () => {
    const page = await client().listAds(1)
    expect(page).toMatchObject({ total: 2, currentPage: 1, maxPages: 1 })
    expect(page.ads.map((ad) => ad.mobileAdId)).toEqual(['4312045670012345', '9007199254740993'])
    // Search results are shorter: first image only, no description.
    expect(page.ads[0]!.images).toHaveLength(1)
    expect(page.ads[0]!.description).toBeUndefined()
    expect(api.calls.searchPages).toEqual([1])
  })

  it('fetches one ad with every field; 16-digit ids stay exact strings', async () => {
    const ad = await client().getAd('9007199254740993')
    expect(ad).toEqual(fixtureAd('ad-detail-ev'))
    expect(typeof ad.mobileAdId).toBe('string')
  })

  it('keeps an unquoted 16-digit id exact (never a rounded JS number)', async () => {
    const raw = JSON.stringify(fixtureAd('ad-detail-ev')).replace('"mobileAdId":"9007199254740993"', '"mobileAdId":9007199254740993')
    expect(raw).toContain('"mobileAdId":9007199254740993')
    expect(JSON.parse(raw).mobileAdId).toBe(9007199254740992) // what plain JSON.parse would make of it
    api.failNext('detail', () => new HttpResponse(raw, { headers: { 'content-type': 'application/json' } }))
    expect((await client().getAd('9007199254740993')).mobileAdId).toBe('9007199254740993')
    expect(parseMobileDeJson('{"mobileSellerId": 12345678901234567}')).toEqual({ mobileSellerId: '12345678901234567' })
  })

  it.each([
    [401, 'unauthorized', /Zugangsdaten.*MOBILE_DE_USERNAME und MOBILE_DE_PASSWORD/],
    [403, 'forbidden', /nicht freigeschaltet/],
    [404, 'not-found', /HTTP 404/],
    [406, 'not-acceptable', /application\/vnd\.de\.mobile\.api\+json.*HTTP 406/],
    [400, 'http-error', /HTTP 400/],
  ] as const)('HTTP %i → %s with a German message, no retry', async (status, kind, message) => {
    api.failNext('search', () => HttpResponse.json({ title: 'x' }, { status }))
    const error = await failure(client().listAds(1))
    expect(error).toMatchObject({ kind, status })
    expect(error.message).toMatch(message)
    expect(api.calls.search).toBe(1)
  })

  it('wrong credentials: the mock answers 401 itself', async () => {
    const error = await failure(client({ password: 'falsch' }).listAds(1))
    expect(error.kind).toBe('unauthorized')
  })

  it('429: backs off (honouring Retry-After), then succeeds', async () => {
    api.failNext('search', () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '2' } }))
    api.failNext('search', () => new HttpResponse(null, { status: 429 }))
    const page = await client().listAds(1)
    expect(page.ads).toHaveLength(2)
    expect(waits).toEqual([2000, 200]) // Retry-After 2 s, then the exponential backoff's second step
    expect(api.calls.search).toBe(3)
  })

  it('429: gives up after the bounded retries, Retry-After capped', async () => {
    api.failNext('search', () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '3600' } }), 10)
    const error = await failure(client({ maxRetryDelayMs: 5000 }).listAds(1))
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429 })
    expect(error.message).toMatch(/HTTP 429.*3 Wiederholungen/)
    expect(waits).toEqual([5000, 5000, 5000])
    expect(api.calls.search).toBe(4)
  })

  it('5xx: retried, then a server error', async () => {
    api.failNext('detail', () => new HttpResponse('Bad Gateway', { status: 502 }), 10)
    const error = await failure(client().getAd('4312045670012345'))
    expect(error).toMatchObject({ kind: 'server-error', status: 502 })
    expect(waits).toEqual([100, 200, 400])
    api.resetCalls()
    api.failNext('detail', () => new HttpResponse(null, { status: 503 }))
    expect((await client().getAd('4312045670012345')).mobileAdId).toBe('4312045670012345')
  })

  it('timeout: aborts the request and says so', async () => {
    // The mock never answers: only the client's 100 ms timeout can end the call.
    api.failNext('search', 'timeout')
    const error = await failure(client({ timeoutMs: 100 }).listAds(1))
    expect(error.kind).toBe('timeout')
    expect(error.message).toMatch(/nicht innerhalb von 0,1 Sekunden geantwortet/)
  })

  it('network error: names the address', async () => {
    api.failNext('search', 'network')
    const error = await failure(client().listAds(1))
    expect(error.kind).toBe('network')
    expect(error.message).toContain(MOCK_BASE_URL)
  })

  it.each([
    ['not JSON', () => new HttpResponse('<html>Wartung</html>', { headers: { 'content-type': 'text/html' } }), /kein gültiges JSON/],
    ['no ads array shape', () => HttpResponse.json({ total: 'viele', maxPages: 1, ads: [] }), /unerwartete Antwort.*total/],
  ])('malformed payload (%s) → malformed', async (_name, answer, message) => {
    api.failNext('search', answer)
    const error = await failure(client().listAds(1))
    expect(error.kind).toBe('malformed')
    expect(error.message).toMatch(message)
  })

  it('a malformed ad on a page is set apart with its id and what is wrong; the page’s other ads come through', async () => {
    const good = fixtureAd('ad-detail')
    api.failNext('search', () =>
      HttpResponse.json({
        total: 4,
        maxPages: 1,
        ads: [
          { mobileAdId: '1' },
          good,
          { mobileAdId: 'abc', modificationDate: '2026-01-01T00:00:00Z' },
          { ...fixtureAd('ad-detail-ev'), mileage: 'viel', price: { consumerPriceGross: { amount: 1 } } },
        ],
      }),
    )
    const page = await client().listAds(1)
    expect(page.ads.map((ad) => ad.mobileAdId)).toEqual([good.mobileAdId])
    expect(page.malformed).toEqual([
      { mobileAdId: '1', reason: 'modificationDate: Invalid input: expected string, received undefined' },
      { mobileAdId: undefined, reason: expect.stringMatching(/^mobileAdId: /) },
      { mobileAdId: '9007199254740993', reason: expect.stringMatching(/^mileage: .*; price\.consumerPriceGross: /) },
    ])
  })

  it('malformed detail: another ad than asked for', async () => {
    api.failNext('detail', () => HttpResponse.json(fixtureAd('ad-detail')))
    const error = await failure(client().getAd('9007199254740993'))
    expect(error.message).toMatch(/das Inserat 4312045670012345/)
  })

  it('errors[] in a 200 → api-errors with the keys and messages', async () => {
    api.failNext('search', () => HttpResponse.json({ errors: [{ key: 'invalid-search-parameter', message: 'page.size must be <= 100' }] }))
    const error = await failure(client().listAds(1))
    expect(error).toMatchObject({ kind: 'api-errors', status: 200 })
    expect(error.message).toBe('mobile.de meldet einen Fehler für Seite 1 der Inseratsliste: invalid-search-parameter: page.size must be <= 100')
  })

  it('a wrong seller id: an empty page, no error here (the sync refuses it)', async () => {
    const page = await client({ sellerId: '99999999' }).listAds(1)
    expect(page).toMatchObject({ total: 0, ads: [] })
  })
})

describe('configuration', () => {
  it('is configured only with user, password and seller id', () => {
    expect(mobileDeFromEnv(parseEnv({}))).toBeUndefined()
    expect(missingMarketplaceVariables(parseEnv({}))).toEqual(['MOBILE_DE_USERNAME', 'MOBILE_DE_PASSWORD', 'MOBILE_DE_SELLER_ID'])
    const env = parseEnv({ MOBILE_DE_USERNAME: 'u', MOBILE_DE_PASSWORD: 'p', MOBILE_DE_SELLER_ID: '123' })
    expect(env.MOBILE_DE_API_BASE).toBe('https://services.mobile.de')
    expect(mobileDeFromEnv(env)?.isConfigured()).toBe(true)
    expect(missingMarketplaceVariables(env)).toEqual([])
  })

  it('refuses a partial set, a non-numeric seller id, a short SYNC_TOKEN', () => {
    expect(() => parseEnv({ MOBILE_DE_USERNAME: 'u' })).toThrow(/MOBILE_DE_PASSWORD fehlt: für den Abgleich mit mobile.de/)
    expect(() => parseEnv({ MOBILE_DE_USERNAME: 'u', MOBILE_DE_PASSWORD: 'p', MOBILE_DE_SELLER_ID: 'abc' })).toThrow(/Händlernummer/)
    expect(() => parseEnv({ SYNC_TOKEN: 'kurz' })).toThrow(/SYNC_TOKEN muss mindestens 16 Zeichen/)
    expect(() => parseEnv({ MOBILE_DE_API_BASE: 'ftp://x' })).toThrow(/MOBILE_DE_API_BASE/)
  })

  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('5')).toBe(5000)
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000)
    expect(parseRetryAfter(null)).toBeUndefined()
    expect(parseRetryAfter('bald')).toBeUndefined()
  })
})
