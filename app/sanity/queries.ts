import { defineQuery } from 'groq'

/*
 * Every GROQ query of the site, defined once. `npm run typegen` generates the result types
 * (app/sanity/types.ts) from these constants and the schema; both lake backends run them as they are.
 */

// Projection of an image: URL plus intrinsic size for width/height and srcset.
// (Written out in each query: typegen needs literal query strings.)

export const SITE_SETTINGS_QUERY = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  dealerName,
  legalName,
  legal{managingDirector, registerCourt, registerNumber, vatId, contentResponsible, privacyContact},
  tagline,
  phone,
  email,
  address,
  geo,
  foundedYear,
  claims,
  openingHours[]{key, label, specs[]{days, opens, closes}, byAppointmentDays, displayLines},
  servedCities,
  mainNav[]{label, href},
  footerLinks[]{label, href},
  footerText,
  mobileDeCustomerId,
  priceRange,
  socialLinks,
  seo{title, description, image{alt, asset->{url, metadata{dimensions{width, height}}}}}
}`)

export const HOME_PAGE_QUERY = defineQuery(`*[_type == "homePage" && _id == "homePage"][0]{
  seo{title, description, image{alt, asset->{url, metadata{dimensions{width, height}}}}},
  heroSlides[]{
    _key,
    titleLine1,
    titleLine2,
    subtitle,
    image{alt, asset->{url, metadata{dimensions{width, height}, lqip}}},
    buttons[]{_key, label, target, primary}
  },
  stats{heading, items[]{_key, number, suffix, label}},
  services{eyebrow, heading, intro, cards[]{_key, icon, title, description, action{label, target, primary}}},
  inventory{eyebrow, heading, intro, detailsLabel, allLabel, loadingText, emptyText},
  process{eyebrow, heading, intro, steps[]{_key, number, title, description}},
  contact{eyebrow, heading, intro, submitLabel}
}`)

/**
 * The first three vehicles of the inventory (spec §9), in the order the site lists them (newest
 * first). The slice is a literal: GROQ (and groq-js) do not allow parameters in slices.
 */
export const VEHICLE_HIGHLIGHTS_QUERY = defineQuery(`*[_type == "vehicle" && status != "sold"] | order(listedAt desc)[0...3]{
  id,
  make,
  model,
  year,
  mileage,
  fuelType,
  transmission,
  price,
  "features": features[0...3],
  "image": select(count(images) > 0 => images[0]{alt, asset->{url, metadata{dimensions{width, height}}}}, externalImages[0]{alt, "asset": {"url": url}})
}`)

/**
 * One content page by its path, with every section. Sections are passed through whole (`...`)
 * and only references are resolved: images to URL and size, and the location cards section to
 * the cards of every page that has one (so a new city page is listed without a code change).
 * `city` (its location card's city) and `parents` (the pages above it, shortest path first) serve
 * the breadcrumbs and the structured data: /locations/xanten/bmw-ankauf belongs to Xanten.
 */
export const PAGE_QUERY = defineQuery(`*[_type == "page" && path == $path][0]{
  _id,
  _updatedAt,
  title,
  path,
  intro,
  openingHours,
  instantScroll,
  "city": location.name,
  "parents": *[_type == "page" && string::startsWith(^.path, path + "/")] | order(path asc){path, title, "city": location.name},
  seo{title, description, image{alt, asset->{url, metadata{dimensions{width, height}}}}},
  sections[]{
    ...,
    _type == "heroSection" => {
      "image": image{alt, asset->{url, metadata{dimensions{width, height}, lqip}}}
    },
    _type == "featureSection" => {
      "image": image{alt, asset->{url, metadata{dimensions{width, height}}}}
    },
    _type == "locationCardsSection" => {
      "cards": *[_type == "page" && defined(location)] | order(location.order asc, location.name asc){
        path,
        "name": location.name,
        "distance": location.distance,
        "customers": location.customers,
        "description": location.description,
        "image": location.image{alt, asset->{url, metadata{dimensions{width, height}}}}
      }
    }
  }
}`)

/** Paths of all content pages (sitemap, crawl tests). */
export const PAGE_PATHS_QUERY = defineQuery(`*[_type == "page" && defined(path)] | order(path asc){path, _updatedAt}`)

/** What the sitemap lists besides the fixed routes: content pages and the vehicles on sale, with their last change. */
export const SITEMAP_QUERY = defineQuery(`{
  "home": *[_type == "homePage" && _id == "homePage"][0]._updatedAt,
  "pages": *[_type == "page" && defined(path)] | order(path asc){path, _updatedAt},
  "vehicles": *[_type == "vehicle" && status != "sold" && defined(id)] | order(listedAt desc){id, _updatedAt}
}`)
