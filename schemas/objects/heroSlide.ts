import { ImagesIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { BUTTON_IN_LIST } from './link'

/** One slide of the home page's hero slider. */
export const heroSlide = defineType({
  name: 'heroSlide',
  title: 'Hero-Folie',
  type: 'object',
  icon: ImagesIcon,
  fields: [
    defineField({
      name: 'image',
      title: 'Hintergrundbild',
      type: 'imageWithAlt',
      description: 'Querformat, mindestens 1920 × 1080 Pixel, eher dunkel – darauf steht weißer Text.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'titleLine1',
      title: 'Titel, Zeile 1',
      type: 'string',
      validation: (rule) => rule.required().max(30),
    }),
    defineField({
      name: 'titleLine2',
      title: 'Titel, Zeile 2',
      type: 'string',
      description: 'Wird farbig hervorgehoben.',
      validation: (rule) => rule.max(30),
    }),
    defineField({
      name: 'subtitle',
      title: 'Untertitel',
      type: 'text',
      rows: 2,
      validation: (rule) => rule.required().max(200),
    }),
    defineField({
      name: 'buttons',
      title: 'Schaltflächen',
      type: 'array',
      of: [defineArrayMember(BUTTON_IN_LIST)],
      validation: (rule) => rule.required().min(1).max(2),
    }),
  ],
  preview: {
    select: { line1: 'titleLine1', line2: 'titleLine2', subtitle: 'subtitle', media: 'image' },
    prepare: ({ line1, line2, subtitle, media }) => ({
      title: [line1, line2].filter(Boolean).join(' ') || 'Ohne Titel',
      subtitle,
      media,
    }),
  },
})
