import { LinkIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { isValidLinkTarget, LINK_TARGET_HINT } from '../lib/validation'

/** An entry of the main navigation or the footer. */
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
    defineField({
      name: 'href',
      title: 'Ziel',
      type: 'string',
      description: 'Meist ein Pfad der Website, z. B. /vehicles.',
      validation: (rule) => rule.required().custom((value) => (value === undefined || isValidLinkTarget(value) ? true : LINK_TARGET_HINT)),
    }),
  ],
  preview: {
    select: { title: 'label', subtitle: 'href' },
  },
})
