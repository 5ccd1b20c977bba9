import { EnvelopeIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { anchorField, eyebrowField, headingField, introField } from './fields'

/**
 * The contact block: the message form (POST /api/contacts) beside phone, e-mail, address and the
 * page's opening hours. Its anchor defaults to `contact`, the target of every "Kontakt" button.
 */
export const contactSection = defineType({
  name: 'contactSection',
  title: 'Kontakt mit Nachrichtenformular',
  type: 'object',
  icon: EnvelopeIcon,
  fields: [
    { ...anchorField, initialValue: 'contact' },
    eyebrowField,
    headingField,
    introField,
    defineField({
      name: 'subjects',
      title: 'Betreffe',
      type: 'string',
      options: {
        list: [
          { title: 'Vier Betreffe wie auf der Startseite', value: 'home' },
          { title: 'Alle sechs (mit Fahrzeugbewertung und Termin)', value: 'all' },
        ],
        layout: 'radio',
      },
      initialValue: 'home',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'messageRows',
      title: 'Zeilen des Nachrichtenfelds',
      type: 'number',
      initialValue: 5,
      validation: (rule) => rule.required().integer().min(3).max(12),
    }),
    defineField({
      name: 'quickContact',
      title: 'Schnellkontakt anzeigen',
      type: 'boolean',
      description: 'Anrufen, E-Mail und „Termin“ (öffnet das Formular mit dem Betreff Termin vereinbaren).',
      initialValue: false,
    }),
    defineField({
      name: 'submitLabel',
      title: 'Beschriftung des Sende-Knopfs',
      type: 'string',
      initialValue: 'NACHRICHT SENDEN',
      validation: (rule) => rule.max(40),
    }),
  ],
  preview: { select: { title: 'heading' }, prepare: ({ title }) => ({ title: title ?? 'Kontakt', subtitle: 'Kontakt mit Nachrichtenformular' }) },
})
