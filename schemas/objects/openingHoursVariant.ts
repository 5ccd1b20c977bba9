import { ClockIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { OPENING_HOURS_KEYS, titleOf, WEEKDAYS } from '../lib/constants'
import { openingHoursConflict, openingHoursLines } from '../lib/opening-hours'

/**
 * One reading of the opening hours. The spec gives four (home, general, city, student). `specs`
 * are the one source: they feed the structured data, and the lines on the page are derived from
 * them (schemas/lib/opening-hours.ts), followed by the optional note.
 */
export const openingHoursVariant = defineType({
  name: 'openingHoursVariant',
  title: 'Öffnungszeiten-Variante',
  type: 'object',
  icon: ClockIcon,
  fields: [
    // Which pages use the variant: fixed with the variant, so hidden and never edited (issue 27).
    defineField({
      name: 'key',
      title: 'Verwendung',
      type: 'string',
      options: { list: [...OPENING_HOURS_KEYS] },
      readOnly: true,
      hidden: true,
      validation: (rule) => rule.required(),
    }),
    // An internal name from before the variants were fixed; the title comes from `key` now.
    defineField({ name: 'label', title: 'Bezeichnung', type: 'string', readOnly: true, hidden: true }),
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
      name: 'note',
      title: 'Zusatz',
      type: 'string',
      description: 'Optional, erscheint unter den Zeiten, z. B. „An Feiertagen geschlossen.“ Die Zeiten selbst ergeben sich aus den Öffnungszeiten oben.',
      validation: (rule) => rule.max(120),
    }),
  ],
  validation: (rule) => rule.custom(openingHoursConflict),
  preview: {
    select: { key: 'key', label: 'label', specs: 'specs', byAppointmentDays: 'byAppointmentDays', note: 'note' },
    prepare: ({ key, label, specs, byAppointmentDays, note }) => ({
      title: titleOf(OPENING_HOURS_KEYS, key) ?? label ?? 'Öffnungszeiten',
      // What the page shows, derived as the site derives it.
      subtitle: openingHoursLines({ specs, byAppointmentDays, note }).join(' · '),
    }),
  },
})
