/*
 * The marketplace a dealer's stock is synced from (DESIGN.md §4). One implementation today:
 * mobile.de's Search API (mobile-de.server.ts). Types only: safe to import anywhere.
 */

/** One price as mobile.de sends it: decimal strings, `vatRate` only when VAT is reclaimable. */
export interface MarketplacePrice {
  consumerPriceGross?: string
  consumerPriceNet?: string
  vatRate?: string
  type?: string
  currency?: string
}

/** One photo in several sizes; not every size is always present. */
export interface MarketplaceImage {
  hash?: string
  icon?: string
  s?: string
  m?: string
  l?: string
  xl?: string
  xxl?: string
  xxxl?: string
}

/**
 * One ad in mobile.de's "New JSON" (`application/vnd.de.mobile.api+json`). Search results carry
 * fewer fields (first image only, no description) than `GET /search-api/ad/<id>`. Equipment comes
 * as further booleans, enums and lists (`abs`, `climatisation`, `parkingAssistants`, …), and so do
 * the facts buyers check: `generalInspection` (month of the next HU, "YYYY-MM"), `newHuAu`,
 * `warranty`, `accidentDamaged` (an accident, repaired or not) and `damageUnrepaired`. They are not
 * validated on arrival, so the mapping reads them as unknown.
 */
export interface MarketplaceAd {
  /** Up to 16 digits: always a string, never a JS number (beyond the safe-integer range). */
  mobileAdId: string
  /** ISO-8601 with offset; changes whenever the ad changes. */
  modificationDate: string
  mobileSellerId?: string
  creationDate?: string
  detailPageUrl?: string
  vehicleClass?: string
  category?: string
  make?: string
  model?: string
  modelDescription?: string
  condition?: string
  /** "YYYYMM" */
  firstRegistration?: string
  constructionYear?: number
  mileage?: number
  /** kW */
  power?: number
  cubicCapacity?: number
  fuel?: string
  gearbox?: string
  exteriorColor?: string
  manufacturerColorName?: string
  metallic?: boolean
  doors?: string
  seats?: number
  numberOfPreviousOwners?: number
  emissionClass?: string
  consumptions?: { fuel?: { combined?: string }; power?: { combined?: string } }
  emissions?: { combined?: { co2?: string; co2Class?: string } }
  co2Class?: string
  price?: MarketplacePrice
  images?: MarketplaceImage[]
  description?: string
  plainTextDescription?: string
  [equipment: string]: unknown
}

/** One page of the dealer's ads (`GET /search-api/search`). */
export interface MarketplacePage {
  total: number
  currentPage: number
  maxPages: number
  ads: MarketplaceAd[]
}

export interface MarketplaceAdapter {
  /** Name for messages and the vehicles' `source`. */
  readonly source: 'mobile.de'
  /** Whether credentials and seller id are set. */
  isConfigured(): boolean
  /** One page (1-based) of the dealer's ads, 100 a page. */
  listAds(pageNumber: number): Promise<MarketplacePage>
  /** One ad with every field. */
  getAd(mobileAdId: string): Promise<MarketplaceAd>
}

export type MarketplaceErrorKind =
  | 'not-configured'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'not-acceptable'
  | 'rate-limited'
  | 'server-error'
  | 'http-error'
  | 'timeout'
  | 'network'
  | 'malformed'
  | 'api-errors'

/** Anything that went wrong talking to the marketplace; `message` is German, for operators. */
export class MarketplaceError extends Error {
  constructor(
    readonly kind: MarketplaceErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'MarketplaceError'
  }
}
