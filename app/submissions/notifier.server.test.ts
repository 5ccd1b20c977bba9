import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ALERT_CLAIM,
  CLAIM_MS,
  CONFIRMATION_MAX_AGE_MS,
  MAIL_KINDS,
  mailboxOf,
  Notifier,
  type NotifierOptions,
  RECEIPTS_PER_ADDRESS_PER_DAY,
  RECEIPTS_PER_HOUR,
  receiptsPerClientPerHour,
} from '#app/submissions/notifier.server.ts'
import { captureLogs, LEVEL } from '#tests/log-capture.ts'
import { parseMail, startSmtp } from '#tests/mail-sink.ts'
import { createDocument, patchDocument } from '#app/lake/lake.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { type FormKind } from '#app/submissions/forms.ts'
import { parseSubmission, storeSubmission } from '#app/submissions/schema.server.ts'
import { lead } from '#schemas/documents/lead.ts'

/** Stores a contact message as the contact form's submission does. */
const storeContactMessage = (lake: ContentLake, values: Record<string, string>, now: Date) =>
  storeSubmission(lake, { kind: 'contact', fields: [], contact: {}, values, page: values.page }, { now })

const FIXTURE = 'tests/fixtures/mini-dataset'

const CONTACT_INPUT = {
  name: 'Erika Mustermann',
  email: 'erika@example.de',
  phone: '0201 123456',
  subject: 'ankauf' as const,
  message: 'Ist der Golf noch da? Preis & Zustand: <script>alert(1)</script>',
  page: '/contact',
}

const NOW = new Date('2026-11-21T15:17:00.000Z')

/** As the mails escape text for HTML. */
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

