import { expect, it } from 'vitest'
import { schemaTypes } from './index'

type Node = { name?: string; type?: string; fields?: Node[]; of?: Node[]; options?: { dateFormat?: string; timeFormat?: string } }

/** Every date and date-time field of the schema, with its path. */
function dateFields(node: Node, path: string): Array<{ path: string; node: Node }> {
  const own = node.type === 'date' || node.type === 'datetime' ? [{ path, node }] : []
  return [
    ...own,
    ...(node.fields ?? []).flatMap((field) => dateFields(field, `${path}.${field.name}`)),
    ...(node.of ?? []).flatMap((member) => dateFields(member, `${path}[]`)),
  ]
}

it('every date in the Studio is written as Germans write it, „24.01.2025 11:15“, not „2025-01-24 11:15“ (staff review 2026-11-30, L7)', () => {
  const found = (schemaTypes as Node[]).flatMap((type) => dateFields(type, String(type.name)))
  // The walk finds the vehicle's „Eingestellt am“, the special days' dates and the leads' times.
  expect(found.map(({ path }) => path)).toEqual(expect.arrayContaining(['vehicle.listedAt', 'specialOpeningHours.from', 'lead.receivedAt']))
  for (const { path, node } of found) {
    expect(node.options?.dateFormat, path).toBe('DD.MM.YYYY')
    if (node.type === 'datetime') expect(node.options?.timeFormat, path).toBe('HH:mm')
  }
})
