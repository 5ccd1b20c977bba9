import { DocumentTextIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { LEAD_KIND_OPTIONS } from '../../app/leads/lead-forms'
import { CONTACT_STATUSES, titleOf } from '../lib/constants'

const received = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' })

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
    defineField({
      name: 'status',
      title: 'Bearbeitungsstand',
      type: 'string',
      options: { list: [...CONTACT_STATUSES], layout: 'radio', direction: 'horizontal' },
      initialValue: 'neu',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'kind',
      title: 'Formular',
      type: 'string',
      readOnly: true,
      options: { list: LEAD_KIND_OPTIONS },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'contact',
      title: 'Kontakt',
      type: 'object',
      readOnly: true,
      description: 'Aus den Formularfeldern übernommen, für die Übersicht.',
      options: { columns: 3 },
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
      name: 'vehicle',
      title: 'Fahrzeug',
      type: 'reference',
      to: [{ type: 'vehicle' }],
      // The vehicle may be sold and deleted later; the enquiry stays.
      weak: true,
      readOnly: true,
    }),
    defineField({
      name: 'page',
      title: 'Gesendet von Seite',
      type: 'string',
      readOnly: true,
      description: 'Pfad der Seite mit dem Formular.',
    }),
    defineField({
      name: 'receivedAt',
      title: 'Eingegangen am',
      type: 'datetime',
      readOnly: true,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'notifiedAt',
      title: 'Benachrichtigt am',
      type: 'datetime',
      readOnly: true,
      description: 'Wann die E-Mail an den Händler verschickt wurde; leer, solange sie noch aussteht.',
    }),
  ],
  orderings: [
    { title: 'Neueste zuerst', name: 'receivedAtDesc', by: [{ field: 'receivedAt', direction: 'desc' }] },
    { title: 'Älteste zuerst', name: 'receivedAtAsc', by: [{ field: 'receivedAt', direction: 'asc' }] },
  ],
  preview: {
    select: { kind: 'kind', name: 'contact.name', phone: 'contact.phone', receivedAt: 'receivedAt', status: 'status' },
    prepare: ({ kind, name, phone, receivedAt, status }) => ({
      title: [titleOf(LEAD_KIND_OPTIONS, kind) ?? 'Anfrage', name ?? phone ?? 'Unbekannt'].join(' · '),
      subtitle: [
        typeof receivedAt === 'string' ? received.format(new Date(receivedAt)) : undefined,
        titleOf(CONTACT_STATUSES, status) ?? 'Neu',
      ]
        .filter(Boolean)
        .join(' · '),
    }),
  },
})
