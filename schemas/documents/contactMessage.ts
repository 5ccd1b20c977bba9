import { EnvelopeIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { CONTACT_SUBJECTS, titleOf } from '../lib/constants'
import { inboxOrderings, inboxOriginFields, inboxStatusField, inboxSubtitle } from '../lib/inbox'

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
    inboxStatusField,
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
    ...inboxOriginFields,
  ],
  orderings: inboxOrderings,
  preview: {
    select: { name: 'name', subject: 'subject', receivedAt: 'receivedAt', status: 'status' },
    prepare: ({ name, subject, receivedAt, status }) => ({
      title: [name ?? 'Unbekannt', titleOf(CONTACT_SUBJECTS, subject) ?? 'Ohne Betreff'].join(' · '),
      subtitle: inboxSubtitle(receivedAt, status),
    }),
  },
})
