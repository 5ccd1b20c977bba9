import { describe, expect, it } from 'vitest'
import { prepareLeadPreview, replyMailto } from './inbox-reply'

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
})

describe('the lead preview', () => {
  it('names the form, the person and the car', () => {
    const preview = prepareLeadPreview({ kind: 'vehicle-enquiry', name: 'Anna Müller', status: 'neu', vehicleMake: 'VW', vehicleModel: 'Golf' })
    expect(preview.title).toBe('Fahrzeuganfrage · Anna Müller')
    expect(preview.subtitle).toBe('Neu · VW Golf')
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
    expect(preview.subtitle).toBe('Erledigt · Termin 01.12.2026, 14:00')
    expect(preview.media).toEqual({ _type: 'image', asset: { _ref: 'image-p-1x1-jpg' } })
  })
})
