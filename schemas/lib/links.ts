/**
 * Links of the content model as references (issue 27, docs/decisions/053): what a link may point to,
 * the fixed lists the Studio offers, and the formats it accepts. No Sanity imports, so the seed
 * compiler, the site's tests and the schema share them.
 */
import { CONTACT_SUBJECTS, SALE_PATH } from './constants'

/** What a link leads to. The site turns each into an address in GROQ (app/sanity/queries/fragments.ts, LINK_HREF). */
export const LINK_TYPES = [
  { title: 'Seite', value: 'page' },
  { title: 'Abschnitt dieser Seite', value: 'section' },
  { title: 'Website-Bereich', value: 'route' },
  { title: 'Fahrzeug', value: 'vehicle' },
  { title: 'Externe Adresse', value: 'url' },
  { title: 'Telefon', value: 'phone' },
  { title: 'E-Mail', value: 'email' },
] as const
export type LinkType = (typeof LINK_TYPES)[number]['value']

/** Parts of the site that are programmed, not page documents: a reference cannot point at them, so they are a fixed list. */
export const SITE_ROUTES = [
  { title: 'Fahrzeugbestand', value: '/vehicles' },
  { title: 'Auto verkaufen (mit Fotos)', value: '/auto-verkaufen' },
  { title: 'Finanzierung', value: '/services/finanzierung' },
] as const

/** The home page's sections a link can jump to (its layout is fixed; the ids are set in app/routes/_index.tsx's components). */
export const HOME_SECTIONS = [
  { title: 'Kontaktformular', value: 'contact' },
  { title: 'Fahrzeuge', value: 'inventory' },
  { title: 'Leistungen', value: 'services' },
  { title: 'Ablauf', value: 'process' },
  { title: 'Zahlen', value: 'stats' },
] as const

/** Subjects a jump to a contact form can preselect (`?betreff=…#contact`). */
export const LINK_SUBJECTS = CONTACT_SUBJECTS

/*
 * Seller buttons (issue 36): „FAHRZEUG BEWERTEN“, „JETZT VERKAUFEN“ … lead into the sell flow, never to
 * the general contact form, which has no vehicle fields and no photos. The sell flow is the sell
 * request (`/auto-verkaufen`) or, on a page that has one, a valuation form whose „MIT FOTOS WEITER“
 * carries its answers into it. A jump to the contact form with the subject „Fahrzeug verkaufen“ or
 * „Fahrzeugbewertung“ resolves to the sell request itself (LINK_HREF), and the Studio refuses a seller
 * button that leads anywhere else (sellerLinkProblem), so staff cannot send sellers astray again.
 */

/** Contact subjects that mean selling: a link preselecting one leads to the sell request instead. */
export const SELL_FLOW_SUBJECTS: ReadonlyArray<string> = ['ankauf', 'bewertung']

/** Lead forms that continue into the sell request („MIT FOTOS WEITER“): the valuation forms. */
export const SELL_FLOW_FORMS: ReadonlyArray<string> = ['valuation', 'valuation-bmw', 'brand-purchase', 'student']

/** A label a seller reads as „here I sell my car“ („AUTO BEWERTEN LASSEN“, „WERT ERMITTELN“, „ANGEBOT ANFORDERN“ …). */
const SELLER_LABEL = /bewert|verkaufen|ankauf|wert ermitteln|angebot anfordern/i

export function isSellerLabel(label: string | null | undefined): boolean {
  return SELLER_LABEL.test(label ?? '')
}

/** Whether a section of a page (`leadFormSection` with `form` „valuation:muenster“ …) is a form that continues into the sell request. */
export function isSellFlowSection(section: { _type?: string; form?: string } | undefined): boolean {
  return section?._type === 'leadFormSection' && SELL_FLOW_FORMS.includes(section.form?.split(':')[0] ?? '')
}

export const SELLER_LINK_MESSAGE =
  'Diese Schaltfläche spricht Verkäufer an und muss zum Verkaufsformular führen: Wählen Sie „Website-Bereich“ › „Auto verkaufen (mit Fotos)“ – oder ein Bewertungsformular dieser Seite.'

/**
 * Why a button with this label may not lead where it does, or undefined. `doc` is the document the
 * button is on (its sections decide what an in-page jump reaches); the home page's contact section
 * is the general contact form.
 */
export function sellerLinkProblem(
  link: (LinkTarget & { label?: string }) | undefined,
  doc: { _type?: string; sections?: Array<{ _type?: string; anchor?: string; form?: string }> } | undefined,
): string | undefined {
  if (!link?.linkType || !isSellerLabel(link.label)) return undefined
  if (link.linkType === 'route' && link.route === SALE_PATH) return undefined
  if (link.linkType === 'section') {
    if (link.subject && SELL_FLOW_SUBJECTS.includes(link.subject)) return undefined
    if (doc?._type !== 'homePage' && isSellFlowSection(doc?.sections?.find((section) => section.anchor === link.anchor))) return undefined
  }
  return SELLER_LINK_MESSAGE
}

/** A phone number as `tel:` takes it: digits, optionally a leading +, spaces, slashes, brackets and hyphens. */
export const PHONE_PATTERN = /^\+?[\d\s/()-]{3,}$/
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** Only web addresses leave the site; `javascript:` and the like never do. */
export const URL_PATTERN = /^https?:\/\/[^\s/]+\.[^\s]+$/

