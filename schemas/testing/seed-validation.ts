import { afterAll, beforeAll } from 'vitest'
import { type ImportedDataset, importSeed, type SeedDocument } from './dataset'
import { markerPath, provideIdleCallbackWindow, validate } from './validate'

/**
 * The rule tests' common ground: the imported seed (loaded once per test file), a copy of one of its
 * documents to break, and the errors the Studio reports for a document validated against the seed
 * (the document in place of its original). Call it at the top of a test file: it registers the hooks.
 */
export function seedValidation() {
  let lake: SeedDocument[] = []
  let window: { restore: () => void } | undefined

  beforeAll(async () => {
    window = provideIdleCallbackWindow()
    const imported: ImportedDataset = await importSeed()
    lake = [...imported.documents, ...imported.assets]
  })
  afterAll(() => window?.restore())

  /** The seed's documents and assets. */
  const seed = () => lake

  // Tests reach into the copy by path to break one field, as in the seed's JSON.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function copyOf(id: string): SeedDocument & Record<string, any> {
    const doc = lake.find((candidate) => candidate._id === id)
    if (!doc) throw new Error(`No document ${id} in the seed`)
    return structuredClone(doc)
  }

  /** Errors as the Studio reports them. */
  async function errorsOf(doc: SeedDocument, dataset: SeedDocument[] = lake) {
    const markers = await validate(
      doc,
      dataset.map((candidate) => (candidate._id === doc._id ? doc : candidate)),
      { environment: 'studio' },
    )
    return markers.filter((marker) => marker.level === 'error').map((marker) => ({ path: markerPath(marker), message: marker.message }))
  }

  return { seed, copyOf, errorsOf }
}
