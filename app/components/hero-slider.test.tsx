// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { HERO_TAP_GUARD_MS, HeroSlider, type HeroSlide } from '#app/components/hero-slider.tsx'

const image = (name: string) => ({ alt: name, asset: { url: `/media/${name}-1920x1080.jpg`, metadata: { dimensions: { width: 1920, height: 1080 } } } })
const slides: HeroSlide[] = [
  {
    _key: 'a',
    titleLine1: 'AUTOANKAUF',
    titleLine2: '& VERKAUF',
    subtitle: 'Eins',
    image: image('eins'),
    buttons: [{ _key: 'b1', label: 'FAHRZEUG BEWERTEN', target: '#contact', primary: true }],
  },
  {
    _key: 'b',
    titleLine1: 'PREMIUM',
    titleLine2: 'FAHRZEUGE',
    subtitle: 'Zwei',
    image: image('zwei'),
    buttons: [{ _key: 'b2', label: 'INVENTAR DURCHSUCHEN', target: '#inventory' }],
  },
  { _key: 'c', titleLine1: 'FINANZIERUNG', titleLine2: '& LEASING', subtitle: 'Drei', image: image('drei'), buttons: [] },
]

function setReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

function renderSlider() {
  const router = createMemoryRouter([{ path: '/', element: <HeroSlider slides={slides} /> }])
  return render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
}

/** A pointer pressed on `element` (jsdom has no PointerEvent: a mouse event that says its pointer's type). */
const press = (element: Element, pointerType: string) => fireEvent(element, Object.assign(new MouseEvent('pointerdown', { bubbles: true }), { pointerType }))
const dot = (n: number) => screen.getByRole('button', { name: `Folie ${n} anzeigen` })
const current = () => [1, 2, 3].find((n) => dot(n).getAttribute('aria-current') === 'true')

beforeEach(() => {
  vi.useFakeTimers()
  setReducedMotion(false)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('HeroSlider', () => {
  test('advances every 5 s and wraps 0→1→2→0', () => {
    renderSlider()
    expect(current()).toBe(1)
    act(() => void vi.advanceTimersByTime(4999))
    expect(current()).toBe(1)
    act(() => void vi.advanceTimersByTime(1))
    expect(current()).toBe(2)
    act(() => void vi.advanceTimersByTime(5000))
    expect(current()).toBe(3)
    act(() => void vi.advanceTimersByTime(5000))
    expect(current()).toBe(1)
  })

  test('a dot jumps to its slide and restarts the 5 s', () => {
    renderSlider()
    act(() => void vi.advanceTimersByTime(3000))
    fireEvent.click(dot(3))
    fireEvent.blur(dot(3))
    expect(current()).toBe(3)
    act(() => void vi.advanceTimersByTime(4000))
    expect(current()).toBe(3)
    act(() => void vi.advanceTimersByTime(1000))
    expect(current()).toBe(1)
  })

  test('exactly one h1, the first slide title; the others are h2', () => {
    renderSlider()
    const headings = document.querySelectorAll('h1')
    expect(headings).toHaveLength(1)
    expect(headings[0]?.textContent).toBe('AUTOANKAUF & VERKAUF')
    expect(document.querySelectorAll('h2')).toHaveLength(2)
  })

  test('the h1 stays outside the slides, so it is there whichever slide shows; the first slide draws its title without reading it twice', () => {
    renderSlider()
    act(() => void vi.advanceTimersByTime(5000))
    const h1 = document.querySelector('h1')!
    expect(h1.closest('[aria-roledescription="Folie"]')).toBeNull()
    expect(h1.textContent).toBe('AUTOANKAUF & VERKAUF')
    const drawn = [...document.querySelectorAll('[aria-roledescription="Folie"] p')].find((element) => element.textContent === 'AUTOANKAUF & VERKAUF')
    expect(drawn?.getAttribute('aria-hidden')).toBe('true')
  })

  test('the first image is the eager, high-priority LCP candidate; the others are lazy', () => {
    // jsdom's document has finished loading: all three images are there.
    renderSlider()
    const images = [...document.querySelectorAll('img')]
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy'])
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high')
    expect(images[1]?.hasAttribute('fetchpriority')).toBe(false)
    expect(images[0]?.getAttribute('srcset')).toContain('1920w')
    expect(images[0]?.getAttribute('width')).toBe('1920')
  })

  test('the pause button stops and restarts the rotation', () => {
    renderSlider()
    const pause = screen.getByRole('button', { name: 'Automatischen Folienwechsel anhalten' })
    fireEvent.click(pause)
    fireEvent.blur(pause)
    act(() => void vi.advanceTimersByTime(20_000))
    expect(current()).toBe(1)
    fireEvent.click(screen.getByRole('button', { name: 'Automatischen Folienwechsel starten' }))
    fireEvent.blur(screen.getByRole('button', { name: 'Automatischen Folienwechsel anhalten' }))
    act(() => void vi.advanceTimersByTime(5000))
    expect(current()).toBe(2)
  })

  test('a finger on a slide stops the rotation for good, and the button then offers to start it; a mouse press does not (visitor review 2026-11-30, M1)', () => {
    renderSlider()
    press(screen.getByText('Eins'), 'mouse')
    act(() => void vi.advanceTimersByTime(5000))
    expect(current()).toBe(2)
    press(screen.getByText('Zwei'), 'touch')
    act(() => void vi.advanceTimersByTime(20_000))
    expect(current()).toBe(2)
    expect(screen.getByRole('button', { name: 'Automatischen Folienwechsel starten' })).toBeTruthy()
  })

  test('a tap that lands just after the slide changed by itself does nothing; the same tap a moment later works', () => {
    renderSlider()
    act(() => void vi.advanceTimersByTime(5000))
    const button = screen.getByRole('link', { name: 'INVENTAR DURCHSUCHEN' })
    // fireEvent returns false when the click's default was prevented: the link is not followed.
    expect(fireEvent.click(button)).toBe(false)
    act(() => void vi.advanceTimersByTime(HERO_TAP_GUARD_MS))
    expect(fireEvent.click(button)).toBe(true)
    // A dot's jump is the visitor's own: the slide's button works at once.
    fireEvent.click(dot(1))
    expect(fireEvent.click(screen.getByRole('link', { name: 'FAHRZEUG BEWERTEN' }))).toBe(true)
  })

  test('pauses while focus is inside', () => {
    renderSlider()
    fireEvent.focus(dot(2))
    act(() => void vi.advanceTimersByTime(10_000))
    expect(current()).toBe(1)
    fireEvent.blur(dot(2))
    act(() => void vi.advanceTimersByTime(5000))
    expect(current()).toBe(2)
  })

  test('does not rotate by itself under prefers-reduced-motion, but can be started', () => {
    setReducedMotion(true)
    renderSlider()
    act(() => void vi.advanceTimersByTime(20_000))
    expect(current()).toBe(1)
    const play = screen.getByRole('button', { name: 'Automatischen Folienwechsel starten' })
    fireEvent.click(play)
    fireEvent.blur(play)
    act(() => void vi.advanceTimersByTime(5000))
    expect(current()).toBe(2)
  })
})

describe('HeroSlider before the page has loaded', () => {
  test('only the first slide has its image until the load event', () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive')
    renderSlider()
    expect(document.querySelectorAll('img')).toHaveLength(1)
    readyState.mockRestore()
    act(() => {
      window.dispatchEvent(new Event('load'))
    })
    expect(document.querySelectorAll('img')).toHaveLength(3)
  })
})
