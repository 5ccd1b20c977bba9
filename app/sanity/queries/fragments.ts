/*
 * Pieces of GROQ that more than one query uses, written once. The queries interpolate them into
 * their `defineQuery` template literals, and `npm run typegen` resolves the interpolation (it follows
 * constants and relative imports), so every query keeps its generated result type.
 *
 * Plain strings on purpose: a `groq` tag or `defineQuery` would make typegen treat a fragment as a
 * query of its own. The query modules import them relatively (`./fragments.ts`), because typegen
 * resolves imports from its own location and does not know the `#app/*` subpath imports.
 */

/*
 * Crop and hotspot, as staff set them in the Studio (issue 19), applied here so that every use of an
 * image (img, srcset, preload, og:image, JSON-LD, the API) gets them alike on both backends:
 * - the crop becomes `rect=left,top,width,height` in pixels of the original, the parameter of Sanity's
 *   image CDN that the /media route understands too, and the dimensions become the crop's;
 * - the hotspot becomes `focus` ({x, y} in % of the cropped image), the `object-position` of an image
 *   that a layout cuts (object-cover).
 * Inside `asset->{…}`, `^` is the image object. Right and bottom edges are rounded, and the width is
 * their difference, so the rectangle never leaves the image.
 */
const CROPPED = `(defined(^.crop) && (^.crop.left > 0 || ^.crop.top > 0 || ^.crop.right > 0 || ^.crop.bottom > 0))`
const CROP_LEFT = `round(coalesce(^.crop.left, 0) * metadata.dimensions.width)`
const CROP_TOP = `round(coalesce(^.crop.top, 0) * metadata.dimensions.height)`
const CROP_WIDTH = `(round((1 - coalesce(^.crop.right, 0)) * metadata.dimensions.width) - ${CROP_LEFT})`
const CROP_HEIGHT = `(round((1 - coalesce(^.crop.bottom, 0)) * metadata.dimensions.height) - ${CROP_TOP})`
const CROPPED_URL = `url + select(${CROPPED} => "?rect=" + string(${CROP_LEFT}) + "," + string(${CROP_TOP}) + "," + string(${CROP_WIDTH}) + "," + string(${CROP_HEIGHT}), "")`
const CROPPED_DIMENSIONS = `"dimensions": {"width": ${CROP_WIDTH}, "height": ${CROP_HEIGHT}}`
const FOCUS = `"focus": select(defined(hotspot.x) && defined(hotspot.y) => {
  "x": round(100 * (hotspot.x - coalesce(crop.left, 0)) / (1 - coalesce(crop.left, 0) - coalesce(crop.right, 0))),
  "y": round(100 * (hotspot.y - coalesce(crop.top, 0)) / (1 - coalesce(crop.top, 0) - coalesce(crop.bottom, 0)))
}, null)`

/** An image: alt text, URL and intrinsic size (for width/height and the srcset), crop and hotspot applied. */
export const IMAGE = `{alt, ${FOCUS}, "asset": asset->{"url": ${CROPPED_URL}, "metadata": {${CROPPED_DIMENSIONS}}}}`

/** The fields of an image shown large: as IMAGE, plus the blurred placeholder (lqip). */
export const IMAGE_LQIP_FIELDS = `alt, ${FOCUS}, "asset": asset->{"url": ${CROPPED_URL}, "metadata": {${CROPPED_DIMENSIONS}, "lqip": metadata.lqip}}`

/** An image's URL only (the JSON API's photo list), crop applied. */
export const IMAGE_URL = `{"asset": asset->{"url": ${CROPPED_URL}}}`

/** The SEO fields of a document (site settings, home page, content pages). */
export const SEO = `seo{title, description, image${IMAGE}}`

/**
 * Where a link leads, as the address the components render (`href` of a menu entry, `target` of a
 * button): the stored link (schemas/objects/linkFields.ts) is a reference to a page, the home page
 * or a vehicle, a section of the same page, a programmed part of the site, or a web address, phone
 * number or e-mail address (docs/decisions/053). Evaluated with the link object as the scope. A
 * reference that leads nowhere (a page not published) gives null, and the components render no link.
 * A jump to the contact form preselecting a seller's subject leads into the sell request instead
 * (issue 36; SELL_FLOW_SUBJECTS in schemas/lib/links.ts, held by app/routes/seller-links.test.ts).
 */
export const LINK_HREF = `select(
  linkType == "page" => select(page->_type == "homePage" => "/", page->path) + select(defined(anchor) => "#" + anchor, ""),
  linkType == "section" && subject in ["ankauf", "bewertung"] => "/auto-verkaufen",
  linkType == "section" => select(defined(subject) => "?betreff=" + subject, "") + "#" + anchor,
  linkType == "route" => route,
  linkType == "vehicle" => "/vehicles/" + vehicle->id,
  linkType == "url" => url,
  linkType == "phone" => "tel:" + phone,
  linkType == "email" => "mailto:" + email
)`

/** A button (`link`): its label, style and address, in the fields the components read. */
export const BUTTON = `{_key, label, primary, "target": ${LINK_HREF}}`

