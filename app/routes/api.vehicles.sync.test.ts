import { HttpResponse } from 'msw'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Env } from '#app/env.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { createMobileDeApi, fixtureAd, generateAds, MOCK_BASE_URL, MOCK_CREDENTIALS } from '#tests/mocks/mobile-de.ts'
import { action as syncAction, loader as syncLoader } from './api.vehicles.sync'
import { loader as statusLoader } from './api.vehicles.status'
import { forgetSyncState } from '#app/marketplace/status.server.ts'

const FIXTURE = 'tests/fixtures/mini-dataset'
const TOKEN = 'test-sync-token-0123456789'

function configured(env: Env): Env {
  return {
    ...env,
    MOBILE_DE_USERNAME: MOCK_CREDENTIALS.username,
    MOBILE_DE_PASSWORD: MOCK_CREDENTIALS.password,
    MOBILE_DE_SELLER_ID: MOCK_CREDENTIALS.sellerId,
    MOBILE_DE_API_BASE: MOCK_BASE_URL,
    SYNC_TOKEN: TOKEN,
  }
}

function post(headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }, method = 'POST') {
  return new Request('http://localhost/api/vehicles/sync', { method, headers })
}

describe.each(BACKENDS)('GET /api/vehicles/status and POST /api/vehicles/sync on the %s lake', (backend) => {
  const api = createMobileDeApi()
  let test: TestLake
  let env: Env
  const sync = (request: Request, withEnv: Env = env) => syncAction({ request, params: {}, context: { lake: test.lake, env: withEnv } })
  const status = async (withEnv: Env = env) => {
    const response = await statusLoader({
      request: new Request('http://localhost/api/vehicles/status'),
      params: {},
      context: { lake: test.lake, env: withEnv },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    return (await response.json()) as { configured: boolean; message: string }
  }

  beforeAll(async () => {
    test = await openTestLake(backend, FIXTURE, { handlers: api.handlers })
    env = configured(test.env)
  })
  afterAll(() => test.close())
  beforeEach(() => {
    api.resetCalls()
    api.ads = [fixtureAd('ad-detail'), fixtureAd('ad-detail-ev')]
  })

  it('status: says which variables are missing', async () => {
    expect(await status(test.env)).toEqual({
      configured: false,
      message: 'Der Abgleich mit mobile.de ist nicht eingerichtet: MOBILE_DE_USERNAME, MOBILE_DE_PASSWORD und MOBILE_DE_SELLER_ID fehlen.',
    })
  })

  it('status: configured, never synced', async () => {
    expect(await status()).toEqual({ configured: true, message: 'mobile.de ist eingerichtet; bisher wurde noch nicht abgeglichen.' })
  })

  it('status: 100 calls at once are one read of the sync state, without a token (issue 25); a sync here forgets it (next test)', async () => {
    forgetSyncState(test.lake)
    const before = test.requests.length
    const answers = await Promise.all(Array.from({ length: 100 }, () => status()))
    expect(new Set(answers.map((answer) => answer.message))).toEqual(new Set(['mobile.de ist eingerichtet; bisher wurde noch nicht abgeglichen.']))
    if (backend === 'sanity') {
      const reads = test.requests.slice(before).filter((request) => request.searchParams.get('query')?.includes('marketplaceSync'))
      expect(reads).toHaveLength(1)
      expect(reads[0]!.headers.authorization).toBeUndefined()
    }
  })

  it('405 for GET and PUT, with Allow: POST', async () => {
    const get = syncLoader()
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
    const put = await sync(post(undefined, 'PUT'))
    expect(put.status).toBe(405)
    expect(await put.json()).toEqual({ error: expect.stringContaining('POST') })
  })

  it('401 without or with a wrong bearer token; no CORS headers; nothing synced', async () => {
    for (const headers of [{} as Record<string, string>, { Authorization: 'Bearer falsch' }, { Authorization: TOKEN }, { Authorization: `Basic ${TOKEN}` }]) {
      const response = await sync(post(headers))
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toBe('Bearer')
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
      expect(await response.json()).toEqual({ error: expect.stringContaining('Nicht berechtigt') })
    }
    expect(api.calls.search).toBe(0)
  })

  it('503 when SYNC_TOKEN is not set, or the marketplace is not configured', async () => {
    const noToken = await sync(post(), { ...env, SYNC_TOKEN: undefined })
    expect(noToken.status).toBe(503)
    expect(await noToken.json()).toEqual({ error: 'Der Abgleich über die API ist abgeschaltet: SYNC_TOKEN ist nicht gesetzt.' })
    const unconfigured = await sync(post(), { ...env, MOBILE_DE_PASSWORD: undefined, MOBILE_DE_SELLER_ID: undefined })
    expect(unconfigured.status).toBe(503)
    expect(await unconfigured.json()).toEqual({
      error: 'Der Abgleich mit mobile.de ist nicht eingerichtet: MOBILE_DE_PASSWORD, MOBILE_DE_SELLER_ID fehlen.',
    })
    expect(api.calls.search).toBe(0)
  })

  it('200: runs the sync and answers the synced vehicles in the list shape; the status tells', async () => {
    const response = await sync(post())
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const list = (await response.json()) as Array<Record<string, unknown>>
    expect(list).toHaveLength(2)
    const golf = list.find((vehicle) => vehicle.id === '4312045670012345')
    expect(golf).toEqual({
      id: '4312045670012345',
      make: 'Volkswagen',
      model: 'Golf',
      year: 2022,
      mileage: 34500,
      fuel_type: 'PETROL',
      transmission: 'MANUAL',
      price: 21980,
      images: [
        'https://img.classistatic.de/api/v1/mo-prod/images/3c/3caae5b2-0000-0000-0000-000000000001?rule=mo-1600.jpg',
        'https://img.classistatic.de/api/v1/mo-prod/images/7d/7d01aa00-0000-0000-0000-000000000002?rule=mo-1280.jpg',
        'https://img.classistatic.de/api/v1/mo-prod/images/e2/e2b3cc00-0000-0000-0000-000000000003?rule=mo-480.jpg',
      ],
      features: expect.arrayContaining(['Navigationssystem', 'Rückfahrkamera']),
    })
    const { configured, message } = await status()
    expect(configured).toBe(true)
    expect(message).toMatch(
      /^Letzter Abgleich am \d{2}\.\d{2}\.\d{4} um \d{2}:\d{2} Uhr: Abgleich erfolgreich: 2 Inserate auf 1 Seite – 2 neu, 0 geändert, 0 unverändert, 0 als verkauft markiert\.$/,
    )
  })

  it('409 while another sync runs', async () => {
    api.ads = [fixtureAd('ad-detail'), fixtureAd('ad-detail-ev'), ...generateAds(3)]
    api.latencyMs = 50
    try {
      const first = sync(post())
      // The first sync holds the lease once it has asked mobile.de (its detail calls take 50 ms each).
      await vi.waitFor(() => expect(api.calls.search).toBeGreaterThan(0), { interval: 5 })
      const second = await sync(post())
      expect(second.status).toBe(409)
      expect(await second.json()).toEqual({ error: 'Es läuft bereits ein Abgleich mit mobile.de. Bitte warten, bis er beendet ist.' })
      expect((await first).status).toBe(200)
    } finally {
      api.latencyMs = 0
    }
  })

  it('502 with the German reason when the marketplace fails; the status says so and keeps the last success', async () => {
    api.failNext('search', () => new HttpResponse(null, { status: 403 }))
    const response = await sync(post())
    expect(response.status).toBe(502)
    const body = (await response.json()) as { error: string }
    expect(body.error).toMatch(/HTTP 403.*Der Bestand bleibt unverändert\./)
    // The public status says that it failed, not why (addresses and network errors are for staff).
    const { message } = await status()
    expect(message).toMatch(
      /^Letzter Abgleich am .* Uhr fehlgeschlagen; der Bestand blieb unverändert\. Den Grund zeigt das Studio .* Letzter erfolgreicher Abgleich am .* Uhr\.$/,
    )
    expect(message).not.toMatch(/HTTP 403|https?:\/\//)
  })
})
