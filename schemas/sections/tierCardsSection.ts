import { StackCompactIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { sectionHeadingFields } from './fields'

/** Partner tiers side by side (Bronze, Silber, Gold): volume, payment term and perks. */
export const tierCardsSection = defineType({
  name: 'tierCardsSection',
  title: 'Stufen / Pakete',
  type: 'object',
  icon: StackCompactIcon,
  fields: [
    ...sectionHeadingFields,
    defineField({
      name: 'tiers',
      title: 'Stufen',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'tier',
          title: 'Stufe',
          type: 'object',
          fields: [
            defineField({ name: 'name', title: 'Name', type: 'string', validation: (rule) => rule.required().max(40) }),
            defineField({
              name: 'volume',
              title: 'Volumen',
              type: 'string',
              description: 'Z. B. „5–15 Fahrzeuge pro Jahr“.',
              validation: (rule) => rule.required().max(60),
            }),
            defineField({
              name: 'paymentTerm',
              title: 'Zahlungsziel',
              type: 'string',
              description: 'Z. B. „7 Tage Zahlungsziel“.',
              validation: (rule) => rule.max(60),
            }),
            defineField({ name: 'perks', title: 'Leistungen', type: 'array', of: [defineArrayMember({ type: 'string' })], validation: (rule) => rule.max(8) }),
            defineField({ name: 'highlighted', title: 'Hervorgehoben', type: 'boolean', initialValue: false }),
          ],
          preview: { select: { title: 'name', subtitle: 'volume' } },
        }),
      ],
      validation: (rule) => rule.required().min(2).max(4),
    }),
    defineField({ name: 'note', title: 'Hinweis darunter', type: 'text', rows: 2, validation: (rule) => rule.max(400) }),
  ],
  preview: { select: { title: 'heading' }, prepare: ({ title }) => ({ title: title ?? 'Stufen', subtitle: 'Stufen / Pakete' }) },
})
