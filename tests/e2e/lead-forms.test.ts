import { outboxMailWith } from './outbox'
import { control, fillForm, type FormCase, FORMS, formIn, sentText, sentTitle, VEHICLE_TOAST } from './lead-form-cases'
import { expect, overlaps, settledBox, storedLeadWith, test, uniqueName, waitForScripts } from './playwright-utils'

/*
 * Every lead form of the site, on the story page /formulare (the real pages embed the same
 * component): sent with JavaScript (JSON to POST /api/leads, toasts) and without (a plain post to
 * the page's action, post/redirect/get), each checked in the server's durable record.
 */

/** The stored lead with the marker, once the server has written it. */
async function expectStored(formCase: FormCase, markerValue: string) {
  await expect.poll(() => storedLeadWith(markerValue)).toBeDefined()
  const lead = (await storedLeadWith(markerValue))!
  expect(lead).toMatchObject({ _type: 'lead', kind: formCase.kind, page: '/formulare', status: 'neu' })
  const values = Object.fromEntries((lead.fields ?? []).map((field) => [field.name, field.value]))
  expect(values).toEqual({ ...formCase.stored, [Object.keys(values).find((name) => values[name] === markerValue)!]: markerValue })
  return lead
}

test.describe('lead forms with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/formulare')
    // Hydrated: the forms take over validation once JavaScript runs.
    await expect(formIn(page, 'haendler-registrierung')).toHaveAttribute('novalidate', '')
  })

  for (const formCase of FORMS) {
    test(`${formCase.anchor}: sends, confirms with a toast and inline (focused), and stores the lead`, async ({ page }) => {
      const form = formIn(page, formCase.anchor)
      const marker = uniqueName('JS')
      await fillForm(form, formCase, marker)
      await form.getByRole('button', { name: 'ANFRAGE SENDEN' }).click()

      // The confirmation replaces the form in its section and takes focus (issue 26); the toast may stay.
      const section = page.locator(`#${formCase.anchor}`)
      const confirmation = section.getByRole('status')
      if (formCase.kind === 'vehicle-enquiry') {
        await expect(confirmation).toContainText(VEHICLE_TOAST)
      } else {
        await expect(confirmation).toContainText(sentTitle(formCase.kind))
        await expect(confirmation).toContainText(sentText(formCase.kind))
      }
      await expect(section.locator(':focus')).toContainText(formCase.kind === 'vehicle-enquiry' ? VEHICLE_TOAST : sentTitle(formCase.kind))
      await expect(form).toHaveCount(0)
      const lead = await expectStored(formCase, marker)
      if (formCase.kind === 'vehicle-enquiry') expect(lead.vehicle).toEqual({ _type: 'reference', _ref: 'vehicle-1', _weak: true })

      // The dealer gets an e-mail with the lead (saved to the outbox: the e2e server has no SMTP).
      await expect.poll(() => outboxMailWith(marker), { timeout: 5_000 }).toBeTruthy()
      const mail = outboxMailWith(marker)!
      expect(mail).toMatch(/^To: info@ruhrstern-automobile\.de$/m)
      expect(mail).toMatch(/^Subject: .*Neue Anfrage/m)
    })
  }

  test('the vehicle enquiry: message pre-filled, a toast instead of an alert, the sending state', async ({ page }) => {
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/leads', async (route) => {
      await held
      await route.continue()
    })
    const form = formIn(page, 'fahrzeug-anfrage')
    await expect(control(form, 'Nachricht')).toHaveValue('Ich interessiere mich für den BMW 320d Touring. Bitte kontaktieren Sie mich.')
    await control(form, 'Name').fill(uniqueName('Toast'))
    await control(form, 'E-Mail').fill('toast@example.de')
    await form.getByRole('button', { name: 'ANFRAGE SENDEN' }).click()
    const sending = form.getByRole('button', { name: 'WIRD GESENDET...' })
    // Focusable while sending (aria-disabled): the keyboard's place is kept; a second press sends nothing.
    await expect(sending).toHaveAttribute('aria-disabled', 'true')
    await expect(sending).toBeFocused()
    await sending.press('Enter')
    release()
    await expect(page.locator('[data-sonner-toast]').getByText(VEHICLE_TOAST, { exact: true })).toBeVisible()
    expect(dialogs).toEqual([])
  })

  test('missing required fields: the destructive toast, nothing sent', async ({ page }) => {
    const posts: string[] = []
    page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
    const form = formIn(page, 'haendler-registrierung')
    await control(form, 'Standort').fill('Essen')
    await form.getByRole('button', { name: 'ANFRAGE SENDEN' }).click()
    await expect(page.getByText('Pflichtfelder fehlen')).toBeVisible()
    await expect(form.getByText('Bitte geben Sie Ihren Firmennamen an.')).toBeVisible()
    expect(posts).toEqual([])
  })

  test('name@web in the vehicle enquiry: the message at the field and one toast naming it, nothing sent', async ({ page }) => {
    const posts: string[] = []
    page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
    const form = formIn(page, 'fahrzeug-anfrage')
    await control(form, 'Name').fill('Erika')
    await control(form, 'E-Mail').fill('name@web')
    await form.getByRole('button', { name: 'ANFRAGE SENDEN' }).click()
    await expect(page.getByText('E-Mail: Bitte geben Sie eine gültige E-Mail-Adresse an.')).toBeVisible()
    await expect(form.getByText('Bitte geben Sie eine gültige E-Mail-Adresse an.', { exact: true })).toBeVisible()
    await expect(page.getByText('Pflichtfelder fehlen')).toHaveCount(0)
    await expect(page.getByText('Fehler beim Senden')).toHaveCount(0)
    expect(posts).toEqual([])
  })

  test('the enquiry sent empty at 1280×720: the phone-or-e-mail message once, phone and e-mail in one row, the toast over no field', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.goto('/vehicles/3')
    await waitForScripts(page)
    const form = page.locator('#anfrage form')
    await form.getByRole('button', { name: 'ANFRAGE SENDEN' }).click()
    const eitherWay = 'Bitte geben Sie eine Telefonnummer oder eine E-Mail-Adresse an, damit wir Ihnen antworten können.'
    await expect(form.getByText(eitherWay)).toHaveCount(1)
    await expect(control(form, 'Telefon')).toHaveAttribute('aria-invalid', 'true')
    await expect(control(form, 'E-Mail')).toHaveAttribute('aria-invalid', 'true')
    const [phone, email] = [await control(form, 'Telefon').boundingBox(), await control(form, 'E-Mail').boundingBox()]
    expect(email!.y).toBe(phone!.y)
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Pflichtfelder fehlen' })
    await expect(toast).toBeVisible()
    // Settled (sonner slides it in), then no label, control or button of the form lies under it.
    const box = await settledBox(toast)
    const parts = await form.locator('label, input:not([type=hidden]), textarea, select, button, p').evaluateAll((elements) =>
      elements.map((element) => {
        const rect = element.getBoundingClientRect()
        return { text: element.textContent?.slice(0, 40) || element.getAttribute('name'), x: rect.x, y: rect.y, width: rect.width, height: rect.height }
      }),
    )
    const covered = parts.filter((part) => part.y + part.height > 0 && part.y < 720 && overlaps(part, box))
    expect(covered).toEqual([])
  })

  test('a phone number the server refuses is refused at the field first (the same rule as the pattern)', async ({ page }) => {
    const form = formIn(page, 'export-anfrage')
    await control(form, 'Telefon').fill('ruf mich an')
    await form.getByRole('button', { name: 'ANFRAGE SENDEN' }).click()
    await expect(page.getByText('Telefon: Bitte geben Sie eine gültige Telefonnummer an.')).toBeVisible()
    await expect(page.getByText('Fehler beim Senden')).toHaveCount(0)
  })

  test('a server failure: the failure toast, input kept', async ({ page }) => {
    await page.route('**/api/leads', (route) => route.fulfill({ status: 503, body: 'Nicht verfügbar' }))
    const form = formIn(page, 'export-anfrage')
    await control(form, 'Zielland').fill('Polen')
    await control(form, 'Telefon').fill('0201 123456')
    await form.getByRole('button', { name: 'ANFRAGE SENDEN' }).click()
    const toasts = page.getByRole('region', { name: /^Benachrichtigungen/ })
    await expect(toasts.getByText('Fehler beim Senden')).toBeVisible()
    await expect(toasts.getByText('Ihre Anfrage konnte nicht gesendet werden. Bitte versuchen Sie es erneut.')).toBeVisible()
    // And at the form, beside the button, after the toast has gone (accessibility review 2026-11-29, M2).
    await expect(form.getByRole('alert')).toHaveText('Fehler beim SendenIhre Anfrage konnte nicht gesendet werden. Bitte versuchen Sie es erneut.')
    await expect(control(form, 'Zielland')).toHaveValue('Polen')
  })
})

