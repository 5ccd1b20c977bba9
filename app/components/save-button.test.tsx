// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { StaticRouter } from 'react-router-dom/server'
import { afterEach, expect, test } from 'vitest'
import { SaveButton } from '#app/components/save-button.tsx'
import { writeSavedIds } from '#app/vehicles/saved-list.ts'

afterEach(() => {
  cleanup()
  document.cookie = 'merkliste=; Path=/; Max-Age=0'
})

function renderButton() {
  const router = createMemoryRouter([{ path: '*', element: <SaveButton id="4" name="BMW 320d Touring" /> }], { initialEntries: ['/vehicles'] })
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
}

test('the server HTML reads „Merken“ without a state, whatever the browser saved: the same cached page for everyone', () => {
  document.cookie = 'merkliste=4; Path=/'
  const html = renderToString(
    <StaticRouter location="/vehicles">
      <SaveButton id="4" name="BMW 320d Touring" />
    </StaticRouter>,
  )
  const button = new DOMParser().parseFromString(html, 'text/html').querySelector('button')!
  expect([button.getAttribute('aria-label'), button.textContent, button.hasAttribute('aria-pressed')]).toEqual(['Merken: BMW 320d Touring', 'Merken', false])
})

test('in the browser a saved car reads „Gemerkt“ (pressed), named as shown; a tap removes it and it reads „Merken“ again', () => {
  document.cookie = 'merkliste=4; Path=/'
  renderButton()
  const saved = screen.getByRole('button', { name: 'Gemerkt: BMW 320d Touring' })
  expect([saved.textContent, saved.getAttribute('aria-pressed')]).toEqual(['Gemerkt', 'true'])

  fireEvent.click(saved)
  const unsaved = screen.getByRole('button', { name: 'Merken: BMW 320d Touring' })
  expect([unsaved.textContent, unsaved.getAttribute('aria-pressed')]).toEqual(['Merken', 'false'])
  expect(document.cookie).not.toContain('merkliste=4')

  // Saved from elsewhere (another button, the list): this one follows.
  act(() => writeSavedIds(['4']))
  expect(screen.getByRole('button', { name: 'Gemerkt: BMW 320d Touring' }).getAttribute('aria-pressed')).toBe('true')
})
