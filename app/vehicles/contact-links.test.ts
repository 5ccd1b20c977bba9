import { describe, expect, it } from 'vitest'
import { tradeInHref, whatsappMessage } from './contact-links.ts'

describe('whatsappMessage', () => {
  it('greets, names the car and links its page', () => {
    expect(whatsappMessage('BMW 320d Touring', 'https://example.de/vehicles/1')).toBe(
      'Hallo, ich interessiere mich für dieses Fahrzeug: BMW 320d Touring – https://example.de/vehicles/1',
    )
  })
})

describe('tradeInHref', () => {
  it('carries the car into the sell flow', () => {
    expect(tradeInHref('12')).toBe('/auto-verkaufen?inzahlungnahme=12')
  })
})
