import { z } from 'zod'
import { type Env } from '#app/env.server.ts'
import { formatDecimal } from '#app/utils/format.ts'
import {
  adIdSchema,
  type MalformedAd,
  type MarketplaceAd,
  type MarketplaceAdapter,
  marketplaceAdSchema,
  MarketplaceError,
  type MarketplacePage,
} from './adapter'

/*
 * mobile.de Search API client (DESIGN.md §4, reference/mobile-de-and-dealer-sites.md §1):
 * HTTP Basic, New JSON, `GET /search-api/search?customerId=…&page.size=100&page.number=N` and
 * `GET /search-api/ad/<id>`. Every failure becomes a MarketplaceError with a German message.
 */

export const MOBILE_DE_MEDIA_TYPE = 'application/vnd.de.mobile.api+json'
export const PAGE_SIZE = 100

const searchSchema = z.looseObject({
  total: z.number().int().min(0),
  currentPage: z.number().int().min(0).optional(),
  maxPages: z.number().int().min(0),
  pageSize: z.number().int().optional(),
  // Each ad is parsed on its own: one malformed ad is skipped, not the whole page (listAds).
  ads: z.array(z.unknown()).default([]),
})

const apiErrorsSchema = z.looseObject({
  errors: z.array(z.looseObject({ key: z.string().optional(), message: z.string().optional(), args: z.unknown().optional() })).min(1),
})

export interface MobileDeOptions {
  username: string
  password: string
  sellerId: string
  /** Default https://services.mobile.de */
  baseUrl?: string
  /** Per request, default 15 s. */
  timeoutMs?: number
  /** Retries after 429 or 5xx, default 4. */
  maxRetries?: number
  /** First backoff step without Retry-After (doubled each retry), default 1 s. */
  retryBaseMs?: number
  /** Longest single wait, also caps Retry-After, default 60 s. */
  maxRetryDelayMs?: number
  /** Injected for tests of the backoff (defaults to a real timer). */
  sleep?: (ms: number) => Promise<void>
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Seconds or an HTTP date, in ms; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/**
 * Parses JSON without turning ad or seller ids into numbers: an id sent unquoted (as older
 * formats do) is quoted first, so 16 digits survive (JSON.parse would round them).
 */
export function parseMobileDeJson(text: string): unknown {
  return JSON.parse(text.replace(/("(?:mobileAdId|mobileSellerId)"\s*:\s*)(\d+)/g, '$1"$2"'))
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(Wurzel)'}: ${issue.message}`)
    .join('; ')
}

export class MobileDeAdapter implements MarketplaceAdapter {
  readonly source = 'mobile.de' as const
  private readonly baseUrl: string
  private readonly authorization: string
  private readonly timeoutMs: number
  private readonly maxRetries: number
  private readonly retryBaseMs: number
  private readonly maxRetryDelayMs: number
  private readonly sleep: (ms: number) => Promise<void>
  /** Requests sent (including retries), for progress output and benchmarks. */
  requestCount = { search: 0, detail: 0 }

