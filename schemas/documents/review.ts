import { StarIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { REVIEW_SOURCES, reviewSourceTitle } from '../lib/reviews'
import { GERMAN_DATE } from '../lib/constants'

/**
 * A customer's review, copied from where it was written (Google, mobile.de, …) with a link there,
 * so every review and every average the site shows has a source a visitor can check.
 */
export const review = defineType({
  name: 'review',
  title: 'Bewertung',
  type: 'document',
  icon: StarIcon,
  fields: [
    defineField({
      name: 'authorName',
      title: 'Vorname',
      type: 'string',
      description: 'Nur der Vorname (oder der Name, den die Person dort selbst zeigt), kein Nachname.',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'date',
      title: 'Datum der Bewertung',
      type: 'date',
      options: GERMAN_DATE,
      validation: (rule) =>
        rule
          .required()
          .custom((value) => (typeof value === 'string' && value > new Date().toISOString().slice(0, 10) ? 'Das Datum liegt in der Zukunft.' : true)),
    }),
    defineField({
      name: 'rating',
      title: 'Sterne',
      type: 'number',
      description: '1 bis 5, wie in der Quelle.',
      options: { list: [5, 4, 3, 2, 1].map((stars) => ({ title: '★'.repeat(stars), value: stars })), layout: 'radio', direction: 'horizontal' },
      validation: (rule) => rule.required().integer().min(1).max(5),
    }),
    defineField({
      name: 'text',
      title: 'Text',
      type: 'text',
      rows: 4,
      description: 'Wörtlich aus der Quelle; Kürzungen mit „…“ kennzeichnen.',
      validation: (rule) => rule.required().max(1000),
    }),
    defineField({
      name: 'source',
      title: 'Quelle',
      type: 'string',
      options: { list: REVIEW_SOURCES.map(({ title, value }) => ({ title, value })), layout: 'radio' },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'sourceUrl',
      title: 'Link zur Bewertung',
      type: 'url',
      description:
        'Die Seite, auf der die Bewertung steht (die Bewertung selbst oder unser Profil, z. B. bei Google oder mobile.de), damit Besucher sie nachprüfen können. Keine Suchseite.',
      // German messages that say what is wrong; `required` keeps the field required
      // in the generated types, and Sanity's own checks may add their generic line beside ours.
      validation: (rule) =>
        rule.required().custom((value) => {
          if (typeof value !== 'string' || value.trim() === '') return 'Bitte den Link zur Bewertung eintragen.'
          if (!/^https:\/\/[^/\s]+\.[^/\s]+/i.test(value))
            return 'Bitte den vollständigen Link mit https:// eintragen, wie er in der Adresszeile des Browsers steht.'
          // Issue 36: a search result page is no proof; the visitor must land on the review or the profile.
          return isSearchPage(value) ? 'Bitte den Link zur Bewertung oder zu unserem Profil eintragen, keine Suchseite.' : true
        }),
    }),
  ],
  orderings: [{ title: 'Neueste zuerst', name: 'dateDesc', by: [{ field: 'date', direction: 'desc' }] }],
  preview: {
    select: { name: 'authorName', rating: 'rating', source: 'source', date: 'date', text: 'text' },
    prepare: ({ name, rating, source, date, text }: { name?: string; rating?: number; source?: string; date?: string; text?: string }) => ({
      title: `${'★'.repeat(rating ?? 0)} ${name ?? 'Ohne Namen'}`,
      subtitle: [reviewSourceTitle(source), date ? date.split('-').reverse().join('.') : undefined].filter(Boolean).join(' · '),
      description: text,
    }),
  },
})

/** Whether an address is a search result page (Google's „/maps/search/“ or „/search?“, a „?query=“), not a review or a profile. */
export function isSearchPage(address: string): boolean {
  try {
    const url = new URL(address)
    return /\/(?:maps\/)?search\b/.test(url.pathname) || url.searchParams.has('query') || url.searchParams.has('q')
  } catch {
    return false
  }
}
