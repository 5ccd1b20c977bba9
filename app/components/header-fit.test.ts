import { describe, expect, it } from 'vitest'
import { headerFit, headerRowClasses } from './header-fit'

const SEED = ['HOME', 'SERVICES', 'FAHRZEUGE', 'AUTO VERKAUFEN', 'STANDORTE', 'ÜBER UNS', 'KONTAKT']
const fit = (labels: string[], phone = '0201 8512 3400') => headerFit({ labels, phone, dealerName: 'Ruhrstern Automobile' })

describe('headerFit', () => {
  it('shows the seed’s seven links from 1280 px and the number from 1366 px, a common laptop width', () => {
    expect(fit(SEED)).toMatchObject({ linksFrom: 'xl', numberFrom: 'laptop' })
  })

  it('gives six short links room from 1280 px with the number (the Merkliste’s heart took the room they had at 1024 px)', () => {
    expect(fit(SEED.filter((label) => label !== 'AUTO VERKAUFEN'))).toMatchObject({ linksFrom: 'xl', numberFrom: 'xl' })
  })

  it('keeps the menu button at every width for eight long German labels (the schema allows eight of up to 40 characters)', () => {
    const long = [
      'STARTSEITE',
      'UNSERE LEISTUNGEN',
      'GEBRAUCHTWAGEN',
      'AUTO VERKAUFEN',
      'FAHRZEUGAUFBEREITUNG',
      'FINANZIERUNG & LEASING',
      'STANDORTE',
      'KONTAKT',
    ]
    expect(fit(long)).toEqual({ linksFrom: 'never', numberFrom: 'never', wideAt: [] })
    expect(fit(Array.from({ length: 8 }, () => 'X'.repeat(40)))).toEqual({ linksFrom: 'never', numberFrom: 'never', wideAt: [] })
  })

  it('moves the links to a wider screen with every label added, never to a narrower one', () => {
    const order = ['lg', 'xl', 'laptop', 'wide', '2xl', 'never']
    const labels = SEED.slice(0, 4)
    let previous = order.indexOf(fit(labels).linksFrom)
    for (const extra of ['STANDORTE', 'ÜBER UNS', 'KONTAKT', 'AUFBEREITUNG', 'LEASING']) {
      labels.push(extra)
      const from = order.indexOf(fit(labels).linksFrom)
      expect(from, labels.join()).toBeGreaterThanOrEqual(previous)
      previous = from
    }
  })

  it('aligns the row with the page’s content (80rem) wherever what shows fits there, and takes 96rem only where it must (tablet review 2026-11-29, Low 1)', () => {
    // The seed's seven: the number joins the links at 1366 px, where only the wider row holds both; from 1440 px the content's row (and its right margin) does.
    expect(fit(SEED).wideAt).toEqual(['laptop'])
    expect(headerRowClasses(fit(SEED))).toBe('max-w-7xl min-[85.375rem]:max-w-[96rem] min-[90rem]:max-w-7xl 2xl:max-w-7xl')
    // Six short links and the number fit the content's row at every width; so does the menu button alone.
    const aligned = 'max-w-7xl min-[85.375rem]:max-w-7xl min-[90rem]:max-w-7xl 2xl:max-w-7xl'
    expect(headerRowClasses(fit(SEED.filter((label) => label !== 'AUTO VERKAUFEN')))).toBe(aligned)
    expect(headerRowClasses(fit(Array.from({ length: 8 }, () => 'X'.repeat(40))))).toBe(aligned)
    // A ninth label: the links show only from 1536 px, in the wider row, and keep it above.
    const nine = fit([...SEED, 'AUFBEREITUNG', 'LEASING'])
    expect(nine).toEqual({ linksFrom: '2xl', numberFrom: 'never', wideAt: ['2xl'] })
    expect(headerRowClasses(nine)).toBe('max-w-7xl min-[85.375rem]:max-w-7xl min-[90rem]:max-w-7xl 2xl:max-w-[96rem]')
  })

  it('writes no number without one', () => {
    expect(fit(SEED.slice(0, 3), '').numberFrom).toBe('never')
  })
})
