import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { buildCalendar, foldLine, sellerAppointmentCalendar } from './icalendar.server.ts'
import { APPOINTMENT_TEXTS } from './sale-appointment.ts'

const EVENT = {
  uid: 'inbox.lead-1234@autohaus.example',
  start: new Date('2026-11-30T08:00:00Z'),
  end: new Date('2026-11-30T11:00:00Z'),
  stamp: new Date('2026-11-28T13:05:09Z'),
  summary: 'Probefahrt: BMW 320d Touring – Jörg Müller; Tel. 0171 2345678',
  description: 'Wunschtermin: Mo, 30.11.2026, 09:00–12:00 Uhr\nInzahlungnahme gewünscht: Ja\n' + 'Ein langer Text mit Umlauten äöü, '.repeat(6),
  location: 'Gladbecker Straße 250, 45326 Essen',
}

describe('buildCalendar', () => {
  it('is a calendar a real parser reads: one event with its start, end, summary and uid', () => {
    const text = buildCalendar(EVENT)
    const calendar = new ICAL.Component(ICAL.parse(text))
    const [vevent] = calendar.getAllSubcomponents('vevent')
    expect(vevent).toBeDefined()
    const event = new ICAL.Event(vevent)
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-30T08:00:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-30T11:00:00.000Z')
    expect(event.summary).toBe(EVENT.summary)
    expect(event.description).toBe(EVENT.description)
    expect(event.location).toBe(EVENT.location)
    expect(event.uid).toBe(EVENT.uid)
    expect(vevent!.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-28T13:05:09Z')
  })

  it('ends every line in CRLF and folds lines at 75 octets without splitting a character', () => {
    const text = buildCalendar(EVENT)
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const lines = text.split('\r\n')
    expect(lines.some((line) => line.startsWith(' '))).toBe(true)
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    const folded = foldLine('X:' + 'ä'.repeat(60))
    expect(folded.split('\r\n ').join('')).toBe('X:' + 'ä'.repeat(60))
  })

  it('escapes what would end a property or add one', () => {
    const text = buildCalendar({ ...EVENT, summary: 'A;B,C\\D\r\nEND:VEVENT' })
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!)
    expect(event.summary).toBe('A;B,C\\D\nEND:VEVENT')
    expect(text.match(/^END:VEVENT/gm)).toHaveLength(1)
  })
})

describe('the seller’s Besichtigungstermin (copy review 2026-11-29, M14)', () => {
  /** The documents a seller must bring: the current names, the ID, the keys, the service book. */
  const DOCUMENTS =
    'Bitte bringen Sie die Zulassungsbescheinigung Teil I und II (Fahrzeugschein und -brief), Ihren Personalausweis oder Reisepass, alle Schlüssel und, falls vorhanden, das Serviceheft mit.'

  it('names in the .ics the same documents as the confirmation on the page', () => {
    const calendar = sellerAppointmentCalendar(
      { _id: 'inbox.lead-1', receivedAt: '2026-11-28T13:05:09Z', appointment: { start: '2026-11-30T08:00:00Z', end: '2026-11-30T11:00:00Z' } },
      { name: 'Ruhrstern Automobile', phone: '0201 8512 3400', address: 'Gladbecker Straße 250, 45326 Essen', domain: 'example.de' },
    )
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(calendar!.content)).getFirstSubcomponent('vevent')!)
    expect(event.description.split('\n')).toEqual([
      'Ihr Wunschtermin für die Besichtigung. Wir rufen Sie vorher an, um ihn zu bestätigen.',
      'Telefon: 0201 8512 3400',
      DOCUMENTS,
    ])
    expect(APPOINTMENT_TEXTS.confirmNote).toBe(`Wir rufen Sie vorher an, um ihn zu bestätigen. ${DOCUMENTS}`)
  })
})
