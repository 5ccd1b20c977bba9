// @vitest-environment jsdom
import { studioTheme, ThemeProvider } from '@sanity/ui'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createElement, useState } from 'react'
import { type FormPatch, type NumberInputProps, type PatchEvent } from 'sanity'
import { afterEach, describe, expect, it } from 'vitest'
import { GERMAN_NUMBER_PROBLEM, GermanNumberInput } from './german-number-input'

/** The input as the Studio gives it a field: the value, and the patches it sends applied to that value. */
function Field({ initial, patches }: { initial?: number; patches: unknown[] }) {
  const [value, setValue] = useState(initial)
  const onChange = (patch: FormPatch | FormPatch[] | PatchEvent) => {
    const [first] = Array.isArray(patch) ? patch : [patch]
    patches.push(first)
    const { type, value: next } = first as { type: string; value?: number }
    setValue(type === 'set' ? next : undefined)
  }
  const noop = () => undefined
  const props = { value, onChange, readOnly: false, elementProps: { id: 'preis', onFocus: noop, onBlur: noop, 'aria-label': 'Preis (€)' } }
  return createElement(ThemeProvider, { theme: studioTheme }, createElement(GermanNumberInput, props as unknown as NumberInputProps))
}

function setup(initial?: number) {
  const patches: Array<{ type: string; value?: number }> = []
  render(createElement(Field, { initial, patches }))
  return { patches, input: screen.getByLabelText('Preis (€)') as HTMLInputElement }
}

afterEach(cleanup)

describe('a number field in the Studio (staff review 2026-11-29, H1)', () => {
  it('„24.500“ typed is stored as 24500, not 24,5; away from the field it reads „24.500“', () => {
    const { patches, input } = setup()
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: '24.500' } })
    expect(patches.at(-1)).toMatchObject({ type: 'set', value: 24500 })
    fireEvent.blur(input)
    expect(input.value).toBe('24.500')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('„24.5“ is no German number: nothing stored, the field says why, and the value stays', () => {
    const { patches, input } = setup(19900)
    expect(input.value).toBe('19.900')
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: '24.5' } })
    expect(patches).toEqual([])
    expect(screen.getByRole('alert').textContent).toBe(GERMAN_NUMBER_PROBLEM)
    fireEvent.change(input, { target: { value: '24,5' } })
    expect(patches).toEqual([expect.objectContaining({ type: 'set', value: 24.5 })])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('emptied, the value is removed („Preis auf Anfrage“)', () => {
    const { patches, input } = setup(19900)
    fireEvent.change(input, { target: { value: ' ' } })
    expect(patches).toEqual([expect.objectContaining({ type: 'unset' })])
  })

  it('a value changed elsewhere shows at once while nobody types here, not while someone does', () => {
    const noop = () => undefined
    const field = (value: number) =>
      createElement(
        ThemeProvider,
        { theme: studioTheme },
        createElement(GermanNumberInput, {
          value,
          onChange: noop,
          readOnly: false,
          elementProps: { id: 'preis', onFocus: noop, onBlur: noop, 'aria-label': 'Preis (€)' },
        } as unknown as NumberInputProps),
      )
    const { rerender } = render(field(5000))
    const input = screen.getByLabelText('Preis (€)') as HTMLInputElement
    expect(input.value).toBe('5000')
    rerender(field(12500))
    expect(input.value).toBe('12.500')
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: '13.0' } })
    rerender(field(14000))
    expect(input.value).toBe('13.0')
  })
})
