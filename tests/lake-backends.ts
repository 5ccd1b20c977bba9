import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type HttpHandler } from 'msw'
import { setupServer } from 'msw/node'
import { parseEnv, type Env } from '#app/env.server.ts'
import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'
import { type ContentLake, type SanityDocument } from '#app/lake/lake.server.ts'
import { loadDataset } from '#app/sanity/seed.server.ts'
import { SanityLake } from '#app/lake/sanity-lake.server.ts'
import { type PhotoStoreOptions } from '#app/submissions/photo-store.server.ts'
import { createSanityApi, type RecordedRequest } from './mocks/sanity'

export type BackendName = 'embedded' | 'sanity'
export const BACKENDS: readonly BackendName[] = ['embedded', 'sanity']

export interface TestLake {
  lake: ContentLake
  env: Env
  /** The document as the backend durably holds it (embedded: after reopening from disk). */
  stored(id: string): Promise<SanityDocument | undefined>
  /** Every document of a type the backend durably holds, private ones included. */
  storedOfType(type: string): Promise<SanityDocument[]>
  /** Requests the Sanity API mock received (empty for the embedded backend). */
  requests: RecordedRequest[]
  /** The bytes of uploaded image assets by asset id (the Sanity backend; empty for the embedded one). */
  assetFiles: Map<string, Uint8Array>
  /**
   * A restart: the lake is closed and opened anew on the same data (the embedded DATA_DIR, the same
   * Sanity emulation), optionally with other photo store options; `lake` is the new one afterwards.
   */
  restart(options?: { photos?: Omit<PhotoStoreOptions, 'lake'> }): Promise<ContentLake>
  close(): Promise<void>
}

/**
 * Opens a lake of the given backend over a dataset folder: the embedded lake on a fresh data
 * folder, or the real @sanity/client against MSW's emulation of Sanity's HTTP API.
 */
export async function openTestLake(
  backend: BackendName,
  contentDir = 'content',
  /**
   * More MSW handlers (e.g. another external API) on the same server: MSW allows only one. They come
   * before the Sanity emulation, so that a test can answer a Sanity request itself (a refused write)
   * and return nothing to leave the rest to the emulation.
   */
  {
    handlers = [],
    photos,
  }: {
    handlers?: HttpHandler[]
    /** The photo store's budget, free space or file writing (tests of app/submissions/photo-store.server.ts). */
    photos?: Omit<PhotoStoreOptions, 'lake'>
  } = {},
): Promise<TestLake> {
  if (backend === 'embedded') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lake-test-'))
    let lake = await EmbeddedLake.open({ contentDir, dataDir, photos })
    const extraServer = handlers.length > 0 ? setupServer(...handlers) : undefined
    extraServer?.listen({ onUnhandledRequest: 'error' })
    const reopen = async <R>(query: string, params: Record<string, unknown>) => {
      // What is on disk, read beside the open lake (its DATA_DIR has one writer: that one).
      const reopened = await EmbeddedLake.openReadOnly({ contentDir, dataDir })
      return reopened.fetch<R>(query, params, { includePrivate: true })
    }
    const test: TestLake = {
      lake,
      env: parseEnv({ CONTENT_DIR: contentDir, DATA_DIR: dataDir }),
      requests: [],
      assetFiles: new Map(),
      stored: async (id) => (await reopen<SanityDocument | null>('*[_id == $id][0]', { id })) ?? undefined,
      storedOfType: (type) => reopen<SanityDocument[]>('*[_type == $type]', { type }),
      async restart(options = {}) {
        await lake.close()
        lake = await EmbeddedLake.open({ contentDir, dataDir, photos: options.photos ?? photos })
        test.lake = lake
        return lake
      },
      async close() {
        extraServer?.close()
        await lake.close()
        await rm(dataDir, { recursive: true, force: true })
      },
    }
    return test
  }
  const env = parseEnv({
    SANITY_PROJECT_ID: 'test-project',
    SANITY_DATASET: 'production',
    SANITY_WRITE_TOKEN: 'test-token',
    SANITY_VIEWER_TOKEN: 'test-viewer-token',
  })
  const { documents } = await loadDataset(contentDir)
  const api = createSanityApi({ projectId: 'test-project', dataset: 'production', documents, token: ['test-token', 'test-viewer-token'] })
  const server = setupServer(...handlers, ...api.handlers)
  server.listen({ onUnhandledRequest: 'error' })
  const sanityLake = (options: Omit<PhotoStoreOptions, 'lake'> | undefined) =>
    new SanityLake({
      projectId: 'test-project',
      dataset: 'production',
      token: 'test-token',
      apiVersion: env.SANITY_API_VERSION,
      useCdn: true,
      photos: options,
    })
  const test: TestLake = {
    lake: sanityLake(photos),
    env,
    requests: api.requests,
    assetFiles: api.assetFiles,
    stored: async (id) => api.documents.get(id),
    storedOfType: async (type) => [...api.documents.values()].filter((doc) => doc._type === type),
    async restart(options = {}) {
      test.lake = sanityLake(options.photos ?? photos)
      return test.lake
    },
    close: async () => server.close(),
  }
  return test
}
