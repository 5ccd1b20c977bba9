import { defineField } from 'sanity'
import { InboxStatusInput } from '../components/inbox-inputs'
import { CONTACT_STATUSES, GERMAN_DATETIME, titleOf } from './constants'
import { receivedText } from './inbox-reply'

/*
 * What contact messages and leads (the Studio's Posteingang) have in common: the site writes them,
 * staff only change the status.
 */

/** The only field staff edit. */
export const inboxStatusField = defineField({
  name: 'status',
  title: 'Bearbeitungsstand',
  type: 'string',
  description: '„Per E-Mail antworten“ öffnet Ihr E-Mail-Programm mit einer vorbereiteten Antwort und setzt eine neue Anfrage auf „In Bearbeitung“.',
  options: { list: [...CONTACT_STATUSES], layout: 'radio', direction: 'horizontal' },
  components: { input: InboxStatusInput },
  initialValue: 'neu',
  validation: (rule) => rule.required(),
})

/**
 * Which instance of the site is sending one mail right now (app/submissions/notifier.server.ts):
 * with several instances, only the one whose claim landed sends. Not for staff. One shape for
 * every claim, so that the notifier's claims and the schema cannot drift apart.
 */
export function claimField(name: string, title: string) {
  return defineField({
    name,
    title,
    type: 'object',
    hidden: true,
    readOnly: true,
    fields: [
      defineField({ name: 'instance', title: 'Instanz', type: 'string' }),
      defineField({ name: 'at', title: 'Seit', type: 'datetime', options: GERMAN_DATETIME }),
    ],
  })
}

/** Where and when it came in, and when the dealer was told. */
export const inboxOriginFields = [
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
    options: GERMAN_DATETIME,
    readOnly: true,
    validation: (rule) => rule.required(),
  }),
  defineField({
    name: 'answeredAt',
    title: 'Erstmals bearbeitet am',
    type: 'datetime',
    options: GERMAN_DATETIME,
    readOnly: true,
    description: 'Wann die Anfrage zuerst „Per E-Mail antworten“ oder einen anderen Stand als „Neu“ bekam; die Anfragen-Übersicht misst daran die Antwortzeit.',
    hidden: ({ value }) => !value,
  }),
  defineField({
    name: 'notifiedAt',
    title: 'Benachrichtigt am',
    type: 'datetime',
    options: GERMAN_DATETIME,
    readOnly: true,
    description: 'Wann die E-Mail an den Händler verschickt wurde; leer, solange sie noch aussteht.',
  }),
  claimField('notificationClaim', 'Benachrichtigung wird gesendet von'),
  // The visitor's receipt (Eingangsbestätigung), a second mail claimed and retried apart from the dealer's (docs/decisions/042).
  defineField({
    name: 'confirmationPending',
    title: 'Eingangsbestätigung ausstehend',
    type: 'boolean',
    hidden: true,
    readOnly: true,
  }),
  defineField({
    name: 'confirmationSentAt',
    title: 'Eingangsbestätigung gesendet am',
    type: 'datetime',
    options: GERMAN_DATETIME,
    readOnly: true,
    description:
      'Wann die Eingangsbestätigung an die angegebene E-Mail-Adresse ging; leer ohne Adresse, solange sie aussteht oder wenn sie wegen einer Obergrenze für Eingangsbestätigungen entfiel (je Adresse und Tag, insgesamt je Stunde).',
    hidden: ({ value }) => !value,
  }),
  claimField('confirmationClaim', 'Eingangsbestätigung wird gesendet von'),
]

export const inboxOrderings = [
  { title: 'Neueste zuerst', name: 'receivedAtDesc', by: [{ field: 'receivedAt', direction: 'desc' as const }] },
  { title: 'Älteste zuerst', name: 'receivedAtAsc', by: [{ field: 'receivedAt', direction: 'asc' as const }] },
]

/** Preview subtitle: received time and status. */
export function inboxSubtitle(receivedAt: unknown, status: unknown): string {
  return [receivedText(receivedAt), titleOf(CONTACT_STATUSES, status) ?? 'Neu'].filter(Boolean).join(' · ')
}
