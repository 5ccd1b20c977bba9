import { describe, expect, it } from 'vitest'
import { schemaTypes } from './index'

/*
 * Help texts are for the dealer's staff, not for developers (issue 27): no file names, no
 * decision records, no schema.org vocabulary. Walks every type, field, array member, option and
 * fieldset of the schema and collects the texts staff read: titles, descriptions, option titles.
 */
type Node = {
  name?: string
  title?: unknown
  description?: unknown
  fields?: Node[]
  of?: Node[]
  fieldsets?: Node[]
  groups?: Node[]
  options?: { list?: unknown[] }
}

/** Words that belong to the code, each with why staff should not read it. */
const MACHINERY: [RegExp, string][] = [
  [/docs\/|decisions?\b|Entscheidung \d/i, 'decision record'],
  [/\b[\w-]+\.(ts|tsx|js|mjs|json|ndjson|md)\b/, 'file name'],
  [/\b(app|schemas|studio|scripts|content)\/[\w/-]+/, 'source path'],
  [/schema\.org|json-?ld|structured data/i, 'schema.org'],
  [
    /\b(areaServed|priceRange|sameAs|openingHoursSpecification|specialOpeningHoursSpecification|LocalBusiness|AutoDealer|PostalAddress|GeoCoordinates|BreadcrumbList|validFrom|validThrough)\b/,
    'schema.org vocabulary',
  ],
  [/\bGROQ\b/, 'query language'],
]

function texts(node: Node, path: string): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = []
  for (const key of ['title', 'description'] as const) {
    if (typeof node[key] === 'string') found.push({ path: `${path} (${key})`, text: node[key] })
  }
  for (const field of node.fields ?? []) found.push(...texts(field, `${path}.${field.name}`))
  for (const member of node.of ?? []) found.push(...texts(member, `${path}[]`))
  for (const set of [...(node.fieldsets ?? []), ...(node.groups ?? [])]) found.push(...texts(set, `${path}#${set.name}`))
  for (const option of node.options?.list ?? []) {
    if (typeof option === 'object' && option !== null) found.push(...texts(option as Node, `${path} option`))
  }
  return found
}

const ALL_TEXTS = (schemaTypes as Node[]).flatMap((type) => texts(type, String(type.name)))

describe('help texts', () => {
  it('reads a help text from every level of the schema (the walk is not empty)', () => {
    expect(ALL_TEXTS.length).toBeGreaterThan(200)
    expect(ALL_TEXTS.some((entry) => entry.path === 'page.isCity (description)')).toBe(true)
  })

  it.each(MACHINERY)('never mention a %s (%s)', (pattern) => {
    expect(ALL_TEXTS.filter((entry) => pattern.test(entry.text)).map((entry) => `${entry.path}: ${entry.text}`)).toEqual([])
  })

  it('would catch a decision number and a schema.org term', () => {
    const offending = ['Siehe docs/decisions/010.', 'Für areaServed in den strukturierten Daten.', 'Aus app/sanity/queries/pages.ts.']
    for (const text of offending)
      expect(
        MACHINERY.some(([pattern]) => pattern.test(text)),
        text,
      ).toBe(true)
  })
})
