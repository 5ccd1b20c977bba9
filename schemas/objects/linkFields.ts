import { defineField, type ValidationContext } from 'sanity'
import { API_VERSION } from '../lib/constants'
import { LinkAnchorInput } from '../components/link-anchor-input'
import {
  EMAIL_PATTERN,
  LINK_MESSAGES,
  LINK_SECTIONS_QUERY,
  LINK_SUBJECTS,
  LINK_TYPES,
  type LinkTarget,
  linkSectionsOf,
  type LinkType,
  PHONE_PATTERN,
  pickDraft,
  type SectionsOf,
  SITE_ROUTES,
  unknownAnchorMessage,
} from '../lib/links'

/*
 * The fields of a link's target, shared by buttons (`link`), menu entries (`navLink`), links in
 * formatted text and area tiles, as in Sanity's "clean" Next.js template: a link type, and per type
 * one field, shown only for that type and required for it. A page is a (strong) reference, so the
 * Studio refuses to delete a page that a link points to, and a renamed path moves every link along.
 * The site turns the fields into the address in GROQ (LINK_HREF in app/sanity/queries/fragments.ts).
 */

type Parent = LinkTarget | undefined

function parentOf(context: ValidationContext): Parent {
  return context.parent as Parent
}

/** A field's rule: required when its link type is chosen; `check` the value's format then. */
function requiredFor(type: LinkType, message: string, check?: (value: string) => boolean) {
  return (value: unknown, context: ValidationContext) => {
    if (parentOf(context)?.linkType !== type) return true
    if (value === undefined || value === null || value === '') return message
    if (typeof value === 'object' && !('_ref' in value && (value as { _ref?: string })._ref)) return message
    if (check && typeof value === 'string' && !check(value.trim())) return message
    return true
  }
}

/** Section ids of the referenced page, as staff last saved it (the draft if there is one). */
async function anchorsOfReferencedPage(id: string, context: ValidationContext): Promise<string[]> {
  const docs = await context.getClient({ apiVersion: API_VERSION }).fetch<SectionsOf[]>(LINK_SECTIONS_QUERY, { id: id.replace(/^drafts\./, '') })
  return linkSectionsOf(pickDraft(docs)).map((section) => section.value)
}

/**
 * The target fields. `types` limits the choice (a menu entry has no "section of this page": it is on
 * every page); `optional` lets the whole link be empty (a tile without a link). `preselect` chooses
 * „Seite“ in a new link; off where the link is a field of its own that staff may leave empty (a
 * card's button): Sanity fills a new card's nested initial values, so a preselected type would
 * create a half-filled button on every new card, and the page could not be published.
 */
