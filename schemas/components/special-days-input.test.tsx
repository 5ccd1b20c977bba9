// @vitest-environment jsdom
import { studioTheme, ThemeProvider } from '@sanity/ui'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createElement } from 'react'
import { type FormPatch } from 'sanity'
import { afterEach, describe, expect, it } from 'vitest'
import { inCalendarOrder, SpecialDaysInput } from './special-days-input'

afterEach(cleanup)

const christmas = { _key: 'a', from: '2026-12-24', closed: true }
const newYearsEve = { _key: 'b', from: '2026-12-31', closed: false, opens: '09:00', closes: '14:00' }
const outing = { _key: 'c', from: '2026-12-02', closed: true, note: 'Betriebsausflug' }
const holidays = { _key: 'd', from: '2026-12-24', to: '2027-01-02', closed: true }
const newEntry: { _key: string; from?: string } = { _key: 'e' }

function setup(value: object[], readOnly = false) {
  const patches: FormPatch[] = []
  const props = { value, readOnly, onChange: (patch: FormPatch) => patches.push(patch), renderDefault: () => createElement('ol', { 'aria-label': 'Liste' }) }
  render(createElement(ThemeProvider, { theme: studioTheme }, createElement(SpecialDaysInput, props as never)))
  return { patches, button: () => screen.queryByRole('button', { name: 'Nach Datum sortieren' }) }
}

describe('special days in calendar order (staff review 2026-11-30, N14)', () => {
  it('sorts by the first day, then the last; an entry without a date yet stays at the end', () => {
    expect(inCalendarOrder([holidays, newEntry, newYearsEve, christmas, outing]).map((entry) => entry._key)).toEqual(['c', 'a', 'd', 'b', 'e'])
  })

  it('entries out of order offer one click that stores them sorted, the list still drawn', () => {
    const { patches, button } = setup([christmas, newYearsEve, outing])
    expect(screen.getByText('Die Tage stehen nicht in der Reihenfolge des Kalenders. Die Website zeigt sie sortiert.')).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Liste' })).toBeTruthy()
    fireEvent.click(button()!)
    expect(patches).toMatchObject([{ type: 'set', path: [], value: [outing, christmas, newYearsEve] }])
  })

  it('says nothing when they are in order, when a new entry waits for its date, or when staff may not edit', () => {
    expect(setup([outing, christmas, newYearsEve, newEntry]).button()).toBeNull()
    cleanup()
    expect(setup([outing, newEntry, christmas, newYearsEve]).button()).toBeNull()
    cleanup()
    expect(setup([]).button()).toBeNull()
    cleanup()
    expect(setup([christmas, outing], true).button()).toBeNull()
  })
})
