import { describe, expect, test } from 'vitest'
import { skipRevalidationForSubject } from './should-revalidate.ts'

function args(current: string, next: string, formMethod?: 'POST') {
  return {
    currentUrl: new URL(current, 'http://localhost'),
    nextUrl: new URL(next, 'http://localhost'),
    currentParams: {},
    nextParams: {},
    formMethod,
    defaultShouldRevalidate: true,
  }
}

describe('skipRevalidationForSubject', () => {
  test('a changed or added subject alone runs no loader', () => {
    expect(skipRevalidationForSubject(args('/', '/?betreff=ankauf#contact'))).toBe(false)
    expect(skipRevalidationForSubject(args('/?betreff=termin', '/?betreff=ankauf'))).toBe(false)
    expect(skipRevalidationForSubject(args('/kontakt?x=1', '/kontakt?betreff=termin&x=1'))).toBe(false)
  })

  test('another page, another query or a submission revalidate as usual', () => {
    expect(skipRevalidationForSubject(args('/', '/kontakt?betreff=ankauf'))).toBe(true)
    expect(skipRevalidationForSubject(args('/', '/?vorschau=1&betreff=ankauf'))).toBe(true)
    expect(skipRevalidationForSubject(args('/', '/?betreff=ankauf', 'POST'))).toBe(true)
  })
})
