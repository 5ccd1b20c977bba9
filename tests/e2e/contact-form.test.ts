import { outboxMailWith } from './outbox'
import { expect, overlaps, settledBox, storedContactMessages, test, uniqueName } from './playwright-utils'

test.describe('home contact form with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/')
    // Wait for hydration: the form takes over validation once JavaScript runs.
    await expect(page.locator('#contact form')).toHaveAttribute('novalidate', '')
  })

  test('missing required fields show the destructive toast and send nothing', async ({ page }) => {
    const posts: string[] = []
    page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
    const form = page.locator('#contact form')
    await form.getByLabel('E-Mail').fill('erika@example.de')
    await form.getByRole('button', { name: 'NACHRICHT SENDEN' }).click()
    await expect(page.getByText('Pflichtfelder fehlen')).toBeVisible()
    await expect(page.getByText('Bitte füllen Sie alle Pflichtfelder aus.')).toBeVisible()
    expect(posts).toEqual([])
    await expect(form.getByLabel('E-Mail')).toHaveValue('erika@example.de')
  })

  test('offers the four home subjects and a five-row message field', async ({ page }) => {
    const form = page.locator('#contact form')
    const options = await form.getByLabel('Betreff').locator('option').allTextContents()
    expect(options.slice(1)).toEqual(['Fahrzeug verkaufen', 'Fahrzeug kaufen', 'Fahrzeuglieferung', 'Allgemeine Beratung'])
    await expect(form.getByLabel('Nachricht')).toHaveAttribute('rows', '5')
    await expect(form.getByLabel('E-Mail')).toHaveAttribute('type', 'email')
  })

  test('a seller’s subject points to the sell request, the others do not (visitor review 12-01)', async ({ page }) => {
    const form = page.locator('#contact form')
    const hint = form.getByText('Schneller zum Angebot, mit Fotos und allen Fahrzeugdaten:')
    await expect(hint).toBeHidden()
    await form.getByLabel('Betreff').selectOption({ label: 'Fahrzeug verkaufen' })
    await expect(hint).toBeVisible()
    await form.getByLabel('Betreff').selectOption({ label: 'Fahrzeug kaufen' })
    await expect(hint).toBeHidden()
    await form.getByLabel('Betreff').selectOption({ label: 'Fahrzeug verkaufen' })
    await form.getByRole('link', { name: 'zum Verkaufsformular' }).click()
    await expect(page).toHaveURL(/\/auto-verkaufen#verkaufen$/)
  })

  test('sends, shows the sending state, confirms, resets and stores the message', async ({ page }) => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/contacts', async (route) => {
      await held
      await route.continue()
    })
    const name = uniqueName('Erika Mustermann')
    const form = page.locator('#contact form')
    await form.getByLabel('Name').fill(name)
    await form.getByLabel('E-Mail').fill('erika@example.de')
    await form.getByLabel('Telefon').fill('0201 123456')
    await form.getByLabel('Betreff').selectOption('ankauf')
    await form.getByLabel('Nachricht').fill('Ich möchte meinen Golf VII verkaufen. Wann passt es Ihnen?')
    await form.getByRole('button', { name: 'NACHRICHT SENDEN' }).click()

    const sending = form.getByRole('button', { name: 'WIRD GESENDET...' })
    await expect(sending).toBeVisible()
    await expect(sending).toHaveAttribute('aria-disabled', 'true')
    await expect(sending).toBeFocused()
    release()

    // The toast, and the inline confirmation that replaced the form and has focus.
    await expect(page.locator('[data-sonner-toast]').getByText('Nachricht gesendet!')).toBeVisible()
    const confirmation = page.locator('#contact').getByRole('status')
    await expect(confirmation).toContainText('Vielen Dank für Ihre Nachricht! Wir werden uns schnellstmöglich bei Ihnen melden.')
    await expect(page.locator('#contact :focus')).toContainText('Nachricht gesendet!')
    await expect(form).toHaveCount(0)
    await page.locator('#contact').getByRole('button', { name: 'Weitere Nachricht senden' }).click()
    await expect(form.getByLabel('Name')).toHaveValue('')
    await expect(form.getByRole('button', { name: 'NACHRICHT SENDEN' })).toBeEnabled()

    const stored = (await storedContactMessages()).find((message) => message.name === name)
    expect(stored).toMatchObject({
      email: 'erika@example.de',
      phone: '0201 123456',
      subject: 'ankauf',
      message: 'Ich möchte meinen Golf VII verkaufen. Wann passt es Ihnen?',
      page: '/',
      status: 'neu',
    })

    // The dealer is told by e-mail (saved to the outbox: the e2e server has no SMTP).
    await expect.poll(() => outboxMailWith(name), { timeout: 5_000 }).toBeTruthy()
    const mail = outboxMailWith(name)!
    expect(mail).toMatch(/^To: info@ruhrstern-automobile\.de$/m)
    expect(mail).toMatch(/^Reply-To: .*erika@example\.de/m)
    expect(mail).toContain('Ich möchte meinen Golf VII verkaufen.')
  })

  for (const email of ['max@', 'name@web']) {
    test(`the e-mail ${email}: the message at the field and one toast naming it, nothing sent`, async ({ page }) => {
      const posts: string[] = []
      page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
      const form = page.locator('#contact form')
      await form.getByLabel('Name').fill('Max Mustermann')
      await form.getByLabel('E-Mail').fill(email)
      await form.getByLabel('Nachricht').fill('Hallo')
      await form.getByRole('button', { name: 'NACHRICHT SENDEN' }).click()
      await expect(page.getByText('Bitte prüfen Sie Ihre Eingaben', { exact: true })).toBeVisible()
      await expect(page.getByText('E-Mail: Bitte geben Sie eine gültige E-Mail-Adresse an.')).toBeVisible()
      await expect(form.locator('#contact-email-error')).toHaveText('Bitte geben Sie eine gültige E-Mail-Adresse an.')
      await expect(form.getByLabel('E-Mail')).toBeFocused()
      await expect(page.getByText('Pflichtfelder fehlen')).toHaveCount(0)
      await expect(page.getByText('Fehler beim Senden')).toHaveCount(0)
      expect(posts).toEqual([])
    })
  }

  test("input the server refuses (400) shows at the field and in one toast naming it, never 'Fehler beim Senden'", async ({ page }) => {
    const form = page.locator('#contact form')
    // A C1 control (NEL, from a pasted text): the browser lets it into a text input, the server refuses it.
    await form.getByLabel('Name').fill('Max\u0085Muster')
    await form.getByLabel('E-Mail').fill('max@example.de')
    await form.getByLabel('Nachricht').fill('Hallo')
    const answer = page.waitForResponse('**/api/contacts')
    await form.getByRole('button', { name: 'NACHRICHT SENDEN' }).click()
    expect((await answer).status()).toBe(400)
    await expect(page.getByText('Name: Bitte geben Sie Ihren Namen in einer Zeile ein.')).toBeVisible()
    await expect(form.locator('#contact-name-error')).toHaveText('Bitte geben Sie Ihren Namen in einer Zeile ein.')
    await expect(page.getByText('Fehler beim Senden')).toHaveCount(0)
    await expect(form.getByLabel('Name')).toHaveValue('Max\u0085Muster')
  })

  test('a server failure shows the error toast and keeps the input', async ({ page }) => {
    await page.route('**/api/contacts', (route) => route.fulfill({ status: 500, body: 'Interner Fehler' }))
    const form = page.locator('#contact form')
    await form.getByLabel('Name').fill('Max Mustermann')
    await form.getByLabel('E-Mail').fill('max@example.de')
    await form.getByLabel('Nachricht').fill('Bitte rufen Sie mich zurück.')
    await form.getByRole('button', { name: 'NACHRICHT SENDEN' }).click()
    const toasts = page.getByRole('region', { name: /^Benachrichtigungen/ })
    await expect(toasts.getByText('Fehler beim Senden')).toBeVisible()
    await expect(toasts.getByText('Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.')).toBeVisible()
    // And at the form, beside the button, after the toast has gone (accessibility review 2026-11-29, M2).
    await expect(form.getByRole('alert')).toHaveText('Fehler beim SendenIhre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.')
    await expect(form.getByLabel('Name')).toHaveValue('Max Mustermann')
    await expect(form.getByLabel('Nachricht')).toHaveValue('Bitte rufen Sie mich zurück.')
  })
})

