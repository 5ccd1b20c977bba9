import type {
  AggregateRating,
  AutoDealer,
  BreadcrumbList,
  Car,
  DayOfWeek,
  ItemAvailability,
  OpeningHoursSpecification,
  Organization,
  PostalAddress,
  Review,
  SearchAction,
  Service,
  WebSite,
  WithActionConstraints,
} from 'schema-dts'
import { type VEHICLE_DETAIL_QUERYResult } from '#app/sanity/types.ts'
import { fuelLabel, parseAmount, telHref, transmissionLabel } from '#app/utils/format.ts'
import { openingHoursFor, type OpeningHoursVariant, type SiteSettings, YARD_HOURS } from '#app/utils/site-settings.ts'
import { type SpecialOpeningDay } from '#schemas/lib/opening-hours.ts'
import { reviewSourceTitle, roundRating } from '#schemas/lib/reviews.ts'

/*
 * schema.org structured data (DESIGN.md §5) as pure functions of lake data. Every page gets one
 * `@graph`: the Organization and the WebSite, plus its own nodes (AutoDealer on home and city
 * pages, Car on vehicle pages, a BreadcrumbList below home). Nodes refer to each other by `@id`.
 * The loaders make them (page-graph.ts, decision 120), pageMeta() (app/utils/page-meta.ts)
 * assembles the graph, and Remix's <Meta> escapes it into the page. Server code only.
 */

/** The site as the builders see it: its public origin (SITE_URL, no trailing slash) and the settings. */
export interface Site {
  url: string
  settings: Pick<
    SiteSettings,
    | 'dealerName'
    | 'legalName'
    | 'phone'
    | 'email'
    | 'address'
    | 'geo'
    | 'foundedYear'
    | 'servedCities'
    | 'priceRange'
    | 'socialLinks'
    | 'openingHours'
    | 'specialOpeningHours'
  >
}

/** A static logo (512 × 512, public/logo.png): the mark of the site header as a raster image. */
export const LOGO_PATH = '/logo.png'

/** An absolute URL for a path (`/media/…`) or a URL that already is one (marketplace photos). */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${siteUrl}/`).href
}

const organizationId = (site: Site) => `${site.url}/#organization`
const webSiteId = (site: Site) => `${site.url}/#website`
/** The dealership of the home page; vehicle offers name it as their seller. */
const homeDealerId = (site: Pick<Site, 'url'>) => `${site.url}/#dealer`

/** `0201 8512 3400` → `+4920185123400`, the international form search engines expect. */
function internationalPhone(phone: string): string {
  return telHref(phone).replace(/^tel:/, '')
}

function postalAddress(site: Site): PostalAddress {
  const { street, postalCode, city, region, country } = site.settings.address
  return {
    '@type': 'PostalAddress',
    streetAddress: street,
    postalCode,
    addressLocality: city,
    ...(region ? { addressRegion: region } : {}),
    addressCountry: country,
  }
}

/** The company behind the site, on every page. `sameAs` only when the settings list social profiles. */
export function organization(site: Site): Organization {
  const { dealerName, legalName, phone, email, foundedYear, socialLinks } = site.settings
  return {
    '@type': 'Organization',
    '@id': organizationId(site),
    name: dealerName,
    legalName,
    url: `${site.url}/`,
    logo: absoluteUrl(site.url, LOGO_PATH),
    telephone: internationalPhone(phone),
    email,
    address: postalAddress(site),
    foundingDate: String(foundedYear),
    ...(socialLinks && socialLinks.length > 0 ? { sameAs: socialLinks } : {}),
  }
}

