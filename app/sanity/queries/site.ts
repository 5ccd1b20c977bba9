import { defineQuery } from 'groq'
import { BUTTON, HOME_PAGE, IMAGE_LQIP_FIELDS, NAV_LINK, REVIEW, SEO, SITE_SETTINGS, VEHICLE_ON_SALE } from './fragments.ts'

/*
 * The site-wide documents: the settings (every page's header, footer and structured data) and the
 * home page. `npm run typegen` generates the result types (app/sanity/types.ts); both lake backends
 * run the queries as they are.
 */

export const SITE_SETTINGS_QUERY = defineQuery(`${SITE_SETTINGS}{
  dealerName,
  legalName,
  legal{managingDirector, registerCourt, registerNumber, vatId, contentResponsible, privacyContact, lender},
  tagline,
  phone,
  whatsapp,
  email,
  address,
  geo,
  foundedYear,
  claims,
  openingHours[]{key, label, specs[]{days, opens, closes}, byAppointmentDays, note},
  specialOpeningHours[]{from, to, closed, opens, closes, note, leadDays},
  servedCities,
  mainNav[]${NAV_LINK},
  footerLinks[]${NAV_LINK},
  footerText,
  mobileDeCustomerId,
  mobileDeUrl,
  priceRange,
  socialLinks,
  ${SEO}
}`)

/** The review figures of FIGURES_QUERY and FIGURE_CLAIMS_QUERY: count and average of the reviews. */
const REVIEW_FIGURES = `"reviews": {"count": count(*[${REVIEW}]), "average": math::avg(*[${REVIEW}].rating)}`

/**
 * The company figures (Einstellungen → Kennzahlen) that page copy refers to (app/sanity/figures.server.ts).
 * „Fahrzeuge im Bestand“ left empty: the number of vehicles on sale, counted only then. The review
 * figures are always computed from the reviews (Inhalte → Bewertungen).
 */
export const FIGURES_QUERY = defineQuery(`${SITE_SETTINGS}{
  claims,
  "vehiclesOnSale": select(defined(claims.vehiclesInStock) => null, count(*[${VEHICLE_ON_SALE}])),
  ${REVIEW_FIGURES}
}`)

/** FIGURES_QUERY without the count of cars on sale, which the embedded lake takes from its vehicle index (figures.server.ts). */
export const FIGURE_CLAIMS_QUERY = defineQuery(`${SITE_SETTINGS}{
  claims,
  ${REVIEW_FIGURES}
}`)

/** The site's e-mail address: the notification mails' recipient when LEADS_NOTIFY_TO is unset. */
export const SITE_EMAIL_QUERY = defineQuery(`${SITE_SETTINGS}.email`)

export const HOME_PAGE_QUERY = defineQuery(`${HOME_PAGE}{
  ${SEO},
  heroSlides[]{
    _key,
    titleLine1,
    titleLine2,
    subtitle,
    image{${IMAGE_LQIP_FIELDS}},
    buttons[]${BUTTON}
  },
  stats{heading, items[]{_key, _type, figure, number, suffix, label}},
  services{eyebrow, heading, intro, cards[]{_key, icon, title, description, action${BUTTON}}},
  inventory{eyebrow, heading, intro, detailsLabel, allLabel, loadingText, emptyText},
  process{eyebrow, heading, intro, steps[]{_key, number, title, description}},
  contact{eyebrow, heading, intro, submitLabel}
}`)
