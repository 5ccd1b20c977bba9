import { TimelineIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { GERMAN_DATETIME } from '../lib/constants'

/**
 * Every price a car had and when it took effect (`priceHistory.<vehicle _id>`, issue 38, decision 081),
 * written by the site whenever it sees a car's price change, whether staff published it or the
 * mobile.de sync brought it. The vehicle page's „Preis gesenkt“ names as former price only the lowest
 * price of the 30 days before the reduction (PAngV § 11), worked out from these entries. Read-only:
 * a proof is not edited.
 */
export const priceHistory = defineType({
  name: 'priceHistory',
  title: 'Preisverlauf',
  type: 'document',
  icon: TimelineIcon,
  readOnly: true,
  fields: [
    defineField({ name: 'vehicle', title: 'Fahrzeug', type: 'reference', to: [{ type: 'vehicle' }], weak: true }),
    defineField({
      name: 'complete',
      title: 'Seit Aufnahme in den Bestand aufgezeichnet',
      description: 'Nein: Das Fahrzeug stand schon im Bestand, als die Aufzeichnung begann; ältere Preise sind unbekannt.',
      type: 'boolean',
    }),
    defineField({ name: 'arrival', title: 'Neu in den Bestand gekommen (Suchaufträge benachrichtigt)', type: 'boolean' }),
    defineField({
      name: 'entries',
      title: 'Preise',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'priceEntry',
          title: 'Preis',
          type: 'object',
          fields: [
            defineField({ name: 'price', title: 'Preis (€)', type: 'number' }),
            defineField({ name: 'at', title: 'Gültig ab', type: 'datetime', options: GERMAN_DATETIME }),
          ],
          preview: {
            select: { price: 'price', at: 'at' },
            prepare: ({ price, at }) => ({
              title: typeof price === 'number' ? `${new Intl.NumberFormat('de-DE').format(price)} €` : 'Preis',
              subtitle: typeof at === 'string' ? new Date(at).toLocaleString('de-DE', { timeZone: 'Europe/Berlin' }) : undefined,
            }),
          },
        }),
      ],
    }),
  ],
  preview: {
    select: { title: 'vehicle.title', make: 'vehicle.make', model: 'vehicle.model', entries: 'entries' },
    prepare: ({ title, make, model, entries }) => ({
      title: title ?? ([make, model].filter(Boolean).join(' ') || 'Fahrzeug'),
      subtitle: Array.isArray(entries) ? `${entries.length} ${entries.length === 1 ? 'Preis' : 'Preise'}` : undefined,
    }),
  },
})
