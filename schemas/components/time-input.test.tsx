// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderStudioField } from '../testing/studio-field'
import { readTime, TIME_PATTERN, TIME_PROBLEM } from '../lib/validation'
import { TimeInput } from './time-input'

const setup = (initial?: string) => renderStudioField(TimeInput, 'Öffnet', initial)

afterEach(cleanup)

describe('times as staff type them (staff review 2026-11-30, L5)', () => {
  it('reads „9“, „10 Uhr“, „16.00“, „16:30 Uhr“, „930“, „1630“ and „16h“ as HH:MM', () => {
    const read = Object.fromEntries(
      ['9', '10 Uhr', '16.00', '16:30 Uhr', ' 9.30 ', '930', '1630', '16h', '24:00', '00:00'].map((typed) => [typed, readTime(typed)]),
    )
    expect(read).toEqual({
      '9': '09:00',
      '10 Uhr': '10:00',
      '16.00': '16:00',
      '16:30 Uhr': '16:30',
      ' 9.30 ': '09:30',
      '930': '09:30',
      '1630': '16:30',
      '16h': '16:00',
      '24:00': '24:00',
      '00:00': '00:00',
    })
    for (const time of Object.values(read)) expect(time).toMatch(TIME_PATTERN)
  })

  it('refuses what is no time of day', () => {
    for (const typed of ['25', '16:60', '24:30', '16,30', '9 bis 18', 'abends', '', '12345']) expect(readTime(typed), typed).toBeNull()
  })

  it('„16.30“ typed is stored as 16:30 and shown so away from the field; a text that is no time is not stored and the field says why', () => {
    const { patches, input } = setup('09:00')
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: '16.30' } })
    expect(patches.at(-1)).toMatchObject({ type: 'set', value: '16:30' })
    fireEvent.blur(input)
    expect(input.value).toBe('16:30')

    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: 'abends' } })
    expect(screen.getByRole('alert').textContent).toBe(TIME_PROBLEM)
    expect(patches).toHaveLength(1)
    fireEvent.change(input, { target: { value: '' } })
    expect(patches.at(-1)).toMatchObject({ type: 'unset' })
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
