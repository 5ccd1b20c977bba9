import { describe, expect, it } from 'vitest'
import { appointmentText, loadReplyContext, prepareLeadPreview, replyMailto, shortAppointmentText, shownAnswer } from './inbox-reply'

describe('the prepared reply (mailto)', () => {
  const lead = {
    kind: 'valuation',
    contact: { name: 'Anna Müller', email: 'anna@example.org' },
    fields: [
      { label: 'Fahrzeug', value: 'VW Golf' },
      { label: 'Nachricht', value: 'Zeile 1\nZeile 2' },
    ],
    receivedAt: '2026-11-27T09:30:00Z',
  }

  it('goes to the sender with the subject naming the dealer and the form, and quotes the request', () => {
    const href = replyMailto(lead, 'Ruhrstern Automobile')!
    const url = new URL(href)
    expect(url.protocol).toBe('mailto:')
    expect(url.pathname).toBe('anna@example.org')
    const subject = decodeURIComponent(/subject=([^&]*)/.exec(href)![1]!)
    const body = decodeURIComponent(/body=([^&]*)/.exec(href)![1]!)
    expect(subject).toBe('Ihre Anfrage bei Ruhrstern Automobile: Fahrzeugbewertung')
    expect(body).toContain('Guten Tag Anna Müller,')
    expect(body).toContain('Ihre Anfrage vom 27.11.2026, 10:30:')
    expect(body).toContain('> Fahrzeug: VW Golf')
    expect(body).toContain('> Nachricht: Zeile 1\n> Zeile 2')
    // Spaces as %20, never "+" (mail programs show a "+" literally).
    expect(href).not.toContain('+')
  })

  it('a contact message (no form kind) and one without an address', () => {
    const href = replyMailto({ name: 'Ben', email: 'ben@example.org', message: 'Hallo' }, 'Ruhrstern Automobile')!
    expect(decodeURIComponent(/subject=([^&]*)/.exec(href)![1]!)).toBe('Ihre Anfrage bei Ruhrstern Automobile: Kontaktanfrage')
    expect(replyMailto({ kind: 'export', contact: { phone: '0201 1234' } } as never, 'X')).toBeUndefined()
  })

  // Staff review 2026-11-28, N4: the reply to a test drive named neither the car nor the slot.
  it('a test drive’s reply names the car and the slot in the subject and the car in the quoted request', () => {
    const href = replyMailto(
      {
        kind: 'test-drive',
        contact: { name: 'Murat Yilmaz', email: 'murat.yilmaz@example.org' },
        fields: [{ label: 'Wunschtermin', value: 'Sa, 28.11.2026, 12:00–15:00 Uhr' }],
        appointment: { start: '2026-11-28T11:00:00Z', end: '2026-11-28T14:00:00Z' },
        car: 'Golf VIII 1.5 TSI\nLife',
        receivedAt: '2026-11-28T06:55:00Z',
      },
      'Ruhrstern Automobile',
    )!
    const subject = decodeURIComponent(/subject=([^&]*)/.exec(href)![1]!)
    const body = decodeURIComponent(/body=([^&]*)/.exec(href)![1]!)
    expect(subject).toBe('Ihre Probefahrt bei Ruhrstern Automobile: Golf VIII 1.5 TSI Life am Sa, 28.11.2026, 12:00–15:00 Uhr')
    expect(body).toContain('> Fahrzeug: Golf VIII 1.5 TSI Life\n> Wunschtermin: Sa, 28.11.2026, 12:00–15:00 Uhr')
  })

  it('another form about a car names it after the form; a form line „Fahrzeug“ is not repeated', () => {
    const href = replyMailto({ ...lead, kind: 'vehicle-enquiry', car: 'BMW 320d Touring' }, 'Ruhrstern Automobile')!
    expect(decodeURIComponent(/subject=([^&]*)/.exec(href)![1]!)).toBe('Ihre Anfrage bei Ruhrstern Automobile: Fahrzeuganfrage – BMW 320d Touring')
    expect(decodeURIComponent(/body=([^&]*)/.exec(href)![1]!).match(/Fahrzeug:/g)).toHaveLength(1)
  })

  it('a sell request’s reply names the seller’s car in the subject, quoted once (staff review 2026-11-29, L6)', () => {
    const href = replyMailto(
      {
        kind: 'vehicle-sale',
        contact: { name: 'Jana Kowalski', email: 'jana@example.org' },
        fields: [
          { label: 'Marke', value: 'Opel' },
          { label: 'Modell', value: 'Astra 1.2 Turbo' },
          { label: 'Kilometerstand (km)', value: '88000' },
          { label: 'E-Mail (für Ihre Bestätigung)', value: 'jana@example.org' },
        ],
      },
      'Ruhrstern Automobile',
    )!
    expect(decodeURIComponent(/subject=([^&]*)/.exec(href)![1]!)).toBe('Ihre Anfrage bei Ruhrstern Automobile: Auto verkaufen – Opel Astra 1.2 Turbo')
    const body = decodeURIComponent(/body=([^&]*)/.exec(href)![1]!)
    // Numbers and labels as the dealer's mail writes them, no words meant for the customer's form (staff review 2026-11-30, L7).
    expect(body).toContain('> Marke: Opel\n> Modell: Astra 1.2 Turbo\n> Kilometerstand: 88.000\u00a0km\n> E-Mail: jana@example.org')
    expect(body).not.toContain('Fahrzeug:')
  })

  it('reads the dealer and the car in one query; the car’s make and model when it has no title; a failed read still replies', async () => {
    const calls: unknown[] = []
    const client = {
      fetch: async <R>(query: string, params: Record<string, unknown>) => {
        calls.push(params)
        return { dealerName: 'Ruhrstern', car: { make: 'VW', model: 'Golf' } } as R
      },
    }
    expect(await loadReplyContext(client, 'vehicle-1')).toEqual({ dealerName: 'Ruhrstern', car: 'VW Golf' })
    expect(calls).toEqual([{ vehicle: 'vehicle-1' }])
    const failing = { fetch: async () => Promise.reject(new Error('offline')) }
    expect(await loadReplyContext(failing, undefined)).toEqual({ dealerName: undefined, car: undefined })
  })
})

