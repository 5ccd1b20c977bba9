// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, expect, test } from 'vitest'
import { parseVehicleSearch } from '#app/vehicles/vehicle-search.ts'
import { AMOUNT_MESSAGE, SearchForm } from './search-form'

/*
 * The amount filters with text that is no whole amount (accessibility review 2026-11-29, L7): the
 * search leaves such a value out, and the field says so instead of ignoring it in silence.
 */

afterEach(cleanup)

async function renderForm() {
  const router = createMemoryRouter(
    [
      {
        path: '/vehicles',
        element: <SearchForm state={parseVehicleSearch(new URLSearchParams()).state} facets={{ makes: ['BMW'], bodyTypes: ['Kombi'] }} total={24} />,
      },
    ],
    { initialEntries: ['/vehicles'] },
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  // Hydrated: the form checks the amounts itself.
  await screen.findByRole('search')
  return router
}

test('an amount that is no whole number is said at its field when left, and a search waits for it', async () => {
  const router = await renderForm()
  const from = screen.getByLabelText('Preis ab (€)') as HTMLInputElement
  expect(from.closest('form')?.noValidate).toBe(true)
  // The message is said at the field (below), so no `title` is read out as its description (review L3).
  expect(from.hasAttribute('title')).toBe(false)
  fireEvent.change(from, { target: { value: 'abc' } })
  act(() => void fireEvent.blur(from))
  expect(from.getAttribute('aria-invalid')).toBe('true')
  expect(document.getElementById(from.getAttribute('aria-describedby')!)?.textContent).toBe(AMOUNT_MESSAGE)

  act(() => void fireEvent.submit(from.form!))
  expect(document.activeElement).toBe(from)
  expect(router.state.location.search).toBe('')

  // Corrected, the message goes and the search applies it.
  fireEvent.change(from, { target: { value: '20.000' } })
  act(() => void fireEvent.submit(from.form!))
  expect(from.getAttribute('aria-invalid')).toBeNull()
  await act(async () => {})
  expect(router.state.location.search).toBe('?priceFrom=20000')
})
