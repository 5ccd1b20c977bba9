import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'
import { type ChangeListener, type ContentLake } from '#app/lake/lake.server.ts'
import { openTestLake } from '#tests/lake-backends.ts'
import { ContentRevision, ObservedLake, RequestLake, touchesOnlyPrivate } from './content-revision.server'

describe('ObservedLake', () => {
  it('counts every write a page may show, naming the documents written, passes the capabilities through, and leaves inbox writes out', async () => {
    const test = await openTestLake('embedded', path.resolve('tests/fixtures/mini-dataset'))
    try {
      expect(test.lake).toBeInstanceOf(EmbeddedLake)
      const revision = new ContentRevision()
      const announced: Array<readonly string[] | undefined> = []
      revision.onChange((ids) => announced.push(ids))
      const lake = new ObservedLake(test.lake, revision)
      expect(lake.kind).toBe('embedded')
      expect(lake.local?.publishedDocuments().length).toBeGreaterThan(0)
      expect(lake.assets?.variantsDir).toContain('media-cache')

      // A page shows vehicles and settings: their writes outdate the cache.
      await lake.mutate([{ createOrReplace: { _id: 'vehicle-observed', _type: 'vehicle', title: 'A' } }])
      const generated = await lake.mutate([{ create: { _type: 'contactMessage', name: 'ohne Id' } }])
      expect(revision.current).toBe(2)
      // The alerts' watcher looks at just these documents (decision 096); a generated id is named too.
      expect(announced).toEqual([['vehicle-observed'], [generated.results[0]!.id]])
      // Form submissions go to the private inbox, which no page shows: no page render for them.
      await lake.mutate([{ create: { _id: 'inbox.contact-1', _type: 'contactMessage', name: 'B' } }])
      await lake.mutate([{ patch: { id: 'inbox.contact-1', set: { status: 'erledigt' } } }])
      expect(revision.current).toBe(2)
      // A transaction that also touches a public document does.
      await lake.mutate([{ create: { _id: 'inbox.contact-2', _type: 'contactMessage' } }, { patch: { id: 'vehicle-observed', set: { title: 'B' } } }])
      expect(revision.current).toBe(3)
      expect(announced.at(-1)).toEqual(['inbox.contact-2', 'vehicle-observed'])
      // A refused write may still name what it tried: unknown when the lake was to generate the id.
      await expect(lake.mutate([{ patch: { id: 'vehicle-missing', set: { title: 'C' } } }])).rejects.toThrow()
      await expect(lake.mutate([{ create: { _type: 'contactMessage', _id: 'a b' } }, { create: { _type: 'contactMessage' } }])).rejects.toThrow()
      expect(announced.slice(-2)).toEqual([['vehicle-missing'], undefined])
      expect(await lake.fetch<number>('count(*[_type == "contactMessage"])', {}, { includePrivate: true })).toBeGreaterThanOrEqual(3)
    } finally {
      await test.close()
    }
  })

  it('observes the preview lake too: a public write made during a preview outdates cached pages, an inbox write does not', async () => {
    // Only a Sanity lake has a preview (drafts); its writes go to the same dataset the public pages read.
    const test = await openTestLake('sanity', path.resolve('tests/fixtures/mini-dataset'))
    try {
      const revision = new ContentRevision()
      const lake = new ObservedLake(test.lake, revision)
      const preview = lake.previewReader!.lake({ token: 'viewer-token', perspective: 'drafts', stega: { studioUrl: '/studio' } })
      await preview.mutate([{ create: { _id: 'inbox.contact-preview', _type: 'contactMessage', name: 'Aus der Vorschau' } }])
      expect(revision.current).toBe(0)
      await preview.mutate([{ createOrReplace: { _id: 'vehicle-from-preview', _type: 'vehicle', title: 'A' } }])
      expect(revision.current).toBe(1)
      // Staff may switch perspective inside the preview: that lake is observed as well.
      const switched = preview.previewReader!.lake({ token: 'viewer-token', perspective: 'published', stega: { studioUrl: '/studio' } })
      await switched.mutate([{ patch: { id: 'vehicle-from-preview', set: { title: 'B' } } }])
      expect(revision.current).toBe(2)
      expect((await test.stored('vehicle-from-preview'))?.title).toBe('B')
    } finally {
      await test.close()
    }
  })

  it('touchesOnlyPrivate: every mutation of the transaction names a private id (inbox, lease, draft)', () => {
    expect(touchesOnlyPrivate([{ create: { _id: 'inbox.lead-1', _type: 'lead' } }])).toBe(true)
    expect(touchesOnlyPrivate([{ delete: { id: 'inbox.lead-1' } }, { patch: { id: 'inbox.lead-2' } }])).toBe(true)
    expect(touchesOnlyPrivate([{ patch: { id: 'lock.marketplaceSync', ifRevisionID: 'r1', set: { expiresAt: 'x' } } }])).toBe(true)
    expect(touchesOnlyPrivate([{ createOrReplace: { _id: 'drafts.page-about', _type: 'page' } }])).toBe(true)
    expect(touchesOnlyPrivate([{ create: { _type: 'lead' } }])).toBe(false) // the id is generated: public
    expect(touchesOnlyPrivate([{ patch: { id: 'inboxed' } }])).toBe(false)
    expect(touchesOnlyPrivate([])).toBe(false)
  })

  it('follows changes made elsewhere: published documents and lost connections move the revision on, private ones do not', async () => {
    const revision = new ContentRevision()
    const announced: Array<readonly string[] | undefined> = []
    revision.onChange((ids) => announced.push(ids))
    const listeners: ChangeListener[] = []
    let stopped = 0
    const elsewhere: ContentLake = {
      kind: 'sanity',
      fetch: async () => Promise.reject(new Error('not read here')),
      mutate: async () => ({ transactionId: '', results: [], documents: [] }),
      onChanges: (listener) => {
        listeners.push(listener)
        return () => void stopped++
      },
    }
    const lake = new ObservedLake(elsewhere, revision)
    lake.follow()
    lake.follow()
    expect(listeners).toHaveLength(1)
    const announce = (ids: readonly string[] | undefined) => listeners.forEach((listener) => listener(ids))
    announce(['inbox.lead-1'])
    announce(['drafts.page-about', 'lock.marketplaceSync'])
    expect(revision.current).toBe(0)
    announce(['page-about'])
    expect(revision.current).toBe(1)
    announce(undefined)
    expect(revision.current).toBe(2)
    // Passed on as the lake named them (undefined: anything may have changed).
    expect(announced).toEqual([['page-about'], undefined])
    await lake.close()
    expect(stopped).toBe(1)
  })

  it('a request’s view of the lake marks that request when a read fails, and no other', async () => {
    const revision = new ContentRevision()
    const unreachable: ContentLake = {
      kind: 'sanity',
      fetch: async <R>(query: string) => (query === '*' ? Promise.reject(new Error('down')) : ([] as R)),
      mutate: async () => ({ transactionId: '', results: [], documents: [] }),
    }
    const lake = new ObservedLake(unreachable, revision)
    const failing = new RequestLake(lake)
    const quiet = new RequestLake(lake)
    // The page catches the error and shows a note: the request is still marked.
    expect(await failing.fetch('*').catch(() => 'note')).toBe('note')
    expect(await quiet.fetch('*[_type == "page"]')).toEqual([])
    expect(failing.readFailed).toBe(true)
    expect(quiet.readFailed).toBe(false)
    // Reads through the shared lake still reach the caller, and mark nothing.
    await expect(lake.fetch('*')).rejects.toThrow('down')
    expect(quiet.readFailed).toBe(false)
    expect(revision.current).toBe(0)
  })
})
