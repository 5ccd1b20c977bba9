import { describe, expect, it } from 'vitest'
import { syncBannerText } from './components/vehicle-inputs'
import { prepareVehiclePreview, SYNC_KEYS, vehicle } from './documents/vehicle'
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
      // Where the value comes from is said once, in the document banner (syncBannerText), not on every field.
      expect(field!.description ?? '', name).not.toMatch(/dort ändern|überschreibt/)
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

  it('the sync’s own keys (number, source, ad number) are read-only on a synced car; on a manual one the number and ad number are editable', () => {
    for (const name of SYNC_KEYS) {
      const field = fields.find((candidate) => candidate.name === name)!
      expect(readOnlyFor(field, { source: 'mobile.de' }), name).toBe(true)
      if (name !== 'source') expect(readOnlyFor(field, { source: 'manual' }), name).toBe(false)
    }
  })

  it('the source is the sync’s alone: staff cannot switch a hand-entered car to mobile.de, which locked it (staff review 2026-11-30, M1)', () => {
    const source = fields.find((candidate) => candidate.name === 'source')!
    expect(readOnlyFor(source, { source: 'manual' })).toBe(true)
    expect(source.description).toContain('Vom Abgleich lösen')
  })

  it('the hidden-photo list is the staff’s: editable on a synced car and never written by the sync', () => {
    const field = fields.find((candidate) => candidate.name === 'hiddenExternalImages')!
    expect(readOnlyFor(field, { source: 'mobile.de' })).toBe(false)
    expect(MARKETPLACE_FIELDS as readonly string[]).not.toContain('hiddenExternalImages')
    expect(MARKETPLACE_FIELDS as readonly string[]).not.toContain('images')
  })

  it('one banner on a synced car, with the link to the ad; none on a manual car', () => {
    expect(syncBannerText({ source: 'mobile.de', marketplaceUrl: 'https://suchen.mobile.de/fahrzeuge/details.html?id=1' })).toEqual({
      text: expect.stringContaining('mobile.de') as string,
      href: 'https://suchen.mobile.de/fahrzeuge/details.html?id=1',
    })
    expect(syncBannerText({ source: 'manual' })).toBeUndefined()
  })
})

describe('vehicle list preview', () => {
  const base = { make: 'VW', model: 'Golf', price: 19_900, id: '42' }
  it('a car with own photos shows the first one (its asset), with status and number', () => {
    const preview = prepareVehiclePreview({
      ...base,
      status: 'reserved',
      source: 'manual',
      ownImage: { _ref: 'image-a-1x1-jpg', _type: 'reference' },
      externalImageUrl: 'https://img/1',
    })
    expect(preview.title).toBe('VW Golf')
    expect(preview.subtitle).toBe('Reserviert · 19.900 € · Nr. 42')
    expect(preview.media).toEqual({ _type: 'image', asset: { _ref: 'image-a-1x1-jpg', _type: 'reference' } })
  })

  it('a synced car with only mobile.de photos shows the first as an <img>, and says "von mobile.de"', () => {
    const preview = prepareVehiclePreview({ ...base, status: undefined, source: 'mobile.de', externalImageUrl: 'https://img/1' })
    expect(preview.subtitle).toBe('Verfügbar · 19.900 € · Nr. 42 · von mobile.de')
    expect(typeof preview.media).toBe('function')
    const element = (preview.media as unknown as () => { type: string; props: { src: string } })()
    expect(element.type).toBe('img')
    expect(element.props.src).toBe('https://img/1')
  })

  it('a sold car says so; a car without photos has no media', () => {
    const preview = prepareVehiclePreview({ ...base, price: undefined, status: 'sold', source: 'manual' })
    expect(preview.subtitle).toBe('Verkauft · Preis auf Anfrage · Nr. 42')
    expect(preview.media).toBeUndefined()
  })
})
