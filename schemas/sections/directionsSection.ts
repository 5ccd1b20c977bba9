import { PinIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { sectionHeadingFields } from './fields'

/**
 * Address, directions and the map. The map is an OpenStreetMap frame that loads only after the
 * visitor clicks (no request to a third party before consent).
 */
export const directionsSection = defineType({
  name: 'directionsSection',
  title: 'Anfahrt mit Karte',
  type: 'object',
  icon: PinIcon,
  fields: [
    ...sectionHeadingFields,
    defineField({
      name: 'directions',
      title: 'Anfahrtshinweise',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'direction',
          title: 'Hinweis',
          type: 'object',
          fields: [
            defineField({
              name: 'mode',
              title: 'Art',
              type: 'string',
              options: {
                list: [
                  { title: 'Auto', value: 'car' },
                  { title: 'Parken', value: 'parking' },
                  { title: 'Bus und Bahn', value: 'transit' },
                ],
              },
              validation: (rule) => rule.required(),
            }),
            defineField({ name: 'title', title: 'Titel', type: 'string', validation: (rule) => rule.required().max(60) }),
            defineField({ name: 'text', title: 'Text', type: 'text', rows: 3, validation: (rule) => rule.required().max(400) }),
          ],
          preview: { select: { title: 'title', subtitle: 'text' } },
        }),
      ],
      validation: (rule) => rule.required().min(1).max(6),
    }),
    defineField({
      name: 'mapConsentText',
      title: 'Hinweis vor dem Laden der Karte',
      type: 'text',
      rows: 3,
      description: 'Erklärt, dass beim Laden Daten an OpenStreetMap übertragen werden.',
      validation: (rule) => rule.required().max(400),
    }),
  ],
  preview: { select: { title: 'heading' }, prepare: ({ title }) => ({ title: title ?? 'Anfahrt', subtitle: 'Anfahrt mit Karte' }) },
})
