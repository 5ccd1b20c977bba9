import { DocumentTextIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { ALERT_STATUSES, GERMAN_DATETIME, LEAD_KINDS } from '../lib/constants'
import { AppointmentInput, ChosenTextInput, ContactLinksInput, LeadFieldsInput, LeadPhotosInput } from '../components/inbox-inputs'
import { claimField, inboxOrderings, inboxOriginFields, inboxStatusField } from '../lib/inbox'
import { prepareLeadPreview } from '../lib/inbox-reply'

/**
 * A submission of one of the lead forms (`inbox.lead-<uuid>`): valuations, purchase and export
 * enquiries, dealer registrations, vehicle enquiries. The site writes it; staff only change its
 * status, so every other field is read-only and the document is edited live (no drafts).
 * The form's fields are kept as label/value pairs (docs/decisions/006-lead-fields.md).
 */
export const lead = defineType({
  name: 'lead',
  title: 'Anfrage',
  type: 'document',
  icon: DocumentTextIcon,
  liveEdit: true,
  fields: [
    inboxStatusField,
    defineField({
      name: 'kind',
      title: 'Formular',
      type: 'string',
      readOnly: true,
      options: { list: [...LEAD_KINDS] },
      components: { input: ChosenTextInput },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'contact',
      title: 'Kontakt',
      type: 'object',
      readOnly: true,
      description: 'Aus den Formularfeldern übernommen, für die Übersicht.',
      options: { columns: 3 },
      // Shown as mailto:/tel: links, full length (the plain fields cut the address off).
      components: { input: ContactLinksInput },
      fields: [
        defineField({ name: 'name', title: 'Name', type: 'string' }),
        defineField({ name: 'phone', title: 'Telefon', type: 'string' }),
        defineField({ name: 'email', title: 'E-Mail', type: 'string' }),
      ],
    }),
    defineField({
      name: 'fields',
      title: 'Angaben im Formular',
      type: 'array',
      readOnly: true,
      // Shown as lines to read, not as a list with handles and „Element hinzufügen“.
      components: { input: LeadFieldsInput },
      of: [
        defineArrayMember({
          name: 'leadField',
          title: 'Angabe',
          type: 'object',
          fields: [
            defineField({ name: 'name', title: 'Feldname', type: 'string', validation: (rule) => rule.required() }),
            defineField({ name: 'label', title: 'Bezeichnung', type: 'string', validation: (rule) => rule.required() }),
            defineField({ name: 'value', title: 'Wert', type: 'text', rows: 2, validation: (rule) => rule.required() }),
          ],
          preview: {
            select: { title: 'value', subtitle: 'label' },
          },
        }),
      ],
    }),
    defineField({
      name: 'photos',
      title: 'Fotos',
      description:
        'Vom Verkäufer gesendet, ohne Standort- und Kameradaten neu gespeichert. „Löschen“ (unten im Menü „…“) löscht die Anfrage mit ihren Fotos und den gespeicherten Kopien ihrer E-Mails, etwa wenn jemand die Löschung seiner Daten verlangt. Automatisch: Einstellungen → Anfragen.',
      type: 'array',
      readOnly: true,
      // A request without photos (a test drive) shows no empty list with „Element hinzufügen“.
      hidden: ({ value }) => !Array.isArray(value) || value.length === 0,
      components: { input: LeadPhotosInput },
      of: [
        defineArrayMember({
          name: 'leadPhoto',
          title: 'Foto',
          type: 'object',
          fields: [
            defineField({ name: 'image', title: 'Bild', type: 'image' }),
            // The embedded lake's file under DATA_DIR/uploads and the Sanity CDN address: for the dealer's mail.
            defineField({ name: 'file', title: 'Datei', type: 'string', hidden: true }),
            defineField({ name: 'url', title: 'Adresse', type: 'url', hidden: true }),
            defineField({ name: 'width', title: 'Breite (px)', type: 'number' }),
            defineField({ name: 'height', title: 'Höhe (px)', type: 'number' }),
          ],
          preview: {
            select: { media: 'image', width: 'width', height: 'height' },
            prepare: ({ media, width, height }) => ({ title: 'Foto', subtitle: width && height ? `${width} × ${height} px` : undefined, media }),
          },
        }),
      ],
    }),
    defineField({
      name: 'photosWithheld',
      title: 'Fotos nicht gespeichert',
      description: 'Der Verkäufer hat Fotos gesendet, sie wurden aber nicht gespeichert: das Speicherbudget für Fotos war erschöpft.',
      type: 'string',
      readOnly: true,
      options: { list: [{ title: 'Speicherbudget für Fotos erschöpft', value: 'budget' }] },
      components: { input: ChosenTextInput },
      hidden: ({ value }) => !value,
    }),
    defineField({
      // What the photos count against the sender's daily budget (app/submissions/photo-store.server.ts): a hash of the address, never the address. Not for staff.
      name: 'photoBudget',
      title: 'Fotobudget',
      type: 'object',
      hidden: true,
      readOnly: true,
      fields: [defineField({ name: 'client', title: 'Absender (Hash)', type: 'string' }), defineField({ name: 'bytes', title: 'Bytes', type: 'number' })],
    }),
    defineField({
      name: 'vehicle',
      title: 'Fahrzeug',
      type: 'reference',
      to: [{ type: 'vehicle' }],
      // The vehicle may be sold and deleted later; the enquiry stays.
      weak: true,
      readOnly: true,
      hidden: ({ value }) => !value,
    }),
    defineField({
      // Issue 36: a sell request sent from a test drive's „Fahrzeug in Zahlung geben?“ is the same customer.
      name: 'testDriveLead',
      title: 'Gehört zur Probefahrt-Anfrage',
      description: 'Dieselbe Person hat vorher eine Probefahrt angefragt und möchte ihr jetziges Auto in Zahlung geben.',
      type: 'reference',
      to: [{ type: 'lead' }],
      weak: true,
      readOnly: true,
      hidden: ({ value }) => !value,
    }),
    // A test drive's wished slot (Europe/Berlin in the Studio) and trade-in wish (issue 26); a sell request's Besichtigungstermin (issue 38).
    defineField({
      name: 'appointment',
      title: 'Wunschtermin',
      description: 'Probefahrt oder Besichtigung, wie online gewählt; noch telefonisch zu bestätigen.',
      type: 'object',
      readOnly: true,
      hidden: ({ value }) => !value,
      // „Sa, 28.11.2026, 12:00–15:00 Uhr“ (Europe/Berlin), as the visitor chose it.
      components: { input: AppointmentInput },
      options: { columns: 2 },
      fields: [
        defineField({ name: 'start', title: 'Von', type: 'datetime', options: { ...GERMAN_DATETIME, timeStep: 15 } }),
        defineField({ name: 'end', title: 'Bis', type: 'datetime', options: { ...GERMAN_DATETIME, timeStep: 15 } }),
      ],
    }),
    // The dealer's note of a Besichtigungstermin chosen after the sell request (app/submissions/notifier.server.ts). Not for staff.
    defineField({ name: 'appointmentPending', title: 'Terminbenachrichtigung ausstehend', type: 'boolean', hidden: true, readOnly: true }),
    defineField({
      name: 'appointmentNotifiedAt',
      title: 'Terminbenachrichtigung gesendet am',
      type: 'datetime',
      options: GERMAN_DATETIME,
      hidden: true,
      readOnly: true,
    }),
    claimField('appointmentClaim', 'Terminbenachrichtigung wird gesendet von'),
    defineField({
      name: 'tradeIn',
      title: 'Fahrzeug in Zahlung geben',
      type: 'boolean',
      readOnly: true,
      hidden: ({ document }) => document?.kind !== 'test-drive',
    }),
    defineField({
      // Issue 38: which page brings sellers (the Anfragen-Übersicht counts by it).
      name: 'sourcePage',
      title: 'Gekommen von Seite',
      description: 'Die Seite, von der aus der Verkäufer zum Formular „Auto verkaufen“ kam, etwa eine Städteseite.',
      type: 'string',
      readOnly: true,
      hidden: ({ value }) => !value,
    }),
    defineField({
      // Issue 38 (decision 080): „Preis beobachten“ and a Suchauftrag with an e-mail address are alerts with double opt-in.
      name: 'alert',
      title: 'Benachrichtigung per E-Mail',
      description:
        'Die Einwilligung mit Zeitpunkt und Wortlaut (Nachweis). Es gehen erst E-Mails hinaus, wenn die Adresse über den Link bestätigt ist; jede E-Mail enthält einen Abmeldelink.',
      type: 'object',
      readOnly: true,
      hidden: ({ value }) => !value,
      fields: [
        defineField({ name: 'status', title: 'Stand', type: 'string', options: { list: [...ALERT_STATUSES] } }),
        defineField({ name: 'consentText', title: 'Wortlaut der Einwilligung', type: 'text', rows: 3 }),
        defineField({ name: 'requestedAt', title: 'Angefordert am', type: 'datetime', options: GERMAN_DATETIME }),
        defineField({ name: 'confirmedAt', title: 'Bestätigt am (Klick auf den Link)', type: 'datetime', options: GERMAN_DATETIME }),
        defineField({ name: 'endedAt', title: 'Abgemeldet am', type: 'datetime', options: GERMAN_DATETIME }),
        defineField({
          name: 'query',
          title: 'Gesucht',
          description: 'Die Suche mit den gewählten Filtern, wie die Website sie liest, z. B. „Kombi Skoda bis 300 € im Monat“.',
          type: 'string',
        }),
        defineField({
          name: 'sent',
          title: 'Gesendete Benachrichtigungen',
          type: 'array',
          of: [
            defineArrayMember({
              name: 'alertSent',
              title: 'Benachrichtigung',
              type: 'object',
              fields: [
                defineField({ name: 'at', title: 'Gesendet am', type: 'datetime', options: GERMAN_DATETIME }),
                defineField({ name: 'headline', title: 'Betreff', type: 'string' }),
                defineField({ name: 'skipped', title: 'Nicht gesendet, weil', type: 'string' }),
              ],
              preview: { select: { title: 'headline', subtitle: 'at' } },
            }),
          ],
        }),
      ],
    }),
    // Which instance is sending one of the alert's mails (the notifier's sendAlert). Not for staff.
    claimField('alertClaim', 'Benachrichtigung zu Preis oder Suche wird gesendet von'),
    ...inboxOriginFields,
  ],
  orderings: inboxOrderings,
  preview: {
    select: {
      kind: 'kind',
      name: 'contact.name',
      phone: 'contact.phone',
      email: 'contact.email',
      status: 'status',
      receivedAt: 'receivedAt',
      // A seller's car is in the form's answers (Marke, Modell).
      fields: 'fields',
      vehicleTitle: 'vehicle.title',
      vehicleMake: 'vehicle.make',
      vehicleModel: 'vehicle.model',
      // A test drive's wished slot and a sell request's first photo, where the lead has them (issue 26).
      slot: 'appointment.start',
      slotEnd: 'appointment.end',
      media: 'photos.0.image.asset',
    },
    prepare: prepareLeadPreview,
  },
})