  constructor(private readonly options: MobileDeOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://services.mobile.de').replace(/\/+$/, '')
    this.authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`
    this.timeoutMs = options.timeoutMs ?? 15_000
    this.maxRetries = options.maxRetries ?? 4
    this.retryBaseMs = options.retryBaseMs ?? 1000
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000
    this.sleep = options.sleep ?? defaultSleep
  }

  isConfigured() {
    return Boolean(this.options.username && this.options.password && this.options.sellerId)
  }

  async listAds(pageNumber: number): Promise<MarketplacePage> {
    const query = new URLSearchParams({ customerId: this.options.sellerId, 'page.size': String(PAGE_SIZE), 'page.number': String(pageNumber) })
    this.requestCount.search++
    const body = await this.request(`/search-api/search?${query}`, `Seite ${pageNumber} der Inseratsliste`)
    const parsed = searchSchema.safeParse(body)
    if (!parsed.success) {
      throw new MarketplaceError(
        'malformed',
        `mobile.de hat für Seite ${pageNumber} der Inseratsliste eine unerwartete Antwort geschickt (${describeIssues(parsed.error)}).`,
      )
    }
    const { total, maxPages } = parsed.data
    const ads: MarketplaceAd[] = []
    const malformed: MalformedAd[] = []
    for (const raw of parsed.data.ads) {
      const ad = marketplaceAdSchema.safeParse(raw)
      if (ad.success) ads.push(ad.data)
      else malformed.push({ mobileAdId: adIdSchema.safeParse(raw).data?.mobileAdId, reason: describeIssues(ad.error) })
    }
    return { total, maxPages, currentPage: parsed.data.currentPage ?? pageNumber, ads, malformed }
  }

  async getAd(mobileAdId: string): Promise<MarketplaceAd> {
    this.requestCount.detail++
    const body = await this.request(`/search-api/ad/${encodeURIComponent(mobileAdId)}`, `Inserat ${mobileAdId}`)
    const parsed = marketplaceAdSchema.safeParse(body)
    if (!parsed.success) {
      throw new MarketplaceError('malformed', `mobile.de hat für Inserat ${mobileAdId} eine unerwartete Antwort geschickt (${describeIssues(parsed.error)}).`)
    }
    if (parsed.data.mobileAdId !== mobileAdId) {
      throw new MarketplaceError('malformed', `mobile.de hat auf die Anfrage nach Inserat ${mobileAdId} das Inserat ${parsed.data.mobileAdId} geschickt.`)
    }
    return parsed.data
  }

  /** GET with Basic auth and the New-JSON media type; retries 429 and 5xx with backoff. */
  private async request(path: string, what: string): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      let response: Response
      try {
        response = await fetch(`${this.baseUrl}${path}`, {
          headers: { Authorization: this.authorization, Accept: MOBILE_DE_MEDIA_TYPE },
          signal: AbortSignal.timeout(this.timeoutMs),
        })
      } catch (error) {
        if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
          throw new MarketplaceError('timeout', `mobile.de hat für ${what} nicht innerhalb von ${formatSeconds(this.timeoutMs)} geantwortet.`)
        }
        const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)
        throw new MarketplaceError('network', `mobile.de ist nicht erreichbar (${this.baseUrl}): ${cause}.`)
      }

      const retryable = response.status === 429 || response.status >= 500
      if (retryable && attempt < this.maxRetries) {
        discard(response)
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'))
        const backoff = this.retryBaseMs * 2 ** attempt
        await this.sleep(Math.min(retryAfter ?? backoff, this.maxRetryDelayMs))
        continue
      }
      if (!response.ok) {
        discard(response)
        throw this.httpError(response.status, what, attempt)
      }

      let text: string
      try {
        text = await response.text()
      } catch (error) {
        if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
          throw new MarketplaceError('timeout', `mobile.de hat für ${what} nicht innerhalb von ${formatSeconds(this.timeoutMs)} geantwortet.`)
        }
        throw new MarketplaceError('network', `Die Antwort von mobile.de für ${what} brach ab.`)
      }
      let body: unknown
      try {
        body = parseMobileDeJson(text)
      } catch {
        throw new MarketplaceError('malformed', `mobile.de hat für ${what} kein gültiges JSON geschickt.`)
      }
      const apiErrors = apiErrorsSchema.safeParse(body)
      if (apiErrors.success) {
        const detail = apiErrors.data.errors.map((entry) => [entry.key, entry.message].filter(Boolean).join(': ') || 'ohne Beschreibung').join('; ')
        throw new MarketplaceError('api-errors', `mobile.de meldet einen Fehler für ${what}: ${detail}`, response.status)
      }
      return body
    }
  }

  private httpError(status: number, what: string, retries: number): MarketplaceError {
    switch (status) {
      case 401:
        return new MarketplaceError(
          'unauthorized',
          'mobile.de lehnt die Zugangsdaten ab (HTTP 401). Bitte MOBILE_DE_USERNAME und MOBILE_DE_PASSWORD prüfen.',
          status,
        )
      case 403:
        return new MarketplaceError(
          'forbidden',
          'mobile.de verweigert den Zugriff (HTTP 403): Die Search API ist für dieses Konto vermutlich nicht freigeschaltet (Händlerbereich: Verkaufen → Datenexport → Inserats-Einbindung).',
          status,
        )
      case 404:
        return new MarketplaceError('not-found', `mobile.de kennt ${what} nicht (HTTP 404). Bitte MOBILE_DE_API_BASE prüfen.`, status)
      case 406:
        return new MarketplaceError('not-acceptable', `mobile.de lehnt das angefragte Format ${MOBILE_DE_MEDIA_TYPE} ab (HTTP 406).`, status)
      case 429:
        return new MarketplaceError(
          'rate-limited',
          `mobile.de begrenzt die Anfragen (HTTP 429) und hat auch nach ${retries} Wiederholungen nicht geantwortet. Bitte später erneut versuchen.`,
          status,
        )
      default:
        if (status >= 500) {
          return new MarketplaceError(
            'server-error',
            `mobile.de hat einen Serverfehler gemeldet (HTTP ${status}), auch nach ${retries} Wiederholungen. Bitte später erneut versuchen.`,
            status,
          )
        }
        return new MarketplaceError('http-error', `mobile.de hat die Anfrage nach ${what} abgelehnt (HTTP ${status}).`, status)
    }
  }
}

/** Releases a response body we do not read (not awaited: cancelling can wait on the peer). */
function discard(response: Response) {
  response.body?.cancel().catch(() => undefined)
}

function formatSeconds(ms: number) {
  const seconds = ms / 1000
  return `${formatDecimal(seconds, { maximumFractionDigits: 3 })} Sekunde${seconds === 1 ? '' : 'n'}`
}

const MARKETPLACE_VARIABLES = ['MOBILE_DE_USERNAME', 'MOBILE_DE_PASSWORD', 'MOBILE_DE_SELLER_ID'] as const

/** Which of the marketplace variables are missing (all three, when none is set). */
export function missingMarketplaceVariables(env: Pick<Env, (typeof MARKETPLACE_VARIABLES)[number]>): string[] {
  return MARKETPLACE_VARIABLES.filter((name) => !env[name])
}

/** The mobile.de adapter of the environment, or undefined when the credentials are not set. */
export function mobileDeFromEnv(env: Env, overrides: Partial<MobileDeOptions> = {}): MobileDeAdapter | undefined {
  if (!env.MOBILE_DE_USERNAME || !env.MOBILE_DE_PASSWORD || !env.MOBILE_DE_SELLER_ID) return undefined
  return new MobileDeAdapter({
    username: env.MOBILE_DE_USERNAME,
    password: env.MOBILE_DE_PASSWORD,
    sellerId: env.MOBILE_DE_SELLER_ID,
    baseUrl: env.MOBILE_DE_API_BASE,
    ...overrides,
  })
}
