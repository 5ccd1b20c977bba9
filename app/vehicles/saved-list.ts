import { useMemo, useSyncExternalStore } from 'react'
import { cookieValue } from '#app/utils/cookies.ts'
import { PUBLIC_VEHICLE_ID_PATTERN } from '#schemas/lib/validation.ts'

/*
 * The Merkliste (issue 38 item 1): the public ids of the cars a visitor explicitly saved, kept in
 * one first-party cookie that the browser's script and the server both read and write
 * (docs/decisions/078 and 079). Browser-safe: the save buttons write it without a request, the
 * /merkliste action writes it for visitors without JavaScript. The browser's side (the hook, the
 * writer) lives here too: one module is one script chunk on every page (the home page's budget of
 * script requests, scripts/lighthouse.mjs).
 *
 * The cookie holds nothing but ids, joined by dots (a comma is not allowed in a cookie value):
 * `merkliste=1.4.md-4711`. Shared links carry the same ids in the address, comma-separated
 * (`/merkliste?ids=1,4,md-4711`); the comparison's GET form repeats the parameter
 * (`?ids=1&ids=4`). Every reader goes through `parseSavedIds`: junk is dropped, never an error.
 */

/** The cookie's name; the page cache ignores it (app/server/page-cache.server.ts), no page but /merkliste reads it. */
export const SAVED_LIST_COOKIE = 'merkliste'
/** At most this many cars: a buyer shortlists 2–4; the cap keeps the cookie far below 4 KB (30 × 41 bytes). */
export const MAX_SAVED_VEHICLES = 30
/** How long the list is kept after its last change: a buyer comes back on another day, not after half a year. */
export const SAVED_LIST_MAX_AGE_DAYS = 90
/** The comparison shows two or three cars side by side (issue 38). */
export const COMPARE_MIN = 2
export const COMPARE_MAX = 3
export const SAVED_LIST_PATH = '/merkliste'
export const COMPARE_PATH = '/merkliste/vergleich'

/** Separators accepted on reading: the cookie's dots, the share link's commas, spaces. */
const SEPARATORS = /[.,\s]+/
/** More raw text than 30 ids could ever take is not read at all. */
const MAX_RAW_LENGTH = 4096

/**
 * The ids in `input` (one string or the values of a repeated parameter): valid public ids only,
 * each once, in the order given, at most `limit`.
 */
export function parseSavedIds(input: string | readonly string[] | null | undefined, limit = MAX_SAVED_VEHICLES): string[] {
  const values = typeof input === 'string' ? [input] : (input ?? [])
  const ids: string[] = []
  let length = 0
  for (const value of values) {
    length += value.length
    if (length > MAX_RAW_LENGTH) break
    for (const part of value.split(SEPARATORS)) {
      if (ids.length >= limit) return ids
      if (PUBLIC_VEHICLE_ID_PATTERN.test(part) && !ids.includes(part)) ids.push(part)
    }
  }
  return ids
}

/** Whether `id` could be a vehicle's public id (the form posts check it before anything else). */
export function isPublicVehicleId(id: unknown): id is string {
  return typeof id === 'string' && PUBLIC_VEHICLE_ID_PATTERN.test(id)
}

/** The Merkliste in a `Cookie` header (the browser's `document.cookie` reads the same). */
export function readSavedIds(cookieHeader: string | null | undefined): string[] {
  return parseSavedIds(cookieValue(cookieHeader, SAVED_LIST_COOKIE))
}

/**
 * The cookie for `ids` (an empty list deletes it): for the whole site, so the script of every page
 * can count it, `SameSite=Lax`, not HttpOnly (the script writes it), `Secure` on https.
 */
export function savedListCookie(ids: readonly string[], { secure }: { secure: boolean }): string {
  const kept = parseSavedIds(ids)
  return [
    `${SAVED_LIST_COOKIE}=${kept.join('.')}`,
    'Path=/',
    `Max-Age=${kept.length === 0 ? 0 : SAVED_LIST_MAX_AGE_DAYS * 24 * 60 * 60}`,
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ')
}

export type SaveOutcome = { ids: string[]; changed: boolean; full: boolean }

/** `ids` with `id` added at the end; unchanged (and `full`) when the list already holds MAX_SAVED_VEHICLES. */
export function addSavedId(ids: readonly string[], id: string): SaveOutcome {
  if (ids.includes(id)) return { ids: [...ids], changed: false, full: false }
  if (ids.length >= MAX_SAVED_VEHICLES) return { ids: [...ids], changed: false, full: true }
  return { ids: [...ids, id], changed: true, full: false }
}

/** `ids` without `id`. */
export function removeSavedId(ids: readonly string[], id: string): string[] {
  return ids.filter((saved) => saved !== id)
}

/** The address that shows this list to anyone (ids only: no name, no visitor, nothing personal). */
export function shareHref(ids: readonly string[]): string {
  return `${SAVED_LIST_PATH}?ids=${parseSavedIds(ids).join(',')}`
}

/** „1 Fahrzeug“, „2 Fahrzeuge“ */
export function savedCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'Fahrzeug' : 'Fahrzeuge'}`
}

/*
 * The Merkliste in the browser (decision 079): the cookie is its one store, read and written here
 * without a request, so the header's count and every „Merken“ button follow a change at once. The
 * server renders none of it (pages stay the same for everyone and cacheable); the count appears
 * once the scripts run.
 */

const CHANGE_EVENT = 'merkliste-change'

function subscribe(onChange: () => void) {
  // A change in this tab announces itself; one in another tab shows when this one is looked at again.
  window.addEventListener(CHANGE_EVENT, onChange)
  window.addEventListener('focus', onChange)
  document.addEventListener('visibilitychange', onChange)
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange)
    window.removeEventListener('focus', onChange)
    document.removeEventListener('visibilitychange', onChange)
  }
}

/** A string, so that an unchanged list is the same snapshot. */
const snapshot = () => readSavedIds(document.cookie).join('.')

/** The saved ids; null on the server and until hydration (nothing is shown for them then). */
export function useSavedIds(): string[] | null {
  const raw = useSyncExternalStore(subscribe, snapshot, () => null)
  return useMemo(() => (raw === null ? null : parseSavedIds(raw)), [raw])
}

/** Stores the list (the same cookie the /merkliste action sets) and tells every reader. */
export function writeSavedIds(ids: readonly string[]) {
  document.cookie = savedListCookie(ids, { secure: window.location.protocol === 'https:' })
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

/** Tells every reader to read the cookie again (after the server set it, on /merkliste). */
export function announceSavedIds() {
  window.dispatchEvent(new Event(CHANGE_EVENT))
}
