import { describe, expect, it } from 'vitest'
import { saleConfirmation } from './sale-form.tsx'

describe('the sell confirmation on the page', () => {
  it('says what arrived and by when the first estimate comes', () => {
    expect(saleConfirmation('2', 24)).toBe(
      'Vielen Dank! Ihre Angaben und Ihre 2 Fotos sind bei uns eingegangen. Wir melden uns innerhalb von 24 Stunden (an Werktagen) mit einer ersten Einschätzung bei Ihnen.',
    )
    expect(saleConfirmation('0', 24)).toContain('innerhalb von 24 Stunden (an Werktagen)')
    expect(saleConfirmation(null, 24)).toContain('innerhalb von 24 Stunden (an Werktagen)')
    expect(saleConfirmation('2', null)).toBe(
      'Vielen Dank! Ihre Angaben und Ihre 2 Fotos sind bei uns eingegangen. Wir melden uns mit einer ersten Einschätzung bei Ihnen.',
    )
  })
})
