// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FINANCING_REQUEST_FORM } from '#app/submissions/vehicle-lead-forms.ts'
import { FinancingExample } from './financing-example'
import { consumptionLines, formatPower, vehicleName } from './vehicle-facts'
import { VehicleGallery, type GalleryImage } from './vehicle-gallery'

const photo = (n: number): GalleryImage => ({
  _key: `p${n}`,
  alt: `Foto ${n}`,
  asset: { url: `/media/p${n}-1200x800.jpg`, metadata: { dimensions: { width: 1200, height: 800 } } },
})

afterEach(cleanup)

describe('VehicleGallery', () => {
  const scrollTo = vi.fn()
  beforeEach(() => {
    scrollTo.mockReset()
    // jsdom has no layout: scrolling and media queries are the browser's.
    Element.prototype.scrollTo = scrollTo
    window.matchMedia = vi.fn().mockReturnValue({ matches: false })
  })

  it('no photo: the placeholder, loaded at once', () => {
    render(<VehicleGallery images={[]} name="VW Golf" />)
    const image = screen.getByRole('img', { name: 'VW Golf – Foto folgt' })
    expect(image.getAttribute('src')).toBe('/images/placeholder-vehicle.jpg')
    expect(image.getAttribute('loading')).toBe('eager')
  })

  it('one photo: no thumbnails, no buttons', () => {
    render(<VehicleGallery images={[photo(1)]} name="VW Golf" />)
    expect(screen.getByRole('img', { name: 'Foto 1' }).getAttribute('loading')).toBe('eager')
    expect(screen.queryByRole('list', { name: 'Alle Fotos' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Nächstes Bild' })).toBeNull()
  })

  it('several photos: the first eager with srcset, the others lazy; thumbnails, buttons and arrow keys switch', async () => {
    render(<VehicleGallery images={[photo(1), photo(2), photo(3)]} name="BMW 320d" />)
    const first = screen.getByRole('img', { name: 'Foto 1' })
    expect(first.getAttribute('loading')).toBe('eager')
    expect(first.getAttribute('srcset')).toContain('640w')
    expect(screen.getByRole('img', { name: 'Foto 2', hidden: true }).getAttribute('loading')).toBe('lazy')
    const thumbs = within(screen.getByRole('list', { name: 'Alle Fotos' })).getAllByRole('link')
    expect(thumbs).toHaveLength(3)
    expect(thumbs[0]?.getAttribute('aria-current')).toBe('true')
    expect(thumbs[1]?.getAttribute('href')).toBe('#fahrzeugbild-2')

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Nächstes Bild' })))
    expect(screen.getByText('Bild 2 von 3')).toBeTruthy()
    expect(thumbs[1]?.getAttribute('aria-current')).toBe('true')

    const strip = screen.getByRole('group', { name: '3 Fotos, mit den Pfeiltasten blättern' })
    await act(async () => fireEvent.keyDown(strip, { key: 'ArrowRight' }))
    expect(screen.getByText('Bild 3 von 3')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Nächstes Bild' }) as HTMLButtonElement).disabled).toBe(true)
    await act(async () => fireEvent.keyDown(strip, { key: 'Home' }))
    expect(screen.getByText('Bild 1 von 3')).toBeTruthy()
    await act(async () => fireEvent.click(thumbs[2]!))
    expect(screen.getByText('Bild 3 von 3')).toBeTruthy()
    expect(scrollTo).toHaveBeenCalled()
  })

  it('on its way to the photo a button chose, the strip passes others: the counter keeps the aim until the strip rests, then follows where it stands (a swipe at once)', () => {
    // The clock by hand: a busy machine must not let the strip „rest“ between two scroll events.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] })
    try {
      render(<VehicleGallery images={[photo(1), photo(2), photo(3)]} name="BMW 320d" />)
      const strip = screen.getByRole('group', { name: '3 Fotos, mit den Pfeiltasten blättern' })
      Object.defineProperty(strip, 'clientWidth', { value: 400 })
      const scrollStrip = (left: number) => {
        Object.defineProperty(strip, 'scrollLeft', { value: left, configurable: true })
        act(() => {
          fireEvent.scroll(strip)
          vi.advanceTimersByTime(16) // one frame
        })
      }
      const rest = () => act(() => void vi.advanceTimersByTime(200))
      const click = (name: string) => act(() => void fireEvent.click(screen.getByRole('button', { name })))
      const counter = () => screen.getByText(/^Bild \d von 3$/).textContent
      rest() // the mount's own reading of the position: photo 1

      click('Nächstes Bild')
      scrollStrip(120) // a third of the way: its nearest photo is still the first
      expect(counter()).toBe('Bild 2 von 3')
      scrollStrip(400)
      rest()
      expect(counter()).toBe('Bild 2 von 3')

      // No aim: a swipe moves the counter with the strip, frame by frame.
      scrollStrip(800)
      expect(counter()).toBe('Bild 3 von 3')

      // A finger that stops the button's scroll half way: where the strip rests wins.
      click('Vorheriges Bild')
      expect(counter()).toBe('Bild 2 von 3')
      scrollStrip(700)
      expect(counter()).toBe('Bild 2 von 3')
      rest()
      expect(counter()).toBe('Bild 3 von 3')
    } finally {
      vi.useRealTimers()
    }
  })

  it('before (and without) the scripts no thumbnail claims to be current; hydrated, the selected one does (the ring follows it: `gallery-thumbs` in app/tailwind.css)', () => {
    const html = renderToString(<VehicleGallery images={[photo(1), photo(2), photo(3)]} name="BMW 320d" />)
    const list = new DOMParser().parseFromString(html, 'text/html').querySelector('ul[aria-label="Alle Fotos"]')
    expect(list?.classList.contains('gallery-thumbs')).toBe(true)
    expect(list?.querySelectorAll('a')).toHaveLength(3)
    expect(list?.querySelectorAll('[aria-current]')).toHaveLength(0)
    render(<VehicleGallery images={[photo(1), photo(2), photo(3)]} name="BMW 320d" />)
    const thumbs = within(screen.getByRole('list', { name: 'Alle Fotos' })).getAllByRole('link')
    expect(thumbs.map((thumb) => thumb.getAttribute('aria-current'))).toEqual(['true', null, null])
  })

  it('marketplace photos are shown as they are, without a srcset', () => {
    render(<VehicleGallery images={[{ alt: 'Von mobile.de', asset: { url: 'https://img.example/1.jpg' } }]} name="Skoda" />)
    const image = screen.getByRole('img', { name: 'Von mobile.de' })
    expect(image.getAttribute('src')).toBe('https://img.example/1.jpg')
    expect(image.getAttribute('srcset')).toBeNull()
  })
})

describe('FinancingExample', () => {
  const renderExample = (initial = { downPayment: 5_780, termMonths: 48 }) =>
    render(<FinancingExample price={28_900} effectiveRatePercent={2.9} initial={initial} path="/vehicles/1" />)

  it('shows the figures of a German financing example', () => {
    renderExample()
    const result = screen.getByTestId('financing-result')
    const text = result.textContent?.replace(/\u00a0/g, ' ')
    for (const part of [
      '510,34 €',
      'Nettodarlehensbetrag',
      '23.120,00 €',
      'Sollzinssatz (gebunden) p. a.',
      '2,86 %',
      'Effektiver Jahreszins',
      '2,90 %',
      '48 Monate',
      'Gesamtbetrag',
      '24.496,23 €',
    ]) {
      expect(text).toContain(part)
    }
    expect(screen.getByText('Unverbindliches Finanzierungsbeispiel')).toBeTruthy()
    expect(screen.getByText(/einer unserer Partnerbanken/)).toBeTruthy()
  })

  it('advertises the rate as the copy does, „2,9 %“; the request form asks about what the example has, equal rates and no balloon (copy review 2026-11-29, L4)', () => {
    renderExample()
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Finanzierung ab 2,9\u00a0% eff. Jahreszins')
    const message = FINANCING_REQUEST_FORM.fields.find((field) => field.name === 'message')
    expect(message?.placeholder).toBe('z. B. Fragen zur Rate, zu Sondertilgungen oder zu Ihrem Einkommen')
  })

  it('names the lender from the settings, as § 17 PAngV asks; without one it says „einer unserer Partnerbanken“ (copy review 2026-11-29, H2)', () => {
    render(
      <FinancingExample
        price={28_900}
        effectiveRatePercent={2.9}
        initial={{ downPayment: 5_780, termMonths: 48 }}
        path="/vehicles/1"
        lender=" Musterbank AG, Bankstraße 1, 45127 Essen "
      />,
    )
    expect(screen.getByText(/Darlehensgeber: Musterbank AG, Bankstraße 1, 45127 Essen\. Bonität vorausgesetzt\./)).toBeTruthy()
    expect(screen.queryByText(/einer unserer Partnerbanken/)).toBeNull()
  })

  it('states the rates so that they add up to the total as written: „47 ×“ the rate and the last one (visitor review 12-01)', () => {
    renderExample()
    const cells = [...screen.getByTestId('financing-result').querySelectorAll('dd')].map((cell) => cell.textContent!.replace(/\u00a0/g, ' '))
    const labels = [...screen.getByTestId('financing-result').querySelectorAll('dt')].map((cell) => cell.textContent)
    const cents = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100)
    const rates = /^(\d+) × (.+)$/.exec(cells[labels.indexOf('Monatliche Rate')]!)!
    const last = cells[labels.indexOf('letzte Rate')]!
    const total = cells[labels.indexOf('Gesamtbetrag')]!
    expect(Number(rates[1]) + 1).toBe(48)
    expect(Number(rates[1]) * cents(rates[2]!) + cents(last)).toBe(cents(total))
  })

  it('recalculates live and keeps the address shareable', async () => {
    renderExample()
    await act(async () => fireEvent.change(screen.getByLabelText('Laufzeit'), { target: { value: '84' } }))
    await act(async () => fireEvent.change(screen.getByLabelText('Anzahlung (€)'), { target: { value: '0' } }))
    const text = screen.getByTestId('financing-result').textContent?.replace(/\u00a0/g, ' ')
    // 28.900 € over 84 months at 2,9 %: 380,08 € (Python decimal reference), 83 of them and a last one of 379,30 €.
    expect(text).toContain('83 × 380,08 €')
    expect(text).toContain('letzte Rate379,30 €')
    expect(text).toContain('84 Monate')
    expect(text).toContain('28.900,00 €')
    expect(window.location.search).toBe('?anzahlung=0&laufzeit=84')
    await act(async () => fireEvent.change(screen.getByLabelText('Anzahlung (€)'), { target: { value: '30000' } }))
    expect(screen.getByTestId('financing-result').textContent).toContain('Ihre Anzahlung deckt den Kaufpreis')
  })

  it('says a new result in one sentence once the typing rests, not the figures as they change; the opening result is not announced (accessibility review 2026-11-29, L2)', async () => {
    vi.useFakeTimers()
    try {
      renderExample()
      const status = screen.getByRole('status')
      expect(screen.getByTestId('financing-result').getAttribute('aria-live')).toBeNull()
      act(() => void vi.advanceTimersByTime(2000))
      expect(status.textContent).toBe('')
      for (const typed of ['5', '50', '500', '5000']) act(() => void fireEvent.change(screen.getByLabelText('Anzahlung (€)'), { target: { value: typed } }))
      act(() => void vi.advanceTimersByTime(600))
      expect(status.textContent).toBe('')
      act(() => void vi.advanceTimersByTime(100))
      // 28.900 − 5.000 € over 48 months at 2,9 %.
      expect(status.textContent?.replace(/\u00a0/g, ' ')).toMatch(/^Monatliche Rate \d{3},\d{2} € bei 48 Monaten$/)
      act(() => void fireEvent.change(screen.getByLabelText('Anzahlung (€)'), { target: { value: '30000' } }))
      act(() => void vi.advanceTimersByTime(700))
      expect(status.textContent).toBe('Ihre Anzahlung deckt den Kaufpreis – eine Finanzierung ist nicht nötig.')
    } finally {
      vi.useRealTimers()
    }
  })

  it('takes the down payment as Germans write it: shown „5.780“, typed „3.900“ counts as 3,900 € (a text input, not type=number)', async () => {
    renderExample()
    const down = screen.getByLabelText('Anzahlung (€)') as HTMLInputElement
    expect(down.type).toBe('text')
    expect(down.value).toBe('5.780')
    // Hydrated, the example says a wrong amount at the field: no `title` read out as the field's description (review L3).
    expect(down.hasAttribute('title')).toBe(false)
    // Without JavaScript the browser's own bubble says it.
    expect(
      renderToString(<FinancingExample price={28_900} effectiveRatePercent={2.9} initial={{ downPayment: 5_780, termMonths: 48 }} path="/vehicles/1" />),
    ).toContain('title="Bitte geben Sie die Anzahlung in ganzen Euro an, z. B. 5.000."')
    expect(new RegExp(`^(?:${down.pattern})$`, 'v').test('3.900')).toBe(true)
    await act(async () => fireEvent.change(down, { target: { value: '3.900' } }))
    // 25.000 € borrowed: the Nettodarlehensbetrag.
    expect(screen.getByTestId('financing-result').textContent?.replace(/\u00a0/g, ' ')).toContain('25.000,00 €')
    expect(window.location.search).toBe('?anzahlung=3900&laufzeit=48')
  })

  it('a down payment that is no whole amount („5000,50“, „-100“) is said at the field; the example keeps the last one (visitor review 2026-11-29, L7)', async () => {
    renderExample()
    const down = screen.getByLabelText('Anzahlung (€)') as HTMLInputElement
    const result = () => screen.getByTestId('financing-result').textContent?.replace(/\u00a0/g, ' ')
    const address = window.location.search
    for (const typed of ['5000,50', '-100']) {
      await act(async () => fireEvent.change(down, { target: { value: typed } }))
      expect(down.getAttribute('aria-invalid'), typed).toBe('true')
      expect(document.getElementById(down.getAttribute('aria-describedby')!)?.textContent, typed).toBe(
        'Bitte geben Sie die Anzahlung in ganzen Euro an, z. B. 5.000.',
      )
      // Still the shown 5.780 €, not 5.001 € or 0 €, and the address unchanged.
      expect(result(), typed).toContain('5.780,00 €')
      expect(window.location.search).toBe(address)
    }
    await act(async () => fireEvent.change(down, { target: { value: '4.000' } }))
    expect(down.getAttribute('aria-invalid')).toBeNull()
    expect(result()).toContain('4.000,00 €')
    expect(window.location.search).toBe('?anzahlung=4000&laufzeit=48')
  })
})

describe('vehicle facts', () => {
  it('power in kW and PS, the missing unit derived', () => {
    expect(formatPower(140, 190)).toBe('140 kW (190 PS)')
    expect(formatPower(110, null)).toBe('110 kW (150 PS)')
    expect(formatPower(null, 150)).toBe('110 kW (150 PS)')
    expect(formatPower(null, undefined)).toBeNull()
  })

  it('the Pkw-EnVKV lines', () => {
    expect(consumptionLines({ combinedLitersPer100Km: 5.4, combinedKwhPer100Km: null, co2GramsPerKm: 142, co2Class: 'D', emissionClass: 'Euro 6' })).toEqual([
      'Kraftstoffverbrauch kombiniert: 5,4 l/100 km',
      'CO₂-Emissionen kombiniert: 142 g/km',
      'CO₂-Klasse: D',
    ])
    expect(consumptionLines({ combinedLitersPer100Km: null, combinedKwhPer100Km: 16.5, co2GramsPerKm: 0, co2Class: 'A', emissionClass: null })).toEqual([
      'Stromverbrauch kombiniert: 16,5 kWh/100 km',
      'CO₂-Emissionen kombiniert: 0 g/km',
      'CO₂-Klasse: A',
    ])
    expect(consumptionLines(null)).toEqual([])
  })

  it('the display title wins over make and model', () => {
    expect(vehicleName({ make: 'Mercedes-Benz', model: 'SL 500', title: 'Mercedes-Benz SL 500 (R129)' })).toBe('Mercedes-Benz SL 500 (R129)')
    expect(vehicleName({ make: 'BMW', model: '320d', title: null })).toBe('BMW 320d')
  })
})
