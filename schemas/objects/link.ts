import { LinkIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { describeLinkTarget, type LinkTarget, sellerLinkProblem } from '../lib/links'
import { LINK_PREVIEW_SELECT, linkTargetFields } from './linkFields'

/**
 * A button: a label and where it leads (a page, a section of this page, a part of the site, a phone
 * number…). No initial values of its own: a card's or a feature's button is an optional field, and
 * Sanity would create it half-filled with every new card (linkFields.ts); lists of buttons preselect
 * „Seite“ for the buttons staff add (BUTTON_IN_LIST).
 */
export const link = defineType({
  name: 'link',
  title: 'Schaltfläche',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({
      name: 'label',
      title: 'Beschriftung',
      type: 'string',
      validation: (rule) => rule.required().max(40),
    }),
    ...linkTargetFields({ preselect: false }),
    defineField({
      name: 'primary',
      title: 'Hauptschaltfläche',
      type: 'boolean',
      description: 'Gefüllt in der Akzentfarbe statt nur umrandet.',
    }),
  ],
  // A seller's button leads into the sell flow (issue 36, docs/decisions/066).
  validation: (rule) =>
    rule.custom(
      (value, context) =>
        sellerLinkProblem(value as (LinkTarget & { label?: string }) | undefined, context.document as Parameters<typeof sellerLinkProblem>[1]) ?? true,
    ),
  preview: {
    select: { label: 'label', primary: 'primary', ...LINK_PREVIEW_SELECT },
    prepare: ({ label, primary, ...target }: LinkTarget & { label?: string; primary?: boolean; pageTitle?: string; pageType?: string }) => ({
      title: label ?? 'Ohne Beschriftung',
      subtitle: [describeLinkTarget(target), primary ? 'Hauptschaltfläche' : undefined].filter(Boolean).join(' · '),
    }),
  },
})

/** A button in a list (a hero's buttons): added on purpose, so its link type starts at „Seite“. */
export const BUTTON_IN_LIST = { type: 'link', initialValue: { linkType: 'page', primary: false } } as const
