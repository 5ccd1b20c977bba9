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
import { reviewsSection } from './reviewsSection'
import { richTextSection } from './richTextSection'
import { serviceCardsSection } from './serviceCardsSection'
import { statsSection } from './statsSection'
import { tierCardsSection } from './tierCardsSection'
import { whyUsSection } from './whyUsSection'
import { featureSection } from '../objects/featureSection'

/** Rarely needed settings of a section, closed at the end of its form (issue 27). */
const ADVANCED_FIELDSET = { name: 'advanced', title: 'Erweitert', options: { collapsible: true, collapsed: true } }

type SectionType = { fields: { name: string; fieldset?: string }[]; fieldsets?: { name: string }[] }

/** The jump target (anchor) moved from the top of a section's form into "Erweitert" at its end. */
function withAdvancedAnchor<T extends SectionType>(type: T): T {
  const anchor = type.fields.find((field) => field.name === 'anchor')
  if (!anchor) return type
  return {
    ...type,
    fieldsets: [...(type.fieldsets ?? []), ADVANCED_FIELDSET],
    fields: [...type.fields.filter((field) => field !== anchor), { ...anchor, fieldset: ADVANCED_FIELDSET.name }],
  }
}

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
  reviewsSection,
].map(withAdvancedAnchor)

/** The "add section" menu's groups: by what a section is for, in the words staff use. */
export const SECTION_GROUPS: { name: string; title: string; of: string[] }[] = [
  { name: 'intro', title: 'Einstieg', of: ['heroSection', 'statsSection', 'callBanner'] },
  {
    name: 'content',
    title: 'Inhalte',
    of: [
      'richTextSection',
      'serviceCardsSection',
      'featureSection',
      'whyUsSection',
      'processSection',
      'checklistSection',
      'listSection',
      'areaGridSection',
      'priceTableSection',
      'tierCardsSection',
      'reviewsSection',
      'legalNoticeSection',
    ],
  },
  { name: 'forms', title: 'Formulare', of: ['leadFormSection', 'contactSection'] },
  { name: 'automatic', title: 'Automatisch', of: ['locationCardsSection', 'directionsSection'] },
]
