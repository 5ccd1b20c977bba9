import { studioTheme, ThemeProvider } from '@sanity/ui'
import { act, render, screen } from '@testing-library/react'
import { type ComponentType, createElement, useState } from 'react'
import { type FormPatch, type PatchEvent } from 'sanity'

/**
 * An input drawn as the Studio gives it a field (jsdom tests): its value, and the patches it sends
 * applied to that value. Returns the patches sent, the input (found by its label), and `changeElsewhere`:
 * the value set by someone else (another editor, the sync).
 */
export function renderStudioField<T extends string | number>(input: ComponentType<never>, label: string, initial?: T) {
  const patches: Array<{ type: string; value?: T }> = []
  let setElsewhere: (value: T) => void = () => undefined
  function Field() {
    const [value, setValue] = useState(initial)
    setElsewhere = setValue
    const onChange = (patch: FormPatch | FormPatch[] | PatchEvent) => {
      const [first] = Array.isArray(patch) ? patch : [patch]
      patches.push(first as { type: string; value?: T })
      const { type, value: next } = first as { type: string; value?: T }
      setValue(type === 'set' ? next : undefined)
    }
    const noop = () => undefined
    const props = { value, onChange, readOnly: false, elementProps: { id: 'feld', onFocus: noop, onBlur: noop, 'aria-label': label } }
    return createElement(ThemeProvider, { theme: studioTheme }, createElement(input, props as never))
  }
  render(createElement(Field))
  const changeElsewhere = (value: T) => act(() => setElsewhere(value))
  return { patches, input: screen.getByLabelText(label) as HTMLInputElement, changeElsewhere }
}
