// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test } from 'vitest'
import { MonthlyRateNote } from '#app/components/monthly-rate-note.tsx'
import { type FinancedExample } from '#app/vehicles/financing.ts'

afterEach(cleanup)

async function renderNote(example: FinancedExample | undefined, lender: string | null) {
  const settings = { claims: { financingFromPercent: 3.49 }, legal: { lender } }
  const router = createMemoryRouter([{ id: 'root', path: '/', loader: () => ({ settings }), element: <MonthlyRateNote example={example} /> }])
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return (await screen.findByText(/^\* /)).textContent?.replace(/\u00a0/g, ' ')
}

/** An example whose last rate settles the rounding (figures made up, the note only formats them). */
const example: FinancedExample = {
  status: 'financed',
  price: 20_000,
  downPayment: 4_000,
  netLoanAmount: 16_000,
  termMonths: 48,
  effectiveAnnualRatePercent: 3.49,
  nominalRatePercent: 3.4365,
  monthlyPayment: 357.5,
  finalPayment: 357.01,
  totalAmount: 17_159.51,
  interest: 1_159.51,
}

describe('MonthlyRateNote (PAngV § 17; copy review 2026-11-29, H2; decision 111)', () => {
  test('the page’s footnote of „ab 3,49 %*“: every figure of the representative example, the instalments by number and amount, the lender', async () => {
    expect(await renderNote(example, 'Musterbank AG, Bankstraße 1, 45127 Essen')).toBe(
      '* Repräsentatives Beispiel nach § 17 Abs. 4 PAngV: Barzahlungspreis 20.000,00 €, Anzahlung 4.000,00 €, Nettodarlehensbetrag 16.000,00 €, ' +
        'Laufzeit 48 Monate, gebundener Sollzinssatz 3,44 % p. a., effektiver Jahreszins 3,49 %, 47 monatliche Raten zu je 357,50 € und eine letzte Rate von 357,01 €, ' +
        'Gesamtbetrag 17.159,51 €. Darlehensgeber: Musterbank AG, Bankstraße 1, 45127 Essen. Bonität vorausgesetzt.',
    )
  })

  test('equal instalments are one figure; without a lender in the settings it says so instead of naming none', async () => {
    const text = await renderNote({ ...example, finalPayment: 357.5, totalAmount: 17_160 }, null)
    expect(text).toContain('48 monatliche Raten zu je 357,50 €, Gesamtbetrag 17.160,00 €. Darlehensgeber: eine unserer Partnerbanken. Bonität vorausgesetzt.')
  })

  test('the note of the cards’ „ab … €/Monat*“ names the default example and the lender as well', async () => {
    expect(await renderNote(undefined, 'Musterbank AG, Bankstraße 1, 45127 Essen')).toBe(
      '* Monatliche Rate nach unserem Finanzierungsbeispiel: 20 % Anzahlung, 48 Monate Laufzeit, effektiver Jahreszins 3,49 %. ' +
        'Das vollständige Beispiel mit allen Angaben steht auf der Seite des jeweiligen Fahrzeugs. Darlehensgeber: Musterbank AG, Bankstraße 1, 45127 Essen.',
    )
  })
})
