import { describe, expect, it } from 'vitest'
import { cookieNames, cookieValue } from './cookies.ts'

describe('cookieValue', () => {
  it('finds a cookie by its whole name among others, with or without spaces', () => {
    expect(cookieValue('a=1; merkliste=1.4.9; b=2', 'merkliste')).toBe('1.4.9')
    expect(cookieValue('a=1;merkliste=7', 'merkliste')).toBe('7')
    expect(cookieValue('merklisten=1; xmerkliste=2', 'merkliste')).toBeUndefined()
  })

  it('keeps an „=“ inside the value and gives the value as sent, not decoded', () => {
    expect(cookieValue('token=a=b==', 'token')).toBe('a=b==')
    expect(cookieValue('lead=abc%2Fdef', 'lead')).toBe('abc%2Fdef')
  })

  it('takes the first of two cookies with one name (the browser sends the more specific path first)', () => {
    expect(cookieValue('lead=first; lead=second', 'lead')).toBe('first')
  })

  it('answers undefined for no header, an empty one and a name without „=“; an empty value stays empty', () => {
    expect(cookieValue(null, 'a')).toBeUndefined()
    expect(cookieValue(undefined, 'a')).toBeUndefined()
    expect(cookieValue('', 'a')).toBeUndefined()
    expect(cookieValue('a', 'a')).toBeUndefined()
    expect(cookieValue('a=', 'a')).toBe('')
  })
})

describe('cookieNames', () => {
  it('lists every name sent, a bare name included, and skips empty parts', () => {
    expect(cookieNames('a=1; merkliste=1.4; ; flag')).toEqual(['a', 'merkliste', 'flag'])
    expect(cookieNames(' ; ')).toEqual([])
    expect(cookieNames(null)).toEqual([])
  })
})
