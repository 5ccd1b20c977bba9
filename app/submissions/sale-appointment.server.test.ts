import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as calendarLoader } from '#app/routes/auto-verkaufen.besichtigung[.]ics.ts'
import { loader as saleLoader } from '#app/routes/auto-verkaufen.tsx'
import { type SanityDocument } from '#app/lake/lake.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { captureLogs } from '#tests/log-capture.ts'
import { VALID_SALE } from '#tests/submissions.ts'
import { submissionPageAction } from './actions.server.ts'
import { listMailCopies } from './mail-outbox.server.ts'
import { mailSafeId } from './mail-parts.server.ts'
import { Notifier } from './notifier.server.ts'
import { APPOINTMENT_ANCHOR, APPOINTMENT_TEXTS } from './sale-appointment.ts'
import { SALE_REQUEST_COOKIE } from './sale-appointment.server.ts'
import { SLOT_MESSAGES } from './appointment-slots.ts'

/*
 * The seller's Besichtigungstermin (issue 38 item 4) end to end in process, on both lakes and over
 * the seed (its opening hours and Kennzahl): the sell request sets the seller's cookie, the
 * confirmation offers the test drive's slots and the estimate's deadline, the chosen slot is patched
 * onto the same lead, the dealer gets a mail with the .ics, the seller downloads one.
 */

const CONFIRMATION = '/auto-verkaufen?anfrage=gesendet&formular=verkaufen&fotos=0'

/** The mail's decoded Subject (RFC 2047 words, B or Q). */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)![1]!.replace(/\r?\n[ \t]+/g, ' ')
  return header.replace(/\?=\s+=\?/g, '?==?').replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  )
}

interface ActionError {
  status: 'error'
  fieldErrors?: Record<string, string[]>
  formError?: string
}

