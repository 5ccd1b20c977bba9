/*
 * The test drive's wished slot as an iCalendar file (RFC 5545) for the dealer's mail: one VEVENT
 * with UID, DTSTAMP, DTSTART and DTEND in UTC (no VTIMEZONE needed; calendars show local time),
 * SUMMARY naming car and person. Text values are escaped, lines end in CRLF and are folded at 75
 * octets without splitting a UTF-8 character.
 */

import { APPOINTMENT_DOCUMENTS } from './sale-appointment.ts'
import { leadAppointment, leadContact, mailSafeId } from './mail-parts.server.ts'

export interface CalendarEvent {
  /** Globally unique and stable per lead: a resent mail updates the same calendar entry. */
  uid: string
  start: Date
  end: Date
  stamp: Date
  summary: string
  description?: string
  location?: string
}

const MAX_LINE_OCTETS = 75

/** `20261130T080000Z` */
function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')
}

/** TEXT value escaping (RFC 5545 §3.3.11); control characters other than newlines are dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n')
}

/** Folds a content line (RFC 5545 §3.1): at most 75 octets per line, continuation lines start with a space. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder()
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const character of line) {
    const size = encoder.encode(character).length
    // A continuation line's leading space counts against its 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += character
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** The calendar file's text, CRLF line endings included. */
export function buildCalendar(event: CalendarEvent, productId = '-//Autohaus Website//Probefahrt//DE'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    'STATUS:TENTATIVE',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}

export interface CalendarAttachment {
  filename: string
  content: string
  contentType: string
}

/** The values of a lead's stored fields `names`, joined by spaces (the seller's make and model). */
function leadFieldText(fields: unknown, names: readonly string[]): string {
  const stored = Array.isArray(fields) ? (fields as Array<{ name?: unknown; value?: unknown }>) : []
  return names
    .map((name) => stored.find((field) => field?.name === name)?.value)
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .join(' ')
}

/**
 * The seller's own copy of the Besichtigungstermin (issue 38), downloaded from the confirmation: at
 * the dealer's address, with the number to call. Nothing the seller typed goes into it.
 */
export function sellerAppointmentCalendar(
  lead: { _id: string; receivedAt?: unknown; appointment?: { start?: unknown; end?: unknown } | null },
  dealer: { name?: string | null; phone?: string | null; address?: string; domain: string },
): CalendarAttachment | undefined {
  const start = typeof lead.appointment?.start === 'string' ? new Date(lead.appointment.start) : undefined
  const end = typeof lead.appointment?.end === 'string' ? new Date(lead.appointment.end) : undefined
  if (!start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return undefined
  const name = dealer.name?.trim() || 'Autohaus'
  const content = buildCalendar(
    {
      uid: `${mailSafeId(lead._id)}.besichtigung@${dealer.domain}`,
      start,
      end,
      stamp: typeof lead.receivedAt === 'string' && !Number.isNaN(Date.parse(lead.receivedAt)) ? new Date(lead.receivedAt) : start,
      summary: `Besichtigung Ihres Autos bei ${name}`,
      description: [
        'Ihr Wunschtermin für die Besichtigung. Wir rufen Sie vorher an, um ihn zu bestätigen.',
        dealer.phone ? `Telefon: ${dealer.phone}` : undefined,
        APPOINTMENT_DOCUMENTS,
      ]
        .filter(Boolean)
        .join('\n'),
      ...(dealer.address ? { location: `${name}, ${dealer.address}` } : {}),
    },
    '-//Autohaus Website//Besichtigung//DE',
  )
  return { filename: 'besichtigung.ics', content, contentType: 'text/calendar; charset=utf-8' }
}

/**
 * The dealer mail's attachment for a lead with a wished test-drive slot (`appointment`): the slot
 * as a tentative event naming the car and the person, with the number to call in its description.
 */
export function appointmentAttachment(
  doc: { _id: string; kind?: unknown; receivedAt?: unknown; appointment?: unknown; contact?: unknown; tradeIn?: unknown; fields?: unknown },
  { vehicleName, vehicleUrl, domain }: { vehicleName?: string; vehicleUrl?: string; domain: string },
): CalendarAttachment | undefined {
  const appointment = leadAppointment(doc)
  const start = typeof appointment?.start === 'string' ? new Date(appointment.start) : undefined
  const end = typeof appointment?.end === 'string' ? new Date(appointment.end) : undefined
  if (!start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return undefined
  const contact = leadContact(doc)
  const stamp = typeof doc.receivedAt === 'string' && !Number.isNaN(Date.parse(doc.receivedAt)) ? new Date(doc.receivedAt) : new Date()
  if (doc.kind === 'vehicle-sale') {
    // A seller's Besichtigungstermin (issue 38): the car is the seller's, named by the form's make and model.
    const person = typeof contact.name === 'string' ? contact.name : 'Verkäufer'
    const car = leadFieldText(doc.fields, ['make', 'model']) || 'Fahrzeug'
    const description = [
      `Besichtigung zum Ankauf: ${car}`,
      `Verkäufer: ${person}`,
      typeof contact.phone === 'string' ? `Telefon: ${contact.phone}` : undefined,
      typeof contact.email === 'string' ? `E-Mail: ${contact.email}` : undefined,
      'Termin noch nicht bestätigt: bitte zurückrufen.',
    ]
      .filter(Boolean)
      .join('\n')
    const content = buildCalendar(
      { uid: `${mailSafeId(doc._id)}@${domain}`, start, end, stamp, summary: `Besichtigung Ankauf: ${car} – ${person}`, description },
      '-//Autohaus Website//Besichtigung//DE',
    )
    return { filename: 'besichtigung.ics', content, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }
  }
  const person = typeof contact.name === 'string' ? contact.name : 'Interessent'
  const car = vehicleName || 'Fahrzeug'
  const description = [
    `Probefahrt-Wunsch von ${person}`,
    typeof contact.phone === 'string' ? `Telefon: ${contact.phone}` : undefined,
    typeof contact.email === 'string' ? `E-Mail: ${contact.email}` : undefined,
    `Fahrzeug in Zahlung geben: ${doc.tradeIn === true ? 'Ja' : 'Nein'}`,
    vehicleUrl ? `Fahrzeug: ${vehicleUrl}` : undefined,
    'Termin noch nicht bestätigt: bitte zurückrufen.',
  ]
    .filter(Boolean)
    .join('\n')
  const content = buildCalendar({
    uid: `${mailSafeId(doc._id)}@${domain}`,
    start,
    end,
    stamp,
    summary: `Probefahrt: ${car} – ${person}`,
    description,
  })
  return { filename: 'probefahrt.ics', content, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }
}
