// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { useCountUp } from '#app/utils/use-count-up.ts'

/** A stand-in IntersectionObserver the test drives by hand. */
class FakeObserver {
  static instances: FakeObserver[] = []
  observed: Element[] = []
  disconnected = false
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.instances.push(this)
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
  unobserve() {}
  takeRecords() {
    return []
  }
  /** Reports the observed element as `ratio` visible. */
  show(ratio: number) {
    const entries = this.observed.map((target) => ({ target, intersectionRatio: ratio, isIntersecting: ratio > 0 }) as IntersectionObserverEntry)
    this.callback(entries, this as unknown as IntersectionObserver)
  }
}

function Counter({ target }: { target: number }) {
  const { ref, value } = useCountUp<HTMLSpanElement>(target)
  return (
    <span ref={ref} data-testid="value">
      {value}
    </span>
  )
}

const shown = () => Number(screen.getByTestId('value').textContent)

function setReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

beforeEach(() => {
  vi.useFakeTimers()
  FakeObserver.instances = []
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  setReducedMotion(false)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('useCountUp', () => {
  test('waits at 0 until 10 % visible, then counts in whole numbers to the target in about 2 s', () => {
    render(<Counter target={2500} />)
    expect(shown()).toBe(0)
    const observer = FakeObserver.instances.at(-1)!
    expect(observer.options.threshold).toBe(0.1)

    act(() => observer.show(0.05))
    act(() => void vi.advanceTimersByTime(500))
    expect(shown()).toBe(0)

    act(() => observer.show(0.1))
    expect(observer.disconnected).toBe(true)
    const seen: number[] = []
    for (let elapsed = 0; elapsed < 2000; elapsed += 16) {
      act(() => void vi.advanceTimersByTime(16))
      seen.push(shown())
    }
    expect(seen.every(Number.isInteger)).toBe(true)
    expect(seen).toEqual([...seen].sort((a, b) => a - b))
    expect(seen[Math.floor(seen.length / 2)]).toBeGreaterThan(1000)
    expect(seen[Math.floor(seen.length / 2)]).toBeLessThan(1500)
    expect(seen.at(-2)).toBeLessThan(2500)
    expect(shown()).toBe(2500)

    // Runs once: later visibility changes do nothing.
    act(() => void vi.advanceTimersByTime(5000))
    expect(shown()).toBe(2500)
  })

  test('small targets end exactly on the target too', () => {
    render(<Counter target={15} />)
    act(() => FakeObserver.instances.at(-1)!.show(1))
    act(() => void vi.advanceTimersByTime(1000))
    expect(shown()).toBeGreaterThan(0)
    expect(shown()).toBeLessThan(15)
    act(() => void vi.advanceTimersByTime(1100))
    expect(shown()).toBe(15)
  })

  test('prefers-reduced-motion: stays on the target, no observer', () => {
    setReducedMotion(true)
    render(<Counter target={98} />)
    expect(shown()).toBe(98)
    expect(FakeObserver.instances).toHaveLength(0)
  })

  test('without IntersectionObserver: stays on the target', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<Counter target={150} />)
    expect(shown()).toBe(150)
  })
})
