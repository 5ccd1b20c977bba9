import { describe, expect, it } from 'vitest'
import { saleConfirmationText } from './sale-form.tsx'
import { PHOTOS_WITHHELD } from '#app/submissions/forms.ts'

describe('the sell confirmation on the page', () => {
  it('says what arrived and by when the first estimate comes', () => {
    expect(saleConfirmationText('2', 24)).toBe(
      'Vielen Dank! Ihre Angaben und Ihre 2 Fotos sind bei uns eingegangen. Wir melden uns innerhalb von 24 Stunden (an Werktagen) mit einer ersten Einschätzung bei Ihnen.',
    )
    expect(saleConfirmationText('0', 24)).toContain('innerhalb von 24 Stunden (an Werktagen)')
    expect(saleConfirmationText(null, 24)).toContain('innerhalb von 24 Stunden (an Werktagen)')
    expect(saleConfirmationText('2', null)).toBe(
      'Vielen Dank! Ihre Angaben und Ihre 2 Fotos sind bei uns eingegangen. Wir melden uns mit einer ersten Einschätzung bei Ihnen.',
    )
  })

  it('names the deadline the server counted for this request when there is one (the seller’s cookie), and photos it could not take', () => {
    const estimate = 'Wir melden uns bis Mittwoch, 2. Dezember, 12:00 Uhr mit einer ersten Einschätzung.'
    expect(saleConfirmationText('1', 24, estimate)).toBe(`Vielen Dank! Ihre Angaben und Ihr Foto sind bei uns eingegangen. ${estimate}`)
    expect(saleConfirmationText(PHOTOS_WITHHELD, 24, estimate)).toBe(
      `Vielen Dank! Ihre Angaben sind bei uns eingegangen. Ihre Fotos konnten wir gerade nicht annehmen – zeigen Sie uns Ihr Fahrzeug gern bei der Besichtigung. ${estimate}`,
    )
  })
})
