import { type Page } from '@playwright/test'
import { expect, storedLeads, test, uniqueName } from './playwright-utils'

/*
 * The seller's Besichtigungstermin (issue 38 item 4) on a phone, with and without JavaScript: from
 * a city page to the sent request, then a slot from the test drive's picker, stored on the same
 * lead. Taps: FAHRZEUG BEWERTEN (1), VERKAUFSANFRAGE SENDEN (2), a window in the picker (3), TERMIN
 * WÄHLEN (4); typing not counted. The unit and in-process tests hold the rules (estimate-deadline.test.ts,
 * sale-appointment.server.test.ts); this proves the page works in a browser.
 */

test.use({ viewport: { width: 390, height: 844 } })
test.describe.configure({ timeout: 120_000 })

const leadsNamed = async (name: string) => (await storedLeads()).filter((lead) => (lead.contact as { name?: string } | undefined)?.name === name)
const control = (page: Page, role: 'textbox' | 'combobox', name: string) => page.getByRole(role, { name, exact: true })

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the seller's appointment ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled })

    test('@phone from a city page: request sent, the estimate’s deadline, a Besichtigungstermin chosen on the same lead (4 taps)', async ({ page }) => {
      const name = uniqueName('Termin')
      await page.goto('/locations/dortmund')
      await page.getByRole('link', { name: 'FAHRZEUG BEWERTEN', exact: true }).first().tap()
      await expect(page).toHaveURL('/auto-verkaufen')
      await control(page, 'textbox', 'Marke').fill('VW')
      await control(page, 'textbox', 'Modell').fill('Golf 1.5 TSI')
      await control(page, 'combobox', 'Erstzulassung (Monat)').selectOption('03')
      await control(page, 'textbox', 'Erstzulassung (Jahr)').fill('2017')
      await control(page, 'textbox', 'Kilometerstand (km)').fill('98000')
      await control(page, 'combobox', 'Unfallfrei').selectOption('Ja')
      await control(page, 'textbox', 'Name').fill(name)
      await control(page, 'textbox', 'Postleitzahl').fill('45326')
      await control(page, 'textbox', 'E-Mail').fill(`termin-${name.split(' ').at(-1)!.toLowerCase()}@example.de`)
      await page.getByRole('button', { name: 'VERKAUFSANFRAGE SENDEN' }).tap()

      await expect(page.locator('#verkaufen-bestaetigung')).toContainText(
        /Sie erhalten Ihre erste Einschätzung bis \p{L}+, \d{1,2}\. \p{L}+( \d{4})? um \d\d:\d\d Uhr\./u,
      )
      const section = page.getByRole('region', { name: 'Besichtigungstermin wählen' })
      await expect(section).toBeVisible()
      const picker = section.getByRole('combobox', { name: 'Wunschtermin' })
      // The first offered window, as a seller taps it in the picker.
      const first = await picker.locator('option:not([value=""])').first()
      const label = (await first.textContent())!
      await picker.selectOption((await first.getAttribute('value'))!)
      await section.getByRole('button', { name: 'TERMIN WÄHLEN' }).tap()

      const chosen = page.getByRole('region', { name: 'Ihr Besichtigungstermin' })
      await expect(chosen).toContainText(`Ihr Wunschtermin für die Besichtigung: ${label}`)
      await expect(chosen).toBeFocused()
      // What to bring, as the seller's .ics says it too (copy review 2026-11-29, M14).
      await expect(chosen).toContainText(
        'Bitte bringen Sie die Zulassungsbescheinigung Teil I und II (Fahrzeugschein und -brief), Ihren Personalausweis oder Reisepass, alle Schlüssel und, falls vorhanden, das Serviceheft mit.',
      )
      await expect(chosen.getByRole('link', { name: 'Termin in Ihren Kalender übernehmen' })).toHaveAttribute('href', '/auto-verkaufen/besichtigung.ics')
      await expect(page).toHaveURL(/\/auto-verkaufen\?anfrage=gesendet&formular=verkaufen&fotos=0#verkaufen-termin$/)
      // One lead: the request and its slot, and the city page that brought the seller.
      await expect.poll(async () => (await leadsNamed(name))[0]?.fields?.find((field) => field.name === 'appointment')?.value).toBe(label)
      const leads = await leadsNamed(name)
      expect(leads).toHaveLength(1)
      expect(leads[0]).toMatchObject({ kind: 'vehicle-sale', page: '/auto-verkaufen', sourcePage: '/locations/dortmund' })
    })
  })
}
