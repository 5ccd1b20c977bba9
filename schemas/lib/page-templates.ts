import type { CustomValidator, Template } from 'sanity'

/*
 * The city card is opt-in: `isCity` on the page. Its fields are required only then, so a new page
 * that is not a city page has nothing of the card to fill (issue 27; decision 044).
 */

/** Whether a (draft) page opted in as a city page. */
export function isCityPage(document: unknown): boolean {
  return typeof document === 'object' && document !== null && (document as { isCity?: unknown }).isCity === true
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === ''
  // The only object among the card's fields is its image: filled once it has a file, not when only its alternative text is typed.
  if (typeof value === 'object' && !Array.isArray(value)) return !('asset' in value)
  return false
}

/** The card's "Erforderlich", on city pages only (a custom rule: `rule.custom(requiredOnCityPage)`). */
export const requiredOnCityPage: CustomValidator<unknown> = (value, context) =>
  isCityPage(context.document) && isEmpty(value) ? 'Erforderlich (die Seite ist eine Städte-Seite).' : true

/*
 * Initial-value templates ("Neu" → Städte-Seite / Leistungsseite): the sections such a page
 * usually has, in order, with what is the same on every page of the kind filled in. Texts that
 * name the city or the service stay empty, so the validation points staff to them.
 */

/** Sections of a new city page: hero, text, valuation form, call banner. */
export const CITY_PAGE_VALUE = {
  isCity: true,
  openingHours: 'city',
  location: {},
  sections: [
    { _type: 'heroSection', _key: 'hero' },
    { _type: 'richTextSection', _key: 'text', tone: 'white' },
    { _type: 'leadFormSection', _key: 'bewertung', anchor: 'contact', heading: 'Jetzt kostenlose Fahrzeugbewertung anfordern', form: 'valuation' },
    { _type: 'callBanner', _key: 'anruf', heading: 'Rufen Sie uns an – wir kommen zu Ihnen', contactLabel: 'ZUM FORMULAR' },
  ],
} as const

/** Sections of a new service page: hero, text, service cards, contact. */
export const SERVICE_PAGE_VALUE = {
  isCity: false,
  openingHours: 'general',
  sections: [
    { _type: 'heroSection', _key: 'hero' },
    { _type: 'richTextSection', _key: 'text', tone: 'white' },
    { _type: 'serviceCardsSection', _key: 'leistungen', heading: 'Unsere Leistungen', cards: [] },
    {
      _type: 'contactSection',
      _key: 'kontakt',
      anchor: 'contact',
      heading: 'Sprechen Sie uns an',
      subjects: 'home',
      messageRows: 5,
      quickContact: false,
      submitLabel: 'NACHRICHT SENDEN',
    },
  ],
} as const

export const PAGE_TEMPLATES: Template[] = [
  { id: 'page-city', title: 'Städte-Seite', schemaType: 'page', value: () => structuredClone(CITY_PAGE_VALUE) },
  { id: 'page-service', title: 'Leistungsseite', schemaType: 'page', value: () => structuredClone(SERVICE_PAGE_VALUE) },
]