describe.each(BACKENDS)('Notifier on the %s lake', (backend) => {
  let test: TestLake
  let dataDir: string
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined
  let notifier: Notifier | undefined

  beforeEach(async () => {
    test = await openTestLake(backend, FIXTURE)
    dataDir = await mkdtemp(path.join(tmpdir(), 'notifier-test-'))
  })
  afterEach(async () => {
    await notifier?.stop()
    notifier = undefined
    await smtp?.close()
    smtp = undefined
    await test.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  function createNotifier(env: Partial<NotifierOptions['env']>, options: Partial<NotifierOptions> = {}) {
    const logs = captureLogs()
    notifier = new Notifier({
      lake: test.lake,
      env: { ...test.env, DATA_DIR: dataDir, SITE_URL: 'https://www.example.de', MAIL_FROM: 'Ruhrstern Website <noreply@example.de>', ...env },
      logger: logs.logger,
      ...options,
    })
    return { notifier, logs }
  }

  it('mails a stored contact message to LEADS_NOTIFY_TO and marks it notified', async () => {
    smtp = await startSmtp()
    const { notifier, logs } = createNotifier({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'anfragen@example.de' })
    const { id } = await storeContactMessage(test.lake, CONTACT_INPUT, NOW)
    expect((await test.stored(id))?.notifiedAt).toBeUndefined()

    await expect(notifier.notify(id)).resolves.toBe('sent')

    expect(smtp.messages).toHaveLength(1)
    const received = smtp.messages[0]!
    expect(received.to).toEqual(['anfragen@example.de'])
    expect(received.from).toBe('noreply@example.de')
    const mail = parseMail(received.raw)
    expect(mail.header('To')).toBe('anfragen@example.de')
    expect(mail.header('From')).toBe('Ruhrstern Website <noreply@example.de>')
    expect(mail.header('Reply-To')).toBe('Erika Mustermann <erika@example.de>')
    expect(mail.header('Subject')).toBe('Neue Nachricht: Fahrzeug verkaufen – Erika Mustermann')
    expect(mail.rawHeader('Subject')).toMatch(/^[\x20-\x7e]+$/)
    expect(mail.header('Message-ID')).toBe(`<${id}@example.de>`)
    for (const part of [
      'Erika Mustermann',
      'erika@example.de',
      '0201 123456',
      'Fahrzeug verkaufen',
      'https://www.example.de/contact',
      'Samstag, 21. November 2026 um 16:17 Uhr',
      'Antworten Sie direkt auf diese E-Mail',
    ]) {
      expect(mail.text).toContain(part)
      expect(mail.html).toContain(part)
    }
    expect(mail.text).toContain('Preis & Zustand: <script>alert(1)</script>')
    expect(mail.html).toContain('Preis &amp; Zustand: &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.html).not.toContain('<script>')

    const stored = await test.stored(id)
    expect(typeof stored?.notifiedAt).toBe('string')
    expect(stored?.status).toBe('neu')
    expect(logs.at(LEVEL.error)).toEqual([])

    await expect(notifier.notify(id)).resolves.toBe('already-notified')
    await expect(notifier.retryPending()).resolves.toEqual({ pending: 0, notified: 0, failed: 0 })
    expect(smtp.messages).toHaveLength(1)
  })

  it('keeps the message pending while SMTP is down and sends it on retry', async () => {
    const closed = await startSmtp()
    const port = closed.port
    await closed.close()
    const { notifier, logs } = createNotifier({ SMTP_URL: `smtp://127.0.0.1:${port}`, LEADS_NOTIFY_TO: 'anfragen@example.de' })
    const { id } = await storeContactMessage(test.lake, CONTACT_INPUT, new Date())

    await expect(notifier.notify(id)).resolves.toBe('failed')
    expect(logs.at(LEVEL.error)).toContainEqual(
      expect.objectContaining({
        msg: expect.stringContaining('Benachrichtigung fehlgeschlagen'),
        documentId: id,
        reason: expect.stringMatching(/ECONNREFUSED/),
      }),
    )
    expect((await test.stored(id))?.notifiedAt).toBeUndefined()
    await expect(notifier.retryPending()).resolves.toEqual({ pending: 1, notified: 0, failed: 1 })

    smtp = await startSmtp(port)
    await expect(notifier.retryPending()).resolves.toEqual({ pending: 1, notified: 1, failed: 0 })
    expect(smtp.messages).toHaveLength(1)
    expect(parseMail(smtp.messages[0]!.raw).header('Subject')).toBe('Neue Nachricht: Fahrzeug verkaufen – Erika Mustermann')
    expect(typeof (await test.stored(id))?.notifiedAt).toBe('string')
  })

  it('writes an .eml file to DATA_DIR/outbox without SMTP_URL, readable by its own user only', async () => {
    const { notifier, logs } = createNotifier({ SMTP_URL: undefined, LEADS_NOTIFY_TO: 'anfragen@example.de' })
    const { id } = await storeContactMessage(test.lake, CONTACT_INPUT, NOW)

    await expect(notifier.notify(id)).resolves.toBe('saved')

    const outbox = path.join(dataDir, 'outbox')
    const files = await readdir(outbox)
    expect(files).toEqual([`2026-11-21T15-17-00.000Z-${id}.eml`])
    const file = path.join(outbox, files[0]!)
    // A visitor's name, address and message: for the server's user only (security review 12-01).
    expect([(await stat(outbox)).mode & 0o777, (await stat(file)).mode & 0o777]).toEqual([0o700, 0o600])
    expect(logs.at(LEVEL.info)).toContainEqual(expect.objectContaining({ msg: 'Benachrichtigung als Datei gespeichert', file }))
    const mail = parseMail(await readFile(file, 'utf8'))
    expect(mail.header('To')).toBe('anfragen@example.de')
    expect(mail.header('Reply-To')).toBe('Erika Mustermann <erika@example.de>')
    expect(mail.header('Subject')).toBe('Neue Nachricht: Fahrzeug verkaufen – Erika Mustermann')
    expect(mail.text).toContain('Preis & Zustand: <script>alert(1)</script>')
    expect(mail.html).toContain('&lt;script&gt;')
    expect(typeof (await test.stored(id))?.notifiedAt).toBe('string')
  })

  it('uses the site settings e-mail, LEADS_NOTIFY_TO overrides it, and without either the message stays pending', async () => {
    smtp = await startSmtp()
    const first = createNotifier({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: undefined })
    const { id } = await storeContactMessage(test.lake, CONTACT_INPUT, new Date())

    // The mini dataset's site settings have no e-mail address.
    await expect(first.notifier.notify(id)).resolves.toBe('no-recipient')
    expect(first.logs.at(LEVEL.error)).toContainEqual(expect.objectContaining({ msg: expect.stringContaining('keine Empfängeradresse'), documentId: id }))
    expect((await test.stored(id))?.notifiedAt).toBeUndefined()
    expect(smtp.messages).toHaveLength(0)

    await patchDocument(test.lake, 'siteSettings', { set: { email: 'info@ruhrstern.example' } })
    await expect(first.notifier.retryPending()).resolves.toEqual({ pending: 1, notified: 1, failed: 0 })
    expect(smtp.messages.map((message) => message.to)).toEqual([['info@ruhrstern.example']])
    await first.notifier.stop()

    const second = createNotifier({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'anfragen@example.de' })
    const other = await storeContactMessage(test.lake, { ...CONTACT_INPUT, name: 'Max' }, new Date())
    await expect(second.notifier.notify(other.id)).resolves.toBe('sent')
    expect(smtp.messages.map((message) => message.to)).toEqual([['info@ruhrstern.example'], ['anfragen@example.de']])
    expect(parseMail(smtp.messages[1]!.raw).header('To')).toBe('anfragen@example.de')
  })

  it('formats a lead: kind title, labelled fields, vehicle, phone when there is no e-mail', async () => {
    smtp = await startSmtp()
    const { notifier } = createNotifier({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'anfragen@example.de' })
    const lead = await createDocument(test.lake, {
      _id: 'inbox.lead-test-1',
      _type: 'lead',
      kind: 'valuation',
      page: '/ankauf',
      receivedAt: new Date().toISOString(),
      contact: { name: 'Hans\r\nBcc: opfer@example.de', phone: '0170 1234567' },
      vehicle: { _type: 'reference', _ref: 'vehicle-1' },
      fields: [
        { _key: 'make', name: 'make', label: 'Marke', value: 'Opel' },
        { _key: 'mileage', name: 'mileage', label: 'Kilometerstand', value: '85.000 km' },
        { _key: 'note', name: 'note', label: 'Anmerkung', value: 'Kratzer & <b>Delle</b>' },
      ],
    })

    await expect(notifier.notify(lead._id)).resolves.toBe('sent')

    const received = smtp.messages[0]!
    expect(received.to).toEqual(['anfragen@example.de'])
    expect(received.raw).not.toMatch(/^Bcc:/m)
    const mail = parseMail(received.raw)
    expect(mail.header('Subject')).toBe('Neue Anfrage: Fahrzeugbewertung – Hans Bcc: opfer@example.de')
    expect(mail.header('Reply-To')).toBe('')
    for (const part of [
      'Art der Anfrage',
      'Fahrzeugbewertung',
      'Marke',
      'Opel',
      'Kilometerstand',
      '85.000 km',
      'VW Golf (Nr. 1) – https://www.example.de/vehicles/1',
      'bitte telefonisch unter 0170 1234567 antworten',
    ]) {
      expect(mail.text).toContain(part)
      expect(mail.html).toContain(part)
    }
    expect(mail.html).toContain('Kratzer &amp; &lt;b&gt;Delle&lt;/b&gt;')
    expect(typeof (await test.stored(lead._id))?.notifiedAt).toBe('string')
  })

  it('sends a document once when notify is called concurrently', async () => {
    smtp = await startSmtp()
    const { notifier } = createNotifier({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'anfragen@example.de' })
    const { id } = await storeContactMessage(test.lake, CONTACT_INPUT, new Date())
    const results = await Promise.all([notifier.notify(id), notifier.notify(id), notifier.retryPending()])
    expect(results.slice(0, 2)).toEqual(['sent', 'sent'])
    expect(smtp.messages).toHaveLength(1)
  })

  it('two instances notifying the same documents at once send each mail once (the claim with ifRevisionID)', async () => {
    smtp = await startSmtp()
    const env = {
      ...test.env,
      DATA_DIR: dataDir,
      SITE_URL: 'https://www.example.de',
      MAIL_FROM: 'noreply@example.de',
      SMTP_URL: smtp.url,
      LEADS_NOTIFY_TO: 'anfragen@example.de',
    }
    const [a, b] = ['instance-a', 'instance-b'].map((instance) => new Notifier({ lake: test.lake, env, instance, logger: captureLogs().logger }))
    const ids: string[] = []
    for (let index = 0; index < 10; index++) ids.push((await storeContactMessage(test.lake, { ...CONTACT_INPUT, name: `Kunde ${index}` }, new Date())).id)

    const results = await Promise.all([...ids.flatMap((id) => [a!.notify(id), b!.notify(id)]), a!.retryPending(), b!.retryPending()])

    const perDocument = ids.map((_, index) => [results[2 * index], results[2 * index + 1]].sort())
    for (const outcome of perDocument) expect(['sent']).toEqual(outcome.filter((result) => result === 'sent'))
    expect(smtp.messages.map((message) => parseMail(message.raw).header('Subject')).sort()).toEqual(
      ids.map((_, index) => `Neue Nachricht: Fahrzeug verkaufen – Kunde ${index}`).sort(),
    )
    for (const id of ids) {
      const stored = await test.stored(id)
      expect(typeof stored?.notifiedAt).toBe('string')
      expect(stored?.notificationClaim).toBeUndefined()
    }
    await Promise.all([a!.stop(), b!.stop()])
  })

  it('a fresh claim of another instance is respected; one older than CLAIM_MS (its instance died) is taken over', async () => {
    smtp = await startSmtp()
    const { notifier } = createNotifier({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'anfragen@example.de' }, { instance: 'instance-a' })
    const { id } = await storeContactMessage(test.lake, CONTACT_INPUT, new Date())
    const claimedAgo = (ms: number) => ({ instance: 'instance-b', at: new Date(Date.now() - ms).toISOString() })

    await patchDocument(test.lake, id, { set: { notificationClaim: claimedAgo(60_000) } })
    await expect(notifier.notify(id)).resolves.toBe('claimed-elsewhere')
    await expect(notifier.retryPending()).resolves.toEqual({ pending: 1, notified: 0, failed: 0 })
    expect(smtp.messages).toHaveLength(0)

    await patchDocument(test.lake, id, { set: { notificationClaim: claimedAgo(CLAIM_MS + 1000) } })
    await expect(notifier.notify(id)).resolves.toBe('sent')
    expect(smtp.messages).toHaveLength(1)
    const stored = await test.stored(id)
    expect(typeof stored?.notifiedAt).toBe('string')
    expect(stored?.notificationClaim).toBeUndefined()
  })

  it('a failed send leaves no claim behind, so the next attempt may send at once', async () => {
    const closed = await startSmtp()
    await closed.close()
    const { notifier } = createNotifier({ SMTP_URL: closed.url, LEADS_NOTIFY_TO: 'anfragen@example.de' })
    const { id } = await storeContactMessage(test.lake, CONTACT_INPUT, new Date())
    await expect(notifier.notify(id)).resolves.toBe('failed')
    const stored = await test.stored(id)
    expect(stored?.notifiedAt).toBeUndefined()
    expect(stored?.notificationClaim).toBeUndefined()
  })

  describe("the visitor's receipt (Eingangsbestätigung), a second mail claimed and retried on its own", () => {
    /** A transport that keeps what it sends and fails mails to the addresses in `down`. */
    function fakeTransport() {
      const sent: Array<{ to: string; subject: string; text: string }> = []
      const down = new Set<string>()
      const transport = {
        sendMail: async (mail: { to: string | { address: string }; subject: string; text: string }) => {
          const to = typeof mail.to === 'string' ? mail.to : mail.to.address
          if (down.has(to)) throw Object.assign(new Error('Empfänger nicht erreichbar'), { code: 'EENVELOPE' })
          sent.push({ to, subject: mail.subject, text: mail.text })
          return {}
        },
        close: () => undefined,
      }
      return { transport: transport as unknown as NonNullable<NotifierOptions['transport']>, sent, down }
    }

    /** A contact message from a visitor who gave an address, as the contact form stores it. */
    const storeWithAddress = (now = new Date()) =>
      storeSubmission(
        test.lake,
        { kind: 'contact', fields: [], contact: { name: 'Erika Mustermann', email: 'erika@example.de' }, values: CONTACT_INPUT, page: '/contact' },
        { now },
      )

    beforeEach(async () => {
      // The figures, address and legal data the receipt names (the mini dataset has none).
      await patchDocument(test.lake, 'siteSettings', {
        set: {
          email: 'info@ruhrstern.example',
          address: { street: 'Gladbecker Straße 250', postalCode: '45326', city: 'Essen' },
          claims: { valuationHours: 24 },
          legalName: 'Ruhrstern Automobile GmbH',
          legal: { managingDirector: 'Markus Brandt', registerCourt: 'Amtsgericht Essen', registerNumber: 'HRB 12345' },
        },
      })
    })

    it('stop() waits for every mail of a notifyAll, the receipt after the dealer mail too (a harness removed DATA_DIR under a late receipt)', async () => {
      smtp = await startSmtp()
      const { notifier } = createNotifier({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'anfragen@example.de' })
      const { id } = await storeWithAddress(NOW)
      const all = notifier.notifyAll(id)
      await notifier.stop()
      expect(smtp.messages.map((message) => message.to)).toEqual([['anfragen@example.de'], ['erika@example.de']])
      await expect(all).resolves.toEqual({ dealer: 'sent', confirmation: 'sent' })
    })

    it('goes to the address the visitor gave, in German, with what they sent, the answer time, phone and address', async () => {
      smtp = await startSmtp()
      const { notifier, logs } = createNotifier({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'anfragen@example.de' })
      const { id } = await storeWithAddress(NOW)
      expect((await test.stored(id))?.confirmationPending).toBe(true)

      await expect(notifier.notifyAll(id)).resolves.toEqual({ dealer: 'sent', confirmation: 'sent' })

      expect(smtp.messages.map((message) => message.to)).toEqual([['anfragen@example.de'], ['erika@example.de']])
      const receipt = parseMail(smtp.messages[1]!.raw)
      expect(receipt.header('Subject')).toBe('Ihre Nachricht bei Ruhrstern Automobile – Eingangsbestätigung')
      expect(receipt.header('Reply-To')).toBe('Ruhrstern Automobile <info@ruhrstern.example>')
      expect(receipt.header('Auto-Submitted')).toBe('auto-generated')
      expect(receipt.header('Message-ID')).toBe(`<${id}.bestaetigung@example.de>`)
      for (const part of [
        'Guten Tag,',
        'am Samstag, 21. November 2026 um 16:17 Uhr bei uns eingegangen',
        'innerhalb von 24 Stunden',
        'Betreff',
        'Fahrzeug verkaufen',
        'Telefon: 0201 8512 3400',
        'Gladbecker Straße 250, 45326 Essen',
      ]) {
        expect(receipt.text).toContain(part)
        expect(receipt.html).toContain(part)
      }
      // Only the subject chosen from the list is repeated: nobody can make the dealer's server mail their text to a stranger.
      for (const part of ['Ist der Golf noch da?', 'Erika', '0201 123456', 'erika@example.de']) {
        expect(receipt.text).not.toContain(part)
        expect(receipt.html).not.toContain(part)
      }
      const stored = await test.stored(id)
      expect(typeof stored?.confirmationSentAt).toBe('string')
      expect(stored?.confirmationPending).toBeUndefined()
      expect(stored?.confirmationClaim).toBeUndefined()
      expect(logs.at(LEVEL.error)).toEqual([])
      await expect(notifier.confirm(id)).resolves.toBe('already-notified')
      await expect(notifier.retryPendingConfirmations()).resolves.toEqual({ pending: 0, notified: 0, failed: 0 })
      expect(smtp.messages).toHaveLength(2)
    })

    it('is signed with the company’s details and sent under the dealer’s name when MAIL_FROM has none (copy review 2026-11-29, M5)', async () => {
      smtp = await startSmtp()
      const { notifier } = createNotifier({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'anfragen@example.de', MAIL_FROM: 'noreply@example.de' })
      const { id } = await storeWithAddress(NOW)
      await expect(notifier.notifyAll(id)).resolves.toEqual({ dealer: 'sent', confirmation: 'sent' })
      const mailTo = (address: string) => parseMail(smtp!.messages.find((message) => message.to.includes(address))!.raw)
      const receipt = mailTo('erika@example.de')
      expect(receipt.header('From')).toBe('Ruhrstern Automobile <noreply@example.de>')
      // The dealer's own notification keeps MAIL_FROM as set.
      expect(mailTo('anfragen@example.de').header('From')).toBe('noreply@example.de')
      const signature = [
        'Mit freundlichen Grüßen',
        'Ruhrstern Automobile GmbH',
        'Gladbecker Straße 250, 45326 Essen',
        'Telefon: 0201 8512 3400',
        'E-Mail: info@ruhrstern.example',
        'Registereintrag: Amtsgericht Essen, HRB 12345',
        'Geschäftsführer: Markus Brandt',
      ]
      expect(receipt.text).toContain(`\n\n${signature.join('\n')}\n\n--\n`)
      expect(receipt.html).toContain(`<p>${signature.join('<br>')}</p>`)
      expect(receipt.text).not.toContain('So erreichen Sie uns')
    })

    describe('repeats only what was chosen from a list or typed as a number, never text a stranger wrote (security review 2026-11-28, finding 3)', () => {
      const VICTIM = 'victim@third-party.example'
      /** Pieces of the hostile input: none may reach the receipt, in whatever field it was sent. */
      const HOSTILE = ['spam.example', 'phish.example', 'Gewinn', 'Besuchen', 'Konto', 'gesperrt', 'klicken', 'third-party', 'opfer', 'victim', '0201 555']

      /** Parses and stores a form's post as the site does. */
      async function storeForm(kind: FormKind, raw: Record<string, string>) {
        const result = parseSubmission(kind, raw)
        if (result.kind !== 'valid') throw new Error(`refused: ${JSON.stringify(result.fieldErrors)}`)
        return storeSubmission(test.lake, result.parsed, { now: NOW })
      }

      /** The receipt of a stored submission as its recipient gets it: subject, text and HTML part. */
      async function receiptOf(id: string) {
        smtp = await startSmtp()
        const { notifier } = createNotifier({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'anfragen@example.de' })
        await expect(notifier.notifyAll(id)).resolves.toEqual({ dealer: 'sent', confirmation: 'sent' })
        const received = smtp.messages.find((message) => message.to.includes(VICTIM))!
        const mail = parseMail(received.raw)
        expect(mail.header('To')).toBe(VICTIM)
        return { subject: mail.header('Subject'), text: mail.text, html: mail.html }
      }

      /** None of the hostile text, no address but the dealer's, no link but the car's page, in subject, text and HTML. */
      function expectNothingRelayed(receipt: { subject: string; text: string; html: string }) {
        for (const part of [receipt.subject, receipt.text, receipt.html]) {
          for (const hostile of HOSTILE) expect(part).not.toContain(hostile)
          expect(part.replaceAll('info@ruhrstern.example', '')).not.toContain('@')
          // The car's page, and an alert's signed confirmation link (issue 38): nothing else.
          for (const link of part.match(/https?:\/\/[^\s"<]+|www\.[^\s"<]+/g) ?? [])
            expect(link).toMatch(/^https:\/\/www\.example\.de\/(vehicles\/|benachrichtigung\/bestaetigen\?t=[\w.%-]+$)/)
        }
        expect(receipt.text).toMatch(/^Guten Tag,\n/)
      }

      it('a sell request: make, model, name, note and phone are not repeated; the chosen and numeric values are', async () => {
        const { id } = await storeForm('vehicle-sale', {
          make: 'https://phish.example/login',
          model: 'Gewinner! www.spam.example',
          registrationMonth: '03',
          year: '2017',
          mileage: '98000',
          fuel: 'Diesel',
          gearbox: 'Automatik',
          accidentFree: 'Ja',
          drivable: 'Nein',
          serviceHistory: 'Lückenlos (Scheckheft)',
          note: 'Ihr Konto wurde gesperrt. Bitte bestätigen Sie Ihre Daten unter https://phish.example/bank sofort, Rückfragen an opfer@third-party.example',
          name: 'Gewinner! Besuchen Sie https://spam.example/x',
          postcode: '45127',
          phone: '0201 555 666',
          email: VICTIM,
          contactTime: 'Abends (17–20 Uhr)',
          page: '/auto-verkaufen',
        })
        const receipt = await receiptOf(id)
        expectNothingRelayed(receipt)
        expect(receipt.subject).toBe('Ihre Verkaufsanfrage bei Ruhrstern Automobile – Eingangsbestätigung')
        for (const [label, value] of [
          ['Erstzulassung (Monat)', '03 – März'],
          ['Erstzulassung (Jahr)', '2017'],
          ['Kilometerstand', '98.000 km'],
          ['Kraftstoff', 'Diesel'],
          ['Getriebe', 'Automatik'],
          ['Unfallfrei', 'Ja'],
          ['Fahrbereit', 'Nein'],
          ['Serviceheft', 'Lückenlos (Scheckheft)'],
          ['Postleitzahl', '45127'],
          ['Am besten erreichbar', 'Abends (17–20 Uhr)'],
        ] as Array<[string, string]>) {
          expect(receipt.text).toMatch(new RegExp(`^${label.replace(/[()]/g, '\\$&')}: +${value.replace(/[()]/g, '\\$&')}$`, 'm'))
          expect(receipt.html).toContain(
            `${escapeText(label)}</th><td style="padding:4px 12px 4px 0;vertical-align:top;text-align:left">${escapeText(value)}</td>`,
          )
        }
        for (const label of ['Marke', 'Modell', 'Name', 'Anmerkungen', 'Telefon:  ', 'E-Mail:  ']) expect(receipt.text).not.toContain(label)
      })

      it('a Suchauftrag with an e-mail: its receipt is the double opt-in mail (issue 38), and the search it carries is not repeated', async () => {
        const { id } = await storeForm('search-request', {
          emailOrPhone: VICTIM,
          query: 'Gewinnspiel! https://spam.example/win jetzt klicken',
          page: '/vehicles',
        })
        const receipt = await receiptOf(id)
        expectNothingRelayed(receipt)
        expect(receipt.subject).toBe('Bitte bestätigen: Benachrichtigung zu Ihrer Fahrzeugsuche – Ruhrstern Automobile')
        expect(receipt.text).toContain('https://www.example.de/benachrichtigung/bestaetigen?t=')
        expect(receipt.text).not.toContain('Gewinnspiel')
        expect(receipt.text).not.toContain('Gesucht')
      })

      it('a contact message: name, phone and message are not repeated; the subject from the list is', async () => {
        const { id } = await storeForm('contact', {
          name: 'Gewinner! Besuchen Sie https://spam.example/x',
          email: VICTIM,
          phone: '0201 555 666',
          subject: 'lieferung',
          message: 'Ihr Konto wurde gesperrt: https://phish.example/bank www.spam.example opfer@third-party.example',
          page: '/contact',
        })
        const receipt = await receiptOf(id)
        expectNothingRelayed(receipt)
        expect(receipt.subject).toBe('Ihre Nachricht bei Ruhrstern Automobile – Eingangsbestätigung')
        expect(receipt.text).toMatch(/^Betreff: +Fahrzeuglieferung$/m)
      })

      it('a test drive: the slot as the server wrote it and the trade-in tick; the message and name are not', async () => {
        const lead = await createDocument(test.lake, {
          _id: 'inbox.lead-test-drive-hostile',
          _type: 'lead',
          kind: 'test-drive',
          page: '/vehicles/1',
          receivedAt: NOW.toISOString(),
          status: 'neu',
          contact: { name: 'Besuchen Sie www.spam.example', phone: '0201 555 666', email: VICTIM },
          vehicle: { _type: 'reference', _ref: 'vehicle-1', _weak: true },
          fields: [
            { _key: 'name', name: 'name', label: 'Name', value: 'Besuchen Sie www.spam.example' },
            { _key: 'slot', name: 'slot', label: 'Wunschtermin', value: 'Mo, 30.11.2026, 09:00–12:00 Uhr' },
            { _key: 'tradeIn', name: 'tradeIn', label: 'Fahrzeug in Zahlung geben?', value: 'Ja' },
            { _key: 'message', name: 'message', label: 'Nachricht (optional)', value: 'Gewinnspiel unter https://spam.example/win' },
          ],
          confirmationPending: true,
        })
        const receipt = await receiptOf(lead._id)
        expectNothingRelayed(receipt)
        expect(receipt.text).toMatch(/^Wunschtermin: +Mo, 30\.11\.2026, 09:00–12:00 Uhr$/m)
        expect(receipt.text).toMatch(/^Fahrzeug in Zahlung geben\?: +Ja$/m)
        expect(receipt.text).toMatch(/^Fahrzeug: +VW Golf – https:\/\/www\.example\.de\/vehicles\/1$/m)
      })

      it('a value that is not one of its options, not digits or looks like a link is dropped even in a field the receipt repeats', async () => {
        const lead = await createDocument(test.lake, {
          _id: 'inbox.lead-forged',
          _type: 'lead',
          kind: 'vehicle-sale',
          receivedAt: NOW.toISOString(),
          status: 'neu',
          contact: { email: VICTIM },
          fields: [
            { _key: 'fuel', name: 'fuel', label: 'Kraftstoff', value: 'Diesel https://spam.example' },
            { _key: 'year', name: 'year', label: 'Baujahr', value: '2017 www.spam.example' },
            { _key: 'postcode', name: 'postcode', label: 'Postleitzahl', value: 'opfer@third-party.example' },
            { _key: 'mileage', name: 'mileage', label: 'Kilometerstand (km)', value: '120000' },
          ],
          confirmationPending: true,
        })
        const receipt = await receiptOf(lead._id)
        expectNothingRelayed(receipt)
        expect(receipt.text).toMatch(/^Kilometerstand: +120\.000 km$/m)
        for (const label of ['Kraftstoff', 'Erstzulassung (Jahr)', 'Postleitzahl']) expect(receipt.text).not.toContain(label)
      })
    })

    describe('caps, counted in the lake (security review 2026-11-28, finding 3)', () => {
      /** A contact message from `email`, as the contact form stores it. */
      const storeFrom = (email: string, now: Date) =>
        storeSubmission(test.lake, { kind: 'contact', fields: [], contact: { email }, values: { ...CONTACT_INPUT, email }, page: '/contact' }, { now })

      it(`at most ${RECEIPTS_PER_ADDRESS_PER_DAY} receipts a day to one address, also after a restart; past it the message is stored and the dealer told as always`, async () => {
        expect(RECEIPTS_PER_ADDRESS_PER_DAY).toBe(3)
        const { transport, sent } = fakeTransport()
        let now = NOW
        const before = createNotifier({ LEADS_NOTIFY_TO: 'anfragen@example.de' }, { transport, now: () => now, instance: 'before-restart' })
        for (let index = 0; index < RECEIPTS_PER_ADDRESS_PER_DAY; index++) {
          const { id } = await storeFrom('erika@example.de', now)
          await expect(before.notifier.notifyAll(id)).resolves.toEqual({ dealer: 'sent', confirmation: 'sent' })
        }
        await before.notifier.stop()

        // A new process (nothing in memory) on the same lake, an hour later, the address in other letters.
        now = new Date(NOW.getTime() + 60 * 60 * 1000)
        const { notifier, logs } = createNotifier({ LEADS_NOTIFY_TO: 'anfragen@example.de' }, { transport, now: () => now, instance: 'after-restart' })
        const fourth = await storeFrom('Erika@Example.DE', now)
        await expect(notifier.notifyAll(fourth.id)).resolves.toEqual({ dealer: 'sent', confirmation: 'capped' })
        const stored = await test.stored(fourth.id)
        expect(stored).toMatchObject({ _type: 'contactMessage', email: 'Erika@Example.DE', message: CONTACT_INPUT.message })
        expect(typeof stored?.notifiedAt).toBe('string')
        expect(stored?.confirmationSentAt).toBeUndefined()
        expect(stored?.confirmationPending).toBeUndefined()
        expect(stored?.confirmationClaim).toBeUndefined()
        expect(sent.map((mail) => mail.to.toLowerCase()).filter((to) => to === 'erika@example.de')).toHaveLength(RECEIPTS_PER_ADDRESS_PER_DAY)
        expect(sent.at(-1)!.to).toBe('anfragen@example.de')
        const skipped = logs.at(LEVEL.warn).filter((line) => line.documentId === fourth.id)
        expect(skipped).toEqual([expect.objectContaining({ cap: 'address-per-day', limit: 3, counted: 3, msg: expect.stringContaining('übersprungen') })])
        expect(JSON.stringify(skipped)).not.toMatch(/erika/i)
        // Skipped for good: not sent later by the retry.
        await expect(notifier.retryPendingConfirmations()).resolves.toEqual({ pending: 0, notified: 0, failed: 0 })

        // Another address the same day gets its receipt; the first one again once the day has passed.
        const other = await storeFrom('max@example.de', now)
        await expect(notifier.confirm(other.id)).resolves.toBe('sent')
        now = new Date(NOW.getTime() + 24 * 60 * 60 * 1000 + 60_000)
        const nextDay = await storeFrom('erika@example.de', now)
        await expect(notifier.confirm(nextDay.id)).resolves.toBe('sent')
      })

      it('counts one mailbox however its address is tagged or written (security review 2026-11-29, finding 1)', async () => {
        const { transport, sent } = fakeTransport()
        const { notifier, logs } = createNotifier({ LEADS_NOTIFY_TO: 'anfragen@example.de' }, { transport, now: () => NOW })
        for (const email of ['erika+1@example.de', 'Erika+Auto@Example.DE', 'erika@example.de']) {
          const { id } = await storeFrom(email, NOW)
          await expect(notifier.confirm(id), email).resolves.toBe('sent')
        }
        const fourth = await storeFrom('erika+4@example.de', NOW)
        await expect(notifier.confirm(fourth.id)).resolves.toBe('capped')
        expect(logs.at(LEVEL.warn)).toContainEqual(expect.objectContaining({ documentId: fourth.id, cap: 'address-per-day', counted: 3 }))
        // Another mailbox at the same domain, and one whose name only contains the first: their own.
        for (const email of ['max@example.de', 'erika.m@example.de']) {
          const { id } = await storeFrom(email, NOW)
          await expect(notifier.confirm(id), email).resolves.toBe('sent')
        }
        expect(sent).toHaveLength(5)
      })

      it("an alert's opt-in mail past a cap waits, is sent once the hour frees, and the retry run stops at a spent hour (security review 2026-11-29, finding 1)", async () => {
        const { transport, sent } = fakeTransport()
        let now = NOW
        const { notifier, logs } = createNotifier({ LEADS_NOTIFY_TO: 'anfragen@example.de', RECEIPTS_PER_HOUR: 2 }, { transport, now: () => now })
        for (const email of ['kunde1@example.de', 'kunde2@example.de']) {
          const { id } = await storeFrom(email, now)
          await expect(notifier.confirm(id)).resolves.toBe('sent')
        }
        const storeAlert = async (email: string) => {
          const submission = parseSubmission('price-alert', { email, vehicleId: '1' })
          if (submission.kind !== 'valid') throw new Error('invalid alert')
          return storeSubmission(test.lake, submission.parsed, { vehicleRef: 'vehicle-1', now })
        }
        const first = await storeAlert('preis-fan@example.org')
        const second = await storeAlert('zweiter-fan@example.org')
        await expect(notifier.notifyAll(first.id)).resolves.toEqual({ dealer: 'sent', confirmation: 'deferred' })
        await expect(notifier.confirm(second.id)).resolves.toBe('deferred')
        for (const id of [first.id, second.id]) {
          const stored = await test.stored(id)
          expect(stored).toMatchObject({ confirmationPending: true, alert: { status: 'unconfirmed' } })
          expect(stored).not.toHaveProperty('confirmationClaim')
          expect(stored).not.toHaveProperty('confirmationSentAt')
        }
        expect(logs.at(LEVEL.warn)).toContainEqual(
          expect.objectContaining({ documentId: first.id, cap: 'total-per-hour', msg: expect.stringContaining('wird später gesendet') }),
        )
        expect(sent.map((mail) => mail.to)).not.toContain('preis-fan@example.org')

        // Still within the hour: the run tries the oldest, finds the hour spent and leaves the other for later.
        const deferrals = () => logs.at(LEVEL.warn).filter((line) => typeof line.msg === 'string' && line.msg.includes('später gesendet')).length
        const before = deferrals()
        await expect(notifier.retryPendingConfirmations()).resolves.toEqual({ pending: 2, notified: 0, failed: 0 })
        expect(deferrals() - before).toBe(1)

        // An hour later both go out, each with a link that works from now on.
        now = new Date(NOW.getTime() + 61 * 60_000)
        await expect(notifier.retryPendingConfirmations()).resolves.toEqual({ pending: 2, notified: 2, failed: 0 })
        const optIn = sent.find((mail) => mail.to === 'preis-fan@example.org')
        expect(optIn?.subject).toMatch(/^Bitte bestätigen: Preisbeobachtung/)
        expect(optIn?.text).toMatch(/\/benachrichtigung\/bestaetigen\?t=\S+/)
        expect(await test.stored(first.id)).toMatchObject({ confirmationSentAt: now.toISOString() })
        expect(await test.stored(first.id)).not.toHaveProperty('confirmationPending')
      })

      it(`at most ${RECEIPTS_PER_HOUR} receipts an hour in total, those another instance is sending included`, async () => {
        expect(RECEIPTS_PER_HOUR).toBe(60)
        const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString()
        // As the notifier records them: 58 receipts sent within the hour, one being sent by another instance, three sent before the hour.
        const earlier = (index: number, fields: Record<string, unknown>) => ({
          create: {
            _id: `inbox.receipt-cap-${index}`,
            _type: 'contactMessage',
            email: `kunde${index}@example.de`,
            receivedAt: minutesAgo(70),
            status: 'neu',
            notifiedAt: minutesAgo(70),
            ...fields,
          },
        })
        await test.lake.mutate([
          ...Array.from({ length: RECEIPTS_PER_HOUR - 2 }, (_, index) => earlier(index, { confirmationSentAt: minutesAgo(59 - index / 2) })),
          earlier(100, { confirmationPending: true, confirmationClaim: { instance: 'instance-b', at: minutesAgo(1) } }),
          ...[101, 102, 103].map((index) => earlier(index, { confirmationSentAt: minutesAgo(61) })),
        ])
        const { transport, sent } = fakeTransport()
        let now = NOW
        const { notifier, logs } = createNotifier({ LEADS_NOTIFY_TO: 'anfragen@example.de' }, { transport, now: () => now })

        const sixtieth = await storeFrom('anna@example.de', now)
        await expect(notifier.confirm(sixtieth.id)).resolves.toBe('sent')
        const past = await storeFrom('ben@example.de', now)
        await expect(notifier.notifyAll(past.id)).resolves.toEqual({ dealer: 'sent', confirmation: 'capped' })
        expect(sent.map((mail) => mail.to)).toEqual(['anna@example.de', 'anfragen@example.de'])
        expect(logs.at(LEVEL.warn)).toContainEqual(expect.objectContaining({ documentId: past.id, cap: 'total-per-hour', limit: 60, counted: 60 }))
        expect(await test.stored(past.id)).toMatchObject({ email: 'ben@example.de', notifiedAt: expect.any(String) })

        // Half an hour later the seeded receipts (sent 30.5 to 59 minutes before) and the claim have left the window.
        now = new Date(NOW.getTime() + 30 * 60_000)
        const later = await storeFrom('carla@example.de', now)
        await expect(notifier.confirm(later.id)).resolves.toBe('sent')
      })
    })

    it('a failed receipt is retried alone and never resends the dealer mail; a pending dealer mail never resends the receipt', async () => {
      const { transport, sent, down } = fakeTransport()
      const { notifier } = createNotifier({ LEADS_NOTIFY_TO: 'anfragen@example.de' }, { transport })
      const { id } = await storeWithAddress()

      down.add('erika@example.de')
      await expect(notifier.notifyAll(id)).resolves.toEqual({ dealer: 'sent', confirmation: 'failed' })
      expect((await test.stored(id))?.confirmationClaim).toBeUndefined()
      await expect(notifier.retryPendingConfirmations()).resolves.toEqual({ pending: 1, notified: 0, failed: 1 })
      down.clear()
      await expect(notifier.retryPending()).resolves.toEqual({ pending: 0, notified: 0, failed: 0 })
      await expect(notifier.retryPendingConfirmations()).resolves.toEqual({ pending: 1, notified: 1, failed: 0 })
      expect(sent.map((mail) => mail.to)).toEqual(['anfragen@example.de', 'erika@example.de'])

      // The other way round: the dealer's mail fails, the receipt goes once.
      const second = await storeWithAddress()
      down.add('anfragen@example.de')
      await expect(notifier.notifyAll(second.id)).resolves.toEqual({ dealer: 'failed', confirmation: 'sent' })
      down.clear()
      await expect(notifier.retryPendingConfirmations()).resolves.toEqual({ pending: 0, notified: 0, failed: 0 })
      await expect(notifier.retryPending()).resolves.toEqual({ pending: 1, notified: 1, failed: 0 })
      expect(sent.map((mail) => mail.to)).toEqual(['anfragen@example.de', 'erika@example.de', 'erika@example.de', 'anfragen@example.de'])
    })

    it('two instances confirming at once send one receipt', async () => {
      const { transport, sent } = fakeTransport()
      const env = { ...test.env, DATA_DIR: dataDir, MAIL_FROM: 'Ruhrstern Website <noreply@example.de>', LEADS_NOTIFY_TO: 'anfragen@example.de' }
      const a = new Notifier({ lake: test.lake, env, transport, instance: 'a', logger: captureLogs().logger })
      const b = new Notifier({ lake: test.lake, env, transport, instance: 'b', logger: captureLogs().logger })
      const { id } = await storeWithAddress()
      const results = await Promise.all([a.confirm(id), b.confirm(id)])
      expect(results.filter((result) => result === 'sent')).toHaveLength(1)
      expect(sent).toHaveLength(1)
      await Promise.all([a.stop(), b.stop()])
    })

    it('is due only for a submission that gave an address, and not days later', async () => {
      const { transport, sent } = fakeTransport()
      const { notifier } = createNotifier({ LEADS_NOTIFY_TO: 'anfragen@example.de' }, { transport, now: () => NOW })
      const { id } = await storeContactMessage(test.lake, { ...CONTACT_INPUT, email: '' }, NOW)
      expect((await test.stored(id))?.confirmationPending).toBeUndefined()
      await expect(notifier.confirm(id)).resolves.toBe('not-notifiable')
      await storeWithAddress(new Date(NOW.getTime() - CONFIRMATION_MAX_AGE_MS - 60_000))
      await expect(notifier.retryPendingConfirmations()).resolves.toEqual({ pending: 0, notified: 0, failed: 0 })
      expect(sent).toEqual([])
    })

    it('without SMTP writes the receipt beside the dealer mail in the outbox', async () => {
      const { notifier } = createNotifier({ SMTP_URL: undefined, LEADS_NOTIFY_TO: 'anfragen@example.de' })
      const { id } = await storeWithAddress(NOW)
      await expect(notifier.notifyAll(id)).resolves.toEqual({ dealer: 'saved', confirmation: 'saved' })
      const files = (await readdir(path.join(dataDir, 'outbox'))).sort()
      expect(files).toHaveLength(2)
      const receipt = await readFile(
        path.join(
          dataDir,
          'outbox',
          files.find((file) => file.endsWith('-eingangsbestaetigung.eml'))!,
        ),
        'utf8',
      )
      expect(parseMail(receipt).header('To')).toBe('erika@example.de')
    })
  })
})

/** A mail server that is down: every send fails; `attempts()` counts the tries. */
function downTransport() {
  let tries = 0
  const transport = nodemailer.createTransport({
    name: 'down',
    version: '1',
    send: (_mail, callback) => {
      tries++
      callback(new Error('down'), undefined as never)
    },
  })
  return { transport, attempts: () => tries }
}

describe('Notifier schedule', () => {
  let test: TestLake
  beforeEach(async () => {
    test = await openTestLake('embedded', FIXTURE)
  })
  afterEach(async () => {
    await test.close()
  })

  it('retries after start with backoff while sending fails, then returns to the interval', async () => {
    let failuresLeft = 2
    const sent: string[] = []
    const transport = nodemailer.createTransport({
      name: 'flaky',
      version: '1',
      send(mail, callback) {
        if (failuresLeft-- > 0) return callback(new Error('SMTP nicht erreichbar'), undefined as never)
        sent.push(String(mail.data.subject))
        callback(null, { envelope: mail.message.getEnvelope(), messageId: mail.message.messageId() })
      },
    })
    const logs = captureLogs()
    const notifier = new Notifier({
      lake: test.lake,
      env: { ...test.env, LEADS_NOTIFY_TO: 'anfragen@example.de' },
      transport,
      logger: logs.logger,
    })
    const { id } = await storeContactMessage(test.lake, CONTACT_INPUT, new Date())
    notifier.start({ initialDelayMs: 10, minBackoffMs: 40, maxBackoffMs: 60, intervalMs: 60_000 })
    await vi.waitFor(
      () => {
        expect(sent).toHaveLength(1)
      },
      { timeout: 5000, interval: 20 },
    )
    expect(logs.at(LEVEL.error)).toHaveLength(2)
    await vi.waitFor(async () =>
      expect(typeof (await test.lake.fetch<string | null>('*[_id == $id][0].notifiedAt', { id }, { includePrivate: true }))).toBe('string'),
    )
    await vi.waitFor(() => expect(notifier.nextDelayMs()).toBe(60_000))
    await notifier.stop()
    expect(notifier.nextDelayMs()).toBeUndefined()
  })

  it('stops a retry run after three failures in a row and logs a missing recipient once', async () => {
    const { transport, attempts } = downTransport()
    for (const name of ['A', 'B', 'C', 'D', 'E']) await storeContactMessage(test.lake, { ...CONTACT_INPUT, name }, new Date())
    const logs = captureLogs()
    const down = new Notifier({ lake: test.lake, env: { ...test.env, LEADS_NOTIFY_TO: 'a@example.de' }, transport, logger: logs.logger })
    await expect(down.retryPending()).resolves.toEqual({ pending: 5, notified: 0, failed: 5 })
    expect(attempts()).toBe(3)
    expect(logs.at(LEVEL.error)).toHaveLength(3)

    const quiet = captureLogs()
    const noRecipient = new Notifier({ lake: test.lake, env: { ...test.env, LEADS_NOTIFY_TO: undefined }, transport, logger: quiet.logger })
    await expect(noRecipient.retryPending()).resolves.toEqual({ pending: 5, notified: 0, failed: 5 })
    expect(attempts()).toBe(3)
    expect(quiet.at(LEVEL.error)).toEqual([
      expect.objectContaining({ pending: 5, msg: expect.stringMatching(/^Benachrichtigungen offen, aber keine Empfängeradresse/) }),
    ])
  })

  it('stops a retry run of appointment notes after three failures in a row too', async () => {
    const { transport, attempts } = downTransport()
    for (const name of ['A', 'B', 'C', 'D', 'E']) {
      await createDocument(test.lake, {
        _id: `inbox.lead-appointment-${name}`,
        _type: 'lead',
        kind: 'vehicle-sale',
        receivedAt: new Date().toISOString(),
        notifiedAt: new Date().toISOString(),
        contact: { name },
        fields: [{ _key: 'appointment', name: 'appointment', label: 'Besichtigungstermin', value: 'Sa, 28.11.2026, 12:00–15:00 Uhr' }],
        appointmentPending: true,
      })
    }
    const logs = captureLogs()
    const down = new Notifier({ lake: test.lake, env: { ...test.env, LEADS_NOTIFY_TO: 'a@example.de' }, transport, logger: logs.logger })
    await expect(down.retryPendingAppointments()).resolves.toEqual({ pending: 5, notified: 0, failed: 5 })
    expect(attempts()).toBe(3)
  })

  it('does not retry documents older than the maximum age', async () => {
    const logs = captureLogs()
    const notifier = new Notifier({
      lake: test.lake,
      env: { ...test.env, LEADS_NOTIFY_TO: 'a@example.de' },
      logger: logs.logger,
      maxPendingAgeMs: 24 * 60 * 60 * 1000,
    })
    await storeContactMessage(test.lake, CONTACT_INPUT, new Date(Date.now() - 2 * 24 * 60 * 60 * 1000))
    await expect(notifier.retryPending()).resolves.toEqual({ pending: 0, notified: 0, failed: 0 })
  })

  it('computes the backoff: doubling from the minimum up to the maximum', async () => {
    const transport = nodemailer.createTransport({
      name: 'down',
      version: '1',
      send: (_mail, callback) => callback(new Error('down'), undefined as never),
    })
    const logs = captureLogs()
    const notifier = new Notifier({ lake: test.lake, env: { ...test.env, LEADS_NOTIFY_TO: 'a@example.de' }, transport, logger: logs.logger })
    await storeContactMessage(test.lake, CONTACT_INPUT, new Date())
    notifier.start({ initialDelayMs: 0, minBackoffMs: 30, maxBackoffMs: 100, intervalMs: 60_000 })
    const delays = new Set<number>()
    await vi.waitFor(
      () => {
        const delay = notifier.nextDelayMs()
        if (delay !== undefined) delays.add(delay)
        expect(delays.has(100)).toBe(true)
      },
      { timeout: 5000, interval: 5 },
    )
    await notifier.stop()
    expect([...delays].filter((delay) => delay !== 60_000).sort((a, b) => a - b)).toEqual(expect.arrayContaining([30, 60, 100]))
  })
})

describe('mailboxOf and the per-client share', () => {
  it.each([
    ['erika@example.de', 'erika@example.de'],
    [' Erika+Auto@Example.DE ', 'erika@example.de'],
    ['erika+a+b@example.de', 'erika@example.de'],
    ['o.neil+x@mail.example.co.uk', 'o.neil@mail.example.co.uk'],
  ])('%j reaches %j', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox)
  })

  it('one client may ask for a sixth of the hour’s receipts, at least one', () => {
    expect(receiptsPerClientPerHour()).toBe(10)
    expect(receiptsPerClientPerHour(10_000)).toBe(1667)
    expect(receiptsPerClientPerHour(1)).toBe(1)
  })
})

describe('the claims the notifier writes on a lead', () => {
  // A claim missing from the schema is typed `null` by typegen and shown to staff as an unknown field (code-health review 2026-12-01, H1).
  it.each([...Object.values(MAIL_KINDS).map((kind) => kind.claim), ALERT_CLAIM])('%s is a hidden, read-only field of the lead', (name) => {
    expect(lead.fields.find((field) => field.name === name)).toMatchObject({ type: 'object', hidden: true, readOnly: true })
  })
})
