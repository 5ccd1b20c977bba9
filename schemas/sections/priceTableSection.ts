import { ThListIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { sectionHeadingFields } from './fields'

/** Example prices or price bands: „BMW 320d, Baujahr 2018 – ab 25.000 €“ or „3.000–8.000 €“. */
export const priceTableSection = defineType({
  name: 'priceTableSection',
  title: 'Preistabelle',
  type: 'object',
  icon: ThListIcon,
  fields: [
    ...sectionHeadingFields,
    defineField({
      name: 'columnLabels',
      title: 'Spaltenüberschriften',
      type: 'object',
      options: { collapsible: true, collapsed: true },
      fields: [
        defineField({ name: 'label', title: 'Erste Spalte', type: 'string', initialValue: 'Fahrzeug', validation: (rule) => rule.max(40) }),
        defineField({ name: 'detail', title: 'Zweite Spalte', type: 'string', initialValue: 'Details', validation: (rule) => rule.max(40) }),
        defineField({ name: 'price', title: 'Preisspalte', type: 'string', initialValue: 'Preis', validation: (rule) => rule.max(40) }),
      ],
    }),
    defineField({
      name: 'rows',
      title: 'Zeilen',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'priceRow',
          title: 'Zeile',
          type: 'object',
          fields: [
            defineField({ name: 'label', title: 'Bezeichnung', type: 'string', validation: (rule) => rule.required().max(80) }),
            defineField({
              name: 'detail',
              title: 'Detail',
              type: 'string',
              description: 'Z. B. Baujahr oder typische Modelle.',
              validation: (rule) => rule.max(160),
            }),
            defineField({ name: 'priceFrom', title: 'Preis ab (€)', type: 'number', validation: (rule) => rule.required().min(0).integer() }),
            defineField({
              name: 'priceTo',
              title: 'Preis bis (€)',
              type: 'number',
              description: 'Leer lassen für „ab …“.',
              validation: (rule) =>
                rule
                  .min(0)
                  .integer()
                  .custom((value, context) => {
                    const from = (context.parent as { priceFrom?: number } | undefined)?.priceFrom
                    return typeof value === 'number' && typeof from === 'number' && value < from ? 'Der Preis „bis“ darf nicht unter „ab“ liegen.' : true
                  }),
            }),
          ],
          preview: { select: { title: 'label', subtitle: 'detail' } },
        }),
      ],
      validation: (rule) => rule.required().min(1).max(20),
    }),
    defineField({ name: 'note', title: 'Hinweis darunter', type: 'text', rows: 2, validation: (rule) => rule.max(400) }),
  ],
  preview: { select: { title: 'heading' }, prepare: ({ title }) => ({ title: title ?? 'Preistabelle', subtitle: 'Preistabelle' }) },
})
