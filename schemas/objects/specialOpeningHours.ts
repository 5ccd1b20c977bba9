import { CalendarIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { SPECIAL_LEAD_DAYS, SPECIAL_NOTE_MAX, specialOpeningHoursText } from '../lib/opening-hours'
import { minutesOf, TIME_PATTERN, TIME_PROBLEM } from '../lib/validation'
import { GERMAN_DATE } from '../lib/constants'
import { TimeInput } from '../components/time-input'

interface Entry {
  from?: string
  to?: string
  closed?: boolean
  opens?: string
  closes?: string
}

const entryOf = (context: { parent?: unknown }) => (context.parent ?? {}) as Entry

const timeField = (name: 'opens' | 'closes', title: string) =>
  defineField({
    name,
    title,
    type: 'string',
    description: 'Uhrzeit, z. B. 9, 16.30 oder 16:30 Uhr.',
    components: { input: TimeInput },
    hidden: ({ parent }) => (parent as Entry | undefined)?.closed !== false,
    validation: (rule) =>
      rule.custom((value: string | undefined, context) => {
        if (entryOf(context).closed !== false) return true
        if (!value) return 'Bitte eine Uhrzeit angeben oder „Geschlossen“ wählen.'
        return TIME_PATTERN.test(value) ? true : TIME_PROBLEM
      }),
  })

/**
 * A dated exception to the opening hours (a holiday closing, shorter hours on Silvester): it applies
 * to every variant, is announced `leadDays` days ahead and ends by itself (schemas/lib/opening-hours.ts).
 */
export const specialOpeningHours = defineType({
  name: 'specialOpeningHours',
  title: 'Sonderöffnungszeit',
  type: 'object',
  icon: CalendarIcon,
  fields: [
    defineField({
      name: 'from',
      title: 'Datum',
      type: 'date',
      description: 'Der Tag, bei mehreren Tagen der erste.',
      options: GERMAN_DATE,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'to',
      title: 'Bis einschließlich',
      type: 'date',
      description: 'Nur bei mehreren Tagen, z. B. Betriebsferien. Leer lassen für einen einzelnen Tag.',
      options: GERMAN_DATE,
      validation: (rule) =>
        rule.custom((value: string | undefined, context) => {
          const { from } = entryOf(context)
          return !value || !from || value >= from ? true : 'Das Enddatum darf nicht vor dem ersten Tag liegen.'
        }),
    }),
    defineField({
      name: 'closed',
      title: 'Geschlossen',
      type: 'boolean',
      description: 'Ausschalten, um an diesen Tagen besondere Öffnungszeiten anzugeben.',
      initialValue: true,
      validation: (rule) => rule.required(),
    }),
    timeField('opens', 'Öffnet'),
    timeField('closes', 'Schließt'),
    defineField({
      name: 'note',
      title: 'Anlass',
      type: 'string',
      description: 'Erscheint in Klammern nach dem Datum, z. B. „Heiligabend“ oder „Betriebsferien“.',
      validation: (rule) => rule.max(SPECIAL_NOTE_MAX),
    }),
    defineField({
      name: 'leadDays',
      title: 'Vorher ankündigen (Tage)',
      type: 'number',
      description: `So viele Tage vor dem ersten Tag erscheint der Hinweis auf der Website (${SPECIAL_LEAD_DAYS.min}–${SPECIAL_LEAD_DAYS.max}). Nach dem letzten Tag verschwindet er von selbst.`,
      initialValue: SPECIAL_LEAD_DAYS.initial,
      validation: (rule) => rule.required().integer().min(SPECIAL_LEAD_DAYS.min).max(SPECIAL_LEAD_DAYS.max),
    }),
  ],
  validation: (rule) =>
    rule.custom((value: Entry | undefined) => {
      if (value?.closed !== false || !value.opens || !value.closes) return true
      if (!TIME_PATTERN.test(value.opens) || !TIME_PATTERN.test(value.closes)) return true
      return minutesOf(value.closes) > minutesOf(value.opens) ? true : 'Die Schließzeit muss nach der Öffnungszeit liegen.'
    }),
  preview: {
    select: { from: 'from', to: 'to', closed: 'closed', opens: 'opens', closes: 'closes', note: 'note' },
    prepare: ({ from, to, closed, opens, closes, note }) => ({
      // As the site writes it: „24.12. geschlossen (Heiligabend)“, with the year below.
      title: from ? specialOpeningHoursText({ from, to, closed, opens, closes, note }) : 'Ohne Datum',
      subtitle: typeof from === 'string' ? from.slice(0, 4) : undefined,
    }),
  },
})
