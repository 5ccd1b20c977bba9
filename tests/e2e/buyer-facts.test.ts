import { type Page } from '@playwright/test'
import { SANITY_BACKED_PORT } from '../../playwright.config'
import { expect, openVehicleFilters, test, waitForScripts } from './playwright-utils'

/*
 * The facts buyers check (issue 29 item 4, docs/decisions/058): on the vehicle page by the price, in
 * the Car JSON-LD, and the filter "MwSt. ausweisbar" on /vehicles, without and with JavaScript and on
 * both lake backends. In the seed five cars have VAT that can be shown: the Audi A4 Avant (3), the
 * V 250 d (10, reserved), the T6.1 Transporter (11), the X5 (18) and the Sportage (21); the others
 * are sold under § 25a or say nothing.
 */

const DEDUCTIBLE = ['3', '10', '11', '18', '21']
const sanitySite = `http://localhost:${SANITY_BACKED_PORT}`

/**
 * The ids of the cards on the page, in order, from their detail links. Read once: after a document
 * load, poll it (the heading above the list can be parsed while the cards are still streaming in).
 */
async function cardIds(page: Page): Promise<string[]> {
  return page
    .getByRole('article')
    .getByRole('link', { name: /DETAILS ANSEHEN/ })
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname.split('/').pop() ?? ''))
}

interface CarNode {
  '@type': string | string[]
  knownVehicleDamages?: string
  offers?: { priceSpecification?: { valueAddedTaxIncluded?: boolean; price?: number }; warranty?: { durationOfWarranty?: { value?: number } } }
}

async function carNode(page: Page): Promise<CarNode> {
  const json = await page.locator('script[type="application/ld+json"]').first().textContent()
  const graph = (JSON.parse(json ?? '{}') as { '@graph'?: CarNode[] })['@graph'] ?? []
  const car = graph.find((node) => [node['@type']].flat().includes('Car'))
  expect(car, 'a Car node').toBeTruthy()
  return car!
}

test('the vehicle page lists the buyer facts by the price; the JSON-LD carries those schema.org has a property for', async ({ page }) => {
  await page.goto('/vehicles/3')
  const facts = page.getByRole('list', { name: 'Kaufinformationen' })
  await expect(facts.getByRole('listitem')).toHaveText([
    'MwSt. ausweisbar',
    'HU bis 09/2027',
    'Garantie 12 Monate',
    'Unfallfrei',
    'Kostenlose Lieferung bis 50\u00a0km',
  ])
  const car = await carNode(page)
  expect(car.knownVehicleDamages).toBe('Unfallfrei')
  expect(car.offers?.priceSpecification).toMatchObject({ valueAddedTaxIncluded: true, price: 37_900 })
  expect(car.offers?.warranty?.durationOfWarranty?.value).toBe(12)

  // A car sold under the margin scheme says so, and its offer claims no VAT.
  await page.goto('/vehicles/1')
  await expect(page.getByRole('list', { name: 'Kaufinformationen' }).getByRole('listitem').first()).toHaveText('Differenzbesteuert nach § 25a UStG')
  expect((await carNode(page)).offers?.priceSpecification).toBeUndefined()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the checkbox "MwSt. ausweisbar" submits with the form and finds exactly the cars whose VAT can be shown', async ({ page }) => {
    await page.goto('/vehicles')
    await openVehicleFilters(page)
    const form = page.getByRole('search', { name: 'Fahrzeuge durchsuchen' })
    await form.getByLabel('MwSt. ausweisbar').check()
    await form.getByRole('button', { name: 'FAHRZEUGE SUCHEN' }).click()
    await expect(page).toHaveURL(/[?&]vat=deductible[&#]/)
    await expect(page.getByRole('heading', { level: 2, name: '5 Fahrzeuge' })).toBeVisible()
    await expect.poll(() => cardIds(page)).toEqual(DEDUCTIBLE)
    await openVehicleFilters(page)
    await expect(form.getByLabel('MwSt. ausweisbar')).toBeChecked()
  })
})

test('with JavaScript a tap on the checkbox applies it at once; the Sanity backend finds the same cars', async ({ page }) => {
  await page.goto('/vehicles')
  await waitForScripts(page)
  await openVehicleFilters(page)
  const box = page.getByRole('search', { name: 'Fahrzeuge durchsuchen' }).getByLabel('MwSt. ausweisbar')
  await box.check()
  await expect(page).toHaveURL(/\/vehicles\?vat=deductible$/)
  await expect(page.getByRole('heading', { level: 2, name: '5 Fahrzeuge' })).toBeVisible()
  expect(await cardIds(page)).toEqual(DEDUCTIBLE)
  await box.uncheck()
  await expect(page).toHaveURL(/\/vehicles$/)
  await expect(page.getByRole('heading', { level: 2, name: /^24 Fahrzeuge/ })).toBeVisible()

  await page.goto(`${sanitySite}/vehicles?vat=deductible`)
  await expect(page.getByRole('heading', { level: 2, name: '5 Fahrzeuge' })).toBeVisible()
  await expect.poll(() => cardIds(page)).toEqual(DEDUCTIBLE)
})
