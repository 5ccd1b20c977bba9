/*
 * The browser's client for the site's JSON API (spec §7). Every request sends cookies; a request
 * with a body sends JSON; any non-success status becomes an ApiError whose message is
 * `{status}: {response text, or the status text when the body is empty}`.
 * Nothing is retried, cached or polled: each call is one request. The forms are its only callers
 * (submission-form.tsx): pages read on the server (loaders), so the spec's other calls (the vehicle
 * list, one vehicle, the status, the sync) are endpoints of the API (README "API"), not functions here.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A non-success response. `message` follows spec §8: `404: Not found`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly responseText: string,
  ) {
    super(`${status}: ${responseText || statusText}`)
    this.name = 'ApiError'
  }
}

export interface RequestOptions {
  /**
   * Origin the path is resolved against. Browsers need none (the page's own origin);
   * tests and scripts outside a page pass one, since fetch outside a page has no base URL.
   */
  baseUrl?: string
  signal?: AbortSignal
}

function resolveUrl(path: string, baseUrl: string | undefined): string {
  const base = baseUrl ?? (typeof window === 'undefined' ? undefined : window.location.href)
  if (base === undefined && !/^https?:\/\//.test(path)) {
    throw new Error(`api-client: "${path}" is relative and there is no page to resolve it against; pass baseUrl`)
  }
  return new URL(path, base).toString()
}

async function send(method: HttpMethod, path: string, body: unknown, options: RequestOptions): Promise<Response> {
  const hasBody = body !== undefined
  const response = await fetch(resolveUrl(path, options.baseUrl), {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
    body: hasBody ? JSON.stringify(body) : undefined,
    signal: options.signal,
  })
  if (!response.ok) {
    const text = await response.text().catch(() => '')
    throw new ApiError(response.status, response.statusText, text)
  }
  return response
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text()
  // 204 and other empty successes carry no JSON; callers typing T accordingly get undefined.
  return (text === '' ? undefined : JSON.parse(text)) as T
}

/**
 * One request. Resolves with the parsed JSON body (undefined for an empty one); rejects with an
 * ApiError for a non-success status, and with the fetch error when the network fails.
 */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return readJson<T>(await send(method, path, body, options))
}