test(
  '/contact on a phone: the „Pflichtfelder fehlen“ toast covers neither the fields nor the send button, so the next tap sends',
  { tag: '@phone' },
  async ({ page }) => {
    // It sat at the bottom over the button for 5 s, and the tap after typing the e-mail hit the toast (visitor walk 12-03).
    await page.goto('/contact')
    const form = page.locator('#contact form')
    await expect(form).toHaveAttribute('novalidate', '')
    const name = uniqueName('Toast Telefon')
    await form.getByLabel('Name').fill(name)
    await form.getByLabel('Nachricht').fill('Haben Sie noch den Kombi?')
    const send = form.getByRole('button', { name: 'NACHRICHT SENDEN' })
    await send.tap()
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Pflichtfelder fehlen' })
    await expect(toast).toBeVisible()
    await expect(form.getByLabel('E-Mail')).toBeFocused()
    // Where it comes to rest (sonner slides it in) lies over nothing the visitor needs next.
    const box = await settledBox(toast)
    // Its close button is a target a finger hits (sonner's own was 20 × 20 px), whole on the screen.
    const close = (await toast.getByRole('button', { name: 'Benachrichtigung schließen' }).boundingBox())!
    expect(Math.round(Math.min(close.width, close.height))).toBeGreaterThanOrEqual(32)
    expect(Math.min(close.x, close.y)).toBeGreaterThanOrEqual(0)
    for (const target of [form.getByLabel('E-Mail'), send]) {
      const part = (await target.boundingBox())!
      expect(overlaps(part, box), `${await target.textContent()}: ${JSON.stringify(part)} under the toast ${JSON.stringify(box)}`).toBe(false)
    }
    await form.getByLabel('E-Mail').fill('toast@example.de')
    await send.tap()
    await expect(page.locator('[data-sonner-toast]').getByText('Nachricht gesendet!')).toBeVisible()
    await expect.poll(async () => (await storedContactMessages()).some((message) => message.name === name)).toBe(true)
  },
)

