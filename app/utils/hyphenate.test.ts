import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { hyphenateHeading } from '#app/utils/hyphenate.ts'

const shown = (text: string) => hyphenateHeading(text).replace(/\u00AD/g, '·')

test('long compounds get soft hyphens at their joints (the tablet review’s two among them); the text reads the same', () => {
  expect(shown('Fahrzeugbewertung')).toBe('Fahrzeug·bewertung')
  expect(shown('Geprüft und nachvollziehbar')).toBe('Geprüft und nach·voll·zieh·bar')
  expect(shown('DATENSCHUTZERKLÄRUNG')).toBe('DATEN·SCHUTZ·ERKLÄRUNG')
  // A linking „s“ stays with the first part.
  expect(shown('Wartungsnachweise und Zustandsberichte')).toBe('Wartungs·nachweise und Zustands·berichte')
  expect(hyphenateHeading('Fahrzeugbewertung').replace(/\u00AD/g, '')).toBe('Fahrzeugbewertung')
})

test('short words, and long ones that do not split wholly into known parts, stay as they are', () => {
  expect(shown('Autoankauf')).toBe('Autoankauf')
  expect(shown('Gewährleistung')).toBe('Gewährleistung')
  expect(shown('Verschlüsselung')).toBe('Verschlüsselung')
})

test('every word of 16 letters or more in the seed’s headings gets a joint (about the widest a card title between 768 and 1280 px holds)', () => {
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
  const unbroken = headings
    .flatMap((heading) => hyphenateHeading(heading).split(/[^\p{L}\u00AD]+/u))
    .filter((word) => word.length >= 16 && !word.includes('\u00AD') && !/\p{Ll}\p{Lu}/u.test(word))
  // Not a compound, and only in the privacy page's full-width headings: left to the browser's dictionary (decision 102).
  expect([...new Set(unbroken.map((word) => word.toUpperCase()))].sort()).toEqual(['VERANTWORTLICHER'])
})
