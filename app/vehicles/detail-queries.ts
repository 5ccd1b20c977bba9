import { defineQuery } from 'groq'

/*
 * The queries of one vehicle: the detail page /vehicles/{id} and GET /api/vehicles/{id}.
 * Sold vehicles are found too (the page says they are sold); drafts never are (published perspective).
 */

/** One vehicle by its public id (`/vehicles/{id}`), with every field the detail page and the API show. */
export const VEHICLE_DETAIL_QUERY = defineQuery(`*[_type == "vehicle" && id == $id][0]{
  _id,
  id,
  title,
  make,
  model,
  year,
  firstRegistration,
  mileage,
  fuelType,
  transmission,
  price,
  bodyType,
  color,
  powerHp,
  powerKw,
  doors,
  seats,
  previousOwners,
  description,
  features,
  consumption{combinedLitersPer100Km, combinedKwhPer100Km, co2GramsPerKm, co2Class, emissionClass},
  // Own photos first; a synced vehicle without them shows the marketplace's (externalImages, plain URLs).
  "images": select(
    count(images) > 0 => images[]{_key, alt, asset->{url, metadata{dimensions{width, height}, lqip}}},
    externalImages[]{_key, alt, "asset": {"url": url}}
  ),
  status,
  listedAt,
  soldAt,
  source,
  marketplaceUrl
}`)

/**
 * Up to three available vehicles like the given one (same make or same body type), nearest in
 * price first, then newest. The price distance is squared (GROQ has no abs()); vehicles without a
 * price, or a reference vehicle without one, sort by listing date alone. The slice is a literal
 * (groq-js allows no parameters in slices).
 */
export const SIMILAR_VEHICLES_QUERY = defineQuery(`*[
  _type == "vehicle" && status == "available" && id != $id && (make == $make || (defined($bodyType) && bodyType == $bodyType))
] | order(coalesce((price - $price) * (price - $price), 1e18) asc, listedAt desc)[0...3]{
  id,
  make,
  model,
  year,
  mileage,
  fuelType,
  transmission,
  price,
  "features": features[0...3],
  "image": select(
    count(images) > 0 => images[0]{alt, asset->{url, metadata{dimensions{width, height}}}},
    externalImages[0]{alt, "asset": {"url": url}}
  )
}`)
