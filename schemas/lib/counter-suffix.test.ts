import { expect, it } from 'vitest'
import { spacedSuffix } from './counter-suffix'

it('counter suffixes: units stand apart from the number with a no-break space, signs do not', () => {
  expect(spacedSuffix('km')).toBe('\u00a0km')
  expect(spacedSuffix('Min.')).toBe('\u00a0Min.')
  expect(spacedSuffix('h')).toBe('\u00a0h')
  expect(spacedSuffix('+')).toBe('+')
  expect(spacedSuffix('%')).toBe('\u00a0%')
  expect(spacedSuffix('/5')).toBe('/5')
  expect(spacedSuffix(null)).toBe('')
})