/** The site with its search: /vehicles?search= really filters the inventory (app/vehicles/vehicle-search.ts). */
export function webSite(site: Site): WebSite {
  const search: WithActionConstraints<SearchAction> = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${site.url}/vehicles?search={search_term_string}` },
    'query-input': 'required name=search_term_string',
  }
  return {
    '@type': 'WebSite',
    '@id': webSiteId(site),
    url: `${site.url}/`,
    name: site.settings.dealerName,
    inLanguage: 'de-DE',
    publisher: { '@id': organizationId(site) },
    potentialAction: search,
  }
}

const DAYS: Record<string, DayOfWeek> = {
  Mo: 'https://schema.org/Monday',
  Tu: 'https://schema.org/Tuesday',
  We: 'https://schema.org/Wednesday',
  Th: 'https://schema.org/Thursday',
  Fr: 'https://schema.org/Friday',
  Sa: 'https://schema.org/Saturday',
  Su: 'https://schema.org/Sunday',
}

/** One specification per line of the variant (`Mo–Fr 08:00–20:00`); unknown day keys are left out. */
export function openingHoursSpecification(variant: Pick<OpeningHoursVariant, 'specs'>): OpeningHoursSpecification[] {
  return variant.specs.map((spec) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: spec.days.flatMap((day) => DAYS[day] ?? []),
    opens: spec.opens,
    closes: spec.closes,
  }))
}

/**
 * The special opening hours shown today, each with its dates (`validFrom`/`validThrough`, Berlin
 * calendar dates) and no weekdays: search engines read a day closed all day as opens = closes = 00:00.
 */
export function specialOpeningHoursSpecification(days: readonly SpecialOpeningDay[]): OpeningHoursSpecification[] {
  return days.map((day) => ({
    '@type': 'OpeningHoursSpecification',
    opens: day.opens ?? '00:00',
    closes: day.closes ?? '00:00',
    validFrom: day.from,
    validThrough: day.through,
  }))
}

export interface AutoDealerInput {
  /** An absolute image URL: the site's share image, the same on every page. */
  image: string
  /** The rating from the reviews the page shows (dealerRating), if it shows any. */
  rating?: DealerRating
  /** The phone's hours, on the page that shows them as the dealer's (home); a city page's are its Service's (cityService). */
  phoneHours?: Pick<OpeningHoursVariant, 'specs'> | undefined
}

/**
 * The dealership (a LocalBusiness), the dealer of record (`/#dealer`), described the same wherever a
 * page names it (home, every city page, a page that shows its reviews): address, position, contact
 * data, the yard's opening hours (followed by today's special opening hours: what search engines
 * call „open now“, so the same hours as every „Heute geöffnet …“ on the pages, decision 068), the
 * phone's hours where the page shows them as the dealer's (the home reading of spec §1, on home: a
 * page marks up no hours it does not show), and the cities it serves. One `@id` keeps it one
 * dealership; a node of it with only a name lacked the address a local business must have.
 * A city page adds its city as a Service of it (cityService).
 */
export function autoDealer(site: Site, { image, rating, phoneHours }: AutoDealerInput): AutoDealer {
  const { dealerName, phone, email, geo, priceRange, servedCities } = site.settings
  const hours = openingHoursFor(site.settings, YARD_HOURS)
  return {
    '@type': 'AutoDealer',
    '@id': homeDealerId(site),
    name: dealerName,
    url: `${site.url}/`,
    image,
    logo: absoluteUrl(site.url, LOGO_PATH),
    telephone: internationalPhone(phone),
    email,
    address: postalAddress(site),
    geo: { '@type': 'GeoCoordinates', latitude: geo.lat, longitude: geo.lng },
    ...(hours?.specs.length
      ? { openingHoursSpecification: [...openingHoursSpecification(hours), ...specialOpeningHoursSpecification(site.settings.specialOpeningHours)] }
      : {}),
    ...(phoneHours?.specs.length ? { contactPoint: phoneContact(site, phoneHours) } : {}),
    areaServed: servedCities.map((name) => ({ '@type': 'City', name })),
    ...(priceRange ? { priceRange } : {}),
    ...rating,
    parentOrganization: { '@id': organizationId(site) },
  }
}

/** The dealer's phone with the hours it is answered (a page's reading of spec §1, decision 068). */
function phoneContact(site: Site, phoneHours: Pick<OpeningHoursVariant, 'specs'>) {
  return {
    '@type': 'ContactPoint' as const,
    contactType: 'customer service',
    telephone: internationalPhone(site.settings.phone),
    availableLanguage: 'de',
    hoursAvailable: openingHoursSpecification(phoneHours),
  }
}

export interface CityServiceInput {
  /** The city page's canonical URL. */
  url: string
  /** The page's title („Autoankauf und Gebrauchtwagen für Dortmund“). */
  name: string
  city: string
  /** The page's reading of spec §1 (city, student): when the phone is answered for it. */
  phoneHours?: Pick<OpeningHoursVariant, 'specs'> | undefined
}

