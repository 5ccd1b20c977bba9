import { describe, expect, it } from 'vitest'
import { type Mutation, MutationError, type SanityDocument } from '#app/lake/lake.server.ts'
import { applyMutations, newTransactionId, parsePath, validateId } from '#app/lake/mutations.server.ts'

const T1 = { now: '2025-03-01T10:00:00.000Z', transactionId: 'tx1' }
const T2 = { now: '2025-03-02T10:00:00.000Z', transactionId: 'tx2' }

function dataset(...docs: SanityDocument[]): Map<string, SanityDocument> {
  return new Map(docs.map((doc) => [doc._id, doc]))
}

const vehicle: SanityDocument = {
  _id: 'vehicle-1',
  _type: 'vehicle',
  _rev: 'rev0',
  _createdAt: '2025-01-01T00:00:00.000Z',
  _updatedAt: '2025-01-01T00:00:00.000Z',
  make: 'VW',
  mileage: 1000,
  address: { city: 'Essen' },
  features: ['Navi', 'Klima'],
  images: [
    { _key: 'a', alt: 'vorne' },
    { _key: 'b', alt: 'hinten' },
  ],
}

function patched(patch: Omit<Extract<Mutation, { patch: unknown }>['patch'], 'id'>): SanityDocument {
  const { documents } = applyMutations(dataset(vehicle), [{ patch: { id: 'vehicle-1', ...patch } }], T1)
  const doc = documents.get('vehicle-1')
  if (!doc) throw new Error('patched document missing')
  return doc
}

function failure(run: () => unknown): MutationError {
  try {
    run()
  } catch (error) {
    if (error instanceof MutationError) return error
    throw error
  }
  throw new Error('expected a MutationError')
}

describe('create', () => {
  it('stores the document with system fields; _rev is the transaction id', () => {
    const { documents, results, changed } = applyMutations(new Map(), [{ create: { _id: 'a', _type: 'note', text: 'hi' } }], T1)
    const expected = { _id: 'a', _type: 'note', text: 'hi', _createdAt: T1.now, _updatedAt: T1.now, _rev: 'tx1' }
    expect(documents.get('a')).toEqual(expected)
    expect(results).toEqual([{ id: 'a', operation: 'create', document: expected }])
    expect(changed).toEqual([expected])
  })

  it('generates a UUID when _id is missing and records it in the resolved mutations', () => {
    const { results, mutations } = applyMutations(new Map(), [{ create: { _type: 'note' } }], T1)
    const id = results[0]?.id
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(mutations).toEqual([{ create: { _id: id, _type: 'note' } }])
  })

  it('uses an _id ending in "." as a prefix for a generated id', () => {
    const { results } = applyMutations(new Map(), [{ create: { _id: 'inbox.', _type: 'contactMessage' } }], {
      ...T1,
      generateId: () => 'contact-42',
    })
    expect(results[0]?.id).toBe('inbox.contact-42')
  })

  it('fails with 409 when the id exists', () => {
    const error = failure(() => applyMutations(dataset(vehicle), [{ create: { _id: 'vehicle-1', _type: 'vehicle' } }], T1))
    expect(error.statusCode).toBe(409)
    expect(error.message).toContain('vehicle-1')
  })

  it('refuses a document without _type', () => {
    expect(failure(() => applyMutations(new Map(), [{ create: { _id: 'a' } }], T1)).statusCode).toBe(400)
  })

  it('copies the input, so later changes by the caller do not leak into the state', () => {
    const input = { _id: 'a', _type: 'note', tags: ['x'] }
    const { documents } = applyMutations(new Map(), [{ create: input }], T1)
    input.tags.push('y')
    expect(documents.get('a')?.tags).toEqual(['x'])
  })
})

describe('createOrReplace and createIfNotExists', () => {
  it('createOrReplace replaces the whole document and keeps _createdAt', () => {
    const { documents, results } = applyMutations(dataset(vehicle), [{ createOrReplace: { _id: 'vehicle-1', _type: 'vehicle', make: 'BMW' } }], T1)
    expect(documents.get('vehicle-1')).toEqual({
      _id: 'vehicle-1',
      _type: 'vehicle',
      make: 'BMW',
      _createdAt: vehicle._createdAt,
      _updatedAt: T1.now,
      _rev: 'tx1',
    })
    expect(results[0]?.operation).toBe('update')
  })

  it('createOrReplace creates a missing document', () => {
    const { results } = applyMutations(new Map(), [{ createOrReplace: { _id: 'x', _type: 'note' } }], T1)
    expect(results[0]?.operation).toBe('create')
  })

  it('createIfNotExists leaves an existing document alone (operation none) and returns it', () => {
    const before = dataset(vehicle)
    const { documents, results, changed } = applyMutations(before, [{ createIfNotExists: { _id: 'vehicle-1', _type: 'vehicle', make: 'BMW' } }], T1)
    expect(documents.get('vehicle-1')).toBe(vehicle)
    expect(results).toEqual([{ id: 'vehicle-1', operation: 'none', document: vehicle }])
    expect(changed).toEqual([])
  })

  it('createIfNotExists creates a missing document', () => {
    const { documents } = applyMutations(new Map(), [{ createIfNotExists: { _id: 'x', _type: 'note' } }], T1)
    expect(documents.get('x')?._rev).toBe('tx1')
  })

  it('both need an _id', () => {
    expect(failure(() => applyMutations(new Map(), [{ createOrReplace: { _type: 'note' } as SanityDocument }], T1)).statusCode).toBe(400)
  })
})

