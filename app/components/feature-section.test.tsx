// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { type ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { FeatureSection, type FeatureSectionContent } from '#app/components/feature-section.tsx'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function renderInRouter(ui: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element: ui }])
  return render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
}

const content: FeatureSectionContent = {
  eyebrow: 'Seit 2009 in Essen',
  title: 'IHR AUTOANKAUF IN DORTMUND',
  description: 'Wir bewerten Ihr Fahrzeug kostenlos und zahlen sofort.',
  checklist: ['Kostenlose Bewertung', 'Sofortige Barzahlung', '', null, 'Kostenlose Abholung ab 5.000 €'],
  image: {
    alt: 'Übergabe eines Fahrzeugschlüssels',
    asset: { url: '/media/abc-1600x1200.jpg', metadata: { dimensions: { width: 1600, height: 1200 } } },
  },
  button: { label: 'JETZT ANFRAGEN', target: '/contact', primary: true },
}

describe('FeatureSection', () => {
  test('renders eyebrow, title, description, checklist, image and button', () => {
    renderInRouter(<FeatureSection content={content} id="ankauf" />)

    const section = document.getElementById('ankauf')!
    const heading = screen.getByRole('heading', { level: 2, name: 'IHR AUTOANKAUF IN DORTMUND' })
    expect(section.getAttribute('aria-labelledby')).toBe(heading.id)
    expect(screen.getByText('Seit 2009 in Essen')).toBeTruthy()
    expect(screen.getByText('Wir bewerten Ihr Fahrzeug kostenlos und zahlen sofort.')).toBeTruthy()

    // Empty checklist entries are skipped.
    const items = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual(['Kostenlose Bewertung', 'Sofortige Barzahlung', 'Kostenlose Abholung ab 5.000 €'])

    const image = screen.getByRole('img', { name: 'Übergabe eines Fahrzeugschlüssels' }) as HTMLImageElement
    expect(image.getAttribute('width')).toBe('1600')
    expect(image.getAttribute('height')).toBe('1200')
    expect(image.getAttribute('loading')).toBe('lazy')
    expect(image.getAttribute('srcset')).toContain('/media/abc-1600x1200.jpg?w=640')
    // Never upscaled: no candidate beyond the intrinsic 1600 px.
    expect(image.getAttribute('srcset')).not.toContain('w=1920')
    expect(image.getAttribute('sizes')).toBeTruthy()

    expect(screen.getByRole('link', { name: 'JETZT ANFRAGEN' }).getAttribute('href')).toBe('/contact')
  })

  test('text first, image right by default; mirrored puts the image left on wide screens', () => {
    const { unmount } = renderInRouter(<FeatureSection content={content} id="plain" />)
    const plainImage = screen.getByRole('img').parentElement!
    expect(document.getElementById('plain')!.dataset.mirrored).toBe('false')
    expect(plainImage.className).not.toContain('lg:order-first')
    unmount()

    renderInRouter(<FeatureSection content={{ ...content, mirrored: true }} id="mirrored" />)
    const section = document.getElementById('mirrored')!
    expect(section.dataset.mirrored).toBe('true')
    const image = screen.getByRole('img').parentElement!
    expect(image.className).toContain('lg:order-first')
    // The reading order stays text, then image.
    const grid = image.parentElement!
    expect(grid.lastElementChild).toBe(image)
  })

  test('without image, checklist and button it renders only the text', () => {
    renderInRouter(<FeatureSection content={{ title: 'NUR TEXT', description: 'Beschreibung' }} headingLevel={3} />)
    expect(screen.getByRole('heading', { level: 3, name: 'NUR TEXT' })).toBeTruthy()
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.queryByRole('list')).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
  })

  test('an in-page button scrolls to its section 80 px below the top; instantly when asked', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    renderInRouter(
      <>
        <FeatureSection content={{ ...content, button: { label: 'BERATUNG', target: '#contact' } }} smoothScroll={false} />
        <section id="contact">Kontakt</section>
      </>,
    )
    const target = document.getElementById('contact')!
    vi.spyOn(target, 'getBoundingClientRect').mockReturnValue({ top: 1500 } as DOMRect)

    const link = screen.getByRole('link', { name: 'BERATUNG' })
    expect(link.getAttribute('href')).toBe('#contact')
    const notPrevented = fireEvent.click(link)

    expect(notPrevented).toBe(false)
    expect(scrollTo).toHaveBeenCalledWith({ top: 1420, behavior: 'instant' })
    expect(document.activeElement).toBe(target)
  })
})
