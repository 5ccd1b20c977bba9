import { areaGridSection } from './areaGridSection'
import { callBanner } from './callBanner'
import { checklistSection } from './checklistSection'
import { contactSection } from './contactSection'
import { directionsSection } from './directionsSection'
import { heroSection } from './heroSection'
import { leadFormSection } from './leadFormSection'
import { legalNoticeSection } from './legalNoticeSection'
import { listSection } from './listSection'
import { locationCardsSection } from './locationCardsSection'
import { priceTableSection } from './priceTableSection'
import { processSection } from './processSection'
import { richTextSection } from './richTextSection'
import { serviceCardsSection } from './serviceCardsSection'
import { statsSection } from './statsSection'
import { tierCardsSection } from './tierCardsSection'
import { whyUsSection } from './whyUsSection'
import { featureSection } from '../objects/featureSection'

/** Every section a page can hold, in the order the Studio's "add section" menu lists them. */
export const PAGE_SECTION_TYPES = [
  heroSection,
  statsSection,
  serviceCardsSection,
  featureSection,
  whyUsSection,
  processSection,
  callBanner,
  checklistSection,
  listSection,
  areaGridSection,
  priceTableSection,
  tierCardsSection,
  richTextSection,
  contactSection,
  leadFormSection,
  locationCardsSection,
  directionsSection,
  legalNoticeSection,
]
