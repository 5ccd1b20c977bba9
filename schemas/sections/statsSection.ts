import { BarChartIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { counterText } from '../objects/statItem'
import { anchorField, optionalHeadingField } from './fields'

/** A band of animated counters (number, suffix, label), e.g. 2500+ Fahrzeuge angekauft. */
export const statsSection = defineType({
  name: 'statsSection',
  // „Zähler“, not „Kennzahlen“: those are the company's figures in Einstellungen.
  title: 'Zähler',
  type: 'object',
  icon: BarChartIcon,
  fields: [
    anchorField,
    { ...optionalHeadingField, description: 'Nur für Screenreader, wenn leer wird „Kennzahlen“ vorgelesen.' },
    defineField({
      name: 'items',
      title: 'Zähler',
      type: 'array',
      of: [defineArrayMember({ type: 'statItem' })],
      validation: (rule) => rule.required().min(2).max(4),
    }),
  ],
  preview: {
    select: { items: 'items' },
    prepare: ({ items }: { items?: Array<{ number?: number; suffix?: string; figure?: string }> }) => ({
      title: 'Zähler',
      subtitle: (items ?? []).map(counterText).join(' · '),
    }),
  },
})
