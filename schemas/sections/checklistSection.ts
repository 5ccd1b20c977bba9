import { CheckmarkCircleIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { sectionHeadingFields } from './fields'

/** Benefits or facts as a checklist; each item a short bold title with an optional sentence. */
export const checklistSection = defineType({
  name: 'checklistSection',
  title: 'Vorteile / Checkliste',
  type: 'object',
  icon: CheckmarkCircleIcon,
  fields: [
    ...sectionHeadingFields,
    defineField({
      name: 'items',
      title: 'Punkte',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'checklistItem',
          title: 'Punkt',
          type: 'object',
          fields: [
            defineField({ name: 'title', title: 'Titel', type: 'string', validation: (rule) => rule.required().max(90) }),
            defineField({ name: 'text', title: 'Text', type: 'text', rows: 2, validation: (rule) => rule.max(400) }),
          ],
          preview: { select: { title: 'title', subtitle: 'text' } },
        }),
      ],
      validation: (rule) => rule.required().min(1).max(16),
    }),
    defineField({ name: 'note', title: 'Hinweis darunter', type: 'text', rows: 2, validation: (rule) => rule.max(400) }),
  ],
  preview: { select: { title: 'heading' }, prepare: ({ title }) => ({ title: title ?? 'Checkliste', subtitle: 'Vorteile / Checkliste' }) },
})
