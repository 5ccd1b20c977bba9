// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test } from 'vitest'
import { useMediaQuery } from '#app/utils/media-query.ts'

const SHORT_WINDOW = '(height < 30rem)'

/** A window whose height the test sets: matchMedia answers SHORT_WINDOW from it and tells listeners of a change. */
function fakeWindowHeight(initial: number) {
  let height = initial
  const listeners = new Set<() => void>()
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === SHORT_WINDOW && height < 480
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia
  return {
    listeners,
    resize(to: number) {
      height = to
      for (const listener of listeners) listener()
    },
  }
}

function Probe() {
  return <p>{useMediaQuery(SHORT_WINDOW) ? 'kurz' : 'hoch'}</p>
}

afterEach(() => {
  cleanup()
  // @ts-expect-error jsdom has none; each test brings its own.
  delete window.matchMedia
})

describe('useMediaQuery', () => {
  test('follows the window: short, tall again, and lets go of the query when unmounted', () => {
    const viewport = fakeWindowHeight(360)
    const { unmount } = render(<Probe />)
    expect(screen.getByText('kurz')).toBeTruthy()
    act(() => viewport.resize(844))
    expect(screen.getByText('hoch')).toBeTruthy()
    act(() => viewport.resize(400))
    expect(screen.getByText('kurz')).toBeTruthy()
    unmount()
    expect(viewport.listeners.size).toBe(0)
  })

  test('false on the server and without matchMedia (the markup hydrates as rendered)', () => {
    expect(renderToString(<Probe />)).toBe('<p>hoch</p>')
    render(<Probe />)
    expect(screen.getByText('hoch')).toBeTruthy()
  })
})
