import { BarChartIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { FIGURE_OPTIONS, FIGURE_TYPE, FIGURES } from '../lib/figures'
import { linkTargetFields } from './linkFields'

/**
 * Formatted text (Portable Text): paragraphs, two heading levels, lists, bold, italic and links.
 * Deliberately small, so every page renders it the same way and editors cannot break the layout.
 * A company figure is an inline „Kennzahl“: the site writes its current value from the settings.
 */
export const richText = defineType({
  name: 'richText',
  title: 'Formatierter Text',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: 'Absatz', value: 'normal' },
        { title: 'Zwischenüberschrift', value: 'h3' },
        { title: 'Kleine Zwischenüberschrift', value: 'h4' },
      ],
      lists: [
        { title: 'Aufzählung', value: 'bullet' },
        { title: 'Nummerierung', value: 'number' },
      ],
      of: [
        defineArrayMember({
          name: FIGURE_TYPE,
          title: 'Kennzahl',
          type: 'object',
          icon: BarChartIcon,
          description: 'Eine Zahl aus Einstellungen → Kennzahlen; die Seite zeigt immer den aktuellen Wert.',
          fields: [
            defineField({
              name: 'key',
              title: 'Kennzahl',
              type: 'string',
              options: { list: FIGURE_OPTIONS },
              validation: (rule) => rule.required(),
            }),
          ],
          preview: {
            select: { key: 'key' },
            // The placeholder as title: the Studio's previews show it as the figure's current value
            // (schemas/components/figure-inputs.tsx), the figure's name beside it where there is room.
            prepare: ({ key }: { key?: string }) => {
              const figure = FIGURES.find((candidate) => candidate.value === key)
              return figure ? { title: `{${figure.value}}`, subtitle: figure.title } : { title: 'Kennzahl wählen' }
            },
          },
        }),
      ],
      marks: {
        decorators: [
          { title: 'Fett', value: 'strong' },
          { title: 'Kursiv', value: 'em' },
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            title: 'Link',
            type: 'object',
            fields: linkTargetFields(),
          }),
        ],
      },
    }),
  ],
})
