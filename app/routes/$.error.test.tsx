// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { type ComponentType } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorBoundary as RootErrorBoundary } from '#app/root.tsx'
import * as contentRoute from './$'

/*
 * What a content page shows when its loader fails, with the route module's own boundary (if it
 * has one) below the root's: a missing page is the 404 page of spec §2, but a failing lake read
 * (a timeout, an outage) is an error and must reach the root's 500 page, not a "Seite nicht
 * gefunden" that sends the visitor home.
 */

afterEach(cleanup)

const { ErrorBoundary: contentRouteBoundary } = contentRoute as { ErrorBoundary?: ComponentType }

async function renderWithLoader(loader: () => never) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        errorElement: <RootErrorBoundary />,
        children: [{ path: '*', loader, element: <p>Seite</p>, ErrorBoundary: contentRouteBoundary }],
      },
    ],
    { initialEntries: ['/about'] },
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return screen.findByRole('heading', { level: 1 })
}

describe('content page errors', () => {
  it('a page that does not exist shows the not-found page', async () => {
    const heading = await renderWithLoader(() => {
      throw new Response('Seite nicht gefunden', { status: 404 })
    })
    expect(heading.textContent).toBe('Seite nicht gefunden')
  })

  it('a failing lake read shows the error page, not "not found"', async () => {
    // React reports an error that a boundary passes on (development build); expected here.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {})
    const heading = await renderWithLoader(() => {
      throw new Error('Zeitüberschreitung beim Lesen des Content Lake')
    })
    expect(heading.textContent).toBe('Ein Fehler ist aufgetreten')
    expect(screen.queryByText('Seite nicht gefunden')).toBeNull()
    reported.mockRestore()
  })
})