export const LINK_MESSAGES = {
  type: 'Bitte wählen Sie, wohin der Link führt.',
  page: 'Bitte wählen Sie eine Seite.',
  section: 'Bitte wählen Sie einen Abschnitt.',
  route: 'Bitte wählen Sie einen Bereich der Website aus der Liste.',
  vehicle: 'Bitte wählen Sie ein Fahrzeug.',
  url: 'Bitte geben Sie eine vollständige Adresse mit https:// an.',
  phone: 'Bitte geben Sie eine Telefonnummer an, z. B. +49 201 851234.',
  email: 'Bitte geben Sie eine E-Mail-Adresse an, z. B. info@beispiel.de.',
} as const

/** A section a link can jump to: its id (the section's „Sprungziel“) and a German name for it. */
export interface LinkSection {
  value: string
  title: string
}

/** What a page-like document tells about its sections (its type, and per section the anchor and heading). */
export interface SectionsOf {
  _id?: string
  _type?: string
  sections?: Array<{ anchor?: string; heading?: string; title?: string }>
}

/** The sections of a page (or the fixed ones of the home page) that a link can jump to. */
export function linkSectionsOf(doc: SectionsOf | undefined | null): LinkSection[] {
  if (doc?._type === 'homePage') return HOME_SECTIONS.map((section) => ({ ...section }))
  return (doc?.sections ?? []).flatMap((section) =>
    section.anchor ? [{ value: section.anchor, title: [section.heading ?? section.title, section.anchor].filter(Boolean).join(' · ') }] : [],
  )
}

/** The query for a referenced page's sections: published and draft, the draft wins (pickDraft). */
export const LINK_SECTIONS_QUERY = '*[_id in [$id, "drafts." + $id]]{_id, _type, "sections": sections[]{anchor, heading, title}}'

/** The draft of a document if there is one (staff's last saved state), else the published one. */
export function pickDraft<T extends { _id?: string }>(docs: ReadonlyArray<T>): T | undefined {
  return docs.find((doc) => doc._id?.startsWith('drafts.')) ?? docs[0]
}

/** The message for an anchor that the target page does not have, naming those it has. */
export function unknownAnchorMessage(anchors: ReadonlyArray<string>): string {
  return anchors.length === 0 ? 'Diese Seite hat keine Abschnitte mit Sprungziel.' : `Diese Seite hat nur diese Sprungziele: ${anchors.join(', ')}.`
}

/** The stored shape of a link's target (the fields shared by buttons, menu entries, text links and tiles). */
export interface LinkTarget {
  linkType?: LinkType
  page?: { _type: 'reference'; _ref: string }
  anchor?: string
  subject?: string
  route?: string
  vehicle?: { _type: 'reference'; _ref: string }
  url?: string
  phone?: string
  email?: string
}

/**
 * The structured link for a link target written as text (the seed's hand-written form and the old
 * free-text fields): `/path` of a page → a reference, a programmed route → the fixed list, `#id` and
 * `?betreff=…#id` → a section of the same page, `tel:`, `mailto:`, `https://`. `pageIds` maps page
 * paths (and `/` for the home page) to document ids; a target that matches nothing throws, so the
 * seed cannot hold a link that points nowhere.
 */
export function linkFromTarget(target: string, pageIds: ReadonlyMap<string, string>): LinkTarget {
  const section = /^(?:\?betreff=([\w-]+))?#([a-z][a-z0-9-]*)$/.exec(target)
  if (section) return { linkType: 'section', anchor: section[2], ...(section[1] ? { subject: section[1] } : {}) }
  if (target.startsWith('tel:') && PHONE_PATTERN.test(target.slice(4))) return { linkType: 'phone', phone: target.slice(4) }
  if (target.startsWith('mailto:') && EMAIL_PATTERN.test(target.slice(7))) return { linkType: 'email', email: target.slice(7) }
  if (URL_PATTERN.test(target)) return { linkType: 'url', url: target }
  if (SITE_ROUTES.some((route) => route.value === target)) return { linkType: 'route', route: target }
  const [path = '', anchor] = target.split('#')
  const id = pageIds.get(path)
  if (id) return { linkType: 'page', page: { _type: 'reference', _ref: id }, ...(anchor ? { anchor } : {}) }
  throw new Error(`Link target ${JSON.stringify(target)} is no page, site route, section, phone, e-mail or web address`)
}

/** A short German description of where a link leads, for Studio previews. */
export function describeLinkTarget(
  link: LinkTarget & { pageTitle?: string; pageType?: string; vehicleMake?: string; vehicleModel?: string },
): string | undefined {
  const anchor = link.anchor ? ` › ${link.anchor}` : ''
  switch (link.linkType) {
    case 'page':
      return link.pageType === 'homePage' ? `Startseite${anchor}` : link.pageTitle ? `${link.pageTitle}${anchor}` : 'Seite fehlt'
    case 'section':
      return link.anchor ? `Abschnitt ${link.anchor}` : undefined
    case 'route':
      return SITE_ROUTES.find((route) => route.value === link.route)?.title
    case 'vehicle':
      return [link.vehicleMake, link.vehicleModel].filter(Boolean).join(' ') || 'Fahrzeug fehlt'
    case 'url':
      return link.url
    case 'phone':
      return link.phone
    case 'email':
      return link.email
    default:
      return undefined
  }
}
