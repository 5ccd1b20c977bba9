// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test } from 'vitest'
import { MonthlyRateNote } from '#app/components/monthly-rate-note.tsx'

afterEach(cleanup)

async function renderNote(lender: string | null) {
  const settings = { claims: { financingFromPercent: 3.49 }, legal: { lender } }
  const router = createMemoryRouter([{ id: 'root', path: '/', loader: () => ({ settings }), element: <MonthlyRateNote /> }])
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return (await screen.findByText(/^\* /)).textContent?.replace(/\u00a0/g, ' ')
}

describe('MonthlyRateNote (PAngV § 17; copy review 2026-11-29, H2; decision 111)', () => {
  test('the note of the cards’ „ab … €/Monat*“ names the default example and the lender as well', async () => {
    expect(await renderNote('Musterbank AG, Bankstraße 1, 45127 Essen')).toBe(
      '* Monatliche Rate nach unserem Finanzierungsbeispiel, auf volle Euro aufgerundet: 20 % Anzahlung (abgerundet auf volle 100 €), 48 Monate Laufzeit, effektiver Jahreszins 3,49 %. ' +
        'Das vollständige Beispiel mit allen Angaben steht auf der Seite des jeweiligen Fahrzeugs. Darlehensgeber: Musterbank AG, Bankstraße 1, 45127 Essen.',
    )
  })
})
