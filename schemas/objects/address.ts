import { PinIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'

/** A postal address (schema.org PostalAddress). */
export const address = defineType({
  name: 'address',
  title: 'Adresse',
  type: 'object',
  icon: PinIcon,
  fields: [
    defineField({ name: 'street', title: 'Straße und Hausnummer', type: 'string', validation: (rule) => rule.required() }),
    defineField({
      name: 'postalCode',
      title: 'PLZ',
      type: 'string',
      validation: (rule) => rule.required().custom((value) => (value === undefined || /^\d{5}$/.test(value) ? true : 'Eine deutsche PLZ hat fünf Ziffern.')),
    }),
    defineField({ name: 'city', title: 'Ort', type: 'string', validation: (rule) => rule.required() }),
    defineField({ name: 'region', title: 'Bundesland', type: 'string', description: 'Z. B. NRW.' }),
    defineField({
      name: 'country',
      title: 'Land',
      type: 'string',
      description: 'ISO-Ländercode, z. B. DE.',
      initialValue: 'DE',
      validation: (rule) =>
        rule.required().custom((value) => (value === undefined || /^[A-Z]{2}$/.test(value) ? true : 'Bitte den zweistelligen ISO-Code angeben, z. B. DE.')),
    }),
  ],
  preview: {
    select: { street: 'street', postalCode: 'postalCode', city: 'city' },
    prepare: ({ street, postalCode, city }) => ({ title: street, subtitle: [postalCode, city].filter(Boolean).join(' ') }),
  },
})
