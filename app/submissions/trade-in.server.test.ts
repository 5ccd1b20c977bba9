import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as sellPageLoader } from '#app/routes/auto-verkaufen.tsx'
import { createDocument, type SanityDocument } from '#app/lake/lake.server.ts'
import { NOTIFICATION_DOCUMENT_QUERY, TEST_DRIVE_HOURS_QUERY } from '#app/sanity/queries/inbox.ts'
import { type TEST_DRIVE_HOURS_QUERYResult } from '#app/sanity/types.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { submissionPageAction } from './actions.server.ts'
import { buildNotificationMail, type NotificationTestDrive, type NotificationVehicle } from './notification-mail.server.ts'
import { submit } from './submit.server.ts'
import { appointmentSlots } from './appointment-slots.ts'
import { TRADE_IN_COOKIE } from './trade-in.server.ts'

/*
 * Trade-in (issue 36, visitor N7): after a test drive with „Fahrzeug in Zahlung geben?“ the sell
 * request knows the person without name, phone or e-mail in any address (a cookie naming the stored
 * test drive, read on the server, short-lived), and the sell lead refers to the test drive, which
 * the dealer's mail shows. Both lake backends.
 */

function formPost(path: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
  })
}

const SALE = { make: 'VW', model: 'Golf', year: '2017', mileage: '98000', postcode: '45326', page: '/auto-verkaufen', vehicleId: '1', website: '' }

