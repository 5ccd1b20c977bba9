import { OlistIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'

/** One step of the purchase process („01 TERMIN VEREINBAREN“). */
export const processStep = defineType({
  name: 'processStep',
  title: 'Prozessschritt',
  type: 'object',
  icon: OlistIcon,
  fields: [
    defineField({
      name: 'number',
      title: 'Nummer',
      type: 'string',
      description: 'Zweistellig, z. B. 01.',
      validation: (rule) =>
        rule
          .required()
          .regex(/^\d{2}$/, { name: 'zweistellige Nummer', invert: false })
          .error('Bitte eine zweistellige Nummer wie 01 angeben.'),
    }),
    defineField({
      name: 'title',
      title: 'Titel',
      type: 'string',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'description',
      title: 'Beschreibung',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(300),
    }),
  ],
  preview: {
    select: { number: 'number', title: 'title', subtitle: 'description' },
    prepare: ({ number, title, subtitle }) => ({ title: `${number ?? '??'} ${title ?? ''}`.trim(), subtitle }),
  },
})
