import { afterEach, beforeEach } from 'vitest'

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
