import { URLSearchParams as NodeURLSearchParams } from 'node:url'
import { afterAll, afterEach, beforeEach } from 'vitest'

// testing-library's findBy… and waitFor give up after 1 s by default: on a loaded 2-core machine
// (a CI run beside other jobs) a first router render took longer and failed tests that were right.
// They still end as soon as the element appears; only a real failure waits the full 10 s.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react')
  configure({ asyncUtilTimeout: 10_000 })
  // Each test is a new tab: a form one test filled and unmounted keeps its draft (app/utils/form-draft.ts),
  // the sell form its car in sessionStorage too (form-draft-reloads.ts).
  const { forgetFormDrafts } = await import('#app/utils/form-draft.ts')
  afterEach(() => {
    forgetFormDrafts()
    sessionStorage.clear()
  })
  // sonner removes a closed toast 200 ms later by a timer that unmounting does not clear. A file whose
  // last toast just closed would have it fire after jsdom is gone (React then reads `window`: a
  // ReferenceError vitest counts against the run), so each jsdom file unmounts and lets it fire first.
  afterAll(async () => {
    cleanup()
    await new Promise((resolve) => setTimeout(resolve, 250))
  })
}

// In the jsdom environment URLSearchParams is jsdom's, but Request is Node's. Node 22's Request
// refuses a body of another realm's URLSearchParams (a form post the router makes in the component
// tests; Node 20's took jsdom's), so the tests use whichever class Request takes.
if (typeof document !== 'undefined' && !requestTakes(globalThis.URLSearchParams)) globalThis.URLSearchParams = NodeURLSearchParams as typeof URLSearchParams

function requestTakes(searchParams: typeof URLSearchParams): boolean {
  try {
    new Request('http://localhost/', { method: 'POST', body: new searchParams() })
    return true
  } catch {
    return false
  }
}

// An unexpected console.error fails the test (epic-stack). A test that expects one
// replaces console.error with a spy (vi.spyOn(console, 'error').mockImplementation(...)).
const originalError = console.error
beforeEach(() => {
  console.error = (...args: unknown[]) => {
    originalError(...args)
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
  }
})
afterEach(() => {
  console.error = originalError
})
