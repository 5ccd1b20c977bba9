import { BlockContentIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { anchorField } from '../sections/fields'

/** The spec's reusable feature section: text, checklist, image and button, optionally mirrored. */
export const featureSection = defineType({
  name: 'featureSection',
  title: 'Text mit Bild',
  type: 'object',
  icon: BlockContentIcon,
  fields: [
    anchorField,
    defineField({ name: 'eyebrow', title: 'Untertitel', type: 'string', validation: (rule) => rule.max(60) }),
    defineField({ name: 'title', title: 'Titel', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({ name: 'description', title: 'Beschreibung', type: 'text', rows: 4 }),
    defineField({
      name: 'checklist',
      title: 'Checkliste',
      type: 'array',
      of: [defineArrayMember({ type: 'string' })],
    }),
    defineField({ name: 'image', title: 'Bild', type: 'imageWithAlt' }),
    defineField({ name: 'button', title: 'Schaltfläche', type: 'link' }),
    defineField({
      name: 'mirrored',
      title: 'Gespiegelt',
      type: 'boolean',
      description: 'Bild links, Text rechts.',
      initialValue: false,
    }),
  ],
  preview: {
    select: { title: 'title', subtitle: 'eyebrow', media: 'image' },
  },
})
