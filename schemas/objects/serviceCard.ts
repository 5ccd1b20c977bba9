import { TagIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { SERVICE_ICONS, titleOf } from '../lib/constants'

/** A service teaser: icon, title, short text and an optional button. */
export const serviceCard = defineType({
  name: 'serviceCard',
  title: 'Leistungskarte',
  type: 'object',
  icon: TagIcon,
  fields: [
    defineField({
      name: 'icon',
      title: 'Symbol',
      type: 'string',
      options: { list: [...SERVICE_ICONS] },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'title',
      title: 'Titel',
      type: 'string',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'description',
      title: 'Beschreibung',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(400),
    }),
    defineField({
      name: 'action',
      title: 'Schaltfläche',
      type: 'link',
    }),
  ],
  preview: {
    select: { title: 'title', icon: 'icon', action: 'action.label' },
    prepare: ({ title, icon, action }) => ({
      title: title ?? 'Ohne Titel',
      subtitle: [titleOf(SERVICE_ICONS, icon), action].filter(Boolean).join(' · '),
    }),
  },
})
