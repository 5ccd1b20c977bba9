import { PinIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'

/** Coordinates for the map and the structured data (WGS 84). */
export const geo = defineType({
  name: 'geo',
  title: 'Koordinaten',
  type: 'object',
  icon: PinIcon,
  options: { columns: 2 },
  fields: [
    defineField({
      name: 'lat',
      title: 'Breitengrad',
      type: 'number',
      validation: (rule) => rule.required().min(-90).max(90),
    }),
    defineField({
      name: 'lng',
      title: 'Längengrad',
      type: 'number',
      validation: (rule) => rule.required().min(-180).max(180),
    }),
  ],
})
