// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test } from 'vitest'
import { ServiceCards, type ServiceCard } from '#app/components/service-cards.tsx'

afterEach(cleanup)

function renderCards(cards: readonly ServiceCard[]) {
  const router = createMemoryRouter([{ path: '/', element: <ServiceCards heading="Unsere Leistungen" cards={cards} /> }])
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return within(screen.getByRole('region', { name: 'Unsere Leistungen' }))
}

describe('ServiceCards', () => {
  test('a label that several cards carry names its card too: /services’ two „MEHR ERFAHREN“ are told apart in a list of links (accessibility review 2026-11-29, L10)', () => {
    const region = renderCards([
      { _key: 'a', title: 'AUTOANKAUF', description: 'Wir kaufen.', action: { label: 'MEHR ERFAHREN', target: '/services/autoankauf' } },
      { _key: 'b', title: 'AUTOVERKAUF', description: 'Wir verkaufen.', action: { label: 'MEHR ERFAHREN', target: '/services/autoverkauf' } },
      { _key: 'c', title: 'EXPORT', description: 'Wir exportieren.' },
      { _key: 'd', title: 'FAHRZEUGE', description: 'Unser Bestand.', action: { label: 'FAHRZEUGE ANSEHEN', target: '/vehicles' } },
    ])
    const names = ['MEHR ERFAHREN zu AUTOANKAUF', 'MEHR ERFAHREN zu AUTOVERKAUF', 'FAHRZEUGE ANSEHEN']
    expect(names.map((name) => region.getByRole('link', { name }).getAttribute('href'))).toEqual([
      '/services/autoankauf',
      '/services/autoverkauf',
      // A label no other card carries stays as it is.
      '/vehicles',
    ])
    // The eye still reads „MEHR ERFAHREN“ (spec §2): the card's title is for screen readers only.
    const first = region.getByRole('link', { name: names[0] })
    const hidden = first.querySelector('.sr-only')
    expect(hidden?.textContent).toBe(' zu AUTOANKAUF')
    expect(first.textContent?.replace(hidden?.textContent ?? '', '')).toBe('MEHR ERFAHREN')
  })
})
