import { SyncIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { GERMAN_DATETIME } from '../lib/constants'

/**
 * The outcome of the last marketplace sync (`_id: 'marketplaceSync'`), written by the sync
 * (app/marketplace/sync.server.ts) and shown by GET /api/vehicles/status. Read-only in the Studio.
 */
export const marketplaceSync = defineType({
  name: 'marketplaceSync',
  title: 'Abgleich mit mobile.de',
  type: 'document',
  icon: SyncIcon,
  readOnly: true,
  fields: [
    defineField({ name: 'lastRunAt', title: 'Gestartet', type: 'datetime', options: GERMAN_DATETIME }),
    defineField({ name: 'finishedAt', title: 'Beendet', type: 'datetime', options: GERMAN_DATETIME }),
    defineField({ name: 'ok', title: 'Erfolgreich', type: 'boolean' }),
    defineField({ name: 'message', title: 'Ergebnis', type: 'text', rows: 3 }),
    defineField({ name: 'lastSuccessAt', title: 'Letzter erfolgreicher Abgleich', type: 'datetime', options: GERMAN_DATETIME }),
    defineField({
      name: 'counts',
      title: 'Zahlen',
      type: 'object',
      fields: [
        defineField({ name: 'pages', title: 'Seiten abgerufen', type: 'number' }),
        defineField({ name: 'ads', title: 'Inserate', type: 'number' }),
        defineField({ name: 'new', title: 'Neu', type: 'number' }),
        defineField({ name: 'changed', title: 'Geändert', type: 'number' }),
        defineField({ name: 'unchanged', title: 'Unverändert', type: 'number' }),
        defineField({ name: 'sold', title: 'Als verkauft markiert', type: 'number' }),
        defineField({ name: 'detailCalls', title: 'Detailabrufe', type: 'number' }),
        defineField({ name: 'skipped', title: 'Mit unerwarteten Daten übersprungen', type: 'number' }),
      ],
    }),
  ],
  preview: {
    select: { ok: 'ok', finishedAt: 'finishedAt', message: 'message' },
    prepare: ({ ok, message }) => ({
      title: ok ? 'Letzter Abgleich erfolgreich' : ok === false ? 'Letzter Abgleich fehlgeschlagen' : 'Noch kein Abgleich',
      subtitle: message,
    }),
  },
})