describe('delete', () => {
  it('removes the document', () => {
    const { documents, results } = applyMutations(dataset(vehicle), [{ delete: { id: 'vehicle-1' } }], T1)
    expect(documents.has('vehicle-1')).toBe(false)
    expect(results).toEqual([{ id: 'vehicle-1', operation: 'delete' }])
  })

  it('succeeds without change for a missing document', () => {
    const { documents, results } = applyMutations(dataset(vehicle), [{ delete: { id: 'nope' } }], T1)
    expect(documents.size).toBe(1)
    expect(results).toEqual([{ id: 'nope', operation: 'none' }])
  })
})

describe('patch', () => {
  it('set writes simple and nested paths, creating missing objects', () => {
    const doc = patched({ set: { make: 'Audi', 'address.city': 'Bochum', 'extras.color.name': 'Rot' } })
    expect(doc).toMatchObject({ make: 'Audi', address: { city: 'Bochum' }, extras: { color: { name: 'Rot' } } })
  })

  it('set addresses array elements by index, negative index and _key', () => {
    const doc = patched({ set: { 'features[0]': 'Navigation', 'features[-1]': 'Klimaautomatik', 'images[_key=="b"].alt': 'Heck' } })
    expect(doc.features).toEqual(['Navigation', 'Klimaautomatik'])
    expect(doc.images).toEqual([
      { _key: 'a', alt: 'vorne' },
      { _key: 'b', alt: 'Heck' },
    ])
  })

  it('accepts single quotes in a key selector and ignores selectors that match nothing', () => {
    const doc = patched({ set: { "images[_key=='a'].alt": 'Front', 'images[_key=="zzz"].alt': 'x', 'features[9]': 'x' } })
    expect(doc.images).toEqual([
      { _key: 'a', alt: 'Front' },
      { _key: 'b', alt: 'hinten' },
    ])
    expect(doc.features).toEqual(['Navi', 'Klima'])
  })

  it('setIfMissing only writes absent values', () => {
    const doc = patched({ setIfMissing: { make: 'BMW', views: 0, 'address.zip': '45127' } })
    expect(doc).toMatchObject({ make: 'VW', views: 0, address: { city: 'Essen', zip: '45127' } })
  })

  it('unset removes fields and array elements', () => {
    const doc = patched({ unset: ['make', 'address.city', 'images[_key=="a"]', 'features[0]', 'missing.path'] })
    expect(doc.make).toBeUndefined()
    expect(doc.address).toEqual({})
    expect(doc.images).toEqual([{ _key: 'b', alt: 'hinten' }])
    expect(doc.features).toEqual(['Klima'])
  })

  it('inc and dec change numbers; a missing target stays missing', () => {
    expect(patched({ inc: { mileage: 500 } }).mileage).toBe(1500)
    expect(patched({ dec: { mileage: 250 } }).mileage).toBe(750)
    expect(patched({ inc: { views: 1 } }).views).toBeUndefined()
  })

  it('applies setIfMissing before inc, so a counter can start from zero in one patch', () => {
    expect(patched({ setIfMissing: { views: 0 }, inc: { views: 1 } }).views).toBe(1)
  })

  it('maintains the system fields', () => {
    const doc = patched({ set: { make: 'Audi' } })
    expect(doc).toMatchObject({ _id: 'vehicle-1', _rev: 'tx1', _createdAt: vehicle._createdAt, _updatedAt: T1.now })
  })

  it('does not modify the input documents', () => {
    const before = structuredClone(vehicle)
    patched({ set: { 'address.city': 'Dortmund' }, unset: ['features[0]'] })
    expect(vehicle).toEqual(before)
  })

  it('checks ifRevisionID', () => {
    expect(patched({ ifRevisionID: 'rev0', set: { make: 'Audi' } }).make).toBe('Audi')
    const error = failure(() => applyMutations(dataset(vehicle), [{ patch: { id: 'vehicle-1', ifRevisionID: 'old', set: { make: 'Audi' } } }], T1))
    expect(error.statusCode).toBe(409)
  })

  it('fails with 404 for a missing document', () => {
    expect(failure(() => applyMutations(new Map(), [{ patch: { id: 'nope', set: { a: 1 } } }], T1)).statusCode).toBe(404)
  })

  it('refuses bad paths, protected fields, unsupported operations and non-numeric increments', () => {
    for (const patch of [
      { set: { 'a..b': 1 } },
      { set: { '': 1 } },
      { set: { _id: 'other' } },
      { unset: ['_rev'] },
      { inc: { mileage: 'viel' } },
      { insert: { after: 'features[-1]', items: ['x'] } },
    ]) {
      const mutation = { patch: { id: 'vehicle-1', ...patch } } as Mutation
      expect(failure(() => applyMutations(dataset(vehicle), [mutation], T1)).statusCode).toBe(400)
    }
  })
})

