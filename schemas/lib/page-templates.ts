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

/**
 * The showroom photo of the seed (content/images/hero-showroom.jpg; the id Sanity's import gives it,
 * checked against the seed in app/sanity/seed-templates.test.ts): a new city page starts with it as
 * its hero picture, so it can be published before the city's own photo is there.
 */
export const SHOWROOM_IMAGE = {
  _type: 'imageWithAlt',
  alt: 'Illustration: beleuchteter Showroom mit Gebrauchtwagen am Abend',
  asset: { _type: 'reference', _ref: 'image-8c89c0419db838160e8ca368b111796eeace6c33-1920x1080-jpg' },
} as const

/**
 * Sections of a new city page: hero (with the showroom photo), text, valuation form, call banner.
 * Staff fill the name, path, hero heading, text and the card (its picture is the hero's unless they add one).
 */
export const CITY_PAGE_VALUE = {
  isCity: true,
  openingHours: 'city',
  location: {},
  sections: [
    { _type: 'heroSection', _key: 'hero', image: SHOWROOM_IMAGE },
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

interface CounterItem {
  number?: number | null
  figure?: string | null
  suffix?: string | null
  label?: string | null
}

/**
 * The /locations card's „Kunden“ is text of its own („650+ Kunden“); the city page's counter of its
 * customers is a number („Kunden aus Dortmund“). A warning when the two name different numbers, so
 * that a counter changed to 700 does not leave „650+“ on the card.
 */
export function cardCustomersMatchCounter(value: string | undefined, document: unknown): true | string {
  const cardNumber = /\d[\d.]*/.exec(value ?? '')?.[0]
  if (!isCityPage(document) || !cardNumber) return true
  const sections = (document as { sections?: Array<{ _type?: string; items?: CounterItem[] }> }).sections ?? []
  const counter = sections
    .filter((section) => section._type === 'statsSection')
    .flatMap((section) => section.items ?? [])
    .find((item) => typeof item.number === 'number' && !item.figure && /kunden/i.test(item.label ?? ''))
  if (!counter || counter.number === Number(cardNumber.replaceAll('.', ''))) return true
  const shown = `${counter.number!.toLocaleString('de-DE')}${counter.suffix ?? ''}`
  return `Der Zähler „${counter.label}“ dieser Seite zeigt ${shown}, die Karte „${value}“. Bitte beide gleich halten.`
}
