// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { NotFound } from '#app/components/not-found.tsx'

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Startseite</p> },
      { path: '*', element: <NotFound /> },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return router
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('NotFound', () => {
  test('title, text, links home and to the contact page', () => {
    renderAt('/nirgendwo')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Seite nicht gefunden')
    expect(screen.getByText(/existiert nicht oder wurde verschoben/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: 'Kontakt' }).getAttribute('href')).toBe('/contact')
    expect(screen.getByRole('status').textContent).toBe('Automatische Weiterleitung zur Startseite in 10 Sekunden...')
  })

  test('a form’s confirmation address stays: the visitor reads that it arrived (the page was deleted meanwhile)', () => {
    const router = renderAt('/locations/geloescht?anfrage=gesendet&formular=bewertung')
    expect(screen.getByText('Ihre Anfrage ist angekommen')).toBeTruthy()
    act(() => void vi.advanceTimersByTime(60_000))
    expect(router.state.location.pathname).toBe('/locations/geloescht')
  })

  test('goes home after 10 seconds', () => {
    const router = renderAt('/nirgendwo')
    act(() => void vi.advanceTimersByTime(9_999))
    expect(router.state.location.pathname).toBe('/nirgendwo')
    act(() => void vi.advanceTimersByTime(1))
    expect(router.state.location.pathname).toBe('/')
  })

  test('the redirect can be stopped (WCAG 2.2.1)', () => {
    const router = renderAt('/nirgendwo')
    fireEvent.click(screen.getByRole('button', { name: 'Weiterleitung stoppen' }))
    act(() => void vi.advanceTimersByTime(20_000))
    expect(router.state.location.pathname).toBe('/nirgendwo')
    expect(screen.getByRole('status').textContent).toBe('Die automatische Weiterleitung ist gestoppt.')
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Zur Startseite' }))
  })

  test('a key pressed or a tap anywhere on the page stops it too: whoever acts on the page is reading it (WCAG 2.2.1)', () => {
    for (const trigger of [() => fireEvent.keyDown(document.body, { key: 'Tab' }), () => fireEvent.pointerDown(screen.getByRole('heading', { level: 1 }))]) {
      const router = renderAt('/nirgendwo')
      act(() => void trigger())
      act(() => void vi.advanceTimersByTime(20_000))
      expect(router.state.location.pathname).toBe('/nirgendwo')
      expect(screen.getByRole('status').textContent).toBe('Die automatische Weiterleitung ist gestoppt.')
      cleanup()
    }
  })

  test('the stop button comes before the links, so it is the first control of the page content', () => {
    renderAt('/nirgendwo')
    const stop = screen.getByRole('button', { name: 'Weiterleitung stoppen' })
    const home = screen.getByRole('link', { name: 'Zur Startseite' })
    expect(stop.compareDocumentPosition(home) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})

describe('NotFound after a server render', () => {
  test('counts the 10 seconds from when the page was shown, not from hydration', () => {
    window.__notFoundShownAt = Date.now()
    vi.advanceTimersByTime(4_000) // hydration took 4 s
    const router = renderAt('/nirgendwo')
    act(() => void vi.advanceTimersByTime(5_999))
    expect(router.state.location.pathname).toBe('/nirgendwo')
    act(() => void vi.advanceTimersByTime(1))
    expect(router.state.location.pathname).toBe('/')
    expect(window.__notFoundShownAt).toBeUndefined()
  })
})
