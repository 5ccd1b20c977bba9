// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { afterEach, expect, test } from 'vitest'
import { parseVehicleSearch } from '#app/vehicles/vehicle-search.ts'
import { AMOUNT_MESSAGE, SearchForm } from './search-form'

/*
 * The amount filters with text that is no whole amount (accessibility review 2026-11-29, L7): the
 * search leaves such a value out, and the field says so instead of ignoring it in silence.
 */

afterEach(cleanup)

const routes = [
  {
    path: '/vehicles',
    element: <SearchForm state={parseVehicleSearch(new URLSearchParams()).state} facets={{ makes: ['BMW'], bodyTypes: ['Kombi'] }} total={24} />,
  },
]

async function renderForm() {
  const router = createMemoryRouter(routes, { initialEntries: ['/vehicles'] })
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

test('a filter chosen while the scripts still load applies once they run (QA walk 12-04: shown, never applied); an untouched form stays', async () => {
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request('http://localhost/vehicles'))
  if (context instanceof Response) throw new Error('unexpected response')
  const container = document.createElement('div')
  container.innerHTML = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />)
  document.body.append(container)

  const hydrate = async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/vehicles'] })
    const root = await act(async () => hydrateRoot(container, <RouterProvider router={router} future={{ v7_startTransition: true }} />))
    await act(async () => {})
    return { router, root }
  }
  // As rendered: hydration navigates nowhere.
  const untouched = await hydrate()
  expect(untouched.router.state.location.search).toBe('')
  act(() => untouched.root.unmount())

  container.innerHTML = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />)
  const fuel = container.querySelector<HTMLSelectElement>('select[name="fuel"]')!
  fuel.value = 'diesel'
  const { router } = await hydrate()
  expect(router.state.location.search).toBe('?fuel=diesel')
  container.remove()
})
