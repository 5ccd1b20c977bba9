import { AsyncLocalStorage } from 'node:async_hooks'
import { type ContentLake, type FetchOptions, type QueryParams } from '#app/sanity/lake.server.ts'

/**
 * The content revision of this process: a counter that every lake write and every revalidation
 * webhook moves on. The page cache keeps a page only for the revision it was rendered at
 * (docs/decisions/014).
 */
export class ContentRevision {
  private value = 0

  get current(): number {
    return this.value
  }

  /** Marks everything rendered so far as outdated; returns the new revision. */
  bump(): number {
    return ++this.value
  }
}

/** What one request learns about the lake while it is handled (see `trackRequest`). */
export interface RequestLakeState {
  /** A read of the lake failed: the response may show an error note and must not be cached. */
  readFailed: boolean
}

const requestState = new AsyncLocalStorage<RequestLakeState>()

/**
 * Runs `handle` with its own lake state: reads the lake fails while it (or a promise it started,
 * such as a streamed loader value) runs are recorded there.
 */
export function trackRequest<T>(handle: () => T): { state: RequestLakeState; result: T } {
  const state: RequestLakeState = { readFailed: false }
  return { state, result: requestState.run(state, handle) }
}

/**
 * Makes a lake report to the page cache: every `mutate` (committed or not: a timed-out write may
 * still have landed) bumps the revision, and a failed `fetch` marks the current request.
 *
 * The methods are replaced on the instance itself rather than by wrapping it in a decorator, so
 * `instanceof EmbeddedLake` checks elsewhere (media, vehicle index) keep working.
 */
export function observeLake<L extends ContentLake>(lake: L, revision: ContentRevision): L {
  const fetch = lake.fetch
  const mutate = lake.mutate
  lake.fetch = async <R>(query: string, params?: QueryParams, options?: FetchOptions): Promise<R> => {
    try {
      return await fetch.call<L, [string, QueryParams?, FetchOptions?], Promise<R>>(lake, query, params, options)
    } catch (error) {
      const state = requestState.getStore()
      if (state) state.readFailed = true
      throw error
    }
  }
  lake.mutate = async (mutations) => {
    try {
      return await mutate.call(lake, mutations)
    } finally {
      revision.bump()
    }
  }
  return lake
}
