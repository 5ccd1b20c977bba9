import { BarChartIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'

/** One counter of a statistics band: number, suffix and label (e.g. 2500 + „Verkaufte Fahrzeuge“). */
export const statItem = defineType({
  name: 'statItem',
  title: 'Kennzahl',
  type: 'object',
  icon: BarChartIcon,
  fields: [
    defineField({
      name: 'number',
      title: 'Zahl',
      type: 'number',
      description: 'Der Zähler läuft beim Einblenden von 0 bis zu dieser Zahl hoch.',
      validation: (rule) => rule.required().min(0),
    }),
    defineField({
      name: 'suffix',
      title: 'Zusatz',
      type: 'string',
      description: 'Steht direkt hinter der Zahl, z. B. „+“, „%“ oder „h“.',
      validation: (rule) => rule.max(4),
    }),
    defineField({
      name: 'label',
      title: 'Beschriftung',
      type: 'string',
      validation: (rule) => rule.required().max(60),
    }),
  ],
  validation: (rule) =>
    rule.custom((value: { number?: number; suffix?: string } | undefined) =>
      value?.suffix === '%' && typeof value.number === 'number' && value.number > 100 ? 'Ein Prozentwert kann höchstens 100 sein.' : true,
    ),
  preview: {
    select: { number: 'number', suffix: 'suffix', label: 'label' },
    prepare: ({ number, suffix, label }) => ({
      title: `${number ?? '–'}${suffix ?? ''}`,
      subtitle: label,
    }),
  },
})
