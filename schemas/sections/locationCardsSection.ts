import { PinIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { sectionHeadingFields } from './fields'

/** The city cards: filled automatically from every page that has a „Standortkarte“, in its order. */
export const locationCardsSection = defineType({
  name: 'locationCardsSection',
  title: 'Standortkarten (automatisch)',
  type: 'object',
  icon: PinIcon,
  fields: [...sectionHeadingFields],
  preview: { select: { title: 'heading' }, prepare: ({ title }) => ({ title: title ?? 'Standorte', subtitle: 'Standortkarten (automatisch)' }) },
})