describe.each(BACKENDS)('trade-in after a test drive on the %s lake', (backend) => {
  let test: TestLake
  let slot: string
  beforeAll(async () => {
    test = await openTestLake(backend)
    const hours = await test.lake.fetch<TEST_DRIVE_HOURS_QUERYResult>(TEST_DRIVE_HOURS_QUERY, {})
    slot = appointmentSlots(hours?.specs ?? [], new Date(), { special: hours?.specialOpeningHours })[6]!.value
  })
  afterAll(() => test.close())
  const context = () => ({ lake: test.lake, env: test.env })
  const testDrive = (name: string, tradeIn: boolean) =>
    submissionPageAction({
      request: formPost('/vehicles/1', {
        leadKind: 'test-drive',
        anchor: 'probefahrt',
        vehicleId: '1',
        page: '/vehicles/1',
        name,
        phone: '0171 2223334',
        email: `${name.split(' ')[0]!.toLowerCase()}@example.de`,
        slot,
        ...(tradeIn ? { tradeIn: 'on' } : {}),
        website: '',
      }),
      params: { id: '1' },
      context: context(),
    }) as Promise<Response>
  const sellPage = async (cookie?: string, query = '?inzahlungnahme=1') =>
    (await sellPageLoader({
      request: new Request(`http://localhost/auto-verkaufen${query}`, cookie ? { headers: { cookie } } : {}),
      params: {},
      context: context(),
    })) as Awaited<ReturnType<typeof sellPageLoader>>

  it('the test drive answers with a cookie naming only the stored lead, for the sell page, HttpOnly, two hours; the address carries no person', async () => {
    const name = `Tauscher ${backend}`
    const response = await testDrive(name, true)
    expect(response.status).toBe(303)
    const location = response.headers.get('location')!
    // The chosen window is named (its value, no person's data), so the confirmation can say it.
    expect(location).toBe(`/vehicles/1?anfrage=gesendet&formular=probefahrt&termin=${encodeURIComponent(slot)}#probefahrt-bestaetigung`)
    // The page, and its data with JavaScript (Remix's single fetch: a <Link> there asks /auto-verkaufen.data).
    const cookies = response.headers.getSetCookie()
    expect(cookies).toEqual(
      ['/auto-verkaufen', '/auto-verkaufen.data'].map((path) =>
        expect.stringMatching(
          new RegExp(`^${TRADE_IN_COOKIE}=inbox\\.lead-[0-9a-f-]{36}; Max-Age=7200; Path=${path.replace('.', '\\.')}; HttpOnly; SameSite=Lax$`),
        ),
      ),
    )
    for (const personal of [name, 'Tauscher', '0171', 'example.de']) expect(cookies.join() + location).not.toContain(personal)

    const page = await sellPage(cookies[0]!.split(';')[0])
    expect(page.tradeIn).toEqual({ id: '1', name: 'BMW 320d Touring' })
    expect(page.prefill).toMatchObject({ name, phone: '0171 2223334', email: `tauscher@example.de` })
    expect(page.testDriveLead).toMatch(/^inbox\.lead-/)
  })

  it('the same test drive sent again (its first answer lost on the way) is the first one, and hands the person on all the same (visitor review 12-01)', async () => {
    const name = `Nochmal ${backend}`
    const first = (await testDrive(name, true)).headers.getSetCookie()[0]!.split(';')[0]
    const again = (await testDrive(name, true)).headers.getSetCookie()[0]?.split(';')[0]
    expect(again).toBe(first)
    expect((await sellPage(again)).prefill).toMatchObject({ name, phone: '0171 2223334' })
  })

  it('no trade-in ticked, no cookie; no cookie, nothing filled in; a forged or old reference fills in nothing', async () => {
    expect((await testDrive(`Ohne Tausch ${backend}`, false)).headers.get('set-cookie')).toBeNull()
    expect((await sellPage()).prefill).toEqual({})
    expect((await sellPage(`${TRADE_IN_COOKIE}=inbox.lead-00000000-0000-4000-8000-000000000000`)).testDriveLead).toBeNull()
    expect((await sellPage(`${TRADE_IN_COOKIE}=vehicle-1`)).prefill).toEqual({})
    const old = await createDocument(test.lake, {
      _id: 'inbox.lead-11111111-1111-4111-8111-111111111111',
      _type: 'lead',
      kind: 'test-drive',
      status: 'neu',
      receivedAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
      contact: { name: 'Vor drei Stunden', phone: '0201 1' },
      fields: [],
    })
    expect((await sellPage(`${TRADE_IN_COOKIE}=${old._id}`)).prefill).toEqual({})
  })

  it('the sell request refers to the test drive, and the dealer mail names it with its Studio link', async () => {
    const name = `Verkaeuferin ${backend}`
    const response = await testDrive(name, true)
    if (!(response instanceof Response)) throw new Error(JSON.stringify(response))
    const page = await sellPage(response.headers.getSetCookie()[0]!.split(';')[0])
    const outcome = await submit(context(), 'vehicle-sale', { ...SALE, ...page.prefill, testDriveLead: page.testDriveLead! })
    expect(outcome.status).toBe('stored')
    const id = (outcome as { id: string }).id
    const sale = (await test.stored(id))!
    expect(sale).toMatchObject({ kind: 'vehicle-sale', contact: { name }, testDriveLead: { _ref: page.testDriveLead, _weak: true } })

    const doc = await test.lake.fetch<SanityDocument & { vehicleInfo?: NotificationVehicle; testDriveInfo?: NotificationTestDrive }>(
      NOTIFICATION_DOCUMENT_QUERY,
      { id },
      { includePrivate: true },
    )
    const { vehicleInfo, testDriveInfo, ...stored } = doc!
    const mail = buildNotificationMail(stored as SanityDocument, {
      to: 'haendler@example.de',
      from: 'Website <noreply@example.de>',
      siteUrl: 'https://www.example.de',
      vehicle: vehicleInfo,
      testDrive: testDriveInfo,
    })
    expect(mail.text).toMatch(
      new RegExp(
        `^Gehört zur Probefahrt-Anfrage: +Probefahrt BMW 320d Touring, Wunschtermin .+ \\(angefragt am .+\\), ID ${page.testDriveLead!.replace(/\./g, '\\.')} – https://www\\.example\\.de/studio/intent/edit/`,
        'm',
      ),
    )
    expect(mail.text).toMatch(/^Inzahlungnahme beim Kauf von: +BMW 320d Touring/m)
  })

  it('a made-up reference is dropped, never an error: the sell request is stored without it', async () => {
    const outcome = await submit(context(), 'vehicle-sale', {
      ...SALE,
      name: 'Ohne Bezug',
      email: 'ohne@example.de',
      testDriveLead: 'inbox.lead-22222222-2222-4222-8222-222222222222',
    })
    expect(outcome.status).toBe('stored')
    expect(await test.stored((outcome as { id: string }).id)).not.toHaveProperty('testDriveLead')
  })
})
