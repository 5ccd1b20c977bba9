import { ClockIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { OPENING_HOURS_KEYS, titleOf, WEEKDAYS } from '../lib/constants'

/**
 * One reading of the opening hours. The spec gives four (home, general, city, student);
 * `specs` feed the structured data, `displayLines` are shown on the page.
 */
export const openingHoursVariant = defineType({
  name: 'openingHoursVariant',
  title: 'Öffnungszeiten-Variante',
  type: 'object',
  icon: ClockIcon,
  fields: [
    defineField({
      name: 'key',
      title: 'Verwendung',
      type: 'string',
      description: 'Auf welchen Seiten diese Öffnungszeiten gelten.',
      options: { list: [...OPENING_HOURS_KEYS] },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'label',
      title: 'Bezeichnung',
      type: 'string',
      description: 'Nur für die Redaktion.',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'specs',
      title: 'Öffnungszeiten',
      type: 'array',
      of: [defineArrayMember({ type: 'openingHoursSpec' })],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'byAppointmentDays',
      title: 'Nach Vereinbarung',
      type: 'array',
      description: 'Tage, an denen Termine nur nach Absprache möglich sind.',
      of: [defineArrayMember({ type: 'string' })],
      options: { list: [...WEEKDAYS], layout: 'grid' },
      validation: (rule) => rule.unique(),
    }),
    defineField({
      name: 'displayLines',
      title: 'Anzeige auf der Seite',
      type: 'array',
      description: 'Je eine Zeile, z. B. „Mo–Fr: 09:00–18:00 Uhr“.',
      of: [defineArrayMember({ type: 'string' })],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: { key: 'key', label: 'label', line0: 'displayLines.0', line1: 'displayLines.1', line2: 'displayLines.2' },
    prepare: ({ key, label, line0, line1, line2 }) => ({
      title: label ?? titleOf(OPENING_HOURS_KEYS, key) ?? 'Öffnungszeiten',
      subtitle: [line0, line1, line2].filter(Boolean).join(' · '),
    }),
  },
})
