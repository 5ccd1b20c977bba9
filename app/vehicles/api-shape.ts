/*
 * The JSON API's vehicle shape (spec §3: snake_case names) built from a vehicle as the GROQ
 * queries project it (camelCase, docs/content-model.md). One mapping for the list
 * (GET /api/vehicles) and the detail (GET /api/vehicles/{id}), so both stay consistent.
 */

/** A vehicle as the JSON API returns it (spec §3, snake_case). */
export interface ApiVehicle {
  id: string
  make: string
  model: string
  year?: number | null
  mileage?: number | null
  fuel_type?: string | null
  transmission?: string | null
  /** A number or a string such as "28500" (parsed for display by formatPrice). */
  price?: string | number | null
  images: string[]
  features: string[]
  body_type?: string | null
  color?: string | null
  power_hp?: number | null
  power_kw?: number | null
  doors?: number | null
  seats?: number | null
  description?: string | null
  first_registration?: string | null
  previous_owners?: number | null
}

/** An image as the queries project it: `{asset->{url}}` (a marketplace photo as `{"asset": {"url": url}}`). */
type ImageLike = { asset?: { url?: string | null } | null } | null

/** The fields the mapping reads; every one may be missing in synced or hand-entered data. */
export interface ApiVehicleSource {
  id?: string | null
  make?: string | null
  model?: string | null
  year?: number | null
  mileage?: number | null
  fuelType?: string | null
  transmission?: string | null
  price?: number | string | null
  images?: readonly ImageLike[] | null
  features?: readonly (string | null)[] | null
  title?: string | null
  bodyType?: string | null
  color?: string | null
  powerHp?: number | null
  powerKw?: number | null
  doors?: number | null
  seats?: number | null
  description?: string | null
  firstRegistration?: string | null
  previousOwners?: number | null
  status?: string | null
  listedAt?: string | null
  soldAt?: string | null
  source?: string | null
  marketplaceUrl?: string | null
  vat?: string | null
  inspectionDue?: string | null
  warranty?: boolean | null
  warrantyMonths?: number | null
  accidentFree?: boolean | null
  consumption?: {
    combinedLitersPer100Km?: number | null
    combinedKwhPer100Km?: number | null
    co2GramsPerKm?: number | null
    co2Class?: string | null
    emissionClass?: string | null
  } | null
}

/** GET /api/vehicles/{id}: the list fields plus every detail field (spec §3) and the listing state. */
export interface ApiVehicleDetail extends ApiVehicle {
  title: string | null
  status: 'available' | 'reserved' | 'sold'
  listed_at: string | null
  sold_at: string | null
  consumption: {
    combined_l_per_100km: number | null
    combined_kwh_per_100km: number | null
    co2_g_per_km: number | null
    co2_class: string | null
    emission_class: string | null
  } | null
  source: string | null
  marketplace_url: string | null
  /**
   * The facts buyers check (issue 29), added to the spec's shape; null when not stated.
   * `vat`: "deductible" (VAT shown on the invoice, "MwSt. ausweisbar") or "margin" (§ 25a UStG).
   * `general_inspection_due`: month of the next HU, MM/YYYY. `warranty_months` only with a warranty.
   */
  vat: 'deductible' | 'margin' | null
  general_inspection_due: string | null
  warranty: boolean | null
  warranty_months: number | null
  accident_free: boolean | null
}

export interface ApiShapeOptions {
  /**
   * Origin that relative image URLs (`/media/…` of the embedded lake) are resolved against, so
   * API clients get absolute URLs, e.g. `new URL(request.url).origin` or SITE_URL.
   */
  origin?: string
}

const orNull = <T>(value: T | null | undefined): T | null => (value === undefined ? null : value)

function imageUrls(images: ApiVehicleSource['images'], origin: string | undefined): string[] {
  return (images ?? []).flatMap((image) => {
    const url = image?.asset?.url
    if (!url) return []
    if (!origin) return [url]
    try {
      return [new URL(url, origin).href]
    } catch {
      return [url]
    }
  })
}

/** The list shape of spec §3: id, make, model, year, mileage, fuel_type, transmission, price, images, features. */
export function toApiVehicle(vehicle: ApiVehicleSource, { origin }: ApiShapeOptions = {}): ApiVehicle {
  return {
    id: vehicle.id ?? '',
    make: vehicle.make ?? '',
    model: vehicle.model ?? '',
    year: orNull(vehicle.year),
    mileage: orNull(vehicle.mileage),
    fuel_type: orNull(vehicle.fuelType),
    transmission: orNull(vehicle.transmission),
    price: orNull(vehicle.price),
    images: imageUrls(vehicle.images, origin),
    features: (vehicle.features ?? []).filter((feature): feature is string => typeof feature === 'string' && feature !== ''),
  }
}

function apiStatus(status: string | null | undefined): ApiVehicleDetail['status'] {
  return status === 'reserved' || status === 'sold' ? status : 'available'
}

/** The detail shape: the list shape plus body type, colour, power, doors, seats, description, … */
export function toApiVehicleDetail(vehicle: ApiVehicleSource, options: ApiShapeOptions = {}): ApiVehicleDetail {
  const consumption = vehicle.consumption
  return {
    ...toApiVehicle(vehicle, options),
    title: orNull(vehicle.title),
    body_type: orNull(vehicle.bodyType),
    color: orNull(vehicle.color),
    power_hp: orNull(vehicle.powerHp),
    power_kw: orNull(vehicle.powerKw),
    doors: orNull(vehicle.doors),
    seats: orNull(vehicle.seats),
    description: orNull(vehicle.description),
    first_registration: orNull(vehicle.firstRegistration),
    previous_owners: orNull(vehicle.previousOwners),
    consumption: consumption
      ? {
          combined_l_per_100km: orNull(consumption.combinedLitersPer100Km),
          combined_kwh_per_100km: orNull(consumption.combinedKwhPer100Km),
          co2_g_per_km: orNull(consumption.co2GramsPerKm),
          co2_class: orNull(consumption.co2Class),
          emission_class: orNull(consumption.emissionClass),
        }
      : null,
    status: apiStatus(vehicle.status),
    listed_at: orNull(vehicle.listedAt),
    sold_at: orNull(vehicle.soldAt),
    source: orNull(vehicle.source),
    marketplace_url: orNull(vehicle.marketplaceUrl),
    vat: vehicle.vat === 'deductible' || vehicle.vat === 'margin' ? vehicle.vat : null,
    general_inspection_due: orNull(vehicle.inspectionDue),
    warranty: orNull(vehicle.warranty),
    warranty_months: vehicle.warranty === true ? orNull(vehicle.warrantyMonths) : null,
    accident_free: orNull(vehicle.accidentFree),
  }
}
