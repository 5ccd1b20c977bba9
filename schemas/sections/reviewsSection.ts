import { StarIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { sectionHeadingFields } from './fields'

/**
 * The latest customer reviews (Inhalte → Bewertungen) with their average, count and sources.
 * Nothing to type here but the heading: the reviews themselves have one home.
 */
export const reviewsSection = defineType({
  name: 'reviewsSection',
  title: 'Kundenbewertungen',
  type: 'object',
  icon: StarIcon,
  fields: [
    ...sectionHeadingFields,
    defineField({
      name: 'count',
      title: 'Wie viele Bewertungen zeigen?',
      type: 'number',
      description: 'Die neuesten zuerst. Der Durchschnitt zählt immer alle Bewertungen.',
      initialValue: 3,
      validation: (rule) => rule.required().integer().min(1).max(12),
    }),
  ],
  preview: {
    select: { title: 'heading', count: 'count' },
    prepare: ({ title, count }: { title?: string; count?: number }) => ({
      title: title ?? 'Kundenbewertungen',
      subtitle: `Kundenbewertungen: die neuesten ${count ?? 3} mit Durchschnitt`,
    }),
  },
})