test('a form refused before the scripts took over says „Fehler:“ in that page’s title, and the next page’s title does not (decision 113)', async ({ page }) => {
  // /contact, not the home page: its form posts to the page's own address (the home page's to `/?index`, whose
  // query alone would make the next navigation load every route's data anew).
  await page.goto('/contact')
  const form = page.locator('#contact form')
  await expect(form).toHaveAttribute('novalidate', '')
  await form.getByLabel('Name').fill('Max')
  await form.getByLabel('E-Mail').fill('name@web')
  await form.getByLabel('Nachricht').fill('Hallo')
  // The browser's own submit, as a tap before the scripts have loaded sends it: a post of the page itself.
  await form.evaluate((element: HTMLFormElement) => element.submit())
  await expect(page).toHaveTitle(/^Fehler: /)
  await expect(page.locator('#contact form')).toHaveAttribute('novalidate', '')
  // A navigation in the browser: the flag lives in the root's data, which must not carry it to the next page.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click()
  await expect(page).toHaveURL('/datenschutz')
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible()
  await expect(page).toHaveTitle(/^Datenschutz/)
})

test.describe('home contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('posts the form, redirects to a confirmation and stores the message; Back and send again is the same message (decision 118)', async ({ page }) => {
    await page.goto('/')
    const name = uniqueName('Ohne Skript')
    const form = page.locator('#contact form')
    await form.getByLabel('Name').fill(name)
    await form.getByLabel('E-Mail').fill('noscript@example.de')
    await form.getByLabel('Nachricht').fill('Gesendet ohne JavaScript.')
    await form.getByRole('button', { name: 'NACHRICHT SENDEN' }).click()
    // The redirect ends at the confirmation's id, so the browser moves the focus there (issue 26).
    await expect(page).toHaveURL(/\/\?nachricht=gesendet#contact-bestaetigung$/)
    await expect(page.getByRole('status').filter({ hasText: 'Vielen Dank für Ihre Nachricht!' })).toBeVisible()
    await expect(page.locator('#contact-bestaetigung')).toBeFocused()
    expect((await storedContactMessages()).find((message) => message.name === name)).toMatchObject({ email: 'noscript@example.de', page: '/' })

    // Back: the page comes with a fresh submission key, the browser fills the fields in again.
    await page.goBack()
    await expect(form.getByLabel('Name')).toHaveValue(name)
    await form.getByRole('button', { name: 'NACHRICHT SENDEN' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Vielen Dank für Ihre Nachricht!' })).toBeVisible()
    expect((await storedContactMessages()).filter((message) => message.name === name)).toHaveLength(1)
  })
})

test.describe('home contact form without JavaScript: the browser refuses what the server refuses', () => {
  test.use({ javaScriptEnabled: false })

  test('max@ and name@web are refused by the browser, nothing is posted; max@web.de passes', async ({ page }) => {
    await page.goto('/')
    const posts: string[] = []
    page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()))
    const form = page.locator('#contact form')
    await form.getByLabel('Name').fill('Max Mustermann')
    await form.getByLabel('Nachricht').fill('Hallo')
    const email = form.getByLabel('E-Mail')
    for (const value of ['max@', 'name@web']) {
      await email.fill(value)
      expect(await email.evaluate((input: HTMLInputElement) => input.validity.valid), value).toBe(false)
      await form.getByRole('button', { name: 'NACHRICHT SENDEN' }).click()
      await expect(page).toHaveURL(/\/$/)
    }
    expect(posts).toEqual([])
    await email.fill('max@web.de')
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true)
  })
})
