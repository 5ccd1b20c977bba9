import { TagsIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { sectionHeadingFields } from './fields'

/** A grid of service cards (icon, title, text, optional button such as MEHR ERFAHREN). */
export const serviceCardsSection = defineType({
  name: 'serviceCardsSection',
  title: 'Leistungskarten',
  type: 'object',
  icon: TagsIcon,
  fields: [
    ...sectionHeadingFields,
    defineField({
      name: 'cards',
      title: 'Karten',
      type: 'array',
      of: [defineArrayMember({ type: 'serviceCard' })],
      validation: (rule) => rule.required().min(2).max(9),
    }),
    defineField({
      name: 'withServicePages',
      title: 'Leistungsseiten automatisch ergänzen',
      type: 'boolean',
      description:
        'Eingeschaltet: Jede veröffentlichte Seite unter /services/… erscheint hier als weitere Karte mit „MEHR ERFAHREN“, sofern keine Karte schon zu ihr führt. Eine neue Leistungsseite ist so ohne weiteren Schritt verlinkt.',
    }),
  ],
  preview: { select: { title: 'heading' }, prepare: ({ title }) => ({ title: title ?? 'Leistungskarten', subtitle: 'Leistungskarten' }) },
})