/**
 * What a city page offers: a Service of the dealer of record for its city, with the page's phone
 * hours (decision 068). The dealership is one, in Essen: described on each of 17 city pages as an
 * AutoDealer of its own, it read as 17 dealerships at one address.
 */
export function cityService(site: Site, { url, name, city, phoneHours }: CityServiceInput): Service {
  return {
    '@type': 'Service',
    '@id': `${url}#service`,
    name,
    url,
    provider: { '@id': homeDealerId(site) },
    areaServed: { '@type': 'City', name: city },
    ...(phoneHours?.specs.length ? { availableChannel: { '@type': 'ServiceChannel', serviceUrl: url, servicePhone: phoneContact(site, phoneHours) } } : {}),
  }
}

/** A dealer's aggregateRating and reviews, or nothing. */
export interface DealerRating {
  aggregateRating?: AggregateRating
  review?: Review[]
}

/** A customer review as the reviews section shows it. */
export interface ShownReview {
  authorName: string
  date: string
  rating: number
  text: string
  source: string
  sourceUrl: string
}

/** The reviews a page shows: the latest few, and the average and count of all (the section's summary line). */
export interface ShownReviews {
  reviews: readonly ShownReview[]
  count: number
  average: number | null
}

/**
 * The rating of the dealership from the reviews the page shows (its reviews section), to be
 * merged into the page's AutoDealer node: the average and count the page states, and each review
 * shown with its source. Nothing without reviews: a rating is never claimed without them.
 */
export function dealerRating({ reviews, count, average }: ShownReviews): DealerRating {
  if (count === 0 || average === null) return {}
  const scale = { bestRating: 5, worstRating: 1 }
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: roundRating(average), ratingCount: count, ...scale },
    review: reviews.map((shown): Review => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: shown.authorName },
      datePublished: shown.date,
      reviewBody: shown.text,
      reviewRating: { '@type': 'Rating', ratingValue: shown.rating, ...scale },
      url: shown.sourceUrl,
      ...(reviewSourceTitle(shown.source) && shown.source !== 'other' ? { publisher: { '@type': 'Organization', name: reviewSourceTitle(shown.source) } } : {}),
    })),
  }
}

type Vehicle = NonNullable<VEHICLE_DETAIL_QUERYResult>

const AVAILABILITY: Record<Vehicle['status'], ItemAvailability> = {
  available: 'https://schema.org/InStock',
  reserved: 'https://schema.org/Reserved',
  sold: 'https://schema.org/SoldOut',
}

/** `03/2020` → `2020-03` (ISO 8601); null for anything else. */
export function isoMonth(firstRegistration: string | null | undefined): string | null {
  const match = firstRegistration?.match(/^(\d{2})\/(\d{4})$/)
  return match ? `${match[2]}-${match[1]}` : null
}

export interface CarInput {
  /** The name the page shows (vehicleName()). */
  name: string
  /** The vehicle page's canonical URL. */
  url: string
}

/** The Pkw-EnVKV figures the page lists, where schema.org has a property: the combined consumption (fuel and power) and CO₂. */
function consumptionData(consumption: Vehicle['consumption']): Pick<Car & object, 'fuelConsumption' | 'emissionsCO2'> {
  if (!consumption) return {}
  const { combinedLitersPer100Km: liters, combinedKwhPer100Km: kwh, co2GramsPerKm: co2 } = consumption
  const used = [
    ...(typeof liters === 'number' ? [{ '@type': 'QuantitativeValue' as const, value: liters, unitText: 'l/100 km' }] : []),
    ...(typeof kwh === 'number' ? [{ '@type': 'QuantitativeValue' as const, value: kwh, unitText: 'kWh/100 km' }] : []),
  ]
  return {
    ...(used.length > 0 ? { fuelConsumption: used.length === 1 ? used[0] : used } : {}),
    ...(typeof co2 === 'number' ? { emissionsCO2: co2 } : {}),
  }
}

/**
 * A vehicle of the inventory as a schema.org Car with its Offer (then typed Product too). A sold vehicle keeps its page
 * (docs/decisions/012) and says SoldOut; without a price ("Preis auf Anfrage") there is no offer,
 * since an offer without a price is an error for search engines. Labels are the page's German ones.
 * The buyer facts (issue 29, docs/decisions/058) go where schema.org has a property: accidents as
 * `knownVehicleDamages`, a VAT that can be shown as the offer's `priceSpecification` with
 * `valueAddedTaxIncluded`, a warranty as the offer's `warranty`. The HU month has none. Consumption and CO₂ as
 * `fuelConsumption` and `emissionsCO2` (consumptionData).
 * Made by the vehicle page's loader (only the dealer's name and the site's URL needed), so this stays out of the browser's script.
 */
