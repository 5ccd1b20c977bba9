import { z } from 'zod'

/*
 * The marketplace a dealer's stock is synced from (DESIGN.md §4). One implementation today:
 * mobile.de's Search API (mobile-de.server.ts). The ad's type is inferred from the schema its
 * answers are parsed with, so what the mapping reads is what was checked (docs/decisions/089).
 */

const digits = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,20}$/, 'keine Ziffernfolge'))
/** A decimal as mobile.de sends it (a string, sometimes a number), kept as a string. */
const decimal = z.union([z.string(), z.number()]).transform(String)

/** One photo in several sizes; not every size is always present. */
const imageSchema = z.looseObject({
  hash: z.string().optional(),
  icon: z.string().optional(),
  s: z.string().optional(),
  m: z.string().optional(),
  l: z.string().optional(),
  xl: z.string().optional(),
  xxl: z.string().optional(),
  xxxl: z.string().optional(),
})

/** The id of an ad that is otherwise malformed, if it has a readable one. */
export const adIdSchema = z.looseObject({ mobileAdId: digits })

/**
 * One ad in mobile.de's "New JSON" (`application/vnd.de.mobile.api+json`). Search results carry
 * fewer fields (first image only, no description) than `GET /search-api/ad/<id>`. Equipment comes
 * as further booleans, enums and lists (`abs`, `climatisation`, `parkingAssistants`, …), and so do
 * the facts buyers check (`generalInspection`, `newHuAu`, `warranty`, `accidentDamaged`): kept as
 * unknown by the loose object, and read defensively by the mapping.
 */
export const marketplaceAdSchema = z.looseObject({
  /** Up to 16 digits: always a string, never a JS number (beyond the safe-integer range). */
  mobileAdId: digits,
  /** ISO-8601 with offset; changes whenever the ad changes. */
  modificationDate: z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'kein Datum'),
  mobileSellerId: digits.optional(),
  creationDate: z.string().optional(),
  detailPageUrl: z.string().optional(),
  category: z.string().optional(),
  make: z.string().optional(),
  model: z.string().optional(),
  modelDescription: z.string().optional(),
  /** "YYYYMM" */
  firstRegistration: z
    .string()
    .regex(/^\d{6}$/, 'nicht im Format JJJJMM')
    .optional(),
  constructionYear: z.number().optional(),
  mileage: z.number().int().min(0).optional(),
  /** kW */
  power: z.number().min(0).optional(),
  fuel: z.string().optional(),
  gearbox: z.string().optional(),
  exteriorColor: z.string().optional(),
  manufacturerColorName: z.string().optional(),
  metallic: z.boolean().optional(),
  doors: z.string().optional(),
  seats: z.number().int().optional(),
  numberOfPreviousOwners: z.number().int().optional(),
  emissionClass: z.string().optional(),
  consumptions: z
    .looseObject({
      fuel: z.looseObject({ combined: decimal.optional() }).optional(),
      power: z.looseObject({ combined: decimal.optional() }).optional(),
    })
    .optional(),
  emissions: z.looseObject({ combined: z.looseObject({ co2: decimal.optional(), co2Class: z.string().optional() }).optional() }).optional(),
  co2Class: z.string().optional(),
  /** Decimal strings; `vatRate` only when VAT is reclaimable. */
  price: z
    .looseObject({
      consumerPriceGross: decimal.optional(),
      consumerPriceNet: decimal.optional(),
      vatRate: decimal.optional(),
      type: z.string().optional(),
      currency: z.string().optional(),
    })
    .optional(),
  images: z.array(imageSchema).optional(),
  description: z.string().optional(),
  plainTextDescription: z.string().optional(),
})

export type MarketplaceAd = z.infer<typeof marketplaceAdSchema>
export type MarketplaceImage = z.infer<typeof imageSchema>

/** An ad of a search page that did not pass the schema: skipped by the sync, and logged. */
export interface MalformedAd {
  /** Undefined when not even the id could be read. */
  mobileAdId?: string
  /** What was wrong, for the log (German, the fields' paths). */
  reason: string
}

/** One page of the dealer's ads (`GET /search-api/search`). */
export interface MarketplacePage {
  total: number
  currentPage: number
  maxPages: number
  ads: MarketplaceAd[]
  /** The page's ads that did not pass the schema. */
  malformed: MalformedAd[]
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
