import { ClockIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { titleOf, WEEKDAYS } from '../lib/constants'
import { minutesOf, TIME_PATTERN, TIME_PROBLEM } from '../lib/validation'
import { TimeInput } from '../components/time-input'

const timeField = (name: 'opens' | 'closes', title: string) =>
  defineField({
    name,
    title,
    type: 'string',
    description: 'Uhrzeit, z. B. 9, 16.30 oder 16:30 Uhr.',
    components: { input: TimeInput },
    validation: (rule) => rule.required().custom((value) => (value === undefined || TIME_PATTERN.test(value) ? true : TIME_PROBLEM)),
  })

/** Opening hours for a set of weekdays (schema.org OpeningHoursSpecification). */
export const openingHoursSpec = defineType({
  name: 'openingHoursSpec',
  title: 'Öffnungszeit',
  type: 'object',
  icon: ClockIcon,
  fields: [
    defineField({
      name: 'days',
      title: 'Tage',
      type: 'array',
      of: [defineArrayMember({ type: 'string' })],
      options: { list: [...WEEKDAYS], layout: 'grid' },
      validation: (rule) => rule.required().min(1).unique(),
    }),
    timeField('opens', 'Öffnet'),
    timeField('closes', 'Schließt'),
  ],
  validation: (rule) =>
    rule.custom((value: { opens?: string; closes?: string } | undefined) => {
      if (!value?.opens || !value.closes) return true
      if (!TIME_PATTERN.test(value.opens) || !TIME_PATTERN.test(value.closes)) return true
      return minutesOf(value.closes) > minutesOf(value.opens) ? true : 'Die Schließzeit muss nach der Öffnungszeit liegen.'
    }),
  preview: {
    select: { days: 'days', opens: 'opens', closes: 'closes' },
    prepare: ({ days, opens, closes }) => ({
      title: Array.isArray(days) ? days.map((day: string) => titleOf(WEEKDAYS, day)?.slice(0, 2) ?? day).join(', ') : 'Keine Tage',
      subtitle: `${opens ?? '??'}–${closes ?? '??'} Uhr`,
    }),
  },
})
