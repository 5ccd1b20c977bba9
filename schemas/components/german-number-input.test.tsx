// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderStudioField } from '../testing/studio-field'
import { GERMAN_NUMBER_PROBLEM, GermanNumberInput } from './german-number-input'

const setup = (initial?: number) => renderStudioField(GermanNumberInput, 'Preis (€)', initial)

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
    const { input, changeElsewhere } = setup(5000)
    expect(input.value).toBe('5000')
    changeElsewhere(12500)
    expect(input.value).toBe('12.500')
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: '13.0' } })
    changeElsewhere(14000)
    expect(input.value).toBe('13.0')
  })
})
