// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { createElement } from 'react'
import { type FormPatch, type ObjectInputProps, type PatchEvent } from 'sanity'
import { afterEach, describe, expect, it } from 'vitest'
import { pageSearchWords } from '../lib/search-words'
import { PageSearchWordsInput } from './search-words-input'

afterEach(cleanup)

/** The page form with a document value; returns what it asked the Studio to write. */
function form(value: Record<string, unknown>, readOnly = false) {
  const written: Array<FormPatch | FormPatch[] | PatchEvent> = []
  const props = (next: Record<string, unknown>) =>
    ({
      value: next,
      readOnly,
      onChange: (patch: FormPatch | FormPatch[] | PatchEvent) => written.push(patch),
      renderDefault: () => null,
    }) as unknown as ObjectInputProps
  const view = render(createElement(PageSearchWordsInput, props(value)))
  return { written, change: (next: Record<string, unknown>) => view.rerender(createElement(PageSearchWordsInput, props(next))) }
}

describe('the page form keeps the search words', () => {
  it('writes nothing when a page is only opened (no draft from looking)', () => {
    const { written } = form({ _type: 'page', title: 'Fahrzeugaufbereitung', path: '/services/fahrzeugaufbereitung' })
    expect(written).toEqual([])
  })

  it('writes the words of the new name and path once staff change them', () => {
    const { written, change } = form({ _type: 'page' })
    change({ _type: 'page', title: 'Fahrzeugaufbereitung' })
    expect(written).toEqual([expect.objectContaining({ type: 'set', path: ['searchWords'], value: pageSearchWords({ title: 'Fahrzeugaufbereitung' }) })])
    expect(JSON.stringify(written)).toContain('aufbereitung')
    // Once stored, the same words are not written again.
    change({ _type: 'page', title: 'Fahrzeugaufbereitung', searchWords: pageSearchWords({ title: 'Fahrzeugaufbereitung' }) })
    expect(written).toHaveLength(1)
  })

  it('writes nothing in a read-only form', () => {
    const { written, change } = form({ _type: 'page' }, true)
    change({ _type: 'page', title: 'Fahrzeugaufbereitung' })
    expect(written).toEqual([])
  })
})
