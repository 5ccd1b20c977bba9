import { defineQuery } from 'groq'
import { BUTTON, HOME_PAGE, IMAGE, IMAGE_LQIP_FIELDS, LINK_HREF, REVIEW, RICH_TEXT, SEO, SITE_SETTINGS, VEHICLE_ON_SALE } from './fragments.ts'

/**
 * One content page by its path, with every section. Sections are passed through whole (`...`)
 * and only references are resolved: links to their addresses, images to URL and size, and the location cards section to
 * the cards of every page that opted in as a city page (`isCity`; a new one is listed without a code change),
 * and the reviews section to the latest twelve reviews with the average, count and sources of all.
 * A service cards section with `withServicePages` (the /services overview) gains a card for every page under
 * /services/ that none of its cards links to yet (`pageCards`), so a new service page is never an orphan.
 * A card without an image of its own shows the page's first image (its hero's, as a rule).
 * `city` (its city, on city pages) and `parents` (the pages above it, shortest path first) serve
 * the breadcrumbs and the structured data: /locations/xanten/bmw-ankauf belongs to Xanten.
 * `heading` is the title as the page header shows it: the loader gives headings their soft hyphens
 * (figures.server.ts), while `title` stays plain for the <title> and the breadcrumbs.
 */
/** The path of the page that was once at `$path` (its `previousPaths`, kept when it was renamed, decision 099), if any. */
export const RENAMED_PAGE_QUERY = defineQuery(`*[_type == "page" && $path in previousPaths][0].path`)

export const PAGE_QUERY = defineQuery(`*[_type == "page" && path == $path][0]{
  _id,
  _updatedAt,
  title,
  "heading": title,
  path,
  intro,
  openingHours,
  instantScroll,
  "city": select(isCity == true => location.name),
  "parents": *[_type == "page" && string::startsWith(^.path, path + "/")] | order(path asc){path, title, "city": select(isCity == true => location.name)},
  ${SEO},
  sections[]{
    ...,
    _type == "heroSection" => {
      "image": image{${IMAGE_LQIP_FIELDS}},
      "buttons": buttons[]${BUTTON}
    },
    _type == "featureSection" => {
      "image": image${IMAGE},
      "button": button${BUTTON}
    },
    _type == "serviceCardsSection" => {
      "cards": cards[]{..., "action": action${BUTTON}},
      "pageCards": select(withServicePages == true => *[_type == "page" && string::startsWith(path, "/services/") && !(_id in ^.cards[].action.page._ref)] | order(title asc){
        "_key": _id,
        title,
        "description": coalesce(seo.description, intro, sections[_type == "heroSection"][0].subtitle),
        "action": {"_key": "mehr", "label": "MEHR ERFAHREN", "primary": false, "target": path}
      }, [])
    },
    _type == "areaGridSection" => {
      "areas": areas[]{_key, name, detail, "href": ${LINK_HREF}}
    },
    _type in ["richTextSection", "legalNoticeSection"] => {
      "body": body${RICH_TEXT}
    },
    _type == "locationCardsSection" => {
      "cards": *[_type == "page" && isCity == true && defined(location.name)] | order(coalesce(location.order, 1000) asc, location.name asc){
        path,
        "name": location.name,
        "distance": location.distance,
        "customers": location.customers,
        "description": location.description,
        "image": coalesce(location.image, sections[0].image)${IMAGE}
      }
    },
    _type == "statsSection" => {
      "items": items[]{..., figure == "customerRating" => {"reviews": {"count": count(*[${REVIEW}]), "sources": array::unique(*[${REVIEW}].source)}}}
    },
    _type == "reviewsSection" => {
      "reviews": *[${REVIEW}] | order(date desc, _id asc)[0...12]{_id, authorName, date, rating, text, source, sourceUrl},
      "summary": {"count": count(*[${REVIEW}]), "average": math::avg(*[${REVIEW}].rating), "sources": array::unique(*[${REVIEW}].source)}
    }
  }
}`)

/**
 * What the sitemap lists besides the fixed routes: content pages and the vehicles on sale, with their
 * last change; the inventory's is its last changed car, sold or removed from sale ones included (a
 * price, a sale), and the sell page's the site settings' (its phone and hours).
 */
export const SITEMAP_QUERY = defineQuery(`{
  "home": ${HOME_PAGE}._updatedAt,
  "inventory": *[_type == "vehicle"] | order(_updatedAt desc)[0]._updatedAt,
  "settings": ${SITE_SETTINGS}._updatedAt,
  "pages": *[_type == "page" && defined(path)] | order(path asc){path, _updatedAt},
  "vehicles": *[${VEHICLE_ON_SALE} && defined(id)] | order(listedAt desc){id, _updatedAt}
}`)
