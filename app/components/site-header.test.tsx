// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { StaticRouter } from 'react-router-dom/server'
import { afterEach, describe, expect, test } from 'vitest'
import { siteHeaderFit } from '#app/components/header-fit.ts'
import { SiteHeader } from '#app/components/site-header.tsx'
import { writeSavedIds } from '#app/vehicles/saved-list.ts'

const settings = {
  dealerName: 'Ruhrstern Automobile',
  phone: '0201 8512 3400',
  mainNav: [
    { label: 'HOME', href: '/' },
    { label: 'SERVICES', href: '/services' },
    { label: 'FAHRZEUGE', href: '/vehicles' },
    { label: 'STANDORTE', href: '/locations' },
    { label: 'ÜBER UNS', href: '/about' },
    { label: 'KONTAKT', href: '/contact' },
  ],
}

function renderHeader(path = '/', transparentAtTop = true) {
  const router = createMemoryRouter(
    [{ path: '*', element: <SiteHeader settings={settings} fit={siteHeaderFit(settings)} transparentAtTop={transparentAtTop} /> }],
    {
      initialEntries: [path],
    },
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return router
}

afterEach(() => {
  cleanup()
  window.scrollY = 0
  document.cookie = 'merkliste=; Path=/; Max-Age=0'
})

describe('the Merkliste in the header (issue 38)', () => {
  const savedLinks = () => screen.getAllByRole('link', { name: /^Merkliste/ })
  const names = () => savedLinks().map((link) => [link.getAttribute('aria-label'), link.textContent])

  test('the server HTML has a plain „Merkliste“ link and no count, whatever the browser saved: the same page for everyone', () => {
    document.cookie = 'merkliste=1.4; Path=/'
    const html = renderToString(
      <StaticRouter location="/">
        <SiteHeader settings={settings} fit={siteHeaderFit(settings)} />
      </StaticRouter>,
    )
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const links = [...doc.querySelectorAll('a[href="/merkliste"]')].map((link) => [link.getAttribute('aria-label'), link.textContent])
    expect(links).toEqual([
      ['Merkliste', ''],
      ['Merkliste', 'MERKLISTE'],
    ])
  })

  test('in the browser the count comes from the cookie and follows a change without a reload', () => {
    document.cookie = 'merkliste=1.4; Path=/'
    renderHeader()
    expect(names()).toEqual([
      ['Merkliste, 2 Fahrzeuge', '2'],
      ['Merkliste, 2 Fahrzeuge', 'MERKLISTE2'],
    ])
    act(() => writeSavedIds(['1', '4', '9']))
    expect(names()[0]).toEqual(['Merkliste, 3 Fahrzeuge', '3'])
    expect(document.cookie).toContain('merkliste=1.4.9')
    act(() => writeSavedIds([]))
    expect(names()).toEqual([
      ['Merkliste', ''],
      ['Merkliste', 'MERKLISTE'],
    ])
  })
})

const desktopNav = () => screen.getAllByRole('navigation', { name: 'Hauptnavigation' })[0]!

describe('SiteHeader', () => {
  test('marks the current page; HOME only on /, STANDORTE on every /locations path: the page itself on /locations, its section below it', () => {
    renderHeader('/locations/dortmund')
    const nav = desktopNav()
    // „true“, not „page“: a screen reader would call the list of cities the current page (crawler review 2026-12-03).
    expect(within(nav).getByRole('link', { name: 'STANDORTE' }).getAttribute('aria-current')).toBe('true')
    expect(within(nav).getByRole('link', { name: 'HOME' }).getAttribute('aria-current')).toBeNull()
    cleanup()
    renderHeader('/locations')
    expect(within(desktopNav()).getByRole('link', { name: 'STANDORTE' }).getAttribute('aria-current')).toBe('page')
  })

  test('HOME is current on /', () => {
    renderHeader('/')
    expect(within(desktopNav()).getByRole('link', { name: 'HOME' }).getAttribute('aria-current')).toBe('page')
  })

  test('the phone button dials the international number', () => {
    renderHeader()
    expect(screen.getByRole('link', { name: /^0201 8512 3400$/ }).getAttribute('href')).toBe('tel:+4920185123400')
  })

  test('turns solid after more than 50 px of scrolling', () => {
    renderHeader()
    const header = screen.getByRole('banner')
    expect(header.dataset.scrolled).toBe('false')
    act(() => {
      window.scrollY = 50
      window.dispatchEvent(new Event('scroll'))
    })
    expect(header.dataset.scrolled).toBe('false')
    act(() => {
      window.scrollY = 51
      window.dispatchEvent(new Event('scroll'))
    })
    expect(header.dataset.scrolled).toBe('true')
    expect(header.className).toContain('bg-zinc-950')
  })

  test('the server HTML opens the menu natively: a popover and its toggle, nothing disabled or stale', () => {
    const html = renderToString(
      <StaticRouter location="/">
        <SiteHeader settings={settings} fit={siteHeaderFit(settings)} />
      </StaticRouter>,
    )
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const toggle = doc.querySelector('button[popovertarget="mobile-menu"]')!
    expect(toggle.getAttribute('aria-label')).toBe('Menü')
    expect(toggle.hasAttribute('disabled')).toBe(false)
    // The browser reports the popover's state; a written-out aria-expanded would stay "false" while it is open.
    expect(toggle.hasAttribute('aria-expanded')).toBe(false)
    const menu = doc.getElementById('mobile-menu')!
    expect(menu.getAttribute('popover')).toBe('auto')
    expect(menu.hasAttribute('hidden')).toBe(false)
  })

  test('eight long menu items leave the links to the menu at every width; six short ones show from 1024 px (header-fit.ts)', () => {
    const classesFor = (mainNav: typeof settings.mainNav) => {
      const html = renderToString(
        <StaticRouter location="/">
          <SiteHeader settings={{ ...settings, mainNav }} fit={siteHeaderFit({ ...settings, mainNav })} />
        </StaticRouter>,
      )
      const doc = new DOMParser().parseFromString(html, 'text/html')
      return { nav: doc.querySelector('header nav')!.className, toggle: doc.querySelector('button[popovertarget="mobile-menu"]')!.className }
    }
    const long = ['UNSERE LEISTUNGEN', 'GEBRAUCHTWAGEN', 'AUTO VERKAUFEN', 'FAHRZEUGAUFBEREITUNG', 'FINANZIERUNG & LEASING', 'STANDORTE', 'ÜBER UNS', 'KONTAKT']
    const eight = classesFor(long.map((label, index) => ({ label, href: `/seite-${index}` })))
    expect(eight.nav).toBe('hidden')
    expect(eight.toggle).not.toMatch(/(^|\s)\S*:hidden/)
    const six = classesFor(settings.mainNav)
    // Six short labels show from 1280 px since the Merkliste's heart joined the row (issue 38).
    expect(six.nav).toBe('hidden xl:block')
    expect(six.toggle).toContain('xl:hidden')
  })

  // jsdom has no popover API: these run the header's fallback for such browsers (`data-open`).
  test('the menu toggle opens the menu with the links and the call button; a link closes it', async () => {
    const router = renderHeader()
    const menu = document.getElementById('mobile-menu')!
    const toggle = screen.getByRole('button', { name: 'Menü' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(toggle.getAttribute('aria-controls')).toBe('mobile-menu')
    expect(menu.dataset.open).toBeUndefined()

    fireEvent.click(toggle)
    expect(menu.dataset.open).toBe('true')
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['HOME', 'SERVICES', 'FAHRZEUGE', 'STANDORTE', 'ÜBER UNS', 'KONTAKT', 'MERKLISTE', 'JETZT ANRUFEN'])
    expect(within(menu).getByRole('link', { name: 'JETZT ANRUFEN' }).getAttribute('href')).toBe('tel:+4920185123400')

    await act(async () => {
      fireEvent.click(within(menu).getByRole('link', { name: 'STANDORTE' }))
    })
    expect(router.state.location.pathname).toBe('/locations')
    expect(menu.dataset.open).toBeUndefined()
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })

  test('a second tap on the toggle closes the menu', () => {
    renderHeader()
    const toggle = screen.getByRole('button', { name: 'Menü' })
    fireEvent.click(toggle)
    fireEvent.click(toggle)
    expect(document.getElementById('mobile-menu')!.dataset.open).toBeUndefined()
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })

  test('any navigation closes the menu', async () => {
    const router = renderHeader()
    fireEvent.click(screen.getByRole('button', { name: 'Menü' }))
    await act(() => router.navigate('/about'))
    expect(document.getElementById('mobile-menu')!.dataset.open).toBeUndefined()
  })
})
