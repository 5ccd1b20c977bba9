import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SanityDocument } from '#app/lake/lake.server.ts'
import { NOTIFICATION_DOCUMENT_QUERY, TEST_DRIVE_HOURS_QUERY } from '#app/sanity/queries/inbox.ts'
import { type TEST_DRIVE_HOURS_QUERYResult } from '#app/sanity/types.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { submissionPageAction } from './actions.server.ts'
import { buildConfirmationMail } from './confirmation-mail.server.ts'
import { buildNotificationMail, type NotificationVehicle } from './notification-mail.server.ts'
import { appointmentSlots } from './appointment-slots.ts'

/*
 * A reserved car (issue 36; the seed's /vehicles/10, Mercedes-Benz V 250 d): „Benachrichtigen,
 * falls wieder frei“ is a lead of the one pipeline, posted without JavaScript like every form; the
 * dealer's mail says what it asks for, and the receipts of it and of a test drive say the car is
 * reserved and what that means. Both lake backends, the mails built from what the notifier reads.
 */

const MAIL = { to: 'haendler@example.de', from: 'Website <noreply@example.de>', siteUrl: 'https://www.example.de' }
const SETTINGS = { dealerName: 'Ruhrstern Automobile', phone: '0201 8512 3400', answerHours: 24 }

function formPost(path: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
  })
}

describe.each(BACKENDS)('a reserved car on the %s lake', (backend) => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake(backend)
  })
  afterAll(() => test.close())
  const post = (fields: Record<string, string>) =>
    submissionPageAction({ request: formPost('/vehicles/10', fields), params: { id: '10' }, context: { lake: test.lake, env: test.env } }) as Promise<Response>
  const storedLead = async (name: string) => (await test.storedOfType('lead')).find((doc) => (doc.contact as { name?: string }).name === name)
  /** The lead and its car as the notifier reads them for the mails. */
  const forMails = async (id: string) => {
    const doc = await test.lake.fetch<SanityDocument & { vehicleInfo?: NotificationVehicle }>(NOTIFICATION_DOCUMENT_QUERY, { id }, { includePrivate: true })
    const { vehicleInfo, ...stored } = doc!
    return { stored: stored as SanityDocument, vehicle: vehicleInfo }
  }

  it('„Benachrichtigen, falls wieder frei“ without JavaScript: stored as a lead for the car, the dealer told what to do', async () => {
    const name = `Wartende ${backend}`
    const response = await post({
      leadKind: 'availability-alert',
      anchor: 'wieder-frei',
      vehicleId: '10',
      page: '/vehicles/10',
      name,
      phone: '0171 2345678',
      email: `wartende-${backend}@example.de`,
      website: '',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/vehicles/10?anfrage=gesendet&formular=wieder-frei#wieder-frei-bestaetigung')

    const lead = await storedLead(name)
    expect(lead).toMatchObject({ kind: 'availability-alert', page: '/vehicles/10', vehicle: { _ref: 'vehicle-10' }, contact: { phone: '0171 2345678' } })

    const { stored, vehicle } = await forMails(lead!._id)
    const dealer = buildNotificationMail(stored, { ...MAIL, vehicle })
    expect(dealer.subject).toBe(`Neue Anfrage: Benachrichtigung, falls wieder frei – ${name}`)
    expect(dealer.text).toMatch(
      /^Fahrzeug: +Mercedes-Benz V 250 d Avantgarde Edition lang \(Nr\. 10\) – derzeit RESERVIERT – https:\/\/www\.example\.de\/vehicles\/10$/m,
    )
    expect(dealer.text).toMatch(/^Wunsch: +Möchte benachrichtigt werden, sobald das reservierte Fahrzeug wieder frei ist\. Bitte melden Sie sich selbst/m)

    const receipt = buildConfirmationMail(stored, { ...MAIL, settings: SETTINGS, vehicle })!
    expect(receipt.subject).toBe('Ihre Anfrage zum Mercedes-Benz V 250 d Avantgarde Edition lang bei Ruhrstern Automobile – Eingangsbestätigung')
    expect(receipt.text).toContain(
      'Das Fahrzeug ist derzeit reserviert: Ein anderer Kunde hat es verbindlich reserviert. Fällt die Reservierung weg, melden wir uns bei Ihnen.',
    )
    expect(receipt.text).toMatch(/^Fahrzeug: +Mercedes-Benz V 250 d Avantgarde Edition lang \(derzeit reserviert\)/m)
  })

  it('refuses the request without a phone number and an e-mail address, in German', async () => {
    const result = (await post({ leadKind: 'availability-alert', anchor: 'wieder-frei', vehicleId: '10', name: 'Ohne Kontakt', website: '' })) as unknown
    expect(result).toMatchObject({
      init: { status: 400 },
      data: { anchor: 'wieder-frei', fieldErrors: { phone: [expect.stringContaining('Bitte geben Sie eine Telefonnummer oder eine E-Mail-Adresse an')] } },
    })
    expect(await storedLead('Ohne Kontakt')).toBeUndefined()
  })

  it('a test drive of the reserved car: the receipt says it is reserved and what that means for the drive', async () => {
    const name = `Probefahrer ${backend}`
    // A slot the server accepts: a few open days ahead in the seed's hours.
    const hours = await test.lake.fetch<TEST_DRIVE_HOURS_QUERYResult>(TEST_DRIVE_HOURS_QUERY, {})
    const slot = appointmentSlots(hours?.specs ?? [], new Date(), { special: hours?.specialOpeningHours })[6]!.value
    const response = await post({
      leadKind: 'test-drive',
      anchor: 'probefahrt',
      vehicleId: '10',
      page: '/vehicles/10',
      name,
      phone: '0171 7654321',
      email: `probe-${backend}@example.de`,
      slot,
      website: '',
    })
    expect(response.status, await response.clone().text()).toBe(303)
    const lead = await storedLead(name)
    const { stored, vehicle } = await forMails(lead!._id)
    const receipt = buildConfirmationMail(stored, { ...MAIL, settings: SETTINGS, vehicle })!
    expect(receipt.text).toContain(
      'Bitte beachten Sie: Der Mercedes-Benz V 250 d Avantgarde Edition lang ist derzeit reserviert. Eine Probefahrt ist nur möglich, falls die Reservierung wegfällt – wir rufen Sie an und sagen Ihnen, ob es klappt.',
    )
    expect(buildNotificationMail(stored, { ...MAIL, vehicle }).text).toMatch(/^Fahrzeug: .*– derzeit RESERVIERT –/m)
  })
})
