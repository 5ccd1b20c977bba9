import { describe, expect, it } from 'vitest'
import { schemaTypes } from './index'

/*
 * Staff read the Studio in German (issue 19). A field or array member without a title shows its
 * technical name instead ("Url", "Display Lines"), and an option list without titles its values.
 */
type Node = { name?: string; type?: string; title?: string; fields?: Node[]; of?: Node[]; options?: { list?: unknown[] } }

const NAMED_TYPES = new Set<string>(schemaTypes.map((type) => type.name))
/** Members Sanity shows without a label: text blocks, references (by their target), plain strings and numbers (inline inputs). */
const SELF_TITLED = new Set(['block', 'reference', 'string', 'number'])

function untitled(node: Node, path: string): string[] {
  const found: string[] = []
  for (const field of node.fields ?? []) {
    if (!field.title) found.push(`${path}.${field.name}`)
    found.push(...untitled(field, `${path}.${field.name}`))
  }
  for (const member of node.of ?? []) {
    const named = member.type !== undefined && (NAMED_TYPES.has(member.type) || SELF_TITLED.has(member.type))
    if (!member.title && !named) found.push(`${path}[] (${member.type})`)
    found.push(...untitled(member, `${path}[]`))
  }
  for (const option of node.options?.list ?? []) {
    if (typeof option === 'object' && option !== null && !('title' in option)) found.push(`${path}: option ${JSON.stringify(option)}`)
  }
  return found
}

describe('schema titles', () => {
  it('gives every type, field, array member and option a title', () => {
    const missing = (schemaTypes as Node[]).flatMap((type) => [...(type.title ? [] : [String(type.name)]), ...untitled(type, String(type.name))])
    expect(missing).toEqual([])
  })
})
