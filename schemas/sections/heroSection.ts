import { ImageIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { BUTTON_IN_LIST } from '../objects/link'
import { anchorField, eyebrowField } from './fields'

/** The page's opening: the H1, a subtitle, an optional claim such as the distance from Essen, buttons and a background image. */
export const heroSection = defineType({
  name: 'heroSection',
  title: 'Hero',
  type: 'object',
  icon: ImageIcon,
  fields: [
    anchorField,
    eyebrowField,
    defineField({
      name: 'heading',
      title: 'Überschrift (H1)',
      type: 'string',
      description: 'Die Hauptüberschrift der Seite; jede Seite hat genau eine.',
      validation: (rule) => rule.required().max(90),
    }),
    defineField({ name: 'subtitle', title: 'Untertitel', type: 'text', rows: 3, validation: (rule) => rule.max(300) }),
    defineField({
      name: 'claim',
      title: 'Hervorhebung',
      type: 'string',
      description: 'Optional, z. B. „Nur ca. 15 Minuten von Essen“ oder „65 km von Essen“.',
      validation: (rule) => rule.max(80),
    }),
    defineField({
      name: 'buttons',
      title: 'Schaltflächen',
      type: 'array',
      of: [defineArrayMember(BUTTON_IN_LIST)],
      validation: (rule) => rule.max(2),
    }),
    defineField({ name: 'image', title: 'Hintergrundbild', type: 'imageWithAlt', validation: (rule) => rule.required() }),
  ],
  preview: {
    select: { title: 'heading', subtitle: 'claim', media: 'image' },
    prepare: ({ title, subtitle, media }) => ({ title: title ?? 'Hero', subtitle: ['Hero', subtitle].filter(Boolean).join(' · '), media }),
  },
})
