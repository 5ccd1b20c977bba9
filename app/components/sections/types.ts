import { type PAGE_QUERYResult } from '#app/sanity/types.ts'
import { type OpeningHoursVariant } from '#app/utils/site-settings.ts'

/** A content page as PAGE_QUERY returns it. */
export type ContentPage = NonNullable<PAGE_QUERYResult>
export type PageSection = ContentPage['sections'][number]
export type PageSectionType = PageSection['_type']
export type SectionOf<T extends PageSectionType> = Extract<PageSection, { _type: T }>

/** What every section component gets besides its own content. */
export interface SectionProps<T extends PageSectionType> {
  section: SectionOf<T>
  /** The element id: the section's anchor, else one derived from its key (for aria-labelledby). */
  id: string
  /** The page's opening-hours variant (site settings): its lines, and its specs for „Heute geöffnet bis …“. */
  hours: OpeningHoursVariant | undefined
  /** In-page jumps animate unless the page asks for instant jumps (spec: the Ruhr city pages). */
  smoothScroll: boolean
  /** Alternating backgrounds keep long pages readable. */
  muted: boolean
}
