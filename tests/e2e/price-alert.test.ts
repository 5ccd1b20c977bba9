import { type Page } from '@playwright/test'
import { outboxMailWith } from './outbox'
import { expect, storedLeads, test, uniqueName } from './playwright-utils'

/*
 * „Preis beobachten“ on a phone, with and without JavaScript (issue 38 item 2): the request on the
 * vehicle page, the double opt-in mail read from the server's outbox, its link and the button that
 * confirms. Taps: 1 „Preis beobachten“ beside „Merken“ in the price box, 2 the e-mail field (then typing),
 * 3 „PREIS BEOBACHTEN“, 4 the link in the mail, 5 „JA, BENACHRICHTIGUNG BESTÄTIGEN“. The alert
 * mails, their one-click unsubscribe and the once-per-change rule are proved without a browser
 * (app/alerts/alerts.server.test.ts, both lakes).
 */

/** The stored lead of this address (read beside the server, as it holds it now). */
async function leadOf(email: string) {
  return (await storedLeads()).find((lead) => (lead.contact as { email?: string } | undefined)?.email === email)
}

const uniqueEmail = (prefix: string) => `${prefix}-${uniqueName('').trim().replace(/\s+/g, '')}@example.de`

async function requestAndConfirm(page: Page, email: string) {
  await page.goto('/vehicles/1')
  // Tap 1: the link beside „Merken“ in the price box leads to the form.
  await page.getByRole('link', { name: 'Preis beobachten' }).click()
  const section = page.getByRole('region', { name: 'Preis beobachten' })
  await expect(section).toContainText('Sie kommt erst, nachdem ich meine Adresse über den Link in der Bestätigungs-E-Mail bestätigt habe')
  // Taps 2 and 3: the address, then the button.
  await section.getByLabel('E-Mail').fill(email)
  await section.getByRole('button', { name: 'PREIS BEOBACHTEN' }).click()
  await expect(page.getByText('Fast geschafft: Bitte bestätigen Sie Ihre E-Mail-Adresse').first()).toBeVisible()

  // The stored lead: unconfirmed, with the consent text it was shown.
  await expect.poll(() => leadOf(email)).toBeDefined()
  expect(await leadOf(email)).toMatchObject({ kind: 'price-alert', alert: { status: 'unconfirmed' } })

  // The double opt-in mail in the outbox: to this address, naming the car from our data, with the link.
  await expect.poll(() => outboxMailWith(email, 'receipt'), { timeout: 15_000 }).toBeDefined()
  const mail = outboxMailWith(email, 'receipt')!
  expect(mail).toContain('Bitte bestätigen: Preisbeobachtung für den')
  const link = /https?:\/\/\S+\/benachrichtigung\/bestaetigen\?t=[\w.%-]+/.exec(mail)?.[0]
  expect(link).toBeDefined()

  // Tap 4: the link opens the page; nothing is confirmed yet. Tap 5: the button confirms.
  const url = new URL(link!)
  await page.goto(`${url.pathname}${url.search}`)
  await expect(page.getByRole('heading', { name: 'Benachrichtigung bestätigen' })).toBeVisible()
  await expect(page.getByText(/^Sie möchten eine E-Mail erhalten, sobald der Preis des .+ sinkt\. Bitte bestätigen Sie das:$/)).toBeVisible()
  await page.getByRole('button', { name: 'JA, BENACHRICHTIGUNG BESTÄTIGEN' }).click()
  await expect(page.getByRole('heading', { name: 'Benachrichtigung bestätigt' })).toBeVisible()
  await expect.poll(async () => ((await leadOf(email))?.alert as { status?: string } | undefined)?.status).toBe('active')
  expect(await leadOf(email)).toMatchObject({ alert: { confirmedAt: expect.any(String) } })
}

test.describe('Preis beobachten on a phone', { tag: '@phone' }, () => {
  test('with JavaScript: request, the confirmation mail, its link, confirmed (5 taps)', async ({ page }) => {
    await requestAndConfirm(page, uniqueEmail('preis-js'))
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })
    test('request, the confirmation mail, its link, confirmed (5 taps)', async ({ page }) => {
      await requestAndConfirm(page, uniqueEmail('preis-ohne-js'))
    })
  })
})
