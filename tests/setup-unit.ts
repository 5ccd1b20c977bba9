import { afterEach, vi } from 'vitest'

// An unexpected console.error fails the test (epic-stack): tests that expect one spy on it themselves.
const originalError = console.error
afterEach(() => {
  console.error = originalError
})
console.error = (...args: unknown[]) => {
  originalError(...args)
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
}
vi.stubGlobal('__TEST__', true)
