import { TextIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { anchorField, eyebrowField, optionalHeadingField } from './fields'

/** Running text (story, guide, legal text) with headings, lists and links. */
export const richTextSection = defineType({
  name: 'richTextSection',
  title: 'Fließtext',
  type: 'object',
  icon: TextIcon,
  fields: [
    anchorField,
    eyebrowField,
    optionalHeadingField,
    defineField({ name: 'body', title: 'Text', type: 'richText', validation: (rule) => rule.required().min(1) }),
    defineField({
      name: 'tone',
      title: 'Hintergrund',
      type: 'string',
      options: {
        list: [
          { title: 'Weiß', value: 'white' },
          { title: 'Hellgrau', value: 'muted' },
          { title: 'Hinweis (hervorgehoben)', value: 'notice' },
        ],
        layout: 'radio',
      },
      initialValue: 'white',
    }),
  ],
  preview: { select: { title: 'heading' }, prepare: ({ title }) => ({ title: title ?? 'Fließtext', subtitle: 'Fließtext' }) },
})