describe('a test drive’s slot', () => {
  it('reads as the form offered it, in Berlin time whatever the browser’s zone', () => {
    expect(appointmentText({ start: '2026-11-28T11:00:00Z', end: '2026-11-28T14:00:00Z' })).toBe('Sa, 28.11.2026, 12:00–15:00 Uhr')
    // Summer time: UTC+2.
    expect(appointmentText({ start: '2026-06-02T07:00:00Z', end: '2026-06-02T10:00:00Z' })).toBe('Di, 02.06.2026, 09:00–12:00 Uhr')
    expect(appointmentText({ start: 'kein Datum' })).toBeUndefined()
    expect(appointmentText(null)).toBeUndefined()
  })
})

describe('the lead preview', () => {
  it('a test drive shows its slot, short, before the car, then when it came and its status (staff review 2026-11-30, L1)', () => {
    const preview = prepareLeadPreview({
      kind: 'test-drive',
      name: 'Murat Yilmaz',
      vehicleTitle: 'Golf VIII 1.5 TSI Life LED Navi ACC',
      slot: '2026-11-28T11:00:00Z',
      slotEnd: '2026-11-28T14:00:00Z',
    })
    expect(preview.subtitle).toBe('Sa, 28.11., 12–15 Uhr · Golf VIII 1.5 TSI Life LED Navi ACC · Neu')
    expect(shortAppointmentText('2026-11-28T08:30:00Z', '2026-11-28T11:00:00Z')).toBe('Sa, 28.11., 9:30–12 Uhr')
    expect(shortAppointmentText('kein Datum')).toBeUndefined()
  })

  it('names the form, the person and the car', () => {
    const preview = prepareLeadPreview({ kind: 'vehicle-enquiry', name: 'Anna Müller', status: 'neu', vehicleMake: 'VW', vehicleModel: 'Golf' })
    expect(preview.title).toBe('Fahrzeuganfrage · Anna Müller')
    expect(preview.subtitle).toBe('VW Golf · Neu')
  })

  it('says when it came in, and a seller’s car from the answers (staff review 2026-11-29, L3)', () => {
    const preview = prepareLeadPreview({
      kind: 'vehicle-sale',
      name: 'Jana Kowalski',
      receivedAt: '2026-11-29T19:36:00Z',
      fields: [
        { _key: 'a', label: 'Marke', value: 'Opel' },
        { _key: 'b', label: 'Modell', value: 'Astra 1.2 Turbo' },
        { _key: 'c', label: 'Kilometerstand (km)', value: '150000' },
      ],
    })
    expect(preview.title).toBe('Auto verkaufen · Jana Kowalski')
    expect(preview.subtitle).toBe('Opel Astra 1.2 Turbo · 29.11.2026, 20:36 · Neu')
  })

  it('a test-drive slot shows as a date, a sell request’s first photo as media', () => {
    const preview = prepareLeadPreview({
      kind: 'export',
      phone: '0201 1234',
      status: 'erledigt',
      slot: '2026-12-01T13:00:00Z',
      media: { _ref: 'image-p-1x1-jpg' },
    })
    expect(preview.title).toBe('Exportanfrage · 0201 1234')
    expect(preview.subtitle).toBe('Di, 01.12., 14 Uhr · Erledigt')
    expect(preview.media).toEqual({ _type: 'image', asset: { _ref: 'image-p-1x1-jpg' } })
  })
})

describe('a form’s answer as the dealer reads it (staff review 2026-11-30, L7)', () => {
  it('a whole number with its unit from the label, German digits; a note to the customer out of the label; the rest as stored', () => {
    expect(shownAnswer('Kilometerstand (km)', '88000')).toEqual({ label: 'Kilometerstand', value: '88.000\u00a0km' })
    expect(shownAnswer('Preis bis (€)', '25000')).toEqual({ label: 'Preis bis', value: '25.000\u00a0€' })
    expect(shownAnswer('E-Mail (für Ihre Bestätigung)', 'a@example.org')).toEqual({ label: 'E-Mail', value: 'a@example.org' })
    expect(shownAnswer('Erstzulassung (Jahr)', '2017')).toEqual({ label: 'Erstzulassung (Jahr)', value: '2017' })
    // Stored as typed before numbers were read (an old lead): left as it is.
    expect(shownAnswer('Kilometerstand (km)', 'ca. 88 Tkm')).toEqual({ label: 'Kilometerstand (km)', value: 'ca. 88 Tkm' })
  })
})