export function car(site: Pick<Site, 'url'> & { settings: Pick<Site['settings'], 'dealerName'> }, vehicle: Vehicle, { name, url }: CarInput): Car {
  const price = parseAmount(vehicle.price)
  const kilowatts = vehicle.powerKw ?? (typeof vehicle.powerHp === 'number' ? Math.round(vehicle.powerHp / 1.35962) : null)
  const firstRegistered = isoMonth(vehicle.firstRegistration)
  const images = (vehicle.images ?? []).flatMap((image) => (image.asset?.url ? [absoluteUrl(site.url, image.asset.url)] : []))
  return {
    // With an offer also a Product: Google reads price and availability for its product snippets only
    // from a Product, and does not count Car as one (its vehicle listing result is US-only).
    '@type': (price !== null ? ['Product', 'Car'] : 'Car') as 'Car',
    '@id': `${url}#vehicle`,
    name,
    url,
    brand: { '@type': 'Brand', name: vehicle.make },
    model: vehicle.model,
    ...(typeof vehicle.year === 'number' ? { vehicleModelDate: String(vehicle.year) } : {}),
    ...(firstRegistered ? { dateVehicleFirstRegistered: firstRegistered } : {}),
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: vehicle.mileage, unitCode: 'KMT' },
    fuelType: fuelLabel(vehicle.fuelType),
    vehicleTransmission: transmissionLabel(vehicle.transmission),
    ...(kilowatts !== null
      ? { vehicleEngine: { '@type': 'EngineSpecification', enginePower: { '@type': 'QuantitativeValue', value: kilowatts, unitCode: 'KWT' } } }
      : {}),
    ...(vehicle.bodyType ? { bodyType: vehicle.bodyType } : {}),
    ...(vehicle.color ? { color: vehicle.color } : {}),
    ...(typeof vehicle.previousOwners === 'number' ? { numberOfPreviousOwners: vehicle.previousOwners } : {}),
    ...(vehicle.description?.trim() ? { description: vehicle.description.trim() } : {}),
    ...(typeof vehicle.accidentFree === 'boolean' ? { knownVehicleDamages: vehicle.accidentFree ? 'Unfallfrei' : 'Unfallfahrzeug' } : {}),
    ...consumptionData(vehicle.consumption),
    itemCondition: 'https://schema.org/UsedCondition',
    ...(images.length > 0 ? { image: images } : {}),
    ...(price !== null
      ? {
          offers: {
            '@type': 'Offer',
            url,
            price,
            priceCurrency: 'EUR',
            availability: AVAILABILITY[vehicle.status],
            itemCondition: 'https://schema.org/UsedCondition',
            // The price is gross either way; only with VAT shown on the invoice is "VAT included" a statement a buyer can use.
            ...(vehicle.vat === 'deductible'
              ? { priceSpecification: { '@type': 'PriceSpecification', price, priceCurrency: 'EUR', valueAddedTaxIncluded: true } }
              : {}),
            ...(vehicle.warranty === true
              ? {
                  warranty: {
                    '@type': 'WarrantyPromise',
                    ...(typeof vehicle.warrantyMonths === 'number' && vehicle.warrantyMonths > 0
                      ? { durationOfWarranty: { '@type': 'QuantitativeValue', value: vehicle.warrantyMonths, unitCode: 'MON' } }
                      : {}),
                  },
                }
              : {}),
            seller: { '@type': 'AutoDealer', '@id': homeDealerId(site), name: site.settings.dealerName, url: `${site.url}/` },
          },
        }
      : {}),
  }
}

export interface Crumb {
  name: string
  /** Path of the level (`/services`); made absolute here. */
  path: string
}

/** The label of the first breadcrumb, the home page. */
export const HOME_CRUMB = 'Start'

/** Start › … › the page: `trail` lists the levels below home, the page itself last. */
export function breadcrumbList(site: Pick<Site, 'url'>, trail: readonly Crumb[]): BreadcrumbList {
  const crumbs = [{ name: HOME_CRUMB, path: '/' }, ...trail]
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(site.url, crumb.path),
    })),
  }
}
