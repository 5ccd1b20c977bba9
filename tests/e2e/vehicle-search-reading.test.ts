import { type Page } from '@playwright/test'
import { expect, storedLeadWith, test, uniqueName, waitForScripts } from './playwright-utils'

/*
 * /vehicles reads buyer phrasing (issue 29, docs/decisions/022): typos are corrected and said so,
 * a price phrase becomes a price limit with an undo link, and an empty search offers
 * "Meinten Sie …?" and the Suchauftrag (a lead of kind search-request).
 */

const reading = (page: Page) => page.getByTestId('search-reading')

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a typo finds the car, and the reading line shows the correction', async ({ page }) => {
    await page.goto('/vehicles?search=Volkswagon+Tiguen')
    await expect(page.getByRole('heading', { level: 2, name: '1 Fahrzeug' })).toBeVisible()
    await expect(page.getByRole('article').getByRole('heading')).toHaveText(['VW Tiguan 2.0 TSI'])
    await expect(reading(page)).toContainText('Volkswagen (statt „Volkswagon“)')
    await expect(reading(page)).toContainText('Tiguan (statt „Tiguen“)')
  })

  test('"unter 20000" is a price limit with an undo link that removes it from the address', async ({ page }) => {
    await page.goto('/vehicles?search=Kombi+unter+20000')
    await expect(page.getByRole('heading', { level: 2, name: '3 Fahrzeuge' })).toBeVisible() // 9, 16, 22
    await expect(reading(page)).toContainText('Preis bis 20.000 €')
    await reading(page).getByRole('link', { name: '„Preis bis 20.000 €“ aus der Suche entfernen' }).click()
    await expect(page).toHaveURL(/\/vehicles\?search=Kombi#ergebnisse$/)
    await expect(page.getByRole('heading', { level: 2, name: '6 Fahrzeuge' })).toBeVisible()
    await expect(reading(page)).not.toContainText('Preis')
  })

  test('an empty search repeats the query, offers "Meinten Sie …?" and stores a Suchauftrag', async ({ page }) => {
    await page.goto('/vehicles?search=Kombie+Lamborghini')
    await expect(page.getByRole('heading', { level: 2, name: '0 Fahrzeuge' })).toBeVisible()
    await expect(page.getByText('Für „Kombie Lamborghini“ haben wir gerade kein passendes Fahrzeug.')).toBeVisible()
    await expect(page.getByRole('link', { name: '„Kombi“' })).toHaveAttribute('href', '/vehicles?search=Kombi#ergebnisse')

    const marker = uniqueName('Lamborghini')
    await page.goto(`/vehicles?search=${encodeURIComponent(marker)}`)
    const request = page.getByRole('region', { name: 'Benachrichtigen, wenn ein passendes Auto kommt' })
    // Without JavaScript the browser's own check (the field's pattern) keeps an unusable contact from leaving.
    await request.getByLabel('E-Mail oder Telefon').fill('ruf mich an')
    await request.getByRole('button', { name: 'SUCHAUFTRAG SPEICHERN' }).click()
    await expect(request.locator('input[name="emailOrPhone"]:invalid')).toHaveCount(1)
    expect(await storedLeadWith(marker)).toBeUndefined()

    await page.getByRole('region', { name: 'Benachrichtigen, wenn ein passendes Auto kommt' }).getByLabel('E-Mail oder Telefon').fill('0201 123456')
    await page.getByRole('region', { name: 'Benachrichtigen, wenn ein passendes Auto kommt' }).getByRole('button', { name: 'SUCHAUFTRAG SPEICHERN' }).click()
    await expect(page.getByText('Suchauftrag gespeichert!')).toBeVisible()
    // A number was given: the confirmation speaks of our call alone, not of a confirmation link (copy review 2026-11-29, M16).
    const confirmation = page.locator('#suchauftrag-bestaetigung')
    await expect(confirmation).toContainText('Vielen Dank! Wir rufen Sie an, sobald wir ein passendes Fahrzeug haben.')
    await expect(confirmation).not.toContainText('Bestätigungslink')
    // The visitor stays on the search: its address, its query in the field, one confirmation in place of the form.
    const sentAt = new URL(page.url())
    expect([sentAt.pathname, sentAt.searchParams.get('search'), sentAt.searchParams.get('formular'), sentAt.searchParams.get('antwort'), sentAt.hash]).toEqual([
      '/vehicles',
      marker,
      'suchauftrag',
      'telefon',
      '#suchauftrag-bestaetigung',
    ])
    await expect(page.getByRole('searchbox', { name: 'Suche' })).toHaveValue(marker)
    await expect(page.getByText('Suchauftrag gespeichert!')).toHaveCount(1)
    await expect.poll(async () => (await storedLeadWith(marker))?.kind).toBe('search-request')
    expect(await storedLeadWith(marker)).toMatchObject({
      page: '/vehicles',
      contact: { phone: '0201 123456' },
      fields: [
        { name: 'emailOrPhone', label: 'E-Mail oder Telefon', value: '0201 123456' },
        { name: 'query', label: 'Gesucht', value: marker },
      ],
    })
  })
})

test('with JavaScript: the undo link and the Suchauftrag work in place', async ({ page }) => {
  await page.goto('/vehicles?search=automatk+unter+20000')
  await waitForScripts(page)
  await expect(page.getByRole('heading', { level: 2, name: '2 Fahrzeuge' })).toBeVisible() // 14, 20
  await expect(reading(page)).toContainText('Automatik (statt „automatk“)')
  await reading(page)
    .getByRole('link', { name: /„Automatik \(statt „automatk“\)“ aus der Suche entfernen/ })
    .click()
  await expect(page).toHaveURL(/\/vehicles\?search=unter\+20000#ergebnisse$/)
  // The chip went with its link: the results heading has the focus, not the page's body (accessibility review 2026-11-29, M5).
  await expect(page.getByRole('heading', { level: 2, name: '10 Fahrzeuge' })).toBeFocused()

  // A typed search beside the form's filters: the Suchauftrag names and keeps both, in words.
  const marker = uniqueName('Zeppelin')
  const watched = `${marker} Elektro bis 150 € im Monat`
  await page.goto(`/vehicles?search=${encodeURIComponent(marker)}&fuel=electric&maxRate=150`)
  await waitForScripts(page)
  const request = page.getByRole('region', { name: 'Benachrichtigen, wenn ein passendes Auto kommt' })
  await expect(request).toContainText(`Ihr Suchauftrag für „${watched}“`)
  await request.getByLabel('E-Mail oder Telefon').fill('ruf mich an')
  await request.getByRole('button', { name: 'SUCHAUFTRAG SPEICHERN' }).click()
  // Typed, but neither an address nor a number: not the empty field's message (copy review 2026-11-29, M16).
  await expect(request.getByText('Bitte geben Sie eine gültige E-Mail-Adresse oder Telefonnummer an.').first()).toBeVisible()
  expect(await storedLeadWith(watched)).toBeUndefined()
  await request.getByLabel('E-Mail oder Telefon').fill('erika@example.de')
  await request.getByRole('button', { name: 'SUCHAUFTRAG SPEICHERN' }).click()
  // An address was given: the confirmation speaks of its link, not of a call (the intro above names both ways).
  const confirmation = request.getByRole('status')
  await expect(confirmation).toContainText('Fast geschafft: Bitte bestätigen Sie Ihre E-Mail-Adresse')
  await expect(confirmation).toContainText('Bestätigungslink')
  await expect(confirmation).not.toContainText('rufen')
  await expect.poll(async () => (await storedLeadWith(watched))?.contact).toEqual({ email: 'erika@example.de' })
})
