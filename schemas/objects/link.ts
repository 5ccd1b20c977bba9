import { LinkIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { isValidLinkTarget, LINK_TARGET_HINT } from '../lib/validation'

/** A button: a label and where it leads (a section of the page, a path, a phone or mail link). */
export const link = defineType({
  name: 'link',
  title: 'Schaltfläche',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({
      name: 'label',
      title: 'Beschriftung',
      type: 'string',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'target',
      title: 'Ziel',
      type: 'string',
      description: `${LINK_TARGET_HINT} #contact und #inventory scrollen auf der Startseite zum Kontaktformular bzw. zu den Fahrzeugen.`,
      validation: (rule) => rule.required().custom((value) => (value === undefined || isValidLinkTarget(value) ? true : LINK_TARGET_HINT)),
    }),
    defineField({
      name: 'primary',
      title: 'Hauptschaltfläche',
      type: 'boolean',
      description: 'Gefüllt in der Akzentfarbe statt nur umrandet.',
      initialValue: false,
    }),
  ],
  preview: {
    select: { label: 'label', target: 'target', primary: 'primary' },
    prepare: ({ label, target, primary }) => ({
      title: label ?? 'Ohne Beschriftung',
      subtitle: [target, primary ? 'Hauptschaltfläche' : undefined].filter(Boolean).join(' · '),
    }),
  },
})
