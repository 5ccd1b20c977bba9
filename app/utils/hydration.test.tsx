// @vitest-environment jsdom
import { act } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test } from 'vitest'
import { HydrationBoundary, useHydrated } from '#app/utils/hydration.tsx'

// Raw act() (no Testing Library, which would render on the client only) needs this flag.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function Mode({ label }: { label: string }) {
  return <p>{`${label}: ${useHydrated() ? 'scripted' : 'native'}`}</p>
}

/** The shell hydrates first; the boundary later, after the shell's effects ran (selective hydration). */
function Page() {
  return (
    <main>
      <Mode label="shell" />
      <HydrationBoundary>
        <Mode label="later" />
      </HydrationBoundary>
    </main>
  )
}

describe('useHydrated', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  test('false in the server HTML, false while a later boundary hydrates (no mismatch), then true everywhere', async () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Page />)
    document.body.append(container)
    expect(container.textContent).toBe('shell: nativelater: native')

    const recoverableErrors: unknown[] = []
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: (error) => recoverableErrors.push(error) })
    })
    expect(recoverableErrors).toEqual([])
    expect(container.textContent).toBe('shell: scriptedlater: scripted')
  })

  test('true at once for a component mounted after hydration (a client navigation)', async () => {
    const container = document.createElement('div')
    document.body.append(container)
    const seen: boolean[] = []
    function Probe() {
      seen.push(useHydrated())
      return null
    }
    await act(async () => createRoot(container).render(<Probe />))
    expect(seen[0]).toBe(true)
  })
})
