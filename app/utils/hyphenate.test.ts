import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { hyphenateHeading } from '#app/utils/hyphenate.ts'

const shown = (text: string) => hyphenateHeading(text).replace(/\u00AD/g, '·')

test('long words get soft hyphens at their hyphenation points (the tablet review’s two among them); the text reads the same', () => {
  expect(shown('Fahrzeugbewertung')).toBe('Fahr·zeug·be·wer·tung')
  expect(shown('Geprüft und nachvollziehbar')).toBe('Geprüft und nach·voll·zieh·bar')
  expect(shown('DATENSCHUTZERKLÄRUNG')).toBe('DA·TEN·SCHUTZ·ER·KLÄ·RUNG')
  expect(shown('Wartungsnachweise und Zustandsberichte')).toBe('War·tungs·nach·wei·se und Zu·stands·be·rich·te')
  // Any word staff type, not only known ones.
  expect(shown('Gebrauchtwagenankauf in Mönchengladbach')).toBe('Ge·braucht·wa·gen·an·kauf in Mön·chen·glad·bach')
  expect(hyphenateHeading('Fahrzeugbewertung').replace(/\u00AD/g, '')).toBe('Fahrzeugbewertung')
})

test('words under 14 letters, and what is no word, stay as they are', () => {
  expect(shown('Autoankauf in Essen')).toBe('Autoankauf in Essen')
  expect(shown('FINANZIERUNG')).toBe('FINANZIERUNG')
  expect(shown('Studenten-Autoankauf')).toBe('Studenten-Autoankauf')
  expect(shown('Preise <ab> 1.000 €')).toBe('Preise <ab> 1.000 €')
  expect(hyphenateHeading(null)).toBeNull()
  expect(hyphenateHeading('')).toBe('')
})

test('a hero’s title lines, twice a heading’s size, get soft hyphens from 8 letters on: „AUTOANKAUF“ fills a phone’s line at a larger default font', () => {
  const display = (text: string) => hyphenateHeading(text, 'display').replace(/\u00AD/g, '·')
  expect(display('AUTOANKAUF')).toBe('AU·TO·AN·KAUF')
  expect(display('FINANZIERUNG')).toBe('FI·NAN·ZIE·RUNG')
  expect(display('& VERKAUF')).toBe('& VERKAUF')
  expect(display('PREMIUM')).toBe('PREMIUM')
})

test('every word of 14 letters or more in the seed’s headings gets a hyphenation point (the widest a card title between 768 and 1280 px holds is about 16)', () => {
  const headings: string[] = []
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (['title', 'heading', 'titleLine1', 'titleLine2'].includes(key)) headings.push(value)
    } else if (Array.isArray(value)) value.forEach((item) => walk(item, key))
    else if (value && typeof value === 'object') for (const [name, item] of Object.entries(value)) walk(item, name)
  }
  for (const line of readFileSync('content/production.ndjson', 'utf8').split('\n')) {
    if (!line.trim()) continue
    const document = JSON.parse(line) as { _type: string }
    // Cars and leads have no section headings; a vehicle's name is its make and model.
    if (!['vehicle', 'lead', 'review'].includes(document._type)) walk(document, '')
  }
  const words = headings.flatMap((heading) => hyphenateHeading(heading).split(/[^\p{L}\u00AD]+/u)).filter((word) => word.replace(/\u00AD/g, '').length >= 14)
  expect(words.length).toBeGreaterThan(10)
  expect(words.filter((word) => !word.includes('\u00AD'))).toEqual([])
})
