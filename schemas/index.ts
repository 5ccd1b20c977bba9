import { contactMessage } from './documents/contactMessage'
import { homePage } from './documents/homePage'
import { page } from './documents/page'
import { review } from './documents/review'
import { lead } from './documents/lead'
import { marketplaceSync } from './documents/marketplaceSync'
import { priceHistory } from './documents/priceHistory'
import { siteSettings } from './documents/siteSettings'
import { vehicle } from './documents/vehicle'
import { address } from './objects/address'
import { geo } from './objects/geo'
import { heroSlide } from './objects/heroSlide'
import { imageWithAlt } from './objects/imageWithAlt'
import { link } from './objects/link'
import { navLink } from './objects/navLink'
import { openingHoursSpec } from './objects/openingHoursSpec'
import { openingHoursVariant } from './objects/openingHoursVariant'
import { processStep } from './objects/processStep'
import { richText } from './objects/richText'
import { serviceCard } from './objects/serviceCard'
import { specialOpeningHours } from './objects/specialOpeningHours'
import { seo } from './objects/seo'
import { statItem } from './objects/statItem'
import { PAGE_SECTION_TYPES } from './sections'

/** Document types staff work with in the Studio. */
export const documentTypes = [siteSettings, homePage, page, vehicle, review, contactMessage, lead, marketplaceSync, priceHistory]

/** Reusable object types (fields of the documents). */
export const objectTypes = [
  imageWithAlt,
  link,
  navLink,
  statItem,
  serviceCard,
  processStep,
  openingHoursSpec,
  openingHoursVariant,
  specialOpeningHours,
  seo,
  address,
  geo,
  heroSlide,
  richText,
]

/** Sections of a page (the page builder). */
export const sectionTypes = PAGE_SECTION_TYPES

export const schemaTypes = [...documentTypes, ...objectTypes, ...sectionTypes]

export { SINGLETON_IDS } from './lib/constants'