export function linkTargetFields({
  types = LINK_TYPES.map((type) => type.value),
  optional = false,
  preselect = !optional,
}: { types?: ReadonlyArray<LinkType>; optional?: boolean; preselect?: boolean } = {}) {
  const offered = LINK_TYPES.filter((type) => types.includes(type.value))
  const hiddenUnless =
    (type: LinkType) =>
    ({ parent }: { parent?: Parent }) =>
      parent?.linkType !== type
  return [
    defineField({
      name: 'linkType',
      title: 'Link führt zu',
      type: 'string',
      options: { list: [...offered], layout: 'radio', direction: 'horizontal' },
      ...(preselect ? { initialValue: types.includes('page') ? 'page' : types[0] } : {}),
      // The list itself refuses a type not offered here.
      validation: (rule) => rule.custom((value) => ((value === undefined || value === null) && !optional ? LINK_MESSAGES.type : true)),
    }),
    ...(types.includes('page')
      ? [
          defineField({
            name: 'page',
            title: 'Seite',
            type: 'reference',
            to: [{ type: 'page' }, { type: 'homePage' }],
            hidden: hiddenUnless('page'),
            validation: (rule) => rule.custom(requiredFor('page', LINK_MESSAGES.page)),
          }),
        ]
      : []),
    ...(types.includes('page') || types.includes('section')
      ? [
          defineField({
            name: 'anchor',
            title: 'Abschnitt',
            type: 'string',
            description: 'Die Liste zeigt die Abschnitte der Seite, die ein Sprungziel haben (im Abschnitt unter „Erweitert“).',
            components: { input: LinkAnchorInput },
            hidden: ({ parent }: { parent?: Parent }) => parent?.linkType !== 'page' && parent?.linkType !== 'section',
            validation: (rule) =>
              rule.custom(async (value, context) => {
                const parent = parentOf(context)
                if (parent?.linkType === 'section' && !value) return LINK_MESSAGES.section
                if (!value || !parent?.linkType || !types.includes(parent.linkType) || (parent.linkType !== 'section' && parent.linkType !== 'page'))
                  return true
                if (parent.linkType === 'page' && !parent.page?._ref) return true
                const anchors =
                  parent.linkType === 'section'
                    ? linkSectionsOf(context.document as SectionsOf).map((section) => section.value)
                    : await anchorsOfReferencedPage(parent.page!._ref, context)
                return anchors.includes(value) ? true : unknownAnchorMessage(anchors)
              }),
          }),
        ]
      : []),
    ...(types.includes('section')
      ? [
          defineField({
            name: 'subject',
            title: 'Betreff vorauswählen',
            type: 'string',
            description:
              'Optional: das Kontaktformular öffnet mit diesem Betreff. „Fahrzeug verkaufen“ und „Fahrzeugbewertung“ führen stattdessen direkt zum Verkaufsformular mit Fotos.',
            options: { list: [...LINK_SUBJECTS] },
            hidden: hiddenUnless('section'),
          }),
        ]
      : []),
    ...(types.includes('route')
      ? [
          defineField({
            name: 'route',
            title: 'Bereich der Website',
            type: 'string',
            options: { list: [...SITE_ROUTES] },
            hidden: hiddenUnless('route'),
            // The list itself refuses other values.
            validation: (rule) => rule.custom(requiredFor('route', LINK_MESSAGES.route)),
          }),
        ]
      : []),
    ...(types.includes('vehicle')
      ? [
          defineField({
            name: 'vehicle',
            title: 'Fahrzeug',
            type: 'reference',
            to: [{ type: 'vehicle' }],
            hidden: hiddenUnless('vehicle'),
            validation: (rule) => rule.custom(requiredFor('vehicle', LINK_MESSAGES.vehicle)),
          }),
        ]
      : []),
    ...(types.includes('url')
      ? [
          defineField({
            name: 'url',
            title: 'Adresse',
            type: 'url',
            description: 'Eine Website außerhalb, z. B. https://www.mobile.de/.',
            hidden: hiddenUnless('url'),
            // The url type itself refuses anything but http(s) addresses (so never `javascript:`; schemas/links.test.ts).
            validation: (rule) => rule.custom(requiredFor('url', LINK_MESSAGES.url)),
          }),
        ]
      : []),
    ...(types.includes('phone')
      ? [
          defineField({
            name: 'phone',
            title: 'Telefonnummer',
            type: 'string',
            hidden: hiddenUnless('phone'),
            validation: (rule) => rule.custom(requiredFor('phone', LINK_MESSAGES.phone, (value) => PHONE_PATTERN.test(value))),
          }),
        ]
      : []),
    ...(types.includes('email')
      ? [
          defineField({
            name: 'email',
            title: 'E-Mail-Adresse',
            type: 'string',
            hidden: hiddenUnless('email'),
            validation: (rule) => rule.custom(requiredFor('email', LINK_MESSAGES.email, (value) => EMAIL_PATTERN.test(value))),
          }),
        ]
      : []),
  ]
}

/** Preview fields that name a link's target (select these, then describeLinkTarget). */
export const LINK_PREVIEW_SELECT = {
  linkType: 'linkType',
  anchor: 'anchor',
  route: 'route',
  url: 'url',
  phone: 'phone',
  email: 'email',
  pageTitle: 'page.title',
  pageType: 'page._type',
  vehicleMake: 'vehicle.make',
  vehicleModel: 'vehicle.model',
} as const