/** A menu entry (`navLink`). */
export const NAV_LINK = `{label, "href": ${LINK_HREF}}`

/** Formatted text (`richText`) with each link's address in `href`, as the Portable Text components read it. */
export const RICH_TEXT = `[]{..., markDefs[]{..., _type == "link" => {"href": ${LINK_HREF}}}}`

/** The site settings singleton. */
export const SITE_SETTINGS = `*[_type == "siteSettings" && _id == "siteSettings"][0]`

/** The home page singleton. */
export const HOME_PAGE = `*[_type == "homePage" && _id == "homePage"][0]`

/** One vehicle by its public id (`/vehicles/{id}`); sold ones too. */
export const VEHICLE_BY_ID = `*[_type == "vehicle" && id == $id][0]`

/** The customer reviews the site shows and counts (a review without stars is not finished). */
export const REVIEW = `_type == "review" && defined(rating)`

/** The vehicles on sale: available or reserved. */
export const VEHICLE_ON_SALE = `_type == "vehicle" && status != "sold"`

/**
 * The filter of the inventory list (`/vehicles`, `GET /api/vehicles`): the vehicles on sale, with
 * every criterion switched off by a null parameter (vehicleListParams). The year is compared with
 * the year of `firstRegistration` (MM/YYYY) as text. vehicle-index.server.ts mirrors it in JS.
 */
export const VEHICLE_FILTER = `${VEHICLE_ON_SALE}
  && (!defined($make) || lower(make) == $make)
  && (!defined($fuel) || fuelType == $fuel)
  && (!defined($transmission) || transmission == $transmission)
  && (!defined($body) || lower(bodyType) == $body)
  && (!defined($priceFrom) || price >= $priceFrom)
  && (!defined($priceTo) || price <= $priceTo)
  && (!defined($ratePrices) || price >= $ratePrices[0] && price <= $ratePrices[1] || price >= $ratePrices[2] && price <= $ratePrices[3])
  && (!defined($maxMileage) || mileage <= $maxMileage)
  && (!defined($yearFrom) || coalesce(string::split(firstRegistration, "/")[1], string(year)) >= $yearFrom)
  && (!defined($vat) || vat == $vat)`

/**
 * The order of the inventory list, one expression for all five sorts: each `select($sort == …)` key
 * is null for every document unless its sort is chosen, so the unused keys do not reorder anything.
 * `listedAt desc, _id asc` settles ties, so pages never overlap or skip a vehicle. „Erstzulassung“ sorts by
 * year and month (`MM/YYYY` as `YYYYMM`); a car with only a year comes after that year's months.
 * vehicle-index.server.ts mirrors it in JS.
 */
/**
 * What the free-text search reads of a vehicle (app/vehicles/search-text.ts, its intents and series):
 * one list for the list's candidates on real Sanity and the Suchauftrag's new arrivals, so an intent
 * word finds the same cars in both.
 */
export const VEHICLE_SEARCH_FACTS = `title, make, model, fuelType, transmission, bodyType, color, features, description, year, firstRegistration, seats, powerHp, warranty, vat, accidentFree, consumption{emissionClass}`

export const VEHICLE_ORDER = `order(
  select($sort == "price-asc" => coalesce(price, 1e12)) asc,
  select($sort == "price-desc" => coalesce(price, -1)) desc,
  select($sort == "mileage" => coalesce(mileage, 1e12)) asc,
  select($sort == "year" => coalesce(string::split(firstRegistration, "/")[1] + string::split(firstRegistration, "/")[0], string(year) + "00", "000000")) desc,
  listedAt desc,
  _id asc
)`

const VEHICLE_FACTS = `id, make, model, year, mileage, fuelType, transmission, price`

/**
 * The ad's photos of a synced vehicle without those staff hid (`hiddenExternalImages`, by address):
 * the site shows the dealer's own photos first, then these (docs/decisions/026). Evaluated with the
 * vehicle as the parent scope (`^`).
 */
export const SHOWN_EXTERNAL_IMAGES = `externalImages[!(url in coalesce(^.hiddenExternalImages, []))]`

/**
 * A vehicle as a card shows it (VehicleCard): the facts, three features and the first photo, the
 * dealer's own or else the marketplace's first one that is not hidden; status and listing date for
 * the badges, which the loaders work out at the request's time and send instead of these two
 * (app/vehicles/badges.ts).
 */
export const VEHICLE_CARD = `{
  ${VEHICLE_FACTS},
  firstRegistration,
  vat,
  warranty,
  accidentFree,
  status,
  listedAt,
  "features": features[0...3],
  "image": coalesce(images[0]${IMAGE}, ${SHOWN_EXTERNAL_IMAGES}[0]{alt, "asset": {"url": url}})
}`

/** A vehicle in the JSON API's source shape (app/vehicles/api-shape.ts): every feature and photo URL. */
export const VEHICLE_API = `{
  ${VEHICLE_FACTS},
  features,
  "images": coalesce(images[]${IMAGE_URL}, []) + coalesce(${SHOWN_EXTERNAL_IMAGES}{"asset": {"url": url}}, [])
}`
