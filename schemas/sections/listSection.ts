import { ThListIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { sectionHeadingFields } from './fields'

/**
 * Named lists of short entries: brands, models, vehicle types, destinations, documents, the towns
 * served. `chips` shows the entries as tags (brands, towns), `columns` as bulleted columns.
 */
export const listSection = defineType({
  name: 'listSection',
  title: 'Listen (Marken, Modelle, Orte …)',
  type: 'object',
  icon: ThListIcon,
  fields: [
    ...sectionHeadingFields,
    defineField({
      name: 'style',
      title: 'Darstellung',
      type: 'string',
      options: {
        list: [
          { title: 'Schlagworte', value: 'chips' },
          { title: 'Spalten mit Aufzählung', value: 'columns' },
        ],
        layout: 'radio',
      },
      initialValue: 'chips',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'groups',
      title: 'Listen',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'listGroup',
          title: 'Liste',
          type: 'object',
          fields: [
            defineField({
              name: 'title',
              title: 'Titel',
              type: 'string',
              description: 'Optional, wenn es nur eine Liste gibt.',
              validation: (rule) => rule.max(60),
            }),
            defineField({
              name: 'items',
              title: 'Einträge',
              type: 'array',
              of: [defineArrayMember({ type: 'string', validation: (rule) => rule.max(120) })],
              validation: (rule) => rule.required().min(1).max(60).unique(),
            }),
          ],
          preview: {
            select: { title: 'title', items: 'items' },
            prepare: ({ title, items }: { title?: string; items?: string[] }) => ({
              title: title ?? 'Liste',
              subtitle: `${items?.length ?? 0} Einträge`,
            }),
          },
        }),
      ],
      validation: (rule) => rule.required().min(1).max(6),
    }),
    defineField({ name: 'note', title: 'Hinweis darunter', type: 'text', rows: 2, validation: (rule) => rule.max(400) }),
  ],
  preview: { select: { title: 'heading' }, prepare: ({ title }) => ({ title: title ?? 'Listen', subtitle: 'Listen' }) },
})
