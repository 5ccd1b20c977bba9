import { SearchIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'

/** Title, description and share image for search engines and social networks. */
export const seo = defineType({
  name: 'seo',
  title: 'Suchmaschinen & Teilen',
  type: 'object',
  icon: SearchIcon,
  options: { collapsible: true, collapsed: false },
  fields: [
    defineField({
      name: 'title',
      title: 'Seitentitel',
      type: 'string',
      description: 'Erscheint im Browser-Tab und in Suchergebnissen; höchstens etwa 60 Zeichen.',
      validation: (rule) => [rule.required(), rule.max(70).warning('Suchmaschinen kürzen Titel über etwa 60–70 Zeichen.')],
    }),
    defineField({
      name: 'description',
      title: 'Beschreibung',
      type: 'text',
      rows: 3,
      description: 'Kurzer Text für Suchergebnisse; etwa 120–160 Zeichen.',
      validation: (rule) => [rule.required(), rule.max(170).warning('Suchmaschinen kürzen Beschreibungen über etwa 160 Zeichen.')],
    }),
    defineField({
      name: 'image',
      title: 'Vorschaubild zum Teilen',
      type: 'imageWithAlt',
      description: 'Idealerweise 1200 × 630 Pixel.',
    }),
  ],
})
