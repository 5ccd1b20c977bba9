// @vitest-environment jsdom
import { studioTheme, ThemeProvider } from '@sanity/ui'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createElement, useState } from 'react'
import { type FormPatch } from 'sanity'
import { afterEach, describe, expect, it } from 'vitest'
import { YesNoInput } from './yes-no-input'

afterEach(cleanup)

/** „Unfallfrei“ as the vehicle form draws it, its value kept as the Studio keeps it. */
function setup(initial?: boolean, readOnly = false) {
  const patches: FormPatch[] = []
  const focused: string[] = []
  function Field() {
    const [value, setValue] = useState(initial)
    const onChange = (patch: FormPatch) => {
      patches.push(patch)
      setValue(patch.type === 'set' ? (patch.value as boolean) : undefined)
    }
    const props = {
      value,
      onChange,
      readOnly,
      validation: [],
      schemaType: { title: 'Unfallfrei', description: 'Keine Angabe: nichts dazu auf der Website.' },
      elementProps: { id: 'unfallfrei', ref: { current: null }, onFocus: () => focused.push('focus'), onBlur: () => undefined },
    }
    return createElement(ThemeProvider, { theme: studioTheme }, createElement(YesNoInput, props as never))
  }
  render(createElement(Field))
  const choice = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement
  return { patches, choice, focused }
}

describe('„Unfallfrei“ as three choices (staff review 2026-11-30, L10)', () => {
  it('a car never set shows „Keine Angabe“ chosen, under the field’s own title', () => {
    const { choice } = setup()
    expect(screen.getByRole('radiogroup', { name: 'Unfallfrei' })).toBeTruthy()
    expect([choice('Ja').checked, choice('Nein').checked, choice('Keine Angabe').checked]).toEqual([false, false, true])
  })

  it('the field’s id and focus reach the choices, so the Studio can focus the field and show who edits it', () => {
    const { choice, focused } = setup()
    expect(screen.getByRole('radiogroup', { name: 'Unfallfrei' }).id).toBe('unfallfrei')
    fireEvent.focus(choice('Nein'))
    expect(focused).toEqual(['focus'])
  })

  it('yes and no are stored as true and false, and „Keine Angabe“ takes a set answer back out', () => {
    const { patches, choice } = setup(true)
    expect(choice('Ja').checked).toBe(true)
    fireEvent.click(choice('Nein'))
    expect(patches.at(-1)).toMatchObject({ type: 'set', value: false })
    expect(choice('Nein').checked).toBe(true)
    fireEvent.click(choice('Keine Angabe'))
    expect(patches.at(-1)).toMatchObject({ type: 'unset' })
    expect(choice('Keine Angabe').checked).toBe(true)
  })

  it('a synced car’s answer cannot be changed here', () => {
    const { choice } = setup(false, true)
    for (const name of ['Ja', 'Nein', 'Keine Angabe']) expect(choice(name).disabled).toBe(true)
  })
})
