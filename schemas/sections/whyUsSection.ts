import { StarIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { SERVICE_ICONS } from '../lib/constants'
import { sectionHeadingFields } from './fields'

/** "Warum wir": a few cards with an icon, a short title and a sentence or two. */
export const whyUsSection = defineType({
  name: 'whyUsSection',
  title: 'Warum wir',
  type: 'object',
  icon: StarIcon,
  fields: [
    ...sectionHeadingFields,
    defineField({
      name: 'cards',
      title: 'Karten',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'reason',
          title: 'Grund',
          type: 'object',
          fields: [
            defineField({ name: 'icon', title: 'Symbol', type: 'string', options: { list: [...SERVICE_ICONS] } }),
            defineField({ name: 'title', title: 'Titel', type: 'string', validation: (rule) => rule.required().max(60) }),
            defineField({ name: 'text', title: 'Text', type: 'text', rows: 3, validation: (rule) => rule.required().max(400) }),
          ],
        }),
      ],
      validation: (rule) => rule.required().min(2).max(6),
    }),
  ],
  preview: { select: { title: 'heading' }, prepare: ({ title }) => ({ title: title ?? 'Warum wir', subtitle: 'Warum wir' }) },
})