describe('transactions', () => {
  it('apply mutations in order and see earlier ones', () => {
    const { documents, results } = applyMutations(
      new Map(),
      [{ create: { _id: 'a', _type: 'note', n: 1 } }, { patch: { id: 'a', inc: { n: 1 } } }, { patch: { id: 'a', inc: { n: 1 } } }],
      T1,
    )
    expect(documents.get('a')?.n).toBe(3)
    // Every result carries the document as it is after the whole transaction.
    expect(results.map((result) => result.document?.n)).toEqual([3, 3, 3])
  })

  it('are all or nothing', () => {
    const before = dataset(vehicle)
    const error = failure(() =>
      applyMutations(
        before,
        [{ patch: { id: 'vehicle-1', set: { make: 'Audi' } } }, { create: { _id: 'new', _type: 'note' } }, { create: { _id: 'vehicle-1', _type: 'x' } }],
        T1,
      ),
    )
    expect(error.statusCode).toBe(409)
    expect(before.get('vehicle-1')).toBe(vehicle)
    expect(before.has('new')).toBe(false)
  })

  it('give every written document a new revision per transaction', () => {
    const first = applyMutations(dataset(vehicle), [{ patch: { id: 'vehicle-1', set: { make: 'Audi' } } }], T1)
    const second = applyMutations(first.documents, [{ patch: { id: 'vehicle-1', ifRevisionID: 'tx1', set: { make: 'Opel' } } }], T2)
    expect(second.documents.get('vehicle-1')).toMatchObject({ make: 'Opel', _rev: 'tx2', _updatedAt: T2.now })
  })

  it('replay deterministically from the resolved mutations', () => {
    const first = applyMutations(new Map(), [{ create: { _type: 'note', text: 'a' } }, { create: { _id: 'inbox.', _type: 'note' } }], T1)
    const replayed = applyMutations(new Map(), first.mutations, { ...T1, generateId: () => 'unused' })
    expect([...replayed.documents.entries()]).toEqual([...first.documents.entries()])
  })

  it('refuse an empty transaction', () => {
    expect(failure(() => applyMutations(new Map(), [], T1)).statusCode).toBe(400)
  })

  it('store frozen documents', () => {
    const { documents } = applyMutations(new Map(), [{ create: { _id: 'a', _type: 'note', tags: ['x'] } }], T1)
    const doc = documents.get('a')
    expect(Object.isFrozen(doc)).toBe(true)
    expect(Object.isFrozen(doc?.tags)).toBe(true)
  })
})

describe('ids', () => {
  it('accepts what Sanity accepts', () => {
    for (const id of ['a', 'vehicle-1', 'drafts.vehicle-1', 'inbox.contact-1b2c', 'A_b.C-9', 'x'.repeat(128)]) {
      expect(() => validateId(id)).not.toThrow()
    }
  })

  it('rejects empty, too long, invalid characters and a leading dash', () => {
    for (const id of ['', 'x'.repeat(129), 'a b', 'ä', 'a/b', 'a#b', '-a']) {
      expect(failure(() => validateId(id)).statusCode).toBe(400)
    }
    expect(failure(() => applyMutations(new Map(), [{ create: { _id: 'a b', _type: 'note' } }], T1)).statusCode).toBe(400)
    expect(failure(() => applyMutations(new Map(), [{ delete: { id: '-x' } }], T1)).statusCode).toBe(400)
  })

  it('transaction ids are 22 random base62 characters', () => {
    const ids = new Set(Array.from({ length: 50 }, newTransactionId))
    expect(ids.size).toBe(50)
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{22}$/)
  })
})

describe('parsePath', () => {
  it('parses attribute, index and key segments', () => {
    expect(parsePath('a.b[2].c[_key == "k1"].d')).toEqual([
      { kind: 'key', name: 'a' },
      { kind: 'key', name: 'b' },
      { kind: 'index', index: 2 },
      { kind: 'key', name: 'c' },
      { kind: 'keyed', key: 'k1' },
      { kind: 'key', name: 'd' },
    ])
  })
})
