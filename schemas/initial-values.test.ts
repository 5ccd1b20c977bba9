// @vitest-environment jsdom
// (Sanity schedules the resolution with the browser's task queue.)
import { type ArraySchemaType, type ObjectSchemaType, resolveInitialValueForType } from 'sanity'
import { describe, expect, it } from 'vitest'
import { schema } from './testing/validate'

/*
 * What Sanity fills into a new object: every nested field's initial value, all the way down. An
 * optional button with a preselected link type came out half-filled on every new service card
 * („Erforderlich“ twice), and a page with two cards could not be published (issue 27).
 */

const resolve = (type: unknown) => resolveInitialValueForType(type as ObjectSchemaType, {}, 5, { getClient: () => undefined } as never, undefined as never)

const fieldType = (typeName: string, field: string) => (schema.get(typeName) as ObjectSchemaType).fields.find((f) => f.name === field)!.type

describe('initial values of new objects', () => {
  it('a new service card or feature has no button until staff add one', async () => {
    expect(await resolve(schema.get('serviceCard'))).toBeUndefined()
    expect((await resolve(schema.get('featureSection'))) ?? {}).not.toHaveProperty('button')
  })

  it('a button added to a hero’s list starts as a link to a page, not a main button', async () => {
    for (const [typeName, field] of [
      ['heroSection', 'buttons'],
      ['heroSlide', 'buttons'],
    ] as const) {
      const member = (fieldType(typeName, field) as ArraySchemaType).of[0]!
      expect(await resolve(member), typeName).toMatchObject({ _type: 'link', linkType: 'page', primary: false })
    }
  })

  it('a new menu entry starts as a link to a page', async () => {
    expect(await resolve(schema.get('navLink'))).toMatchObject({ linkType: 'page' })
  })
})
