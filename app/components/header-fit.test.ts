import { describe, expect, it } from 'vitest'
import { headerFit } from './header-fit'

const SEED = ['HOME', 'SERVICES', 'FAHRZEUGE', 'AUTO VERKAUFEN', 'STANDORTE', 'ÜBER UNS', 'KONTAKT']
const fit = (labels: string[], phone = '0201 8512 3400') => headerFit({ labels, phone, dealerName: 'Ruhrstern Automobile' })

describe('headerFit', () => {
  it('shows the seed’s seven links from 1280 px and the number from 1366 px, a common laptop width', () => {
    expect(fit(SEED)).toEqual({ linksFrom: 'xl', numberFrom: 'laptop' })
  })

  it('gives six short links room from 1280 px with the number (the Merkliste’s heart took the room they had at 1024 px)', () => {
    expect(fit(SEED.filter((label) => label !== 'AUTO VERKAUFEN'))).toEqual({ linksFrom: 'xl', numberFrom: 'xl' })
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
    expect(fit(long)).toEqual({ linksFrom: 'never', numberFrom: 'never' })
    expect(fit(Array.from({ length: 8 }, () => 'X'.repeat(40)))).toEqual({ linksFrom: 'never', numberFrom: 'never' })
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

  it('writes no number without one', () => {
    expect(fit(SEED.slice(0, 3), '').numberFrom).toBe('never')
  })
})
