// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test } from 'vitest'
import { NavigationProgress, RouteAnnouncer } from './navigation-feedback'

afterEach(cleanup)

/** A router whose `/vehicles/5` answers only when the test says so, as a slow phone line does. */
function renderSite() {
  let answer: (value: null) => void = () => {}
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <NavigationProgress />
            <Outlet />
            <RouteAnnouncer />
          </>
        ),
        children: [
          {
            index: true,
            element: (
              <>
                <title>Fahrzeuge | Ruhrstern</title>
                <Link to="/vehicles/5">BMW 320d</Link>
                <Link to="/?sort=price">Nach Preis</Link>
              </>
            ),
          },
          { path: 'vehicles/5', loader: () => new Promise<null>((resolve) => (answer = resolve)), element: <title>BMW 320d Touring | Ruhrstern</title> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  )
  const { container } = render(<RouterProvider router={router} />)
  return { router, bar: container.querySelector('[data-navigation-progress]')!, answer: () => answer(null) }
}

describe('navigation feedback', () => {
  test('the bar is busy from the tap until the page is there, and the new page’s title is said once it is', async () => {
    const { bar, answer } = renderSite()
    const announcer = () => document.querySelector('[aria-live="assertive"]')!
    expect(bar.hasAttribute('data-busy')).toBe(false)
    expect(announcer().textContent).toBe('')

    fireEvent.click(screen.getByRole('link', { name: 'BMW 320d' }))
    await waitFor(() => expect(bar.hasAttribute('data-busy')).toBe(true))
    expect(bar.getAttribute('aria-hidden')).toBe('true')
    // Still the old page while the data is on its way: nothing said yet.
    expect(announcer().textContent).toBe('')

    answer()
    await waitFor(() => expect(bar.hasAttribute('data-busy')).toBe(false))
    expect(document.title).toBe('BMW 320d Touring | Ruhrstern')
    // Said from an effect after the new page's commit, which React may run after the bar's attribute is gone.
    await waitFor(() => expect(announcer().textContent).toBe('BMW 320d Touring | Ruhrstern'))
  })

  test('a new query on the same path is no new page: nothing is said', async () => {
    const { router } = renderSite()
    fireEvent.click(screen.getByRole('link', { name: 'Nach Preis' }))
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price'))
    expect(document.querySelector('[aria-live="assertive"]')!.textContent).toBe('')
  })
})
