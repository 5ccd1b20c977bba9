import { TagsIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { sectionHeadingFields } from './fields'

/** A grid of service cards (icon, title, text, optional button such as MEHR ERFAHREN). */
export const serviceCardsSection = defineType({
  name: 'serviceCardsSection',
  title: 'Leistungskarten',
  type: 'object',
  icon: TagsIcon,
  fields: [
    ...sectionHeadingFields,
    defineField({
      name: 'cards',
      title: 'Karten',
      type: 'array',
      of: [defineArrayMember({ type: 'serviceCard' })],
      validation: (rule) => rule.required().min(2).max(9),
    }),
  ],
  preview: { select: { title: 'heading' }, prepare: ({ title }) => ({ title: title ?? 'Leistungskarten', subtitle: 'Leistungskarten' }) },
})
