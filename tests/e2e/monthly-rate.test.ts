import { type Page } from '@playwright/test'
import { outboxMailWith } from './outbox'
import { expect, openVehicleFilters, storedLeadWith, test, uniqueName } from './playwright-utils'

/*
 * The monthly rate everywhere (issue 38 item 3, decision 083), walked on a phone: a search for a
 * monthly budget, a car's „ab N €/Monat“ down to its financing example, and „Mit diesen Werten
 * anfragen“ with a chosen term, through the one lead pipeline to the confirmation, the dealer's mail
 * and the receipt. The search's reading, the rate function and the filter on both lakes are proved
 * below the browser (query-reading.test.ts, financing.test.ts, everyday-queries.test.ts); here what
 * only a browser shows: the taps, the jump to the example and the request carrying the term.
 */

const BUDGET_SEARCH = 'bis 300 € im Monat'

/** „ab 283 €/Monat“ → 283. */
const euros = (text: string) => Number(/ab ([\d.]+)\s*€\/Monat/.exec(text)?.[1]?.replace('.', '') ?? Number.NaN)

/** The request form's part of the journey, the same with and without JavaScript; returns the stored lead's name. */
async function requestFinancing(page: Page, javaScript: boolean) {
  const calculator = page.locator('#finanzierung')
  // Tap: the term.
  await calculator.getByLabel('Laufzeit').selectOption('60')
  const down = await calculator.getByLabel('Anzahlung (€)').inputValue()
  // Tap: „Mit diesen Werten anfragen“ (without JavaScript a GET of the page with the figures, at the form).
  await calculator.getByRole('button', { name: 'Mit diesen Werten anfragen' }).tap()
  if (!javaScript) await expect(page).toHaveURL(new RegExp(`\\?anzahlung=${down}&laufzeit=60#finanzierung-anfragen$`))
  const section = page.locator('#finanzierung-anfragen')
  await expect(section).toBeInViewport()
  const form = section.locator('form')
  await expect(form.getByLabel(/^Laufzeit/)).toHaveValue('60 Monate')
  await expect(form.getByLabel(/^Anzahlung/)).toHaveValue(down)
  const name = uniqueName(javaScript ? 'Finanzierer' : 'Finanzierer ohne Skript')
  const email = `finanzierung-${name.split(' ').at(-1)}@example.de`
  // Taps: name, e-mail, send.
  await form.getByLabel(/^Name/).fill(name)
  await form.getByLabel(/^E-Mail/).fill(email)
  await form.getByRole('button', { name: 'FINANZIERUNG ANFRAGEN' }).tap()
  await expect(section.getByRole('status')).toContainText('Finanzierung angefragt!')
  return { name, email, down }
}

test.describe('the monthly rate on a phone @phone', () => {
  test('„bis 300 € im Monat“ → a car’s rate → its example → „Mit diesen Werten anfragen“ with 60 months → confirmation: 9 taps (filter, search field, search, the rate, the term, the button, name, e-mail, send)', async ({
    page,
  }) => {
    await page.goto('/vehicles')
    // Taps 1–3: the filter, the search field, the search.
    await openVehicleFilters(page)
    await page.getByRole('searchbox', { name: 'Suche' }).fill(BUDGET_SEARCH)
    await page.getByRole('button', { name: 'FAHRZEUGE SUCHEN' }).tap()
    await expect(page.getByTestId('search-reading')).toContainText('Monatsrate bis 300 €')

    // Every card found says its rate, and none above the budget.
    const rates = page.getByTestId('card-monthly-rate')
    await expect(rates.first()).toBeVisible()
    const texts = await rates.allTextContents()
    expect(texts.length).toBeGreaterThan(0)
    for (const text of texts) expect(euros(text)).toBeLessThanOrEqual(300)
    // The list follows the row of the count and „Sortieren nach“.
    expect(await page.locator('div:has(> #ergebnisse) ~ ul > li').count()).toBe(texts.length)

    // Tap 4: the first car's rate leads to its financing example, which shows the same rate (rounded up).
    const cardRate = euros(texts[0]!)
    await rates.first().tap()
    await expect(page).toHaveURL(/\/vehicles\/[\w-]+\?.*#finanzierung$/)
    const example = page.locator('#finanzierung')
    await expect(example).toBeInViewport()
    const shown = await example.getByTestId('financing-result').locator('strong').first().textContent()
    expect(Math.ceil(Number(shown!.replace(/[^\d,]/g, '').replace(',', '.')))).toBe(cardRate)
    for (const figure of ['Nettodarlehensbetrag', 'Sollzinssatz (gebunden) p. a.', 'Effektiver Jahreszins', 'Laufzeit', 'Gesamtbetrag']) {
      await expect(example.getByTestId('financing-result').getByText(figure, { exact: true })).toBeVisible()
    }

    // Taps 5–9.
    const { name, email } = await requestFinancing(page, true)
    await expect.poll(() => storedLeadWith(name)).toBeDefined()
    const lead = (await storedLeadWith(name))!
    expect(lead).toMatchObject({ kind: 'financing-request', vehicle: { _ref: expect.stringMatching(/^vehicle-/) } })
    expect(lead.fields?.find((field) => field.name === 'term')?.value).toBe('60 Monate')

    // The dealer's mail and the visitor's receipt both name the term.
    await expect.poll(() => outboxMailWith(name), { timeout: 5_000 }).toBeTruthy()
    expect(outboxMailWith(name)).toMatch(/Laufzeit:?\s*60 Monate/)
    await expect.poll(() => outboxMailWith(String(lead._id), 'receipt'), { timeout: 5_000 }).toContain(`To: ${email}`)
    expect(outboxMailWith(String(lead._id), 'receipt')).toMatch(/Laufzeit:?\s*60 Monate/)
  })
})

test.describe('the monthly rate on a phone without JavaScript @phone', () => {
  test.use({ javaScriptEnabled: false })

  test('the same journey’s form part: the term chosen, „Finanzierung anfragen“ posts the figures, the request confirms and is stored with them', async ({
    page,
  }) => {
    await page.goto(`/vehicles?search=${encodeURIComponent(BUDGET_SEARCH)}`)
    await expect(page.getByTestId('search-reading')).toContainText('Monatsrate bis 300 €')
    await page.getByTestId('card-monthly-rate').first().tap()
    await expect(page).toHaveURL(/#finanzierung$/)
    const { name, down } = await requestFinancing(page, false)
    await expect.poll(() => storedLeadWith(name)).toBeDefined()
    const lead = (await storedLeadWith(name))!
    expect(lead.kind).toBe('financing-request')
    expect(Object.fromEntries((lead.fields ?? []).map((field) => [field.name, field.value]))).toMatchObject({
      term: '60 Monate',
      // Shown grouped as typed („1.200“), stored as the number.
      downPayment: down.replaceAll('.', ''),
    })
  })
})
