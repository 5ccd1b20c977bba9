import { MobileDeviceIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { anchorField, headingField } from './fields'

/** A dark banner with the phone link and the Essen address; optionally how many minutes away the page's city is. */
export const callBanner = defineType({
  name: 'callBanner',
  title: 'Anruf-Banner',
  type: 'object',
  icon: MobileDeviceIcon,
  fields: [
    anchorField,
    headingField,
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 3, validation: (rule) => rule.max(400) }),
    defineField({
      name: 'travelMinutes',
      title: 'Fahrzeit nach Essen (Minuten)',
      type: 'number',
      description: 'Optional; erscheint neben der Adresse, z. B. „ca. 25 Minuten Fahrzeit“.',
      validation: (rule) => rule.integer().min(1).max(240),
    }),
    defineField({
      name: 'contactLabel',
      title: 'Beschriftung der Schaltfläche zum Kontaktformular',
      type: 'string',
      description: 'Optional; springt zum Abschnitt #contact der Seite.',
      validation: (rule) => rule.max(40),
    }),
  ],
  preview: { select: { title: 'heading' }, prepare: ({ title }) => ({ title: title ?? 'Anruf-Banner', subtitle: 'Anruf-Banner' }) },
})
