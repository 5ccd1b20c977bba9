import { HomeIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { placeholderRule } from '../lib/figures'

const eyebrow = defineField({ name: 'eyebrow', title: 'Überzeile', type: 'string', validation: (rule) => rule.max(60) })
const heading = defineField({ name: 'heading', title: 'Überschrift', type: 'string', validation: (rule) => rule.required().max(80) })
const intro = defineField({ name: 'intro', title: 'Einleitung', type: 'text', rows: 3, validation: (rule) => rule.max(400) })

const label = (name: string, title: string, description?: string) =>
  defineField({ name, title, type: 'string', description, validation: (rule) => rule.required().max(60) })

/** Everything on `/` (singleton `homePage`). */
export const homePage = defineType({
  name: 'homePage',
  title: 'Startseite',
  type: 'document',
  icon: HomeIcon,
  groups: [
    { name: 'hero', title: 'Hero', default: true },
    { name: 'sections', title: 'Abschnitte' },
    { name: 'seo', title: 'SEO' },
  ],
  fields: [
    defineField({
      name: 'heroSlides',
      title: 'Hero-Folien',
      type: 'array',
      description: 'Genau drei Folien; sie wechseln alle 5 Sekunden.',
      group: 'hero',
      of: [defineArrayMember({ type: 'heroSlide' })],
      validation: (rule) => rule.required().length(3),
    }),
    defineField({
      name: 'stats',
      title: 'Zähler',
      type: 'object',
      group: 'sections',
      options: { collapsible: true },
      validation: (rule) => rule.required(),
      fields: [
        defineField({
          name: 'heading',
          title: 'Überschrift (nur für Screenreader)',
          type: 'string',
          validation: (rule) => rule.max(80),
        }),
        defineField({
          name: 'items',
          title: 'Zähler',
          type: 'array',
          description: 'Genau vier Kennzahlen.',
          of: [defineArrayMember({ type: 'statItem' })],
          validation: (rule) => rule.required().length(4),
        }),
      ],
    }),
    defineField({
      name: 'services',
      title: 'Leistungen',
      type: 'object',
      group: 'sections',
      options: { collapsible: true },
      validation: (rule) => rule.required(),
      fields: [
        eyebrow,
        heading,
        intro,
        defineField({
          name: 'cards',
          title: 'Leistungskarten',
          type: 'array',
          description: 'Genau sechs Karten, jede mit einer Schaltfläche zu #contact oder #inventory.',
          of: [defineArrayMember({ type: 'serviceCard' })],
          validation: (rule) =>
            rule
              .required()
              .length(6)
              .custom((cards: Array<{ action?: unknown }> | undefined) =>
                cards && cards.some((card) => !card.action) ? 'Jede Karte auf der Startseite braucht eine Schaltfläche.' : true,
              ),
        }),
      ],
    }),
    defineField({
      name: 'inventory',
      title: 'Fahrzeug-Highlights',
      type: 'object',
      description: 'Zeigt automatisch die drei neuesten Fahrzeuge.',
      group: 'sections',
      options: { collapsible: true },
      validation: (rule) => rule.required(),
      fields: [
        eyebrow,
        heading,
        intro,
        label('detailsLabel', 'Beschriftung „Details“', 'Z. B. DETAILS ANSEHEN.'),
        label('allLabel', 'Beschriftung „Alle Fahrzeuge“', 'Z. B. ALLE FAHRZEUGE ANSEHEN.'),
        label('loadingText', 'Text beim Laden', 'Z. B. Lade Fahrzeuge...'),
        defineField({
          name: 'emptyText',
          title: 'Text ohne Fahrzeuge',
          type: 'string',
          description: 'Erscheint, wenn gerade kein Fahrzeug verfügbar ist.',
          validation: (rule) => rule.max(160),
        }),
      ],
    }),
    defineField({
      name: 'process',
      title: 'Ablauf',
      type: 'object',
      group: 'sections',
      options: { collapsible: true },
      validation: (rule) => rule.required(),
      fields: [
        eyebrow,
        heading,
        intro,
        defineField({
          name: 'steps',
          title: 'Schritte',
          type: 'array',
          description: 'Genau vier Schritte.',
          of: [defineArrayMember({ type: 'processStep' })],
          validation: (rule) => rule.required().length(4),
        }),
      ],
    }),
    defineField({
      name: 'contact',
      title: 'Kontakt',
      type: 'object',
      description: 'Der Abschnitt mit dem Kontaktformular (Sprungziel #contact).',
      group: 'sections',
      options: { collapsible: true },
      validation: (rule) => rule.required(),
      fields: [eyebrow, heading, intro, label('submitLabel', 'Beschriftung des Sende-Knopfs', 'Z. B. NACHRICHT SENDEN.')],
    }),
    defineField({ name: 'seo', title: 'SEO', type: 'seo', group: 'seo', validation: (rule) => rule.required() }),
  ],
  // Placeholders of company figures in the copy must name one (docs/decisions/027).
  validation: (rule) => rule.custom((document) => placeholderRule(document)),
  preview: {
    prepare: () => ({ title: 'Startseite' }),
  },
})
