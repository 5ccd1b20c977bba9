import { PinIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { linkTargetFields } from '../objects/linkFields'
import { sectionHeadingFields } from './fields'

/** Tiles of places or regions, each with a detail (distance, what we do there). */
export const areaGridSection = defineType({
  name: 'areaGridSection',
  title: 'Einzugsgebiet (Kacheln)',
  type: 'object',
  icon: PinIcon,
  fields: [
    ...sectionHeadingFields,
    defineField({
      name: 'areas',
      title: 'Kacheln',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'area',
          title: 'Kachel',
          type: 'object',
          fields: [
            defineField({ name: 'name', title: 'Name', type: 'string', validation: (rule) => rule.required().max(60) }),
            defineField({
              name: 'detail',
              title: 'Detail',
              type: 'string',
              description: 'Z. B. „12 km“ oder „Abholung kostenlos“.',
              validation: (rule) => rule.max(160),
            }),
            // Optional: a tile without a link is a plain tile.
            ...linkTargetFields({ types: ['page', 'route', 'url'], optional: true }),
          ],
          preview: { select: { title: 'name', subtitle: 'detail' } },
        }),
      ],
      validation: (rule) => rule.required().min(2).max(24),
    }),
  ],
  preview: { select: { title: 'heading' }, prepare: ({ title }) => ({ title: title ?? 'Einzugsgebiet', subtitle: 'Einzugsgebiet (Kacheln)' }) },
})
