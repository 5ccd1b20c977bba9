import { Fragment } from 'react'
import { ContactSection } from '#app/components/contact-section.tsx'
import { QuickContact } from '#app/components/quick-contact.tsx'
import { HydrationBoundary } from '#app/utils/hydration.tsx'
import { FeatureSection } from '#app/components/feature-section.tsx'
import { ProcessSteps } from '#app/components/process-steps.tsx'
import { ServiceCards } from '#app/components/service-cards.tsx'
import { StatsBand } from '#app/components/stats-band.tsx'
import { ALL_CONTACT_SUBJECTS, HOME_CONTACT_SUBJECTS } from '#app/submissions/forms.ts'
import { type OpeningHoursVariant, useSiteSettings } from '#app/utils/site-settings.ts'
import { AreaGridSection } from './area-grid-section'
import { CallBanner } from './call-banner'
import { ChecklistSection } from './checklist-section'
import { DirectionsSection } from './directions-section'
import { LeadFormSection } from './lead-form-section'
import { LegalNoticeSection } from './legal-notice-section'
import { ListSection } from './list-section'
import { LocationCardsSection } from './location-cards-section'
import { PageHero } from './page-hero'
import { PriceTableSection } from './price-table-section'
import { ReviewsSection } from './reviews-section'
import { RichTextSection } from './rich-text-section'
import { TierCardsSection } from './tier-cards-section'
import { type PageSection } from './types'
import { WhyUsSection } from './why-us-section'

export interface PageSectionsProps {
  sections: readonly PageSection[]
  hours: OpeningHoursVariant | undefined
  smoothScroll: boolean
}

/** Sections on a dark or full-bleed surface of their own: they do not take part in the white/grey alternation. */
const OWN_SURFACE = new Set<PageSection['_type']>(['heroSection', 'statsSection', 'callBanner'])

/**
 * Renders a page's sections in order, each through its one component. Light sections alternate
 * between white and grey so neighbours stay apart; an unknown section type (a schema newer
 * than the deployed app) is skipped rather than breaking the page.
 */
export function PageSections({ sections, hours, smoothScroll }: PageSectionsProps) {
  const settings = useSiteSettings()
  let light = 0
  return (
    <>
      {sections.map((section, index) => {
        const id = section.anchor ?? `abschnitt-${section._key}`
        const muted = OWN_SURFACE.has(section._type) ? false : light++ % 2 === 1
        const element = renderSection(section, { id, hours, smoothScroll, muted }, settings)
        // The first section (usually the hero, the LCP) hydrates with the page; the others on their own.
        return index === 0 ? <Fragment key={section._key}>{element}</Fragment> : <HydrationBoundary key={section._key}>{element}</HydrationBoundary>
      })}
    </>
  )
}

interface SectionPlacement {
  id: string
  hours: OpeningHoursVariant | undefined
  smoothScroll: boolean
  muted: boolean
}

/** A section through its one component; null for an unknown type. */
function renderSection(section: PageSection, props: SectionPlacement, settings: ReturnType<typeof useSiteSettings>) {
  const { id, hours, smoothScroll, muted } = props
  switch (section._type) {
    case 'heroSection':
      return <PageHero section={section} {...props} />
    case 'statsSection':
      return <StatsBand id={id} heading={section.heading ?? 'Kennzahlen'} items={section.items} />
    case 'serviceCardsSection':
      return (
        <ServiceCards
          id={id}
          eyebrow={section.eyebrow}
          heading={section.heading}
          intro={section.intro}
          cards={[...section.cards, ...section.pageCards]}
          smoothScroll={smoothScroll}
        />
      )
    case 'featureSection':
      return <FeatureSection id={id} content={section} background={muted ? 'muted' : 'white'} smoothScroll={smoothScroll} />
    case 'whyUsSection':
      return <WhyUsSection section={section} {...props} />
    case 'processSection':
      return <ProcessSteps id={id} eyebrow={section.eyebrow} heading={section.heading} intro={section.intro} steps={section.steps} />
    case 'callBanner':
      return <CallBanner section={section} {...props} />
    case 'checklistSection':
      return <ChecklistSection section={section} {...props} />
    case 'listSection':
      return <ListSection section={section} {...props} />
    case 'areaGridSection':
      return <AreaGridSection section={section} {...props} />
    case 'priceTableSection':
      return <PriceTableSection section={section} {...props} />
    case 'tierCardsSection':
      return <TierCardsSection section={section} {...props} />
    case 'richTextSection':
      return <RichTextSection section={section} {...props} />
    case 'reviewsSection':
      return <ReviewsSection section={section} {...props} />
    case 'contactSection': {
      const subjects = section.subjects === 'all' ? ALL_CONTACT_SUBJECTS : HOME_CONTACT_SUBJECTS
      return (
        <ContactSection
          id={id}
          content={section}
          settings={settings}
          subjects={subjects}
          rows={section.messageRows}
          hours={hours}
          quickContact={
            section.quickContact === true ? (
              <QuickContact phone={settings.phone} whatsapp={settings.whatsapp} email={settings.email} anchor={id} canBook={subjects.includes('termin')} />
            ) : undefined
          }
        />
      )
    }
    case 'leadFormSection':
      return <LeadFormSection section={section} {...props} />
    case 'locationCardsSection':
      return <LocationCardsSection section={section} {...props} />
    case 'directionsSection':
      return <DirectionsSection section={section} {...props} />
    case 'legalNoticeSection':
      return <LegalNoticeSection section={section} {...props} />
    default:
      return null
  }
}
