import { describe, expect, it } from 'vitest'
import { whatsappDigits, whatsappHref } from './whatsapp.tsx'

describe('whatsappHref', () => {
  it('links to wa.me with the international digits and the text encoded', () => {
    expect(whatsappHref('+49 157 8512 3400', 'BMW 320d Touring – https://example.de/vehicles/1?a=b&c')).toBe(
      'https://wa.me/4915785123400?text=BMW%20320d%20Touring%20%E2%80%93%20https%3A%2F%2Fexample.de%2Fvehicles%2F1%3Fa%3Db%26c',
    )
  })

  it('reads 0049 and national numbers as German; nothing without a number', () => {
    expect(whatsappDigits('0049 157 85123400')).toBe('4915785123400')
    expect(whatsappDigits('0157 / 851 234-00')).toBe('4915785123400')
    expect(whatsappHref('', 'x')).toBeUndefined()
    expect(whatsappHref(undefined, 'x')).toBeUndefined()
    expect(whatsappHref('12', 'x')).toBeUndefined()
  })
})
