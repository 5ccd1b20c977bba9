// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test } from 'vitest'
import { FocusOnReturn, NavigationProgress, RouteAnnouncer } from './navigation-feedback'

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

describe('FocusOnReturn', () => {
  /** A list with two links to each car (photo and name, as the cards have), each car's page, and a search form. */
  function renderList() {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <Outlet />
              <FocusOnReturn />
            </>
          ),
          children: [
            {
              path: 'vehicles',
              element: (
                <>
                  {['5', '7'].map((id) => (
                    <p key={id}>
                      <Link to={`/vehicles/${id}`} aria-label={`Foto ${id}`}>
                        Foto
                      </Link>
                      <Link to={`/vehicles/${id}`}>Fahrzeug {id}</Link>
                    </p>
                  ))}
                </>
              ),
            },
            { path: 'vehicles/:id', element: <h1>Fahrzeugseite</h1> },
          ],
        },
      ],
      { initialEntries: ['/vehicles'] },
    )
    render(<RouterProvider router={router} />)
    return router
  }

  test('Back puts the focus on the very link that left the page, not on <body>', async () => {
    const router = renderList()
    fireEvent.click(screen.getByRole('link', { name: 'Fahrzeug 7' }))
    await screen.findByRole('heading', { name: 'Fahrzeugseite' })
    expect(document.activeElement).toBe(document.body)

    await act(() => router.navigate(-1))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Fahrzeug 7' })))
  })

  test('which of two links to the car; a page left by a script (a form’s search) gets no focus back, nor does a forward step', async () => {
    const router = renderList()
    fireEvent.click(screen.getByRole('link', { name: 'Foto 5' }))
    await screen.findByRole('heading', { name: 'Fahrzeugseite' })
    await act(() => router.navigate(-1))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Foto 5' })))
    ;(document.activeElement as HTMLElement).blur()

    // Forward again to the car: no link on the car's page was taken.
    await act(() => router.navigate(1))
    await screen.findByRole('heading', { name: 'Fahrzeugseite' })
    expect(document.activeElement).toBe(document.body)

    // Back on the list, which is then left by a script: Back to it moves no focus.
    await act(() => router.navigate(-1))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Foto 5' })))
    ;(document.activeElement as HTMLElement).blur()
    await act(() => router.navigate('/vehicles/7'))
    await screen.findByRole('heading', { name: 'Fahrzeugseite' })
    await act(() => router.navigate(-1))
    await screen.findByRole('link', { name: 'Foto 5' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(document.activeElement).toBe(document.body)
  })
})
