import { OlistIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { sectionHeadingFields } from './fields'

/** Numbered steps of a process (01 KONTAKT … 04 ABWICKLUNG). */
export const processSection = defineType({
  name: 'processSection',
  title: 'Ablauf',
  type: 'object',
  icon: OlistIcon,
  fields: [
    ...sectionHeadingFields,
    defineField({
      name: 'steps',
      title: 'Schritte',
      type: 'array',
      of: [defineArrayMember({ type: 'processStep' })],
      validation: (rule) => rule.required().min(2).max(6),
    }),
  ],
  preview: { select: { title: 'heading' }, prepare: ({ title }) => ({ title: title ?? 'Ablauf', subtitle: 'Ablauf' }) },
})
