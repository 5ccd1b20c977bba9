import { describe, expect, it } from 'vitest'
import { FIGURES, resolvePlaceholders } from '../lib/figures'
import { statsSection } from '../sections/statsSection'
import { statItem } from './statItem'

type Prepare = (value: Record<string, unknown>) => { title?: string; subtitle?: string }
const prepareCounter = statItem.preview!.prepare as unknown as Prepare
const prepareBand = statsSection.preview!.prepare as unknown as Prepare

describe('counter previews in the Studio show what the band shows (staff review 2026-11-30, L2)', () => {
  const figure = FIGURES[0]!

  it('a chosen Kennzahl is its placeholder, which the Studio’s previews fill with its value; its name is the subtitle', () => {
    const preview = prepareCounter({ figure: figure.value, suffix: 'h', label: 'Bewertung innerhalb' })
    expect(preview.title).toBe(`{${figure.value}}\u00a0h`)
    expect(resolvePlaceholders(preview.title!, { [figure.value]: 24 } as never)).toBe('24\u00a0h')
    expect(preview.subtitle).toBe(`Bewertung innerhalb · Kennzahl „${figure.title}“`)
  })

  it('a typed number in German digits, a unit apart from it, a sign beside it', () => {
    expect(prepareCounter({ number: 2500, suffix: '+', label: 'Verkaufte Fahrzeuge' })).toEqual({ title: '2.500+', subtitle: 'Verkaufte Fahrzeuge' })
    expect(prepareCounter({ number: 15, suffix: 'Min.', label: 'Zeit' }).title).toBe('15\u00a0Min.')
    expect(prepareCounter({ label: 'Neu' }).title).toBe('–')
  })

  it('the band lists its counters the same way, not a bare suffix for a Kennzahl', () => {
    const preview = prepareBand({
      items: [
        { number: 500, suffix: '+' },
        { figure: figure.value, suffix: 'h' },
        { number: 98, suffix: '%' },
      ],
    })
    expect(preview.subtitle).toBe(`500+ · {${figure.value}}\u00a0h · 98\u00a0%`)
  })
})
