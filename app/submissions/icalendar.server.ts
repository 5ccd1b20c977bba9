/*
 * The test drive's wished slot as an iCalendar file (RFC 5545) for the dealer's mail: one VEVENT
 * with UID, DTSTAMP, DTSTART and DTEND in UTC (no VTIMEZONE needed; calendars show local time),
 * SUMMARY naming car and person. Text values are escaped, lines end in CRLF and are folded at 75
 * octets without splitting a UTF-8 character.
 */

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
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')
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
