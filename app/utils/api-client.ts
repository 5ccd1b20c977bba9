/*
 * The browser's client for the site's JSON API (spec §7). Every request sends cookies; a request
 * with a body sends JSON; any non-success status becomes an ApiError whose message is
 * `{status}: {response text, or the status text when the body is empty}`.
 * Reads are not retried, cached or polled: each call is one request.
 */

import { type ApiVehicle } from '#app/vehicles/api-shape.ts'

export { type ApiVehicle }
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

export interface VehicleStatus {
  configured: boolean
  message: string
}

/** The body of `POST /api/contacts` (validated again by the server with contactSchema). */
export interface ContactMessageInput {
  name: string
  email: string
  phone?: string
  subject?: string
  message: string
  /** Path of the page the form was sent from. */
  page?: string
  /** The honeypot; only sent when a bot filled it, so the server can drop the message. */
  website?: string
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

export interface GetJsonOptions extends RequestOptions {
  /** What a 401 does: fail like every other error (default), or resolve with null. */
  on401?: 'throw' | 'returnNull'
}

/** A read (GET). With `on401: 'returnNull'` an unauthorised answer yields null instead of an error. */
export function getJson<T>(path: string, options?: GetJsonOptions & { on401?: 'throw' }): Promise<T>
export function getJson<T>(path: string, options: GetJsonOptions & { on401: 'returnNull' }): Promise<T | null>
export async function getJson<T>(path: string, { on401 = 'throw', ...options }: GetJsonOptions = {}): Promise<T | null> {
  try {
    return await apiRequest<T>('GET', path, undefined, options)
  } catch (error) {
    if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

export interface FetchVehiclesOptions extends RequestOptions {
  /**
   * Search, filters, sort and paging as on /vehicles (README "API"), built by serializeVehicleSearch;
   * none: the spec's plain list. A query, not the search itself: this module is part of every page
   * with a form, and the search's rules and lists are not.
   */
  query?: URLSearchParams
}

/**
 * GET /api/vehicles: the inventory (newest first), optionally searched, filtered, sorted or paged.
 * Searched or filtered without paging, at most the first 100 matches (UNPAGED_FILTERED_LIMIT; page on for more).
 */
export function fetchVehicles({ query, ...options }: FetchVehiclesOptions = {}): Promise<ApiVehicle[]> {
  const search = query?.toString()
  return getJson<ApiVehicle[]>(search ? `/api/vehicles?${search}` : '/api/vehicles', options)
}

/** GET /api/vehicles/{id}: one vehicle, or null when it cannot be read (the error is logged, spec §7). */
export async function fetchVehicle(id: string, options?: RequestOptions): Promise<ApiVehicle | null> {
  try {
    return await getJson<ApiVehicle>(`/api/vehicles/${encodeURIComponent(id)}`, options)
  } catch (error) {
    console.error(`Fahrzeug ${id} konnte nicht geladen werden:`, error)
    return null
  }
}

export const VEHICLE_STATUS_UNAVAILABLE: VehicleStatus = { configured: false, message: 'Unable to check API status' }

/** GET /api/vehicles/status; any failure reads as not configured (spec §7, §8). */
export async function fetchVehicleStatus(options?: RequestOptions): Promise<VehicleStatus> {
  try {
    return await getJson<VehicleStatus>('/api/vehicles/status', options)
  } catch {
    return { ...VEHICLE_STATUS_UNAVAILABLE }
  }
}

/** POST /api/vehicles/sync: pulls the marketplace's ads into the inventory. */
export function syncVehicles(options?: RequestOptions): Promise<ApiVehicle[]> {
  return apiRequest<ApiVehicle[]>('POST', '/api/vehicles/sync', undefined, options)
}

/** POST /api/contacts with the message as JSON; rejects on any failure (network or status). */
export function sendContactMessage(input: ContactMessageInput, options?: RequestOptions): Promise<unknown> {
  return apiRequest<unknown>('POST', '/api/contacts', input, options)
}
