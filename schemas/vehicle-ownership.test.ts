import { describe, expect, it } from 'vitest'
import { FROM_MOBILE_DE, vehicle } from './documents/vehicle'
import { MARKETPLACE_FIELDS } from './lib/constants'

type Field = { name: string; readOnly?: boolean | ((context: { document?: Record<string, unknown> }) => boolean); description?: string }
const fields = vehicle.fields as unknown as Field[]
const SYNC_ONLY = new Set(['externalImages', 'marketplaceModifiedAt', 'marketplaceUrl'])
const readOnlyFor = (field: Field, document: Record<string, unknown>) =>
  typeof field.readOnly === 'function' ? field.readOnly({ document }) : Boolean(field.readOnly)

describe('vehicle fields: who owns them (docs/decisions/026)', () => {
  it('every field mobile.de owns exists, is read-only on a synced vehicle with the German note, and editable on one staff entered', () => {
    for (const name of MARKETPLACE_FIELDS) {
      const field = fields.find((candidate) => candidate.name === name)
      expect(field, name).toBeDefined()
      expect(readOnlyFor(field!, { source: 'mobile.de' }), name).toBe(true)
      expect(field!.description, name).toContain(FROM_MOBILE_DE)
      // The marketplace's photo list and bookkeeping exist on synced vehicles only: read-only for everyone.
      if (!SYNC_ONLY.has(name)) expect(readOnlyFor(field!, { source: 'manual' }), name).toBe(false)
    }
  })

  it('leaves the staff’s fields editable on a synced vehicle: their photos, the status, the sale date', () => {
    for (const name of ['images', 'status', 'soldAt', 'listedAt']) {
      const field = fields.find((candidate) => candidate.name === name)!
      expect(readOnlyFor(field, { source: 'mobile.de' }), name).toBe(false)
    }
  })
})