test('at 200 % zoom (640×360, where the header scrolls away) the toast leaves the focused field in view: a city page’s valuation form sent empty by keyboard', async ({
  page,
}) => {
  // At the top it covered the first invalid field, which the browser scrolls to the top there.
  await page.setViewportSize({ width: 640, height: 360 })
  await page.goto('/locations/sonsbeck/mercedes-ankauf')
  await waitForScripts(page)
  const form = page.locator('form:has(input[name="leadKind"])').first()
  await form.getByRole('button', { name: 'BEWERTUNG ANFORDERN' }).press('Enter')
  const focused = form.locator(':focus')
  await expect(focused).toHaveAttribute('aria-invalid', 'true')
  const box = await settledBox(page.locator('[data-sonner-toast]'))
  const field = (await focused.boundingBox())!
  expect(field.y + field.height <= box.y || field.y >= box.y + box.height, `the field ${JSON.stringify(field)}, the toast ${JSON.stringify(box)}`).toBe(true)
})

test.describe('lead forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const formCase of FORMS) {
    test(`${formCase.anchor}: posts, redirects to the confirmation and stores the lead`, async ({ page }) => {
      await page.goto('/formulare')
      const form = formIn(page, formCase.anchor)
      const marker = uniqueName('Ohne Skript')
      await fillForm(form, formCase, marker)
      await form.getByRole('button', { name: 'ANFRAGE SENDEN' }).click()

      await expect(page).toHaveURL(new RegExp(`/formulare\\?anfrage=gesendet&formular=${formCase.anchor}#${formCase.anchor}-bestaetigung$`))
      const confirmation = formIn(page, formCase.anchor).getByRole('status')
      await expect(confirmation).toContainText(sentText(formCase.kind))
      // The redirect ends at the confirmation's id, so the browser moves the focus there (issue 26).
      await expect(page.locator(`#${formCase.anchor}-bestaetigung`)).toBeFocused()
      // Only the form that was sent confirms.
      await expect(page.getByRole('status').filter({ hasText: /Wir melden uns/ })).toHaveCount(1)
      await expectStored(formCase, marker)
    })
  }

  test('invalid input: the page again (400) with German errors at the form and the input kept, nothing stored', async ({ page }) => {
    await page.goto('/formulare')
    const form = formIn(page, 'gebrauchtwagen-anfrage')
    const marker = uniqueName('Ungültig')
    await control(form, 'Wunschfahrzeug').fill(marker)
    await control(form, 'Preis von (€)').fill('5000')
    // The browser checks each field alone; the order of the two prices is the server's to check.
    await control(form, 'Preis bis (€)').fill('1000')
    await control(form, 'Telefon').fill('0201 123')
    const answer = page.waitForResponse((response) => response.request().method() === 'POST')
    await form.getByRole('button', { name: 'ANFRAGE SENDEN' }).click()
    expect((await answer).status()).toBe(400)

    const sent = formIn(page, 'gebrauchtwagen-anfrage')
    const alert = sent.getByRole('alert')
    await expect(alert).toContainText('Bitte prüfen Sie Ihre Eingaben:')
    // The address ends at the summary, so the browser focuses it and a screen reader reads it (review L12).
    await expect(page).toHaveURL(/\/formulare#gebrauchtwagen-anfrage-fehler$/)
    await expect(alert).toBeFocused()
    await expect(alert.getByRole('link', { name: 'Der Preis „von“ darf nicht über dem Preis „bis“ liegen.' })).toHaveAttribute(
      'href',
      '#gebrauchtwagen-anfrage-priceFrom',
    )
    await expect(control(sent, 'Preis von (€)')).toHaveAttribute('aria-invalid', 'true')
    await expect(alert).not.toContainText('Fehler beim Senden')
    await expect(control(sent, 'Wunschfahrzeug')).toHaveValue(marker)
    await expect(control(sent, 'Preis von (€)')).toHaveValue('5000')
    await expect(control(sent, 'Telefon')).toHaveValue('0201 123')
    // The other forms are untouched.
    await expect(page.getByRole('alert')).toHaveCount(1)
    expect(await storedLeadWith(marker)).toBeUndefined()
  })
})
