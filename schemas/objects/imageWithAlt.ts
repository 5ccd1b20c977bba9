import { ImageIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'

/** An image with a required German alternative text; the hotspot keeps crops on the car. */
export const imageWithAlt = defineType({
  name: 'imageWithAlt',
  title: 'Bild',
  type: 'image',
  icon: ImageIcon,
  options: { hotspot: true },
  fields: [
    defineField({
      name: 'alt',
      title: 'Alternativtext',
      type: 'string',
      description: 'Beschreibt, was auf dem Bild zu sehen ist – für Screenreader und Suchmaschinen, z. B. „Silberner BMW 320d Touring von der Seite“.',
      validation: (rule) => rule.required().min(3).max(200),
    }),
  ],
  validation: (rule) => rule.custom((value) => (value && !value.asset ? 'Bitte laden Sie ein Bild hoch.' : true)),
})
