import { LinkIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { describeLinkTarget, type LinkTarget } from '../lib/links'
import { LINK_PREVIEW_SELECT, linkTargetFields } from './linkFields'

/** A button: a label and where it leads (a page, a section of this page, a part of the site, a phone number…). */
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
    ...linkTargetFields(),
    defineField({
      name: 'primary',
      title: 'Hauptschaltfläche',
      type: 'boolean',
      description: 'Gefüllt in der Akzentfarbe statt nur umrandet.',
      initialValue: false,
    }),
  ],
  preview: {
    select: { label: 'label', primary: 'primary', ...LINK_PREVIEW_SELECT },
    prepare: ({ label, primary, ...target }: LinkTarget & { label?: string; primary?: boolean; pageTitle?: string; pageType?: string }) => ({
      title: label ?? 'Ohne Beschriftung',
      subtitle: [describeLinkTarget(target), primary ? 'Hauptschaltfläche' : undefined].filter(Boolean).join(' · '),
    }),
  },
})
