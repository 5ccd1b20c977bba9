import { EnvelopeIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { CONTACT_STATUSES, CONTACT_SUBJECTS, titleOf } from '../lib/constants'

const received = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' })

/**
 * A message sent through the contact form (`inbox.contact-<uuid>`). The site writes it; staff only
 * change its status, so every other field is read-only and the document is edited live (no drafts).
 */
export const contactMessage = defineType({
  name: 'contactMessage',
  title: 'Kontaktanfrage',
  type: 'document',
  icon: EnvelopeIcon,
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
    defineField({ name: 'name', title: 'Name', type: 'string', readOnly: true, validation: (rule) => rule.required() }),
    defineField({ name: 'email', title: 'E-Mail', type: 'email', readOnly: true, validation: (rule) => rule.required() }),
    defineField({ name: 'phone', title: 'Telefon', type: 'string', readOnly: true }),
    defineField({
      name: 'subject',
      title: 'Betreff',
      type: 'string',
      readOnly: true,
      options: { list: [...CONTACT_SUBJECTS] },
    }),
    defineField({ name: 'message', title: 'Nachricht', type: 'text', rows: 8, readOnly: true, validation: (rule) => rule.required() }),
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
    select: { name: 'name', subject: 'subject', receivedAt: 'receivedAt', status: 'status' },
    prepare: ({ name, subject, receivedAt, status }) => ({
      title: [name ?? 'Unbekannt', titleOf(CONTACT_SUBJECTS, subject) ?? 'Ohne Betreff'].join(' · '),
      subtitle: [
        typeof receivedAt === 'string' ? received.format(new Date(receivedAt)) : undefined,
        titleOf(CONTACT_STATUSES, status) ?? 'Neu',
      ]
        .filter(Boolean)
        .join(' · '),
    }),
  },
})