describe.each(BACKENDS)('the Besichtigungstermin on the %s lake', (backend) => {
  let test: TestLake
  const stored: string[] = []
  const context = () => ({ lake: test.lake, env: test.env, onStored: (id: string) => void stored.push(id), logger: captureLogs().logger })
  const post = async (fields: Record<string, string>, cookie?: string, url = 'http://localhost/auto-verkaufen') =>
    (await submissionPageAction({
      request: new Request(url, {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      }),
      params: {},
      context: context(),
    })) as Response | { data: ActionError; init: ResponseInit }
  const confirmation = async (cookie?: string) => {
    const request = new Request(`http://localhost${CONFIRMATION}`, { headers: cookie ? { cookie } : {} })
    return (await saleLoader({ request, params: {}, context: context() })).confirmation
  }
  const sellRequest = async (name: string) => {
    const response = (await post({ ...VALID_SALE, name })) as Response
    expect(response.status).toBe(303)
    const setCookie = response.headers.getSetCookie()[0] ?? ''
    const lead = (await test.storedOfType('lead')).find((doc) => (doc.contact as { name?: string }).name === name)!
    return { lead, setCookie, cookie: setCookie.split(';')[0]! }
  }

  beforeAll(async () => {
    test = await openTestLake(backend)
  })
  afterAll(() => test.close())

  it('the sell request hands the seller an HttpOnly cookie for the sell page naming only its lead', async () => {
    const name = `Cookie ${backend}`
    const response = (await post({ ...VALID_SALE, name })) as Response
    const lead = (await test.storedOfType('lead')).find((doc) => (doc.contact as { name?: string }).name === name)!
    // The page, and its data and action with JavaScript (Remix's single fetch: /auto-verkaufen.data).
    expect(response.headers.getSetCookie()).toEqual(
      ['/auto-verkaufen', '/auto-verkaufen.data'].map(
        (path) => `${SALE_REQUEST_COOKIE}=${encodeURIComponent(lead._id)}; Max-Age=172800; Path=${path}; HttpOnly; SameSite=Lax`,
      ),
    )
  })

  it('the confirmation offers the test drive’s slots and says by when the estimate comes; a slot chosen is stored on the same lead', async () => {
    const name = `Termin ${backend}`
    const { lead, cookie } = await sellRequest(name)
    const before = await confirmation(cookie)
    expect(before?.estimate).toMatch(
      /^Sie erhalten Ihre erste Einschätzung bis (Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag), \d{1,2}\. \p{L}+( \d{4})? um \d\d:\d\d Uhr\.$/u,
    )
    expect(before?.appointment).toBeUndefined()
    const slot = before!.slots[0]!
    expect(slot.value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d-\d\d:\d\d$/)

    stored.length = 0
    const response = (await post({ intent: 'besichtigungstermin', slot: slot.value }, cookie, `http://localhost${CONFIRMATION}`)) as Response
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${CONFIRMATION}#${APPOINTMENT_ANCHOR}`)
    const after = (await test.stored(lead._id))!
    const text = `${slot.dayLabel}, ${slot.windowLabel}`
    expect(after).toMatchObject({
      _id: lead._id,
      kind: 'vehicle-sale',
      appointmentPending: true,
      appointment: { start: expect.any(String), end: expect.any(String) },
    })
    expect((after.fields as Array<{ name: string; label: string; value: string }>).at(-1)).toMatchObject({
      name: 'appointment',
      label: 'Besichtigungstermin',
      value: text,
    })
    // The other fields are the request's, unchanged; the dealer's note is started.
    expect((after.fields as unknown[]).length).toBe((lead.fields as unknown[]).length + 1)
    expect(stored).toEqual([lead._id])
    expect(await confirmation(cookie)).toMatchObject({ appointment: text, slots: [] })

    // A second choice does not move it: the confirmation names the first.
    const later = before!.slots.at(-1)!
    expect(((await post({ intent: 'besichtigungstermin', slot: later.value }, cookie)) as Response).status).toBe(303)
    expect(((await test.stored(lead._id))!.appointment as { start: string }).start).toBe((after.appointment as { start: string }).start)

    // The seller's calendar file, through the cookie only; its link says what it does (copy review 2026-11-29, L10).
    expect(APPOINTMENT_TEXTS.calendar).toBe('Termin in Ihren Kalender übernehmen')
    const ics = await calendarLoader({
      request: new Request('http://localhost/auto-verkaufen/besichtigung.ics', { headers: { cookie } }),
      params: {},
      context: context(),
    })
    expect(ics.status).toBe(200)
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const body = await ics.text()
    expect(body).toContain(`DTSTART:${(after.appointment as { start: string }).start.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}`)
    expect(body).toContain('SUMMARY:Besichtigung Ihres Autos bei')
    expect(body).not.toContain(name)
    const none = await calendarLoader({ request: new Request('http://localhost/auto-verkaufen/besichtigung.ics'), params: {}, context: context() })
    expect(none.status).toBe(404)
  })

  it('the dealer is mailed the appointment with the .ics, once, apart from the first mail', async () => {
    const name = `Händler ${backend}`
    const { lead, cookie } = await sellRequest(name)
    const env = { ...test.env, LEADS_NOTIFY_TO: 'haendler@example.de', MAIL_FROM: 'Website <website@example.de>', SITE_URL: 'https://www.example.de' }
    const notifier = new Notifier({ lake: test.lake, env, logger: captureLogs().logger })
    expect(await notifier.notifyAll(lead._id)).toEqual({ dealer: 'saved', confirmation: 'saved' })
    const slot = (await confirmation(cookie))!.slots[0]!
    expect(((await post({ intent: 'besichtigungstermin', slot: slot.value }, cookie)) as Response).status).toBe(303)
    expect(await notifier.notifyAll(lead._id)).toEqual({ dealer: 'already-notified', confirmation: 'already-notified', appointment: 'saved' })
    expect(await notifier.notifyAll(lead._id)).toEqual({ dealer: 'already-notified', confirmation: 'already-notified', appointment: 'already-notified' })
    await notifier.stop()
    const copies = (await listMailCopies(env)).filter((copy) => copy.documentId === mailSafeId(lead._id))
    expect(copies.map((copy) => copy.file.replace(/^.*Z-/, '').replace(lead._id, 'ID'))).toEqual(
      expect.arrayContaining(['ID.eml', 'ID-eingangsbestaetigung.eml', 'ID-besichtigungstermin.eml']),
    )
    const mail = await readFile(copies.find((copy) => copy.file.endsWith('-besichtigungstermin.eml'))!.file, 'utf8')
    expect(subjectOf(mail)).toBe(`Besichtigungstermin gewählt: ${slot.dayLabel}, ${slot.windowLabel} – ${name}`)
    expect(mail).toContain('filename=besichtigung.ics')
    const part = /Content-Type: text\/calendar[\s\S]*?\r\n\r\n([\s\S]*?)\r\n(?:\r\n)?--/.exec(mail)![1]!
    const calendar = /^[A-Za-z0-9+/=\r\n]+$/.test(part) ? Buffer.from(part, 'base64').toString('utf8') : part
    expect(calendar).toContain('SUMMARY:Besichtigung Ankauf: VW Golf 1.5 TSI')
    expect((await test.stored(lead._id))!).toMatchObject({ appointmentNotifiedAt: expect.any(String) })
    expect((await test.stored(lead._id))!.appointmentPending).toBeUndefined()
  })

  it('refuses a slot outside the rules, and a choice without the seller’s cookie, in German and storing nothing', async () => {
    const { lead, cookie } = await sellRequest(`Abgelehnt ${backend}`)
    const past = (await post({ intent: 'besichtigungstermin', slot: '2020-01-06T09:00-12:00' }, cookie)) as { data: ActionError; init: ResponseInit }
    expect(past.init.status).toBe(400)
    expect(past.data).toMatchObject({ anchor: APPOINTMENT_ANCHOR, fieldErrors: { slot: [SLOT_MESSAGES.past] } })
    const slot = (await confirmation(cookie))!.slots[0]!
    for (const other of [undefined, `${SALE_REQUEST_COOKIE}=inbox.lead-00000000-0000-4000-8000-000000000000`]) {
      const refused = (await post({ intent: 'besichtigungstermin', slot: slot.value }, other)) as { data: ActionError; init: ResponseInit }
      expect(refused.init.status).toBe(400)
      expect(refused.data.formError).toBe(APPOINTMENT_TEXTS.unknownRequest)
    }
    expect((await test.stored(lead._id)) as SanityDocument).not.toHaveProperty('appointment')
    // Without the cookie the confirmation is what it was before (no slots, the Kennzahl's words).
    expect(await confirmation()).toBeNull()
  })

  it('keeps the page the seller came from (which page brings sellers), only a path of this site', async () => {
    const from = async (referer: string) =>
      (await saleLoader({ request: new Request('http://localhost/auto-verkaufen', { headers: { referer } }), params: {}, context: context() })).sourcePage
    expect(await from('http://localhost/locations/dortmund?x=1')).toBe('/locations/dortmund')
    expect(await from('https://elsewhere.example/locations/dortmund')).toBeNull()
    expect(await from('http://localhost/auto-verkaufen')).toBeNull()
    for (const [sourcePage, stored] of [
      ['/locations/dortmund', '/locations/dortmund'],
      ['https://elsewhere.example/', undefined],
    ] as const) {
      const name = `Herkunft ${backend} ${stored ?? 'keine'}`
      expect(((await post({ ...VALID_SALE, name, sourcePage })) as Response).status).toBe(303)
      const lead = (await test.storedOfType('lead')).find((doc) => (doc.contact as { name?: string }).name === name)!
      expect(lead.sourcePage).toBe(stored)
      expect(lead.page).toBe('/auto-verkaufen')
    }
  })
})
