import { LinkIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { describeLinkTarget, type LinkTarget, sellerLinkProblem } from '../lib/links'
import { LINK_PREVIEW_SELECT, linkTargetFields } from './linkFields'

/** An entry of the main navigation or the footer: on every page, so never "a section of this page". */
export const navLink = defineType({
  name: 'navLink',
  title: 'Menüeintrag',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({
      name: 'label',
      title: 'Beschriftung',
      type: 'string',
      validation: (rule) => rule.required().max(40),
    }),
    ...linkTargetFields({ types: ['page', 'route', 'vehicle', 'url', 'phone', 'email'] }),
  ],
  // A seller's button leads into the sell flow (issue 36, docs/decisions/066).
  validation: (rule) =>
    rule.custom(
      (value, context) =>
        sellerLinkProblem(value as (LinkTarget & { label?: string }) | undefined, context.document as Parameters<typeof sellerLinkProblem>[1]) ?? true,
    ),
  preview: {
    select: { label: 'label', ...LINK_PREVIEW_SELECT },
    prepare: ({ label, ...target }: LinkTarget & { label?: string; pageTitle?: string; pageType?: string }) => ({
      title: label ?? 'Ohne Beschriftung',
      subtitle: describeLinkTarget(target),
    }),
  },
})
