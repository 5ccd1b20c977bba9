import { describe, expect, it } from 'vitest'
import { addSavedId, MAX_SAVED_VEHICLES, parseSavedIds, readSavedIds, removeSavedId, savedCountLabel, savedListCookie, shareHref } from './saved-list.ts'

const many = (count: number) => Array.from({ length: count }, (_, index) => `car-${index + 1}`)

describe('parseSavedIds', () => {
  it('reads the cookie’s dots, the share link’s commas and a repeated parameter, in the order given', () => {
    expect(parseSavedIds('1.4.md-4711')).toEqual(['1', '4', 'md-4711'])
    expect(parseSavedIds('1,4, md-4711')).toEqual(['1', '4', 'md-4711'])
    expect(parseSavedIds(['9', '3', '1,2'])).toEqual(['9', '3', '1', '2'])
  })

  it('drops junk: empty parts, ids the Studio cannot make, markup, paths, over-long ids; keeps each id once', () => {
    expect(parseSavedIds('1,,1,<script>,../etc,a_b,ä,' + 'x'.repeat(41) + ',4')).toEqual(['1', '4'])
    expect(parseSavedIds('x'.repeat(40))).toEqual(['x'.repeat(40)])
    expect(parseSavedIds('')).toEqual([])
    expect(parseSavedIds(null)).toEqual([])
    expect(parseSavedIds(undefined)).toEqual([])
  })

  it(`keeps at most ${MAX_SAVED_VEHICLES} ids, the first ones; a smaller limit when asked`, () => {
    expect(MAX_SAVED_VEHICLES).toBe(30)
    expect(parseSavedIds(many(45).join('.'))).toEqual(many(30))
    expect(parseSavedIds(many(5).join(','), 3)).toEqual(many(3))
  })

  it('does not read a huge value at all beyond 4 KB', () => {
    expect(parseSavedIds(`1,${','.repeat(5000)},2`)).toEqual([])
    expect(parseSavedIds(['1', ','.repeat(5000), '2'])).toEqual(['1'])
  })
})

describe('the cookie', () => {
  it('is read from a Cookie header among other cookies; a missing or broken one is an empty list', () => {
    expect(readSavedIds('a=1; merkliste=1.4.9; b=2')).toEqual(['1', '4', '9'])
    expect(readSavedIds('merkliste=1.<b>.4')).toEqual(['1', '4'])
    expect(readSavedIds('merklisten=1')).toEqual([])
    expect(readSavedIds('')).toEqual([])
    expect(readSavedIds(null)).toEqual([])
  })

  it('is written for the whole site, for 90 days, SameSite=Lax, Secure only on https, never HttpOnly (the script writes it)', () => {
    expect(savedListCookie(['1', '4'], { secure: false })).toBe('merkliste=1.4; Path=/; Max-Age=7776000; SameSite=Lax')
    expect(savedListCookie(['1'], { secure: true })).toBe('merkliste=1; Path=/; Max-Age=7776000; SameSite=Lax; Secure')
    expect(savedListCookie(['1'], { secure: true })).not.toMatch(/HttpOnly/i)
  })

  it('an empty list deletes it; junk never reaches it', () => {
    expect(savedListCookie([], { secure: false })).toBe('merkliste=; Path=/; Max-Age=0; SameSite=Lax')
    expect(savedListCookie(['1', 'a;b=c', '2'], { secure: false })).toMatch(/^merkliste=1\.2;/)
  })

  it('written and read back gives the same list', () => {
    const ids = ['7', 'md-4711', '1']
    expect(readSavedIds(savedListCookie(ids, { secure: false }).split(';')[0])).toEqual(ids)
  })
})

describe('changing the list', () => {
  it('adds at the end, once; the 31st car is refused as full', () => {
    expect(addSavedId(['1'], '4')).toEqual({ ids: ['1', '4'], changed: true, full: false })
    expect(addSavedId(['1', '4'], '1')).toEqual({ ids: ['1', '4'], changed: false, full: false })
    expect(addSavedId(many(30), 'new')).toEqual({ ids: many(30), changed: false, full: true })
    expect(addSavedId(many(29), 'new').ids).toHaveLength(30)
  })

  it('removes one id and nothing else', () => {
    expect(removeSavedId(['1', '4', '9'], '4')).toEqual(['1', '9'])
    expect(removeSavedId(['1'], '4')).toEqual(['1'])
  })
})

describe('addresses and words', () => {
  it('the share link names the ids only', () => {
    expect(shareHref(['1', '4', 'md-4711'])).toBe('/merkliste?ids=1,4,md-4711')
  })

  it('counts in German', () => {
    expect(savedCountLabel(1)).toBe('1 Fahrzeug')
    expect(savedCountLabel(2)).toBe('2 Fahrzeuge')
    expect(savedCountLabel(0)).toBe('0 Fahrzeuge')
  })
})
