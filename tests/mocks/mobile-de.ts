import { readFileSync } from 'node:fs'
import path from 'node:path'
import { delay, http, type HttpHandler, HttpResponse } from 'msw'
import { type MarketplaceAd, marketplaceAdSchema } from '#app/marketplace/adapter.ts'

/*
 * MSW handlers emulating mobile.de's Search API (DESIGN.md §4) over an in-memory stock of ads:
 * Basic auth, the New-JSON media type, paging (at most 100 a page, 2,000 a search), search results
 * with fewer fields than the detail, an empty 200 for a wrong seller id. Knobs: latency, and
 * scripted failures for the next requests.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/mobile-de')

/** The realistic detail ads of tests/fixtures/mobile-de (16-digit ids). */
export function fixtureAd(name: 'ad-detail' | 'ad-detail-ev'): MarketplaceAd {
  return marketplaceAdSchema.parse(JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')))
}

const MAKES: ReadonlyArray<readonly [string, string, string]> = [
  ['VW', 'Golf', 'Limousine'],
  ['BMW', '320d Touring', 'EstateCar'],
  ['MERCEDES-BENZ', 'A 180', 'SmallCar'],
  ['AUDI', 'Q5', 'OffRoad'],
  ['SKODA', 'Octavia Combi', 'EstateCar'],
  ['TOYOTA', 'Corolla', 'Limousine'],
  ['OPEL', 'Corsa', 'SmallCar'],
  ['TESLA', 'Model 3', 'Limousine'],
]
const FUELS = ['PETROL', 'DIESEL', 'ELECTRICITY', 'HYBRID', 'LPG'] as const
const GEARBOXES = ['MANUAL_GEAR', 'AUTOMATIC_GEAR', 'SEMIAUTOMATIC_GEAR'] as const

/** A 16-digit ad id (beyond Number.MAX_SAFE_INTEGER) for the n-th generated ad. */
export function generatedAdId(n: number): string {
  return (9_100_000_000_000_000n + BigInt(n)).toString()
}

/** `count` varied detail ads modelled on the fixture, with 16-digit ids. */
export function generateAds(count: number, { modificationDate = '2026-11-01T10:00:00+01:00' } = {}): MarketplaceAd[] {
  const template = fixtureAd('ad-detail')
  return Array.from({ length: count }, (_, n) => {
    const [make, model, category] = MAKES[n % MAKES.length]!
    const id = generatedAdId(n)
    return {
      ...structuredClone(template),
      mobileAdId: id,
      make,
      model,
      category,
      modelDescription: `${model} Nr. ${n + 1}`,
      fuel: FUELS[n % FUELS.length],
      gearbox: GEARBOXES[n % GEARBOXES.length],
      mileage: 5_000 + ((n * 7_919) % 180_000),
      power: 60 + (n % 150),
      firstRegistration: `${2012 + (n % 13)}${String((n % 12) + 1).padStart(2, '0')}`,
      modificationDate,
      detailPageUrl: `https://suchen.mobile.de/auto-inserat/${id}.html?source=api`,
      price: { consumerPriceGross: `${8_000 + ((n * 613) % 60_000)}.00`, currency: 'EUR', type: 'FIXED' },
      images: template.images!.map((image, index) => ({ ...image, hash: `${id}-${index}` })),
    }
  })
}

/** What a search result carries of an ad: first image only, no description, no seller details. */
export function toSearchResult(ad: MarketplaceAd): MarketplaceAd {
  const { description: _description, vin: _vin, seller: _seller, images, ...rest } = ad
  return { ...rest, plainTextDescription: '', images: (images ?? []).slice(0, 1) }
}

type Target = 'search' | 'detail' | 'any'
/** A scripted answer: a response, or 'timeout' (never answers in time), 'network' (connection error). */
export type ScriptedAnswer = (() => Response) | 'timeout' | 'network'

export interface MobileDeMockOptions {
  baseUrl?: string
  username?: string
  password?: string
  sellerId?: string
  ads?: MarketplaceAd[]
  /** Delay of every answer, ms. */
  latencyMs?: number
}

export interface MobileDeMock {
  handlers: HttpHandler[]
  /** The dealer's current stock (detail ads); change it between syncs. */
  ads: MarketplaceAd[]
  latencyMs: number
  /** Answered requests (scripted failures included). */
  calls: { search: number; detail: number; detailIds: string[]; searchPages: number[] }
  /** The next `times` requests of `target` get `answer` instead of the real one. */
  failNext(target: Target, answer: ScriptedAnswer, times?: number): void
  /** Clears call counters and scripted answers. */
  resetCalls(): void
}

export const MOCK_BASE_URL = 'https://mobile-de.test'
export const MOCK_CREDENTIALS = { username: 'dealer-api', password: 'geheim', sellerId: '12345678' }

export function createMobileDeApi(options: MobileDeMockOptions = {}): MobileDeMock {
  const baseUrl = options.baseUrl ?? MOCK_BASE_URL
  const username = options.username ?? MOCK_CREDENTIALS.username
  const password = options.password ?? MOCK_CREDENTIALS.password
  const sellerId = options.sellerId ?? MOCK_CREDENTIALS.sellerId
  const expectedAuth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
  const scripted: Array<{ target: Target; answer: ScriptedAnswer }> = []

  const mock: MobileDeMock = {
    handlers: [],
    ads: options.ads ?? [fixtureAd('ad-detail'), fixtureAd('ad-detail-ev')],
    latencyMs: options.latencyMs ?? 0,
    calls: { search: 0, detail: 0, detailIds: [], searchPages: [] },
    failNext(target, answer, times = 1) {
      for (let i = 0; i < times; i++) scripted.push({ target, answer })
    },
    resetCalls() {
      mock.calls = { search: 0, detail: 0, detailIds: [], searchPages: [] }
      scripted.length = 0
    },
  }

  /** Common checks and scripted answers; undefined lets the handler answer. */
  const guard = async (request: Request, target: 'search' | 'detail'): Promise<Response | undefined> => {
    if (mock.latencyMs > 0) await delay(mock.latencyMs)
    const index = scripted.findIndex((entry) => entry.target === target || entry.target === 'any')
    if (index >= 0) {
      const { answer } = scripted.splice(index, 1)[0]!
      if (answer === 'network') return HttpResponse.error()
      if (answer === 'timeout') {
        // Longer than any test's client timeout; ends early when the client aborts.
        await Promise.race([delay(3_000), new Promise((resolve) => request.signal.addEventListener('abort', resolve))])
        return new HttpResponse(null, { status: 504 })
      }
      return answer()
    }
    if (request.headers.get('authorization') !== expectedAuth) {
      return HttpResponse.json({ title: 'Unauthorized', status: 401 }, { status: 401, headers: { 'WWW-Authenticate': 'Basic realm="mobile.de"' } })
    }
    if (!(request.headers.get('accept') ?? '').includes('application/vnd.de.mobile.api+json')) {
      return HttpResponse.json({ title: 'Not Acceptable', status: 406 }, { status: 406 })
    }
    return undefined
  }

  const json = (body: unknown) => new HttpResponse(JSON.stringify(body), { headers: { 'Content-Type': 'application/vnd.de.mobile.api+json;charset=UTF-8' } })

  mock.handlers = [
    http.get(`${baseUrl}/search-api/search`, async ({ request }) => {
      mock.calls.search++
      const url = new URL(request.url)
      const page = Number(url.searchParams.get('page.number') ?? '1')
      mock.calls.searchPages.push(page)
      const early = await guard(request, 'search')
      if (early) return early
      const size = Math.min(Number(url.searchParams.get('page.size') ?? '20'), 100)
      // A wrong seller id: an empty 200, not an error (DESIGN.md §4).
      const stock = url.searchParams.get('customerId') === sellerId ? mock.ads.slice(0, 2000) : []
      const maxPages = Math.ceil(stock.length / size)
      const ads = stock.slice((page - 1) * size, page * size).map(toSearchResult)
      return json({ total: stock.length, currentPage: page, maxPages, pageSize: size, ads })
    }),
    http.get(`${baseUrl}/search-api/ad/:id`, async ({ request, params }) => {
      mock.calls.detail++
      mock.calls.detailIds.push(String(params.id))
      const early = await guard(request, 'detail')
      if (early) return early
      const ad = mock.ads.find((candidate) => candidate.mobileAdId === params.id)
      if (!ad) return HttpResponse.json({ errors: [{ key: 'ad-not-found', message: 'Ad not found' }] }, { status: 404 })
      return json(ad)
    }),
  ]
  return mock
}
